/*
 * greedy.h: the "advance most" player of today's Halma sites, kept as a
 * yardstick for `halma match` and as the weakest opponent.
 */
#ifndef HALMA_GREEDY_H
#define HALMA_GREEDY_H

#include "core/board.h"

/* The legal move that gains most distance to the goal corner; on ties, the
 * move of the piece furthest from it (then the first in generation order). */
Move greedy_move(const Position *pos);

/* The same, leaving the pieces on `kept` where they are while it has any
 * other move (a stayer: greedy that keeps pieces at home). */
Move greedy_move_keeping(const Position *pos, Bitboard kept);

/* The `count` squares of `side`'s home camp nearest its home corner, where a
 * stayer keeps its pieces. */
Bitboard home_corner_squares(Variant variant, Side side, int count);

#endif
