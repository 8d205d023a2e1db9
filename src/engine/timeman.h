/*
 * timeman.h: how long a search may think.
 *
 * A soft deadline, after which no new iteration starts, and a hard one, at
 * which the search stops wherever it is; from a fixed time a move, the
 * clocks, or the level's own time when the caller sets no limit.
 */
#ifndef HALMA_TIMEMAN_H
#define HALMA_TIMEMAN_H

#include <stdint.h>

#include "engine/levels.h"
#include "engine/search.h"

typedef struct {
    int64_t soft, hard; /* clock_ms() values; < 0: none */
} Deadlines;

/* The deadlines of a search started at `start` by `side`, which still needs
 * about `cost` hundredths of a move to finish. */
Deadlines time_plan(const SearchLimits *limits, const LevelParams *level, int side, int cost, int64_t start);

#endif
