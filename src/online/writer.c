/* writer.c: commit, then hand what was committed to the subscribers (see writer.h). */
#define _POSIX_C_SOURCE 200809L
#include "online/writer.h"

#include <stdlib.h>

#include "online/game_json.h"

enum {
    /* An open game leaves the lobby when taken, aborted or its creator is
     * away (docs/DECISIONS.md): a minute is a fair wait before trying again. */
    OPEN_GAME_RETRY_SECONDS = 60,
    SUBSCRIBERS_MAX = 8,
};

typedef struct {
    CommittedFn *fn;
    void *ctx;
} Subscriber;

struct Writer {
    Store *store;
    Publisher *publisher; /* held during a batch: what is published meanwhile, unstored (presence), waits too */
    Subscriber subs[SUBSCRIBERS_MAX];
    int n_subs;
    bool batch;              /* a batch begun, not yet committed */
    Committed *kept;         /* the writes of the batch so far */
    int n_kept, cap_kept;
    bool stale; /* the last write refused by the store as stale (STORE_CONFLICT) */
};

Writer *writer_new(Store *store, Publisher *publisher) {
    Writer *w = calloc(1, sizeof *w);
    if (w) {
        w->store = store;
        w->publisher = publisher;
    }
    return w;
}

static void forget(Writer *w) {
    for (int k = 0; k < w->n_kept; k++)
        for (int e = 0; e < w->kept[k].n; e++) free(w->kept[k].text[e]);
    w->n_kept = 0;
}

void writer_free(Writer *w) {
    if (!w) return;
    forget(w);
    free(w->kept);
    free(w);
}

bool writer_subscribe(Writer *w, CommittedFn *fn, void *ctx) {
    if (w->n_subs == SUBSCRIBERS_MAX) return false;
    w->subs[w->n_subs++] = (Subscriber){fn, ctx};
    return true;
}

bool writer_stale(const Writer *w) { return w->stale; }
void writer_clear_stale(Writer *w) { w->stale = false; }

/* What was committed, to every subscriber in turn, then forgotten. */
static void hand_over(Writer *w) {
    for (int s = 0; s < w->n_subs && w->n_kept; s++) w->subs[s].fn(w->subs[s].ctx, w->kept, w->n_kept);
    forget(w);
}

/* A write kept (until the batch commits, or handed over at once); false if
 * out of memory: the subscribers then miss it, as a stream too slow misses
 * an event (its game's next write, a reload or a reconnection brings it). */
static bool keep(Writer *w, const StoreGame *g, int64_t first, OnlineEvent *events, char **data, int n) {
    if (w->n_kept == w->cap_kept) {
        int cap = w->cap_kept ? w->cap_kept * 2 : 16;
        Committed *more = realloc(w->kept, (size_t)cap * sizeof *more);
        if (!more) return false;
        w->kept = more;
        w->cap_kept = cap;
    }
    Committed *c = &w->kept[w->n_kept++];
    c->g = *g;
    c->first = first;
    c->n = n;
    for (int k = 0; k < n; k++) c->text[k] = event_text(first + k, events[k].kind, data[k]); /* NULL: its streams catch up */
    return true;
}

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
    StoreEvent stored[COMMITTED_EVENTS_MAX];
    char *data[COMMITTED_EVENTS_MAX] = {0};
    bool ok = n <= COMMITTED_EVENTS_MAX;
    for (int k = 0; k < n && ok; k++) {
        data[k] = json_dumps(events[k].data, JSON_COMPACT);
        stored[k] = (StoreEvent){events[k].kind, data[k]};
        ok = data[k] != NULL;
    }
    int64_t first = g->seq + 1;
    StoreStatus st = ok ? write_store(w, write, g, stored, n) : STORE_UNAVAILABLE;
    w->stale = st == STORE_CONFLICT;
    if (st == STORE_OK && keep(w, g, first, events, data, n) && !w->batch) hand_over(w);
    for (int k = 0; k < n; k++) {
        free(data[k]);
        json_decref(events[k].data);
    }
    if (st == STORE_OK) return true;
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
    w->batch = true;
    publisher_hold(w->publisher);
    return true;
}

bool writer_batch_commit(Writer *w) {
    bool committed = store_batch_commit(w->store) == STORE_OK;
    w->batch = false;
    if (committed) hand_over(w);
    else forget(w);
    publisher_release(w->publisher, committed);
    return committed;
}
