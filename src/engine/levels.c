/* levels.c: the table of playing levels (see levels.h and docs/ENGINE.md). */
#include "engine/levels.h"

#include "engine/search.h"

/* Depth caps and noise separate the lower levels, think time the upper
 * ones; every level answers within its think time when the caller sets no
 * limit.  The ladder: docs/MEASUREMENTS.md. */
static const LevelParams LEVELS[MAX_LEVEL + 1] = {
    /*      depth  ms  noise */
    [1] = {1, 100, 250},
    [2] = {1, 100, 80},
    [3] = {2, 100, 60},
    [4] = {3, 100, 40},
    [5] = {4, 150, 20},
    [6] = {5, 200, 10},
    [7] = {0, 20, 0},
    [8] = {0, 100, 0},
    [9] = {0, 250, 0},
    [10] = {0, 1000, 0},
};

const LevelParams *level_params(int level) {
    if (level < MIN_LEVEL) level = MIN_LEVEL;
    if (level > MAX_LEVEL) level = MAX_LEVEL;
    return &LEVELS[level];
}
