/* refusal.c: the English of a refusal, the one place that writes it. */
#include "core/refusal.h"

#include "core/names.h"

bool refuse(Refusal *why, RefusalCode code, int a, int b) {
    *why = (Refusal){.code = code, .square = {a, b}};
    return false;
}

/* before + square a + after: the shape of most move refusals. */
static void around_a(const Refusal *why, Text *t, const char *before, const char *after) {
    text_str(t, before);
    text_square(t, why->square[0]);
    text_str(t, after);
}

/* "a-b" + after */
static void square_pair(const Refusal *why, Text *t, const char *after) {
    text_square(t, why->square[0]);
    text_char(t, '-');
    text_square(t, why->square[1]);
    text_str(t, after);
}

static void rank(const Refusal *why, Text *t, const char *after) {
    text_str(t, "rank ");
    text_int(t, why->number);
    text_str(t, after);
}

static void wrong_owner(const Refusal *why, Text *t) {
    text_str(t, "it is ");
    text_str(t, colour_name(why->side));
    text_str(t, "'s turn, ");
    text_square(t, why->square[0]);
    if (why->code == REFUSAL_EMPTY_ORIGIN) {
        text_str(t, " is empty");
    } else {
        text_str(t, " holds a ");
        text_str(t, colour_name(why->owner));
        text_str(t, " piece");
    }
}

/* The letters a placement or a seat to move may use. */
static const char *letters(const Refusal *why) {
    return why->players == 4 ? "w, r, b, y" : why->players == 3 ? "w, r, b" : "w, b";
}

/* Refusals of the written form: paths, and the placement of a FEN. */
static bool write_form(const Refusal *why, Text *t) {
    switch (why->code) {
    case REFUSAL_TOO_FEW_SQUARES: text_str(t, "a move names at least two squares, joined by '-'"); break;
    case REFUSAL_TOO_MANY_SQUARES: text_str(t, "too many squares: a chain never lands on a square twice"); break;
    case REFUSAL_EMPTY_SQUARE_NAME: text_str(t, "'' is an empty square name"); break;
    case REFUSAL_NOT_A_SQUARE:
        text_char(t, '\'');
        text_chars(t, why->word, why->word_len);
        text_str(t, "' is not a square (a1 to p16)");
        break;
    case REFUSAL_RANK_TOO_LONG: rank(why, t, " has more than 16 squares"); break;
    case REFUSAL_RANK_TOO_SHORT: rank(why, t, " has fewer than 16 squares"); break;
    case REFUSAL_BAD_PLACEMENT_CHAR: {
        char c = why->word_len > 0 ? why->word[0] : '?';
        text_str(t, "unexpected '");
        text_char(t, c > ' ' && c <= '~' ? c : '?'); /* never echo a control byte */
        text_str(t, "' in ");
        rank(why, t, " (use ");
        text_str(t, letters(why));
        text_str(t, " and counts of empty squares)");
        break;
    }
    case REFUSAL_TOO_FEW_RANKS:
        text_str(t, "the placement needs 16 ranks separated by '/', found ");
        text_int(t, why->number);
        break;
    case REFUSAL_TOO_MANY_RANKS: text_str(t, "the placement has more than 16 ranks"); break;
    default: return false;
    }
    return true;
}

/* Refusals of a whole position. */
static bool write_position(const Refusal *why, Text *t) {
    switch (why->code) {
    case REFUSAL_FEN_SIDE:
        if (why->players == 4) text_str(t, "the seat to move must be 'w', 'r', 'b' or 'y' after the placement");
        else if (why->players == 3) text_str(t, "the seat to move must be 'w', 'r' or 'b' after the placement");
        else text_str(t, "the side to move must be 'w' or 'b' after the placement");
        break;
    case REFUSAL_FEN_TURNS:
        text_str(t, "the number of turns played must follow the side to move (0 to 1000000), and end the position");
        break;
    case REFUSAL_PIECE_COUNT:
        text_str(t, colour_name(why->side));
        text_str(t, " has ");
        text_int(t, why->number);
        text_str(t, " pieces; the ");
        text_int(t, why->expected);
        text_str(t, "-piece game needs ");
        text_int(t, why->expected);
        break;
    case REFUSAL_BOTH_WON:
        text_str(t, why->partners ? "both partnerships have" : why->players ? "two seats have" : "both sides have");
        text_str(t, " filled their goal camps, which no game can reach");
        break;
    case REFUSAL_FEN_TOO_LONG: text_str(t, "the FEN is too long"); break;
    default: return false;
    }
    return true;
}

/* Refusals of a move by the rules. */
static void write_move(const Refusal *why, Text *t) {
    switch (why->code) {
    case REFUSAL_EMPTY_ORIGIN:
    case REFUSAL_NOT_YOUR_PIECE: wrong_owner(why, t); break;
    case REFUSAL_STEP_OCCUPIED: around_a(why, t, "the step lands on ", ", which is occupied"); break;
    case REFUSAL_OCCUPIED: around_a(why, t, "", " is occupied"); break;
    case REFUSAL_UNREACHABLE:
        around_a(why, t, "no chain of hops leads from ", " to ");
        text_square(t, why->square[1]);
        break;
    case REFUSAL_STEP_IN_CHAIN: square_pair(why, t, " is a step, and a step cannot be part of a jump chain"); break;
    case REFUSAL_NOT_A_HOP:
        square_pair(why, t, " is neither a step nor a hop (a hop goes over a neighbouring piece "
                         "to the square straight beyond it)");
        break;
    case REFUSAL_NOTHING_TO_HOP: around_a(why, t, "there is no piece on ", " to hop over"); break;
    case REFUSAL_HOP_LANDS_OCCUPIED: around_a(why, t, "the hop lands on ", ", which is occupied"); break;
    case REFUSAL_LANDS_TWICE: around_a(why, t, "the chain lands on ", " twice"); break;
    case REFUSAL_RETURNS_TO_START:
        around_a(why, t, "the chain lands on ", " where it started, which is no move");
        break;
    case REFUSAL_GOAL_CAMP:
        around_a(why, t, "the piece on ", " has reached its goal camp and must end its move inside it");
        break;
    case REFUSAL_PASS_NOT_ALLOWED:
        text_str(t, "pass is only allowed with no legal move, and ");
        text_str(t, colour_name(why->side));
        text_str(t, " has ");
        text_int(t, why->number);
        text_str(t, why->number == 1 ? " move" : " moves");
        break;
    case REFUSAL_GAME_OVER:
        text_str(t, "the game is over (");
        text_str(t, result_text((Result)why->number));
        text_char(t, ')');
        break;
    case REFUSAL_SEAT_FINISHED:
        text_str(t, colour_name(why->side));
        text_str(t, " has all of its pieces on its goal camp, so it has no move and passes");
        break;
    case REFUSAL_RETURNS_HOME:
        around_a(why, t, "the move ends on ", ", in its home camp, and under the house rule nospoil a piece "
                                             "that has left its home camp never returns to it");
        break;
    default: text_str(t, "the move is not allowed"); break;
    }
}

void refusal_write(const Refusal *why, Text *t) {
    if (!write_form(why, t) && !write_position(why, t)) write_move(why, t);
}
