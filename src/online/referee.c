/* referee.c: the rules of two, three or four players (see referee.h). */
#define _POSIX_C_SOURCE 200809L
#include "online/referee.h"

#include <stdlib.h>
#include <string.h>

#include "core/multi_notation.h"
#include "core/notation.h"

Referee *referee_new(const StoreGame *g) {
    Referee *r = malloc(sizeof *r);
    if (!r) return NULL;
    r->many = g->players == 3 || g->players == 4;
    if (r->many)
        multi_game_start(&r->multi, (Seating){(uint8_t)g->players, g->players == 4 && g->partners}, g->turn_limit);
    else
        game_start(&r->two, g->variant == 13 ? VARIANT_13 : VARIANT_19, g->turn_limit);
    return r;
}

void referee_free(Referee *r) { free(r); }

bool referee_play(Referee *r, const char *text, Refusal *why) {
    int len = (int)strlen(text);
    return r->many ? multi_game_play_text(&r->multi, text, len, why) : game_play_text(&r->two, text, len, why);
}

static Verdict two_verdict(Result result) {
    switch (result) {
    case RESULT_WHITE_WINS: return (Verdict){true, 1u << 0, "goal"};
    case RESULT_BLACK_WINS: return (Verdict){true, 1u << 1, "goal"};
    case RESULT_DRAW_REPETITION: return (Verdict){true, 0, "repetition"};
    case RESULT_DRAW_TURN_LIMIT: return (Verdict){true, 0, "turn_limit"};
    case RESULT_ONGOING: break;
    }
    return (Verdict){false, 0, NULL};
}

static Verdict many_verdict(MultiResult result) {
    switch (result) {
    case MULTI_ONGOING: return (Verdict){false, 0, NULL};
    case MULTI_DRAW_REPETITION: return (Verdict){true, 0, "repetition"};
    case MULTI_DRAW_TURN_LIMIT: return (Verdict){true, 0, "turn_limit"};
    default: return (Verdict){true, multi_result_winners(result), "goal"};
    }
}

Verdict referee_verdict(const Referee *r) {
    return r->many ? many_verdict(r->multi.result) : two_verdict(r->two.result);
}

void referee_fen(const Referee *r, bool start, char *out, size_t size) {
    Text t = text_on(out, (int)size);
    if (r->many) multi_text_fen(&t, start ? &r->multi.start : &r->multi.pos);
    else text_fen(&t, start ? &r->two.start : &r->two.pos);
}
