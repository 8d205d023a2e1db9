/*
 * multi_greedy.h: the "advance most" player for three and four seats, a
 * yardstick for `halma match --players 3|4`, as greedy.h is for two.
 */
#ifndef HALMA_MULTI_GREEDY_H
#define HALMA_MULTI_GREEDY_H

#include "core/board.h"

/* The legal move of the seat to move that gains most distance to the far
 * corner of its goal; on ties the move of the piece furthest from it (then
 * the first in generation order); a pass when it has no move. */
Move multi_greedy_move(const Position *pos);

#endif
