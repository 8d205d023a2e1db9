/*
 * names.h: the names every text of the rules writes: the sides, the
 * squares and the results.
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

const char *side_name(Side side); /* "White" or "Black" */

/* "White wins", "draw by threefold repetition", ... */
const char *result_text(Result result);

/* A square's name, "a1".."p16". */
void text_square(Text *t, int sq);

#endif
