/*
 * learned.h: corrections to the evaluation's cost of each square, learnt
 * from self-play games (tools/texel.c) instead of set by hand.
 *
 * The board is the same for both sides turned half a turn, and the same
 * mirrored across the line from camp to camp, so a square's class is its
 * pair of distances to the goal corner's two edges, the smaller first: 136
 * classes.
 */
#ifndef HALMA_LEARNED_H
#define HALMA_LEARNED_H

#include "core/board.h"

enum { LEARNED_CLASSES = 136 };

/* The class of `sq` for `side`'s pieces. */
static inline int learned_class(Side side, int sq) {
    int file = square_file(sq), rank = square_rank(sq);
    int dx = side == WHITE ? file : BOARD_SIZE - 1 - file;
    int dy = side == WHITE ? BOARD_SIZE - 1 - rank : rank;
    int near = dx < dy ? dx : dy, far = dx < dy ? dy : dx;
    /* row `near` of the triangle far >= near starts after
     * 16 + 15 + ... + (17 - near) classes */
    return near * BOARD_SIZE - near * (near - 1) / 2 + (far - near);
}

/* The correction, in hundredths of a move, to the cost of a piece of
 * `side` on `sq`. */
int learned_correction(Variant variant, Side side, int sq);

#endif
