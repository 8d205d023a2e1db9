/*
 * lobby.c: the lobby (see lobby.h): a hash table of the open games by id,
 * each with its row and its JSON as last shown, and the page of the newest
 * made when first asked for after a change.  Its lock guards the table and
 * the page (lobby_page's callers hold no other lock).  The events, made in
 * the order of the changes (which come one at a time, under the service's
 * lock), are sent to the lobby's streams by a thread of the lobby's own:
 * thousands of streams take a while, which the committer does not wait for;
 * and what comes together goes together, each stream woken once.
 */
#define _POSIX_C_SOURCE 200809L
#include "online/lobby.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum {
    BUCKETS = 1024,
    SEND_EVERY_MS = 100, /* the streams are sent the lobby's changes at most this often */
};

typedef struct Entry {
    struct Entry *next;
    StoreGame g;
    char *json; /* the game as last shown */
} Entry;

/* An event waiting for the sender. */
typedef struct Outgoing {
    struct Outgoing *next;
    char text[];
} Outgoing;

struct Lobby {
    Hub *hub;
    LobbyRenderFn *render;
    void *ctx;
    pthread_mutex_t lock;
    Entry *bucket[BUCKETS];
    size_t n;
    char *page; /* made when asked for; NULL after a change */
    size_t page_len;
    /* The sender's queue, under its own lock. */
    pthread_mutex_t out_lock;
    pthread_cond_t out_ready;
    Outgoing *out, **out_end;
    uint64_t queued, sent;
    pthread_cond_t out_sent;
    bool out_stop, sending;
    pthread_t sender;
};

static unsigned bucket_of(const char *id) {
    uint32_t h = 2166136261u;
    for (const unsigned char *p = (const unsigned char *)id; *p; p++) h = (h ^ *p) * 16777619u;
    return h % BUCKETS;
}

static bool listed(const StoreGame *g) { return g->open && g->status == GAME_WAITING; }

/* Every event of `batch`, in order, as one text (from malloc; NULL if out of memory). */
static char *joined(const Outgoing *batch) {
    size_t n = 1;
    for (const Outgoing *o = batch; o; o = o->next) n += strlen(o->text);
    char *text = malloc(n);
    if (!text) return NULL;
    size_t at = 0;
    for (const Outgoing *o = batch; o; o = o->next) {
        size_t k = strlen(o->text);
        memcpy(text + at, o->text, k);
        at += k;
    }
    text[at] = '\0';
    return text;
}

/* Under out_lock: waits until SEND_EVERY_MS after the last sending (or a stop). */
static void pace(Lobby *l, const struct timespec *last) {
    struct timespec until = *last;
    until.tv_nsec += (long)SEND_EVERY_MS * 1000000L;
    until.tv_sec += until.tv_nsec / 1000000000L;
    until.tv_nsec %= 1000000000L;
    while (!l->out_stop && pthread_cond_timedwait(&l->out_ready, &l->out_lock, &until) == 0) {
    }
}

/* What has come since the last sending goes to every stream at once, in one
 * text, at most every SEND_EVERY_MS: each stream woken once for a burst of
 * changes (an accept and the game opened after it) rather than once each. */
static void *sender_main(void *arg) {
    Lobby *l = arg;
    struct timespec last = {0};
    pthread_mutex_lock(&l->out_lock);
    for (;;) {
        while (!l->out && !l->out_stop) pthread_cond_wait(&l->out_ready, &l->out_lock);
        if (!l->out) break;
        pace(l, &last);
        Outgoing *batch = l->out;
        l->out = NULL;
        l->out_end = &l->out;
        pthread_mutex_unlock(&l->out_lock);
        uint64_t n = 0;
        char *text = joined(batch);
        if (text) hub_publish_all(l->hub, text); /* else as a stream too slow: a client that reconnects reads the list again */
        free(text);
        for (Outgoing *o = batch, *next; o; o = next, n++) {
            next = o->next;
            free(o);
        }
        clock_gettime(CLOCK_REALTIME, &last);
        pthread_mutex_lock(&l->out_lock);
        l->sent += n;
        pthread_cond_broadcast(&l->out_sent);
    }
    pthread_mutex_unlock(&l->out_lock);
    return NULL;
}

