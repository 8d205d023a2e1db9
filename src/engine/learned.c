/* learned.c: the learnt corrections (see learned.h). */
#include "learned.h"

/*
 * Learnt by tools/texel.c with LAMBDA 1e-6 from self-play games of the
 * engine at 40,000 nodes a move (`halma match --random-plies 6 --log F
 * level:10#40000 level:10#40000`):
 * - 19 pieces: 600 games without corrections (--seed 11), then 1,354
 *   games (--seeds 31 and 41) with a first table learnt from those, 1,954
 *   games and 308,000 positions in all;
 * - 13 pieces: 1,200 games without corrections (--seeds 12 and 51),
 *   146,000 positions.
 * The README (Computer opponent) has the matches that measured them.
 */
static const int16_t CORRECTIONS[2][LEARNED_CLASSES] = {
    /* 19 pieces; row r holds the squares r from the nearer edge of the goal
     * corner, from r to 15 from the farther one */
    {
        1, -2, -3, -3, -20, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        -4, 0, -10, -11, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        -5, -2, 3, 5, -1, 1, 1, 0, 0, 0, 0, 0, 0, 0,
        6, 3, 4, 5, 5, 0, -1, 0, 0, 0, 0, 0, 0,
        4, 10, -6, -5, 3, 1, 0, 0, 0, 0, 0, 0,
        -4, 4, -4, 1, -1, 1, 0, 0, 0, 0, 0,
        -4, -9, -7, 0, 1, 2, 0, 0, 0, 0,
        -6, -13, -2, 1, 2, 0, 0, 0, 0,
        -3, -3, 4, 2, -1, 3, 1, 1,
        3, 14, 8, -3, -2, 2, 3,
        -5, 9, 4, -2, 10, 13,
        5, 9, 6, 2, 7,
        1, -2, -1, -6,
        2, -2, -9,
        1, -13,
        -8,
    },
    /* 13 pieces */
    {
        1, 1, -2, -6, 9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        7, -7, -4, 4, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        -11, -2, 5, 0, -2, 1, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 3, 17, 5, 5, 1, 0, 0, 0, 0, 0, 0, 0,
        -1, 2, 5, 5, 4, -1, 0, 0, 0, 0, 0, 0,
        -1, -8, 4, 1, 0, -1, 0, 0, 0, 0, 0,
        -5, -8, -2, -4, -2, -1, 0, 0, 0, 0,
        1, -10, -9, -4, -2, 0, 0, 0, 0,
        4, -8, -2, 5, 5, 0, 0, 0,
        3, 4, 4, -11, 1, 1, 1,
        5, -5, -4, 0, 3, 4,
        -9, 2, -1, -3, 28,
        4, 3, -5, -5,
        -6, 0, -5,
        -2, 1,
        0,
    },
};

int learned_correction(Variant variant, Side side, int sq) { return CORRECTIONS[variant][learned_class(side, sq)]; }
