/* levels.c: the table of playing levels (see levels.h and docs/ENGINE.md). */
#include "engine/levels.h"

/* Depth caps and noise separate the lower levels, think time the upper
 * ones; every level answers within its think time when the caller sets no
 * limit.  The ladder: docs/MEASUREMENTS.md. */
static const LevelParams LEVELS[MAX_LEVEL + 1] = {
    /*       name            depth  ms  noise */
    [1] = {"beginner", 1, 100, 250},
    [2] = {"novice", 1, 100, 80},
    [3] = {"casual", 2, 100, 60},
    [4] = {"club player", 3, 100, 40},
    [5] = {"intermediate", 4, 150, 20},
    [6] = {"skilled", 5, 200, 10},
    [7] = {"advanced", 0, 20, 0},
    [8] = {"expert", 0, 100, 0},
    [9] = {"master", 0, 250, 0},
    [10] = {"strongest", 0, 1000, 0},
};

int level_clamp(int level) { return level < MIN_LEVEL ? MIN_LEVEL : level > MAX_LEVEL ? MAX_LEVEL : level; }

const LevelParams *level_params(int level) { return &LEVELS[level_clamp(level)]; }

/* Three and four players: the same shape, a layer of the search being a
 * move of the seat or the reply of the others (docs/ENGINE.md).  The
 * ladder: docs/MEASUREMENTS.md. */
static const MultiLevelParams MULTI_LEVELS[MAX_LEVEL + 1] = {
    /*    depth  ms  noise */
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

const MultiLevelParams *multi_level_params(int level) { return &MULTI_LEVELS[level_clamp(level)]; }
