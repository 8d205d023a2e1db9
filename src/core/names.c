/* names.c: sides, seats, squares and results as text. */
#include "core/names.h"

const char *side_name(Side side) { return side == WHITE ? "White" : "Black"; }

const char *colour_name(int seat) {
    static const char *const names[4] = {"White", "Black", "Red", "Yellow"};
    return names[seat & 3];
}

char colour_letter(int seat) { return "wbry"[seat & 3]; }

const char *result_text(Result result) {
    switch (result) {
    case RESULT_WHITE_WINS: return "White wins";
    case RESULT_BLACK_WINS: return "Black wins";
    case RESULT_RED_WINS: return "Red wins";
    case RESULT_YELLOW_WINS: return "Yellow wins";
    case RESULT_WHITE_BLACK_WIN: return "White and Black win";
    case RESULT_RED_YELLOW_WIN: return "Red and Yellow win";
    case RESULT_DRAW_REPETITION: return "draw by threefold repetition";
    case RESULT_DRAW_TURN_LIMIT: return "draw by the turn limit";
    default: return "game in progress";
    }
}

void text_square(Text *t, int sq) {
    text_char(t, (char)('a' + square_file(sq)));
    text_int(t, square_rank(sq) + 1);
}
