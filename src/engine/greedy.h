/*
 * greedy.h: the "advance most" player of today's Halma sites, kept as a
 * yardstick for `halma match` and as the weakest opponent.
 */
#ifndef HALMA_GREEDY_H
#define HALMA_GREEDY_H

#include <stdint.h>

#include "core/board.h"

/* The sum of the goal distances of `side`'s pieces: what greedy gains on,
 * and the plain players' measure of a side's race. */
int distance_sum(const Position *pos, Side side);

/* The legal move that gains most distance to the goal corner; on ties, the
 * move of the piece furthest from it (then the first in generation order). */
Move greedy_move(const Position *pos);

/* The same, but a tie between the moves that gain most is broken at random
 * (each equally likely), from the caller's `rng` (random.h): a greedy
 * player unlike the one above, whose rear-piece rule is a choice of its own. */
Move greedy_move_random(const Position *pos, uint64_t *rng);

/* The same, leaving the pieces on `kept` where they are while it has any
 * other move (a stayer: greedy that keeps pieces at home). */
Move greedy_move_keeping(const Position *pos, Bitboard kept);

/* The `count` squares of `side`'s home camp nearest its home corner, where a
 * stayer keeps its pieces. */
Bitboard home_corner_squares(Variant variant, Side side, int count);

#endif