Lobby *lobby_new(Hub *hub, LobbyRenderFn *render, void *ctx) {
    Lobby *l = calloc(1, sizeof *l);
    if (!l) return NULL;
    l->hub = hub;
    l->render = render;
    l->ctx = ctx;
    pthread_mutex_init(&l->lock, NULL);
    pthread_mutex_init(&l->out_lock, NULL);
    pthread_cond_init(&l->out_ready, NULL);
    pthread_cond_init(&l->out_sent, NULL);
    l->out_end = &l->out;
    l->sending = pthread_create(&l->sender, NULL, sender_main, l) == 0;
    if (l->sending) return l;
    lobby_free(l);
    return NULL;
}

void lobby_free(Lobby *l) {
    if (!l) return;
    if (l->sending) { /* what is queued is sent first */
        pthread_mutex_lock(&l->out_lock);
        l->out_stop = true;
        pthread_cond_signal(&l->out_ready);
        pthread_mutex_unlock(&l->out_lock);
        pthread_join(l->sender, NULL);
    }
    pthread_cond_destroy(&l->out_sent);
    pthread_cond_destroy(&l->out_ready);
    pthread_mutex_destroy(&l->out_lock);
    for (int b = 0; b < BUCKETS; b++)
        while (l->bucket[b]) {
            Entry *e = l->bucket[b];
            l->bucket[b] = e->next;
            free(e->json);
            free(e);
        }
    free(l->page);
    pthread_mutex_destroy(&l->lock);
    free(l);
}

/* Under the lock: the entry of game id, and where it hangs. */
static Entry **slot_of(Lobby *l, const char *id) {
    Entry **p = &l->bucket[bucket_of(id)];
    while (*p && strcmp((*p)->g.id, id)) p = &(*p)->next;
    return p;
}

/* The event queued for the sender, after those before it. */
static void send(Lobby *l, const char *kind, const char *data) {
    size_t n = strlen(kind) + strlen(data) + 32;
    Outgoing *o = malloc(sizeof *o + n);
    if (!o) return; /* as a stream too slow: a client that reconnects reads the list again */
    o->next = NULL;
    snprintf(o->text, n, "event: %s\ndata: %s\n\n", kind, data);
    pthread_mutex_lock(&l->out_lock);
    *l->out_end = o;
    l->out_end = &o->next;
    l->queued++;
    pthread_cond_signal(&l->out_ready);
    pthread_mutex_unlock(&l->out_lock);
}

void lobby_flush(Lobby *l) {
    pthread_mutex_lock(&l->out_lock);
    while (l->sent < l->queued) pthread_cond_wait(&l->out_sent, &l->out_lock);
    pthread_mutex_unlock(&l->out_lock);
}

/* Game g leaves the lobby, if it is there. */
static void leave(Lobby *l, const char *id) {
    pthread_mutex_lock(&l->lock);
    Entry **p = slot_of(l, id), *e = *p;
    if (e) {
        *p = e->next;
        l->n--;
        free(l->page);
        l->page = NULL;
    }
    pthread_mutex_unlock(&l->lock);
    if (!e) return;
    free(e->json);
    free(e);
    char data[STORE_ID_SIZE + 16];
    snprintf(data, sizeof data, "{\"id\":\"%s\"}", id);
    send(l, "closed", data);
}

/* Game g enters the lobby, or is shown anew if it changed. */
static void enter(Lobby *l, const StoreGame *g) {
    json_t *game = l->render(l->ctx, g);
    char *json = game ? json_dumps(game, JSON_COMPACT) : NULL;
    json_decref(game);
    if (!json) return;
    pthread_mutex_lock(&l->lock);
    Entry **p = slot_of(l, g->id), *e = *p;
    bool same = e && !strcmp(e->json, json);
    if (!e && (e = calloc(1, sizeof *e))) {
        *p = e;
        l->n++;
    }
    if (e) {
        e->g = *g;
        free(e->json);
        e->json = json;
        free(l->page);
        l->page = NULL;
    }
    pthread_mutex_unlock(&l->lock);
    if (e && !same) send(l, "open", json);
    if (!e) free(json);
}

static void apply(Lobby *l, const StoreGame *g) {
    if (listed(g)) enter(l, g);
    else leave(l, g->id);
}

void lobby_changed(Lobby *l, const StoreGame *g) { apply(l, g); }

void lobby_committed(void *ctx, const Committed *list, int n) {
    for (int k = 0; k < n; k++) apply(ctx, &list[k].g);
}

/* ---- reloading from the store --------------------------------------------------- */

