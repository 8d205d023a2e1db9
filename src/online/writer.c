/* writer.c: commit, then publish (see writer.h). */
#define _POSIX_C_SOURCE 200809L
#include "online/writer.h"

#include <stdlib.h>

#include "online/game_json.h"

enum {
    EVENTS_MAX = 4,
    /* An open game leaves the lobby when taken, aborted or its creator is
     * away (docs/DECISIONS.md): a minute is a fair wait before trying again. */
    OPEN_GAME_RETRY_SECONDS = 60,
};

struct Writer {
    Store *store;
    Publisher *publisher;
    LiveGames *live;
    Lobby *lobby;
    Computer *computer;
    bool stale; /* the last write refused by the store as stale (STORE_CONFLICT) */
};

Writer *writer_new(Store *store, Publisher *publisher, LiveGames *live, Lobby *lobby, Computer *computer) {
    Writer *w = malloc(sizeof *w);
    if (w) *w = (Writer){store, publisher, live, lobby, computer, false};
    return w;
}

void writer_free(Writer *w) { free(w); }

bool writer_stale(const Writer *w) { return w->stale; }
void writer_clear_stale(Writer *w) { w->stale = false; }

static StoreStatus write_store(Writer *w, const Write *write, StoreGame *g, const StoreEvent *events, int n) {
    switch (write->kind) {
    case WRITE_CREATE: return store_create(w->store, g, events, n);
    case WRITE_CREATE_OPEN: return store_create_open(w->store, g, write->max_open, events, n);
    case WRITE_JOIN: return store_join(w->store, g, write->seat, events, n);
    case WRITE_MOVE: return store_append_move(w->store, g, write->expected_ply, write->move, events, n);
    case WRITE_UPDATE: break;
    }
    return store_update(w->store, g, events, n);
}

bool writer_commit(Writer *w, const Write *write, StoreGame *g, OnlineEvent *events, int n, OnlineAnswer *answer) {
    StoreEvent stored[EVENTS_MAX];
    char *data[EVENTS_MAX] = {0};
    bool ok = n <= EVENTS_MAX;
    for (int k = 0; k < n && ok; k++) {
        data[k] = json_dumps(events[k].data, JSON_COMPACT);
        stored[k] = (StoreEvent){events[k].kind, data[k]};
        ok = data[k] != NULL;
    }
    int64_t first = g->seq + 1;
    StoreStatus st = ok ? write_store(w, write, g, stored, n) : STORE_UNAVAILABLE;
    w->stale = st == STORE_CONFLICT;
    for (int k = 0; k < n; k++) {
        if (st == STORE_OK) {
            char *text = event_text(first + k, events[k].kind, data[k]);
            if (text) publish(w->publisher, g->id, first + k, text);
            free(text);
        }
        free(data[k]);
        json_decref(events[k].data);
    }
    if (st == STORE_OK) {
        live_schedule_flag(w->live, g);
        lobby_changed(w->lobby, g);
        computer_due(w->computer, g);
        return true;
    }
    if (st == STORE_LIMITED) {
        online_error(answer, 429, "rate_limited", "this address has as many games open in the lobby as it may");
        answer->retry_after = OPEN_GAME_RETRY_SECONDS;
    }
    else if (st == STORE_CONFLICT)
        online_error(answer, 409, "stale", "the game changed meanwhile; read it again");
    else
        online_error(answer, 503, "unavailable", "the game could not be saved, so nothing changed; try again");
    return false;
}

bool writer_batch_begin(Writer *w) {
    if (store_batch_begin(w->store) != STORE_OK) return false;
    publisher_hold(w->publisher);
    lobby_hold(w->lobby);
    computer_hold(w->computer);
    return true;
}

bool writer_batch_commit(Writer *w) {
    bool committed = store_batch_commit(w->store) == STORE_OK;
    publisher_release(w->publisher, committed);
    lobby_release(w->lobby, committed);
    computer_release(w->computer, committed);
    return committed;
}
