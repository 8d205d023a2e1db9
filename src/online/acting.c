/* acting.c: what every request does the same way (see acting.h). */
#define _POSIX_C_SOURCE 200809L
#include "online/acting.h"

#include "online/game_clock.h"
#include "online/tokens.h"

int acting_seat(Loaded *l, const char *token, OnlineAnswer *a) {
    const StoreGame *g = &l->g;
    uint8_t hash[TOKEN_HASH_SIZE];
    if (!token || !token_well_formed(token) || !token_hash(token, hash)) {
        online_error(a, 401, "no_token", "this needs a seat's token: Authorization: Bearer <token>");
        return -1;
    }
    /* Every seat compared, whatever the first gives, so the time says nothing. */
    int found = -1;
    for (int seat = 0; seat < STORE_SEATS; seat++) {
        bool match = g->joined[seat] && token_hash_equal(hash, g->token_hash[seat]);
        if (match && found < 0) found = seat;
    }
    if (found < 0 || !seat_in_play(g, found)) {
        online_error(a, 403, "forbidden", "this token is not a seat of this game");
        return -1;
    }
    l->acting = found;
    return found;
}

bool acting_refuse(OnlineAnswer *a, unsigned status, const char *code, const char *message) {
    online_error(a, status, code, message);
    return false;
}

void acting_done(const Actions *acts, Loaded *l, OnlineAnswer *a) {
    bool done = a->status >= 200 && a->status < 300;
    if (done && l->acting >= 0) presence_seen(acts->presence, &l->g, l->acting, clock_now_ms());
    if (a->status == 200 && !a->body) a->body = loaded_json(l, acts->presence, acts->watchers, 0);
}

void acting_commit(const Actions *acts, Loaded *l, StoreGame *g, const Write *w, OnlineEvent *ev, int n,
                   OnlineAnswer *a) {
    if (!writer_commit(acts->writer, w, g, ev, n, a)) return;
    l->g = *g;
    a->status = 200; /* with the game (acting_done) */
}
