/* levels.c: the table of playing levels (see levels.h and docs/ENGINE.md). */
#include "engine/levels.h"

/* Depth caps and noise separate the lower levels, think time the upper
 * ones; every level answers within its think time when the caller sets no
 * limit.  Levels 1 to 3 are a beginner's: one ply, much noise, plain moves
 * only, and levels 1 and 2 miss the chains longer than they see
 * (beginner.h).  The ladder: docs/MEASUREMENTS.md. */
static const LevelParams LEVELS[MAX_LEVEL + 1] = {
    /*       name, how it plays                         depth  ms  noise  sight  plain */
    [1] = {"beginner", "misses long jumps and errs often", 1, 100, 250, 2, true},
    [2] = {"novice", "misses the longest jumps and errs often", 1, 100, 200, 4, true},
    [3] = {"casual", "sees every jump but errs often", 1, 100, 160, 0, true},
    [4] = {"club player", "looks a little ahead and errs now and then", 3, 100, 40, 0, false},
    [5] = {"intermediate", "looks further ahead and seldom errs", 4, 150, 20, 0, false},
    [6] = {"skilled", "looks well ahead and hardly ever errs", 5, 200, 40, 0, false},
    [7] = {"advanced", "plays its best at a glance", 0, 50, 0, 0, false},
    [8] = {"expert", "plays its best, quickly", 0, 100, 0, 0, false},
    [9] = {"master", "plays its best with more thought", 0, 250, 0, 0, false},
    [10] = {"strongest", "plays its best: hard to beat", 0, 1000, 0, 0, false},
};

int level_clamp(int level) { return level < MIN_LEVEL ? MIN_LEVEL : level > MAX_LEVEL ? MAX_LEVEL : level; }

const LevelParams *level_params(int level) { return &LEVELS[level_clamp(level)]; }

/* Three and four players: the strength of the many-seat game lies in
 * seeing the others' reply (a cap of three layers: the seat, the others,
 * the seat again; two layers play worse than one, ending on the others'
 * reply).  Beyond it more search buys little, so noise separates the
 * one-layer levels, the share of moves searched one layer only the
 * three-layer ones (its strength climbs steeply near all moves), and
 * time the top level alone; depth caps keep the ladder below it the same
 * on a slow machine as on a fast one.  The ladder:
 * docs/MEASUREMENTS.md. */
static const MultiLevelParams MULTI_LEVELS[MAX_LEVEL + 1] = {
    /*    depth   ms  noise shallow */
    [1] = {1, 100, 250, 0},
    [2] = {1, 100, 120, 0},
    [3] = {1, 100, 65, 0},
    [4] = {1, 100, 30, 0},
    [5] = {1, 100, 0, 0},
    [6] = {3, 100, 0, 88},
    [7] = {3, 100, 0, 75},
    [8] = {3, 100, 0, 50},
    [9] = {3, 100, 0, 15},
    [10] = {0, 1000, 0, 0},
};

const MultiLevelParams *multi_level_params(int level) { return &MULTI_LEVELS[level_clamp(level)]; }
