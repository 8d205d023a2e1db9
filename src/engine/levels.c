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

/* Three and four players: depth caps and noise separate the lower levels,
 * node budgets the upper ones, so that the ladder holds on a slow machine
 * as on a fast one; a layer of the search is a move of the seat or the
 * reply of the others (docs/ENGINE.md).  Odd depths: a cap that ends on the
 * others' reply sees no more of the seat's own moves.  The ladder:
 * docs/MEASUREMENTS.md. */
static const MultiLevelParams MULTI_LEVELS[MAX_LEVEL + 1] = {
    /*    depth  nodes   ms  noise */
    [1] = {1, 0, 100, 250},
    [2] = {1, 0, 100, 80},
    [3] = {3, 0, 100, 80},
    [4] = {3, 0, 100, 25},
    [5] = {0, 1500, 150, 20},
    [6] = {0, 5000, 200, 10},
    [7] = {0, 15000, 300, 0},
    [8] = {0, 40000, 500, 0},
    [9] = {0, 100000, 800, 0},
    [10] = {0, 0, 1000, 0},
};

const MultiLevelParams *multi_level_params(int level) { return &MULTI_LEVELS[level_clamp(level)]; }
