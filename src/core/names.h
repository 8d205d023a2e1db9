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

/* How a game ended, or that it has not (game.h decides). */
typedef enum {
    RESULT_ONGOING,
    RESULT_WHITE_WINS,
    RESULT_BLACK_WINS,
    RESULT_DRAW_REPETITION,
    RESULT_DRAW_TURN_LIMIT,
} Result;

/* How a game of three or four players ended (multi_game.h decides); the
 * winners of each are multi_result_winners(). */
typedef enum {
    MULTI_ONGOING,
    MULTI_WHITE_WINS, /* a seat: MULTI_WHITE_WINS + its number (board.h) */
    MULTI_BLACK_WINS,
    MULTI_RED_WINS,
    MULTI_YELLOW_WINS,
    MULTI_WHITE_BLACK_WIN, /* a partnership */
    MULTI_RED_YELLOW_WIN,
    MULTI_DRAW_REPETITION,
    MULTI_DRAW_TURN_LIMIT,
} MultiResult;

const char *side_name(Side side); /* "White" or "Black" */

/* The colour that names a seat, by its number (board.h: 0 White,
 * 1 Black, 2 Red, 3 Yellow; the two-player sides are the first two):
 * "White", ..., "Yellow". */
const char *colour_name(int seat);
char colour_letter(int seat); /* 'w', 'b', 'r', 'y' */

/* "White wins", "draw by threefold repetition", ... */
const char *result_text(Result result);
const char *multi_result_text(MultiResult result); /* "Red wins", "White and Black win", ... */

/* A square's name, "a1".."p16". */
void text_square(Text *t, int sq);

#endif
