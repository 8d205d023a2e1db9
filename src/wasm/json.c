/* json.c: answers in JSON, refusals among them (json.h). */
#include "wasm/json.h"

#include "core/names.h"

/* A JSON string; bytes that are not printable ASCII (user input echoed in a
 * message) become '?', so the output is always valid UTF-8. */
void json_str(Text *t, const char *s) {
    text_char(t, '"');
    for (; *s; s++) {
        char c = *s;
        if (c == '"' || c == '\\') text_char(t, '\\');
        text_char(t, c >= ' ' && c <= '~' ? c : '?');
    }
    text_char(t, '"');
}

void json_key(Text *t, const char *key) {
    if (t->len > 1) text_char(t, ',');
    json_str(t, key);
    text_char(t, ':');
}

void json_int(Text *t, const char *key, long long v) {
    json_key(t, key);
    text_int(t, v);
}

void json_text(Text *t, const char *key, const char *s) {
    json_key(t, key);
    json_str(t, s);
}

void json_square(Text *t, const char *key, int sq) {
    char buf[4];
    Text s = text_on(buf, sizeof buf);
    text_square(&s, sq);
    json_text(t, key, buf);
}

void json_utf8(Text *t, const char *key, const char *s, int len) {
    json_key(t, key);
    text_char(t, '"');
    for (int i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < ' ' || c == 0x7f) continue;
        if (c == '"' || c == '\\') text_char(t, '\\');
        text_char(t, (char)c);
    }
    text_char(t, '"');
}

/* ---- refusals ---------------------------------------------------------- */

/* The page's reason code for each of the rules' refusals (the "refusal.*"
 * texts of web/i18n); the rules' English travels along as a fallback. */
static const char *const REASONS[REFUSAL_CODES] = {
    [REFUSAL_NONE] = "illegal",
    [REFUSAL_TOO_FEW_SQUARES] = "malformed",
    [REFUSAL_TOO_MANY_SQUARES] = "malformed",
    [REFUSAL_EMPTY_SQUARE_NAME] = "malformed",
    [REFUSAL_NOT_A_SQUARE] = "malformed",
    [REFUSAL_EMPTY_ORIGIN] = "empty-origin",
    [REFUSAL_NOT_YOUR_PIECE] = "not-your-piece",
    [REFUSAL_STEP_OCCUPIED] = "step-occupied",
    [REFUSAL_OCCUPIED] = "occupied",
    [REFUSAL_UNREACHABLE] = "unreachable",
    [REFUSAL_STEP_IN_CHAIN] = "step-in-chain",
    [REFUSAL_NOT_A_HOP] = "not-a-hop",
    [REFUSAL_NOTHING_TO_HOP] = "nothing-to-hop",
    [REFUSAL_HOP_LANDS_OCCUPIED] = "hop-lands-occupied",
    [REFUSAL_LANDS_TWICE] = "lands-twice",
    [REFUSAL_RETURNS_TO_START] = "returns-to-start",
    [REFUSAL_GOAL_CAMP] = "goal-camp",
    [REFUSAL_PASS_NOT_ALLOWED] = "pass-not-allowed",
    [REFUSAL_GAME_OVER] = "game-over",
    [REFUSAL_RANK_TOO_LONG] = "fen-placement",
    [REFUSAL_RANK_TOO_SHORT] = "fen-placement",
    [REFUSAL_BAD_PLACEMENT_CHAR] = "fen-placement",
    [REFUSAL_TOO_FEW_RANKS] = "fen-placement",
    [REFUSAL_TOO_MANY_RANKS] = "fen-placement",
    [REFUSAL_FEN_SIDE] = "fen-side",
    [REFUSAL_FEN_TURNS] = "fen-turns",
    [REFUSAL_PIECE_COUNT] = "fen-piece-count",
    [REFUSAL_BOTH_WON] = "fen-both-won",
    [REFUSAL_FEN_TOO_LONG] = "fen-placement",
    [REFUSAL_SEAT_FINISHED] = "seat-finished",
    [REFUSAL_RETURNS_HOME] = "returns-home",
};

const int NO_SQUARES[2] = {-1, -1};

/* {reason, a, b, number, message}: a, b and number only when given. */
void json_reason(Text *t, const char *reason, const int sq[2], int number, const char *message) {
    text_char(t, '{');
    json_text(t, "reason", reason);
    if (sq[0] >= 0) json_square(t, "a", sq[0]);
    if (sq[1] >= 0) json_square(t, "b", sq[1]);
    if (number) json_int(t, "number", number);
    json_text(t, "message", message);
    text_char(t, '}');
}

/* Of the numbers, the page's texts name only a pass's (the moves there
 * are), so only that one is sent. */
void json_refusal(Text *t, const Refusal *why) {
    char message[256];
    Text m = text_on(message, sizeof message);
    refusal_write(why, &m);
    int number = why->code == REFUSAL_PASS_NOT_ALLOWED ? why->number : 0;
    json_reason(t, REASONS[why->code], why->square, number, message);
}

/* The first `len` bytes of buf (of `size`) as a string, NUL-terminated. */
const char *text_in(char *buf, int size, int len) {
    if (len < 0) len = 0;
    if (len >= size) len = size - 1;
    buf[len] = '\0';
    return buf;
}
