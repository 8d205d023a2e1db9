/* loaded.c: a game loaded for a request or a search (see loaded.h). */
#define _POSIX_C_SOURCE 200809L
#include "online/loaded.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/notation.h"
#include "core/refusal.h"
#include "online/game_clock.h"
#include "online/game_json.h"
#include "online/seats.h"

/* A new game of g's settings, no move played; NULL if out of memory (or
 * the row names no game, which its checks on creation rule out). */
static Table *table_of(const StoreGame *g) {
    Table *t = malloc(sizeof *t);
    if (t && !table_start(t, game_seating(g), g->turn_limit)) {
        free(t);
        return NULL;
    }
    return t;
}

/* Plays the stored moves; one refused is logged and ends the replay. */
static void replay(const char *id, Loaded *l) {
    for (int i = 0; i < l->g.ply; i++) {
        Refusal why;
        if (!table_play_text(l->rules, l->moves[i], (int)strlen(l->moves[i]), &why)) {
            char err[160];
            Text t = text_on(err, sizeof err);
            refusal_write(&why, &t);
            fprintf(stderr, "halma serve: game %s: stored move %d (%s) refused: %s\n", id, i + 1, l->moves[i], err);
            return;
        }
    }
}

StoreStatus loaded_load(Store *store, const char *id, Loaded *l) {
    memset(l, 0, sizeof *l);
    l->acting = -1;
    StoreStatus st = strlen(id) < STORE_ID_SIZE ? store_read(store, id, &l->g, &l->moves) : STORE_NOT_FOUND;
    l->rules = st == STORE_OK ? table_of(&l->g) : NULL;
    if (!l->rules) {
        loaded_free(l);
        return st == STORE_OK ? STORE_UNAVAILABLE : st;
    }
    replay(id, l);
    return STORE_OK;
}

bool loaded_read(Store *store, const char *id, Loaded *l, OnlineAnswer *answer) {
    StoreStatus st = loaded_load(store, id, l);
    if (st == STORE_NOT_FOUND) online_error(answer, 404, "not_found", "no such game");
    else if (st != STORE_OK) online_error(answer, 503, "unavailable", "the games cannot be read now; try again");
    return st == STORE_OK;
}

bool loaded_row(const StoreGame *g, Loaded *l) {
    memset(l, 0, sizeof *l);
    l->acting = -1;
    l->g = *g;
    l->g.ply = 0;
    l->rules = table_of(g);
    return l->rules != NULL;
}

void loaded_free(Loaded *l) {
    free(l->moves);
    free(l->rules);
    l->moves = NULL;
    l->rules = NULL;
}

json_t *loaded_json(const Loaded *l, Presence *presence, Watchers *watchers, int more) {
    GameNow now = {.watchers = watchers_count(watchers, l->g.id) + more, .now = clock_now_ms()};
    presence_online(presence, &l->g, now.online);
    char start[FEN_TEXT_SIZE], fen[FEN_TEXT_SIZE];
    Text start_text = text_on(start, sizeof start), fen_text = text_on(fen, sizeof fen);
    table_text_fen(l->rules, 0, &start_text);
    table_text_fen(l->rules, table_length(l->rules), &fen_text);
    return game_json(&l->g, l->moves, start, fen, &now);
}
