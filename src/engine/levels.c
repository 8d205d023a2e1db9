/* levels.c: the table of playing levels (see levels.h and the README). */
#include "levels.h"

#include "search.h"

static const LevelParams LEVELS[MAX_LEVEL + 1] = {
    /*      depth  ms  noise race */
    [1] = {1, 50, 150, 0},
    [2] = {1, 50, 70, 0},
    [3] = {2, 100, 60, 0},
    [4] = {2, 150, 30, 0},
    [5] = {3, 200, 20, 8},
    [6] = {4, 250, 10, 16},
    [7] = {0, 300, 0, 32},
    [8] = {0, 500, 0, 64},
    [9] = {0, 750, 0, 128},
    [10] = {0, 1000, 0, 256},
};

const LevelParams *level_params(int level) {
    if (level < MIN_LEVEL) level = MIN_LEVEL;
    if (level > MAX_LEVEL) level = MAX_LEVEL;
    return &LEVELS[level];
}
