/*
 * greedy.h: the "advance most" player of today's Halma sites, for any
 * seating: a yardstick for `halma match` and the weakest opponent.
 */
#ifndef HALMA_GREEDY_H
#define HALMA_GREEDY_H

#include <stdint.h>

#include "core/board.h"

/* The sum of the goal distances of `seat`'s pieces: what greedy gains on,
 * and the plain players' measure of a seat's race. */
int distance_sum(const Position *pos, int seat);

/* The legal move of the seat to move that gains most distance to the far
 * corner of its goal; on ties, the move of the piece furthest from it (then
 * the first in generation order); a pass when it has no move. */
Move greedy_move(const Position *pos);

/* The same, but a tie between the moves that gain most is broken at random
 * (each equally likely), from the caller's `rng` (random.h): a greedy
 * player unlike the one above, whose rear-piece rule is a choice of its own. */
Move greedy_move_random(const Position *pos, uint64_t *rng);

/* The same as greedy_move, leaving the pieces on `kept` where they are while
 * it has any other move (a stayer: greedy that keeps pieces at home). */
Move greedy_move_keeping(const Position *pos, Bitboard kept);

/* The `count` squares of `seat`'s home camp nearest its home corner, where a
 * stayer keeps its pieces. */
Bitboard home_corner_squares(Variant variant, int seat, int count);

#endif
