/*
 * boardview.h: the board as text for people (the terminal game and the
 * protocol's `board` command).
 */
#ifndef HALMA_BOARDVIEW_H
#define HALMA_BOARDVIEW_H

#include <stdbool.h>
#include <stdio.h>

#include "core/table.h"

typedef struct {
    bool colour;          /* ANSI colours for a terminal */
    int path_length;      /* the last move's path, highlighted; 0: none */
    uint8_t path[MAX_PATH];
    Bitboard marked;      /* squares to point out (where a piece can go) */
} BoardStyle;

/* Writes the board of the game now, ranks 16 to 1, with the camps and
 * file/rank labels: two players' camps and pieces W and B, or three or
 * four players' four camps and pieces by their letters W, R, B, Y
 * (coloured chips with colour). */
void board_print(FILE *out, const Table *t, const BoardStyle *style);

#endif
