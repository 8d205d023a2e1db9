/* learned.c: the learnt corrections (see learned.h). */
#include "engine/learned.h"

/*
 * Learnt by tools/texel.c with LAMBDA 1e-6 from self-play games of the
 * engine at 40,000 nodes a move (`halma match --random-plies 6 --log F
 * level:10#40000 level:10#40000`), in rounds, each round's games played
 * with the table learnt before:
 * - 19 pieces: 600 games without corrections (--seed 11); 1,500 with a
 *   table learnt from those (--seed 31 and 41); 677 with a table learnt
 *   from the first 1,954 games (--seed 71).  This table is learnt from all
 *   2,777 games (437,000 positions); one more round (317 games) scored no
 *   better against it (103-97 in 200 games).
 * - 13 pieces: 1,200 games without corrections (--seed 12 and 51), 146,000
 *   positions.  A second round (465 more games) lost 90-110 to it.
 * docs/MEASUREMENTS.md has the matches that measured them.
 */
static const int16_t CORRECTIONS[2][LEARNED_CLASSES] = {
    /* 19 pieces; row r holds the squares r from the nearer edge of the goal
     * corner, from r to 15 from the farther one */
    {
        2, -4, -3, -1, -23, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        -3, 0, -7, -15, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        -4, -2, 5, 3, -2, 1, 1, 0, 0, 0, 0, 0, 0, 0,
        7, 3, 5, 7, 4, 0, 0, 0, 0, 0, 0, 0, 0,
        2, 10, -4, -1, 3, 1, 0, 0, 0, 0, 0, 0,
        -4, 5, -6, 1, -3, 1, 0, 0, 0, 0, 0,
        -3, -6, -9, 1, 0, 2, 0, 0, 0, 0,
        -7, -11, -2, -1, 1, 0, 0, 0, 0,
        -4, -4, 2, 4, -3, 3, 0, 0,
        4, 12, 8, 1, 1, 2, 4,
        -4, 7, 7, 2, 9, 12,
        3, 7, 5, 0, 5,
        4, 0, -4, -5,
        2, -2, -8,
        0, -11,
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
