/*
 * boardview.h: the board as text for people (the terminal game and the
 * protocol's `board` command).
 */
#ifndef HALMA_BOARDVIEW_H
#define HALMA_BOARDVIEW_H

#include <stdbool.h>
#include <stdio.h>

#include "core/board.h"
#include "core/movegen.h"
#include "core/multi_board.h"

typedef struct {
    bool colour;          /* ANSI colours for a terminal */
    int path_length;      /* the last move's path, highlighted; 0: none */
    uint8_t path[MAX_PATH];
    Bitboard marked;      /* squares to point out (where a piece can go) */
} BoardStyle;

/* Writes the board, ranks 16 to 1, with both camps and file/rank labels. */
void board_print(FILE *out, const Position *pos, const BoardStyle *style);

/* The same for three or four players: the four camps marked, the seats'
 * pieces as their letters W, R, B, Y (coloured chips with colour). */
void board_print_multi(FILE *out, const MultiPosition *pos, const BoardStyle *style);

#endif
