/* loaded.c: a game loaded for a request (see loaded.h). */
#define _POSIX_C_SOURCE 200809L
#include "online/loaded.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/notation.h"
#include "core/refusal.h"
#include "online/game_clock.h"
#include "online/game_json.h"

bool loaded_read(Store *store, const char *id, Loaded *l, OnlineAnswer *answer) {
    memset(l, 0, sizeof *l);
    StoreStatus st = strlen(id) < STORE_ID_SIZE ? store_read(store, id, &l->g, &l->moves) : STORE_NOT_FOUND;
    if (st == STORE_NOT_FOUND) {
        online_error(answer, 404, "not_found", "no such game");
        return false;
    }
    l->rules = st == STORE_OK ? referee_new(&l->g) : NULL;
    if (!l->rules) {
        loaded_free(l);
        online_error(answer, 503, "unavailable", "the games cannot be read now; try again");
        return false;
    }
    for (int i = 0; i < l->g.ply; i++) {
        Refusal why;
        if (!referee_play(l->rules, l->moves[i], &why)) {
            char err[160];
            Text t = text_on(err, sizeof err);
            refusal_write(&why, &t);
            fprintf(stderr, "halma serve: game %s: stored move %d (%s) refused: %s\n", id, i + 1, l->moves[i], err);
            break; /* cannot happen: every stored move was checked */
        }
    }
    return true;
}

bool loaded_row(const StoreGame *g, Loaded *l) {
    memset(l, 0, sizeof *l);
    l->g = *g;
    l->g.ply = 0;
    l->rules = referee_new(g);
    return l->rules != NULL;
}

void loaded_free(Loaded *l) {
    free(l->moves);
    referee_free(l->rules);
    l->moves = NULL;
    l->rules = NULL;
}

json_t *loaded_json(const Loaded *l, Presence *presence, Watchers *watchers, int more) {
    GameNow now = {.watchers = watchers_count(watchers, l->g.id) + more, .now = clock_now_ms()};
    presence_online(presence, &l->g, now.online);
    char start[FEN_TEXT_SIZE], fen[FEN_TEXT_SIZE];
    referee_fen(l->rules, true, start, sizeof start);
    referee_fen(l->rules, false, fen, sizeof fen);
    return game_json(&l->g, l->moves, start, fen, &now);
}
