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

#endif
