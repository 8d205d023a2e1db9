/* names.c: sides, squares and results as text. */
#include "core/names.h"

const char *side_name(Side side) { return side == WHITE ? "White" : "Black"; }

const char *result_text(Result result) {
    switch (result) {
    case RESULT_WHITE_WINS: return "White wins";
    case RESULT_BLACK_WINS: return "Black wins";
    case RESULT_DRAW_REPETITION: return "draw by threefold repetition";
    case RESULT_DRAW_TURN_LIMIT: return "draw by the turn limit";
    default: return "game in progress";
    }
}

void text_square(Text *t, int sq) {
    text_char(t, (char)('a' + square_file(sq)));
    text_int(t, square_rank(sq) + 1);
}