typedef struct {
    StoreGame *games;
    size_t n, cap;
    bool failed;
} Rows;

static void collect(void *ctx, const StoreGame *g) {
    Rows *r = ctx;
    if (r->n == r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 64;
        StoreGame *more = realloc(r->games, cap * sizeof *more);
        if (!more) {
            r->failed = true;
            return;
        }
        r->games = more;
        r->cap = cap;
    }
    r->games[r->n++] = *g;
}

static bool among(const Rows *r, const char *id) {
    for (size_t k = 0; k < r->n; k++)
        if (!strcmp(r->games[k].id, id)) return true;
    return false;
}

bool lobby_reload(Lobby *l, Store *store) {
    Rows rows = {0};
    if (store_each_open(store, collect, &rows) != STORE_OK || rows.failed) {
        free(rows.games);
        return false;
    }
    /* Those gone first, their ids copied out: leave() changes the table. */
    size_t n_gone = 0;
    char (*gone)[STORE_ID_SIZE] = NULL;
    pthread_mutex_lock(&l->lock);
    gone = l->n ? malloc(l->n * sizeof *gone) : NULL;
    for (int b = 0; gone && b < BUCKETS; b++)
        for (Entry *e = l->bucket[b]; e; e = e->next)
            if (!among(&rows, e->g.id)) snprintf(gone[n_gone++], STORE_ID_SIZE, "%s", e->g.id);
    pthread_mutex_unlock(&l->lock);
    for (size_t k = 0; k < n_gone; k++) leave(l, gone[k]);
    for (size_t k = 0; k < rows.n; k++) apply(l, &rows.games[k]);
    free(gone);
    free(rows.games);
    return true;
}

void lobby_each(Lobby *l, void (*each)(void *ctx, const StoreGame *g), void *ctx) {
    /* The rows copied out: each() may write the game, which changes the lobby. */
    pthread_mutex_lock(&l->lock);
    StoreGame *rows = l->n ? malloc(l->n * sizeof *rows) : NULL;
    size_t n = 0;
    for (int b = 0; rows && b < BUCKETS; b++)
        for (Entry *e = l->bucket[b]; e; e = e->next) rows[n++] = e->g;
    pthread_mutex_unlock(&l->lock);
    for (size_t k = 0; k < n; k++) each(ctx, &rows[k]);
    free(rows);
}

/* ---- the page ------------------------------------------------------------------- */

/* Newest first; of two created at the same moment, by id, so that the order is stable. */
static int newest_first(const void *a, const void *b) {
    const Entry *x = *(const Entry *const *)a, *y = *(const Entry *const *)b;
    if (x->g.created_ms != y->g.created_ms) return x->g.created_ms > y->g.created_ms ? -1 : 1;
    return strcmp(x->g.id, y->g.id);
}

/* Under the lock: the page made again. */
static bool make_page(Lobby *l) {
    Entry **all = malloc((l->n ? l->n : 1) * sizeof *all);
    if (!all) return false;
    size_t n = 0, len = 32;
    for (int b = 0; b < BUCKETS; b++)
        for (Entry *e = l->bucket[b]; e; e = e->next) all[n++] = e;
    qsort(all, n, sizeof *all, newest_first);
    if (n > LOBBY_PAGE_GAMES) n = LOBBY_PAGE_GAMES;
    for (size_t k = 0; k < n; k++) len += strlen(all[k]->json) + 1;
    char *page = malloc(len);
    if (page) {
        size_t at = (size_t)snprintf(page, len, "{\"games\":[");
        for (size_t k = 0; k < n; k++) at += (size_t)snprintf(page + at, len - at, "%s%s", k ? "," : "", all[k]->json);
        at += (size_t)snprintf(page + at, len - at, "]}");
        l->page = page;
        l->page_len = at;
    }
    free(all);
    return page != NULL;
}

char *lobby_page(Lobby *l, size_t *len) {
    pthread_mutex_lock(&l->lock);
    char *copy = NULL;
    if (l->page || make_page(l)) {
        copy = malloc(l->page_len + 1);
        if (copy) {
            memcpy(copy, l->page, l->page_len + 1);
            *len = l->page_len;
        }
    }
    pthread_mutex_unlock(&l->lock);
    return copy;
}

size_t lobby_size(Lobby *l) {
    pthread_mutex_lock(&l->lock);
    size_t n = l->n;
    pthread_mutex_unlock(&l->lock);
    return n;
}
