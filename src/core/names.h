/*
 * names.h: the names every text of the rules writes: the sides and seats,
 * the squares and the results.
 *
 * Below both the readers (notation.c, movecheck.c, game.c) and the writer
 * of their refusals (refusal.c), so that the refusals name things without
 * reaching up to the modules that refuse.
 */
#ifndef HALMA_NAMES_H
#define HALMA_NAMES_H

#include "core/board.h"
#include "core/text.h"

/* How a game ended, or that it has not (game.h decides), for any seating;
 * the winners of each are result_winners() (game.h). */
typedef enum {
    RESULT_ONGOING,
    RESULT_WHITE_WINS, /* a seat: RESULT_WHITE_WINS + its number (board.h) */
    RESULT_BLACK_WINS,
    RESULT_RED_WINS,
    RESULT_YELLOW_WINS,
    RESULT_WHITE_BLACK_WIN, /* a partnership */
    RESULT_RED_YELLOW_WIN,
    RESULT_DRAW_REPETITION,
    RESULT_DRAW_TURN_LIMIT,
} Result;

const char *side_name(Side side); /* "White" or "Black" */

/* The colour that names a seat, by its number (board.h: 0 White,
 * 1 Black, 2 Red, 3 Yellow; the two-player sides are the first two):
 * "White", ..., "Yellow". */
const char *colour_name(int seat);
char colour_letter(int seat); /* 'w', 'b', 'r', 'y' */

/* "White wins", "White and Black win", "draw by threefold repetition", ... */
const char *result_text(Result result);

/* A square's name, "a1".."p16". */
void text_square(Text *t, int sq);

#endif
