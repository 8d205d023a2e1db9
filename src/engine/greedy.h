/*
 * greedy.h: the "advance most" player of today's Halma sites, kept as a
 * yardstick for `halma match` and as the weakest opponent.
 */
#ifndef HALMA_GREEDY_H
#define HALMA_GREEDY_H

#include "board.h"

/* How far a square is from the far corner of `side`'s goal camp, counted in
 * files plus ranks. */
int corner_distance(Side side, int sq);

/* The legal move that brings its piece closest to the goal corner (the first
 * such move in generation order on ties). */
Move greedy_move(const Position *pos);

#endif
