/*
 * online.c: the service of online games (see online.h): its lock, what it
 * remembers of each game in memory (presence, the moment its flag falls),
 * the timer thread, and the write path: commit, then publish.
 *
 * Every request is done by one thread, the committer, in the order
 * submitted (online_submit): it takes all the requests waiting, does their
 * writes in one batch of the store (each write still refused or kept alone),
 * commits the batch (one sync to disk for all), then publishes their events
 * and answers them.  While it commits, the next requests queue up: the more
 * come at once, the more share a commit.  A batch that cannot commit is
 * undone, and its requests done again each alone, so that one failure fails
 * no other.  The reads (a game, a stream's opening) come after the batch's
 * commit, so that a stream caught up from the store misses no event
 * published after it, and nothing not yet durable is ever shown.
 *
 * The lock (the committer's, across a batch) orders every write, the timer's
 * too, and guards the memory of live games.  The server's own threads never
 * wait for a commit: their connection is suspended meanwhile (api.c).
 *
 * Several servers may share one store (store_shared): the store already
 * refuses a stale write, so what each must learn is the others' news.  A
 * watcher thread reads the store's notices and, under the lock, gives this
 * server's streams the events written elsewhere (read from the store, after
 * the last each stream has), schedules the flags they change, and takes in
 * the presence seen elsewhere (docs/ONLINE.md, Several servers).  Locks are
 * taken in one order: this lock, the store's, the hub's, a stream's; the
 * watcher holds none while it waits for news.
 */
#define _POSIX_C_SOURCE 200809L
#include "online/online.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/notation.h"
#include "core/refusal.h"
#include "online/game_clock.h"
#include "online/game_json.h"
#include "online/online_internal.h"
#include "online/tokens.h"

enum {
    LIVE_BUCKETS = 4096,
    BATCH_MAX = 512, /* requests done together at most, by default */
    HEARTBEAT_SLICES = 16, /* each heartbeat period, the streams get their comment in this many turns */
    TOUCH_EVERY_MS = 10 * 60 * 1000, /* presence is written to the store at most this often a seat */
    EXPIRE_EVERY_MS = 60 * 60 * 1000,
    FLAG_RETRY_MS = 1000, /* a flag that could not be written, tried again */
    NOTICE_WAIT_MS = 250, /* the watcher's wait for news, so that it sees the server stop */
    STALE_TRIES = 4, /* a request whose write was stale in the store is done this often at most */
};

/* What the server keeps in memory of a game: only what the store need not. */
typedef struct Live {
    struct Live *next;
    char id[STORE_ID_SIZE];
    int64_t seen[2];     /* the last authenticated request of each seat */
    int64_t touched[2];  /* when seen was last written to the store */
    int64_t announced[2]; /* when seen was last told to the other servers */
    bool shown[2];       /* the online state last published */
    int64_t flag_at;     /* when the running clock falls; 0: none */
    int64_t seq;         /* the game's events in the newest row flag_at was set from */
} Live;

/* An event of a batch, published once the batch commits. */
typedef struct Publication {
    struct Publication *next;
    char id[STORE_ID_SIZE];
    int64_t seq; /* the stored event's number; 0: presence, not stored */
    char text[];
} Publication;

struct Online {
    OnlineConfig config;
    Store *store;
    Hub *hub;
    pthread_mutex_t lock; /* the writes, and everything below */
    pthread_cond_t wake;
    pthread_t timer;
    bool timer_started, stopping;
    pthread_cond_t watcher_wake; /* the watcher's pause while the store is out of reach */
    pthread_t watcher;
    bool watcher_started;
    bool resync; /* news missed, or read too soon: everything is caught up again after the next wait */
    int64_t next_expire;
    Live *live[LIVE_BUCKETS];
    bool batching;          /* in a batch: events wait in `published` for its commit */
    bool stale;             /* the last write refused by the store as stale (STORE_CONFLICT) */
    Publication *published, **published_end;
    int64_t batches, batched; /* batches committed, and the writes they held */
    /* The requests waiting for the committer, under queue_lock. */
    pthread_mutex_t queue_lock;
    pthread_cond_t queued, idle;
    OnlineCall *head, *tail;
    bool quiescing, committing, committer_started, committer_stopping;
    pthread_t committer;
};

int64_t online_now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

void online_lock(Online *o) { pthread_mutex_lock(&o->lock); }
void online_unlock(Online *o) { pthread_mutex_unlock(&o->lock); }
const OnlineConfig *online_config(const Online *o) { return &o->config; }
Store *online_store(Online *o) { return o->store; }

void online_error(OnlineAnswer *answer, unsigned status, const char *code, const char *message) {
    answer->status = status;
    answer->body = json_pack("{s:s, s:s}", "error", code, "message", message);
}

/* ---- memory of live games (under the lock) ------------------------------------ */

static unsigned bucket_of(const char *id) {
    uint32_t h = 2166136261u;
    for (const unsigned char *p = (const unsigned char *)id; *p; p++) h = (h ^ *p) * 16777619u;
    return h % LIVE_BUCKETS;
}

static Live *live_find(Online *o, const char *id, bool create) {
    unsigned b = bucket_of(id);
    for (Live *l = o->live[b]; l; l = l->next)
        if (!strcmp(l->id, id)) return l;
    if (!create) return NULL;
    Live *l = calloc(1, sizeof *l);
    if (!l) return NULL;
    snprintf(l->id, sizeof l->id, "%s", id);
    l->next = o->live[b];
    o->live[b] = l;
    return l;
}

static void live_free_all(Online *o) {
    for (int b = 0; b < LIVE_BUCKETS; b++)
        while (o->live[b]) {
            Live *l = o->live[b];
            o->live[b] = l->next;
            free(l);
        }
}

int64_t online_last_seen(Online *o, const StoreGame *g, int seat) {
    Live *l = live_find(o, g->id, false);
    int64_t seen = g->last_seen_ms[seat];
    return l && l->seen[seat] > seen ? l->seen[seat] : seen;
}

void online_presence(Online *o, const StoreGame *g, bool online[2]) {
    int64_t now = online_now_ms();
    for (int seat = 0; seat < 2; seat++) {
        int64_t seen = online_last_seen(o, g, seat);
        online[seat] = g->joined[seat] && seen && now - seen < o->config.online_ms;
    }
}

/* ---- events to the streams (under the lock) --------------------------------------- */

typedef struct {
    Online *o;
    const char *id;
} Replay;

static void publish_stored(void *ctx, int64_t seq, const char *kind, const char *data) {
    Replay *r = ctx;
    char *text = event_text(seq, kind, data);
    if (text) hub_publish_event(r->o->hub, r->id, seq, text);
    free(text);
}

/* The stored events of game id after `after` to its streams, in order: each
 * stream takes those it lacks (hub_publish_event).  False if the store is
 * out of reach (a game deleted meanwhile has nothing to replay). */
static bool replay(Online *o, const char *id, int64_t after) {
    Replay r = {o, id};
    return store_events_after(o->store, id, after, publish_stored, &r) != STORE_UNAVAILABLE;
}

/* Brings game id's streams up to `known` (the game's last event as far as the
 * caller knows; INT64_MAX: unknown): nothing is read if they all have it. */
static bool catch_up(Online *o, const char *id, int64_t known) {
    int64_t lowest;
    return !hub_lowest_seq(o->hub, id, &lowest) || lowest >= known || replay(o, id, lowest);
}

/* Event seq of game id (or presence, seq 0) to its streams.  A stream that
 * lacks an event before it (another server's, its notice not yet read) is
 * caught up from the store now rather than left to wait for the notice. */
static void send_event(Online *o, const char *id, int64_t seq, const char *text) {
    if (!seq) hub_publish(o->hub, id, text);
    else if (hub_publish_event(o->hub, id, seq, text)) catch_up(o, id, seq);
}

/* Sends text to game id's streams: at once, or in a batch once it commits. */
static void publish(Online *o, const char *id, int64_t seq, const char *text) {
    if (!o->batching) {
        send_event(o, id, seq, text);
        return;
    }
    size_t n = strlen(text) + 1;
    Publication *p = malloc(sizeof *p + n);
    if (!p) return; /* as a stream too slow: its client catches up when it reconnects */
    p->next = NULL;
    snprintf(p->id, sizeof p->id, "%s", id);
    p->seq = seq;
    memcpy(p->text, text, n);
    *o->published_end = p;
    o->published_end = &p->next;
}

/* After a batch: its events sent (it committed) or dropped (it did not). */
static void flush_published(Online *o, bool send) {
    for (Publication *p = o->published, *next; p; p = next) {
        next = p->next;
        if (send) send_event(o, p->id, p->seq, p->text);
        free(p);
    }
    o->published = NULL;
    o->published_end = &o->published;
}

/* Presence is not stored as events: a live "seats" event has no id. */
static void publish_presence(Online *o, const StoreGame *g, const bool online[2]) {
    json_t *seats = seats_json(g, online);
    char *data = json_dumps(seats, JSON_COMPACT);
    char *text = data ? event_text(-1, "seats", data) : NULL;
    if (text) publish(o, g->id, 0, text);
    free(text);
    free(data);
    json_decref(seats);
}

/* A seat proved itself at `now`: online, and said so (if `publish`) if it
 * was not.  The other servers are told at once when it comes online, and
 * then often enough that they never think it gone while it is here. */
static void seen_now(Online *o, const StoreGame *g, int seat, int64_t now, bool publish) {
    Live *l = live_find(o, g->id, true);
    if (!l) return;
    l->seen[seat] = now;
    if (now - l->touched[seat] >= TOUCH_EVERY_MS && store_touch(o->store, g->id, seat, now) == STORE_OK)
        l->touched[seat] = now;
    if (!l->shown[seat] || now - l->announced[seat] >= o->config.online_ms / 4) {
        store_announce_seen(o->store, g->id, seat, now);
        l->announced[seat] = now;
    }
    if (l->shown[seat]) return;
    l->shown[seat] = true;
    pthread_cond_signal(&o->wake); /* its going offline is now due */
    if (!publish) return;
    bool online[2];
    online_presence(o, g, online);
    publish_presence(o, g, online);
}

void online_seen(Online *o, const StoreGame *g, int seat, int64_t now) {
    Live *l = live_find(o, g->id, true);
    if (l) l->touched[seat] = now; /* the write stored it */
    seen_now(o, g, seat, now, false);
}

int online_authenticate(Online *o, const StoreGame *g, const char *token, OnlineAnswer *answer) {
    uint8_t hash[TOKEN_HASH_SIZE];
    if (!token || !token_well_formed(token) || !token_hash(token, hash)) {
        online_error(answer, 401, "no_token", "this needs a seat's token: Authorization: Bearer <token>");
        return -1;
    }
    /* Both compared, whatever the first gives, so the time says nothing. */
    bool w = g->joined[0] && token_hash_equal(hash, g->token_hash[0]);
    bool b = g->joined[1] && token_hash_equal(hash, g->token_hash[1]);
    if (!w && !b) {
        online_error(answer, 403, "forbidden", "this token is not a seat of this game");
        return -1;
    }
    int seat = w ? 0 : 1;
    seen_now(o, g, seat, online_now_ms(), true);
    return seat;
}

static void schedule_flag(Online *o, const StoreGame *g) {
    int64_t at = clock_flag_at(g);
    Live *l = live_find(o, g->id, at != 0);
    if (!l) return;
    if (g->seq > l->seq) l->seq = g->seq;
    if (l->flag_at == at) return;
    l->flag_at = at;
    pthread_cond_signal(&o->wake);
}

/* ---- loading and writing ------------------------------------------------------ */

bool online_load(Online *o, const char *id, Loaded *l, OnlineAnswer *answer) {
    memset(l, 0, sizeof *l);
    StoreStatus st = strlen(id) < STORE_ID_SIZE ? store_read(o->store, id, &l->g, &l->moves) : STORE_NOT_FOUND;
    if (st == STORE_NOT_FOUND) {
        online_error(answer, 404, "not_found", "no such game");
        return false;
    }
    l->core = st == STORE_OK ? malloc(sizeof *l->core) : NULL;
    if (!l->core) {
        online_unload(l);
        online_error(answer, 503, "unavailable", "the games cannot be read now; try again");
        return false;
    }
    game_start(l->core, l->g.variant == 13 ? VARIANT_13 : VARIANT_19, l->g.turn_limit);
    for (int i = 0; i < l->g.ply; i++) {
        Refusal why;
        if (!game_play_text(l->core, l->moves[i], (int)strlen(l->moves[i]), &why)) {
            char err[160];
            Text t = text_on(err, sizeof err);
            refusal_write(&why, &t);
            fprintf(stderr, "halma serve: game %s: stored move %d (%s) refused: %s\n", id, i + 1, l->moves[i], err);
            break; /* cannot happen: every stored move was checked */
        }
    }
    return true;
}

void online_unload(Loaded *l) {
    free(l->moves);
    free(l->core);
    l->moves = NULL;
    l->core = NULL;
}

json_t *online_game_json(Online *o, const Loaded *l) {
    bool online[2];
    online_presence(o, &l->g, online);
    return game_json(&l->g, l->moves, l->core, online, online_now_ms());
}

void online_answer_game(Online *o, const Loaded *l, OnlineAnswer *answer) {
    answer->status = 200;
    answer->body = online_game_json(o, l);
}

static StoreStatus write_store(Online *o, const Write *w, StoreGame *g, const StoreEvent *events, int n) {
    switch (w->kind) {
    case WRITE_CREATE: return store_create(o->store, g, events, n);
    case WRITE_JOIN: return store_join(o->store, g, w->seat, events, n);
    case WRITE_MOVE: return store_append_move(o->store, g, w->expected_ply, w->move, events, n);
    case WRITE_UPDATE: break;
    }
    return store_update(o->store, g, events, n);
}

enum { EVENTS_MAX = 4 };

bool online_commit(Online *o, const Write *w, StoreGame *g, OnlineEvent *events, int n, OnlineAnswer *answer) {
    StoreEvent stored[EVENTS_MAX];
    char *data[EVENTS_MAX] = {0};
    bool ok = n <= EVENTS_MAX;
    for (int k = 0; k < n && ok; k++) {
        data[k] = json_dumps(events[k].data, JSON_COMPACT);
        stored[k] = (StoreEvent){events[k].kind, data[k]};
        ok = data[k] != NULL;
    }
    int64_t first = g->seq + 1;
    StoreStatus st = ok ? write_store(o, w, g, stored, n) : STORE_UNAVAILABLE;
    o->stale = st == STORE_CONFLICT;
    for (int k = 0; k < n; k++) {
        if (st == STORE_OK) {
            char *text = event_text(first + k, events[k].kind, data[k]);
            if (text) publish(o, g->id, first + k, text);
            free(text);
        }
        free(data[k]);
        json_decref(events[k].data);
    }
    if (st == STORE_OK) {
        schedule_flag(o, g);
        return true;
    }
    if (st == STORE_CONFLICT)
        online_error(answer, 409, "stale", "the game changed meanwhile; read it again");
    else
        online_error(answer, 503, "unavailable", "the game could not be saved, so nothing changed; try again");
    return false;
}

/* ---- streams ------------------------------------------------------------------ */

/* A stream's catch-up: the stream, and the last event it was sent. */
typedef struct {
    Stream *stream;
    int64_t seq;
} Pushed;

static void push_stored(void *ctx, int64_t seq, const char *kind, const char *data) {
    Pushed *p = ctx;
    char *text = event_text(seq, kind, data);
    if (text && stream_push(p->stream, text)) p->seq = seq;
    free(text);
}

static bool push_game(Online *o, const Loaded *l, Stream *s) {
    json_t *game = online_game_json(o, l);
    char *data = json_dumps(game, JSON_COMPACT);
    char *text = data ? event_text(l->g.seq, "game", data) : NULL;
    bool ok = text && stream_push(s, text);
    free(text);
    free(data);
    json_decref(game);
    return ok;
}

static bool open_stream(Online *o, const OnlineCall *c, OnlineAnswer *answer) {
    Loaded l;
    bool ok = online_load(o, c->id, &l, answer);
    if (ok) {
        stream_push(c->stream, "retry: 2000\n\n"); /* how soon a browser reconnects */
        /* An id from the future (another store): the whole game instead.
         * The events replayed may go past the row read (another server
         * wrote meanwhile): the stream takes its live events after the last. */
        Pushed pushed = {c->stream, l.g.seq};
        if (c->last_event_id < 0 || c->last_event_id > l.g.seq) {
            ok = push_game(o, &l, c->stream);
        } else {
            pushed.seq = c->last_event_id;
            ok = store_events_after(o->store, c->id, c->last_event_id, push_stored, &pushed) == STORE_OK;
        }
        if (ok) stream_attach(o->hub, c->stream, pushed.seq);
        else online_error(answer, 503, "unavailable", "the game's events cannot be read now; try again");
        online_unload(&l);
    }
    return ok;
}

/* ---- the committer -------------------------------------------------------------- */

static bool reads_only(const OnlineCall *c) { return c->stream || c->action == ONLINE_READ; }

/* A request on a game whose write the store refused as stale was read
 * before another server's write to the game: it is done again on the game
 * as it now is, so that it is answered as if it had come after that write,
 * as one server would (a move sent to two servers at once is played once and
 * 200 for both; an invite used on both is seat_taken for one).  A creation
 * draws new ids itself (create_row). */
static void act(Online *o, OnlineCall *c) {
    for (int tries = 1;; tries++) {
        o->stale = false;
        online_act(o, c->action, c->id, c->token, c->body, &c->answer);
        bool again = o->stale && c->answer.status == 409 && c->action != ONLINE_CREATE;
        if (!again || tries == STALE_TRIES) return;
        json_decref(c->answer.body);
        c->answer = (OnlineAnswer){0};
    }
}

static void run_call(Online *o, OnlineCall *c) {
    json_decref(c->answer.body); /* a batch's first try, undone */
    c->answer = (OnlineAnswer){0};
    if (c->stream) c->ok = open_stream(o, c, &c->answer);
    else act(o, c);
}

/* The game a call's write locks in the store ("" for a creation, a new row
 * that no other server waits for). */
static const char *locked_id(const OnlineCall *c) { return c->id ? c->id : ""; }

/* The n calls of list in the order of their games' ids, each game's in the
 * order they came (a stable merge sort).  A batch holds each game's row
 * from its write to its commit; if two servers' batches took the same games
 * in different orders, each could wait for the other, and PostgreSQL would
 * end one after a second (deadlock_timeout), a 503.  In one order, never. */
static OnlineCall *by_game(OnlineCall *list, int n) {
    if (n < 2) return list;
    OnlineCall *mid = list;
    for (int k = 1; k < n / 2; k++) mid = mid->next;
    OnlineCall *b = mid->next;
    mid->next = NULL;
    OnlineCall *a = by_game(list, n / 2);
    b = by_game(b, n - n / 2);
    OnlineCall *head = NULL, **end = &head;
    while (a && b) {
        OnlineCall **from = strcmp(locked_id(b), locked_id(a)) < 0 ? &b : &a; /* a first on a tie */
        *end = *from;
        end = &(*from)->next;
        *from = (*from)->next;
    }
    *end = a ? a : b;
    return head;
}

/* Under the lock: the calls of one batch, its writes first (together if
 * there are several and the store can), then its reads. */
static void run_batch(Online *o, OnlineCall *batch, int writes) {
    bool together = writes > 1 && store_batch_begin(o->store) == STORE_OK;
    if (together) {
        o->batching = true;
        for (OnlineCall *c = batch; c; c = c->next)
            if (!reads_only(c)) run_call(o, c);
        o->batching = false;
        together = store_batch_commit(o->store) == STORE_OK;
        flush_published(o, together);
        if (together) {
            o->batches++;
            o->batched += writes;
        }
    }
    if (!together) /* each alone, as if the batch had not been tried */
        for (OnlineCall *c = batch; c; c = c->next)
            if (!reads_only(c)) run_call(o, c);
    for (OnlineCall *c = batch; c; c = c->next)
        if (reads_only(c)) run_call(o, c);
}

static void *committer_main(void *arg) {
    Online *o = arg;
    int max = o->config.batch_max > 0 ? o->config.batch_max : BATCH_MAX;
    pthread_mutex_lock(&o->queue_lock);
    for (;;) {
        while (!o->head && !o->committer_stopping) pthread_cond_wait(&o->queued, &o->queue_lock);
        if (!o->head) break;
        /* Everything waiting (up to max) is one batch. */
        OnlineCall *batch = o->head, *last = batch;
        int n = 1, writes = !reads_only(batch);
        while (last->next && n < max) {
            last = last->next;
            n++;
            writes += !reads_only(last);
        }
        o->head = last->next;
        if (!o->head) o->tail = NULL;
        last->next = NULL;
        batch = by_game(batch, n);
        o->committing = true;
        pthread_mutex_unlock(&o->queue_lock);

        online_lock(o);
        run_batch(o, batch, writes);
        online_unlock(o);
        for (OnlineCall *c = batch, *next; c; c = next) {
            next = c->next; /* done() may free c */
            c->next = NULL;
            c->done(c);
        }

        pthread_mutex_lock(&o->queue_lock);
        o->committing = false;
        pthread_cond_broadcast(&o->idle);
    }
    pthread_mutex_unlock(&o->queue_lock);
    return NULL;
}

void online_submit(Online *o, OnlineCall *c) {
    c->next = NULL;
    c->answer = (OnlineAnswer){0};
    c->ok = false;
    pthread_mutex_lock(&o->queue_lock);
    if (o->quiescing) {
        pthread_mutex_unlock(&o->queue_lock);
        online_error(&c->answer, 503, "unavailable", "the server is stopping; try again");
        c->done(c);
        return;
    }
    if (o->tail) o->tail->next = c;
    else o->head = c;
    o->tail = c;
    pthread_cond_signal(&o->queued);
    pthread_mutex_unlock(&o->queue_lock);
}

void online_quiesce(Online *o) {
    if (!o) return;
    pthread_mutex_lock(&o->queue_lock);
    o->quiescing = true;
    while (o->head || o->committing) pthread_cond_wait(&o->idle, &o->queue_lock);
    pthread_mutex_unlock(&o->queue_lock);
}

typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    bool done;
} Waiter;

static void waiter_done(OnlineCall *c) {
    Waiter *w = c->ctx;
    pthread_mutex_lock(&w->lock);
    w->done = true;
    pthread_cond_signal(&w->cond);
    pthread_mutex_unlock(&w->lock);
}

void online_do(Online *o, OnlineAction action, const char *id, const char *token, const json_t *body,
               OnlineAnswer *answer) {
    Waiter w = {.done = false};
    pthread_mutex_init(&w.lock, NULL);
    pthread_cond_init(&w.cond, NULL);
    OnlineCall c = {.action = action, .id = id, .token = token, .body = body, .done = waiter_done, .ctx = &w};
    online_submit(o, &c);
    pthread_mutex_lock(&w.lock);
    while (!w.done) pthread_cond_wait(&w.cond, &w.lock);
    pthread_mutex_unlock(&w.lock);
    pthread_cond_destroy(&w.cond);
    pthread_mutex_destroy(&w.lock);
    *answer = c.answer;
}

/* ---- the timer: flags, presence, expiry --------------------------------------- */

/* A flag that could not be written (the store out of reach or locked) is
 * tried again soon: nothing else would bring it back. */
static void retry_flag(Online *o, const char *id, int64_t now) {
    Live *l = live_find(o, id, true);
    if (l && !l->flag_at) l->flag_at = now + FLAG_RETRY_MS;
}

/* The running clock of game id has reached zero: the game ends at that moment. */
static void flag_falls(Online *o, const char *id, int64_t now) {
    OnlineAnswer ignored = {0};
    Loaded l;
    if (!online_load(o, id, &l, &ignored)) {
        if (ignored.status != 404) retry_flag(o, id, now);
        json_decref(ignored.body);
        return;
    }
    StoreGame g = l.g;
    int64_t at = clock_flag_at(&g);
    if (at && at <= now) {
        int loser = game_to_move(&g);
        g.clock_ms[loser] = 0;
        g.turn_started_ms = 0;
        g.status = GAME_FINISHED;
        g.winner = 1 - loser;
        snprintf(g.reason, sizeof g.reason, "time");
        g.finished_ms = at;
        g.draw_offer = -1;
        OnlineEvent ev[] = {{"end", json_pack("{s:o, s:o}", "result", result_json(&g), "clock", clock_json(&g, at))}};
        Write w = {.kind = WRITE_UPDATE};
        if (!online_commit(o, &w, &g, ev, 1, &ignored)) {
            json_decref(ignored.body);
            retry_flag(o, id, now); /* then read again: ended elsewhere meanwhile, it has no flag */
        }
    } else {
        schedule_flag(o, &g);
    }
    online_unload(&l);
}

/* One pass over the live games; returns the next moment something is due. */
static int64_t tick(Online *o, int64_t now) {
    int64_t next = o->next_expire;
    for (int b = 0; b < LIVE_BUCKETS; b++)
        for (Live **p = &o->live[b]; *p;) {
            Live *l = *p;
            if (l->flag_at && l->flag_at <= now) {
                l->flag_at = 0;
                flag_falls(o, l->id, now); /* may set flag_at again */
            }
            for (int seat = 0; seat < 2; seat++) {
                int64_t off_at = l->seen[seat] + o->config.online_ms;
                if (l->shown[seat] && off_at <= now) {
                    l->shown[seat] = false;
                    StoreGame g;
                    if (store_read(o->store, l->id, &g, NULL) == STORE_OK) {
                        bool online[2];
                        online_presence(o, &g, online);
                        publish_presence(o, &g, online);
                    }
                } else if (l->shown[seat] && off_at < next) {
                    next = off_at;
                }
            }
            if (l->flag_at && l->flag_at < next) next = l->flag_at;
            bool idle = !l->flag_at && !l->shown[0] && !l->shown[1];
            if (idle && now - l->seen[0] > TOUCH_EVERY_MS && now - l->seen[1] > TOUCH_EVERY_MS) {
                *p = l->next; /* forgotten: its store row says the same */
                free(l);
            } else {
                p = &l->next;
            }
        }
    return next;
}

static void chores(Online *o, int64_t now) {
    if (now >= o->next_expire) {
        int deleted = 0;
        if (store_expire(o->store, now - o->config.keep_ms, &deleted) == STORE_OK && deleted)
            fprintf(stderr, "halma serve: %d finished or abandoned games deleted (kept %lld days)\n", deleted,
                    (long long)(o->config.keep_ms / 86400000));
        o->next_expire = now + EXPIRE_EVERY_MS;
    }
}

static void *timer_main(void *arg) {
    Online *o = arg;
    online_lock(o);
    while (!o->stopping) {
        int64_t now = online_now_ms();
        chores(o, now);
        int64_t next = tick(o, now);
        struct timespec until = {.tv_sec = next / 1000, .tv_nsec = (next % 1000) * 1000000L};
        pthread_cond_timedwait(&o->wake, &o->lock, &until); /* CLOCK_REALTIME, as the flags */
    }
    online_unlock(o);
    return NULL;
}

/* At start: the flags of the games whose clocks ran while the server was down. */
static void reschedule(void *ctx, const StoreGame *g) { schedule_flag(ctx, g); }

/* ---- the watcher: the other servers' news (under the lock) ------------------------ */

/* Game id has events up to seq: this server's streams get those they lack,
 * and the flag is scheduled as the row now says, so that whichever server's
 * timer comes first lets it fall (once: the write is conditional on seq, and
 * the others' attempt is a conflict, dropped, whose end they then hear of). */
static bool heard_events(Online *o, const char *id, int64_t seq) {
    bool ok = catch_up(o, id, seq);
    Live *l = live_find(o, id, false);
    if (l && l->seq >= seq) return ok; /* this server's own write, or a row read since: the flag is known */
    StoreGame g;
    StoreStatus st = store_read(o->store, id, &g, NULL);
    if (st == STORE_OK) schedule_flag(o, &g);
    return ok && st != STORE_UNAVAILABLE;
}

/* A seat was online at ms on another server: online here too, and said so
 * to this server's streams if it was not (as seen_now does).  After a join
 * that says it twice (the join's event, then this), which is harmless: the
 * row cannot tell a join's last_seen_ms from store_touch's. */
static void heard_seen(Online *o, const char *id, int seat, int64_t ms) {
    Live *l = seat == 0 || seat == 1 ? live_find(o, id, true) : NULL;
    if (!l || ms <= l->seen[seat]) return; /* old news, or this server's own */
    l->seen[seat] = ms;
    if (l->shown[seat] || online_now_ms() - ms >= o->config.online_ms) return;
    l->shown[seat] = true;
    pthread_cond_signal(&o->wake); /* its going offline is now due */
    int64_t lowest;
    StoreGame g;
    if (!hub_lowest_seq(o->hub, id, &lowest) || store_read(o->store, id, &g, NULL) != STORE_OK) return;
    bool online[2];
    online_presence(o, &g, online);
    publish_presence(o, &g, online);
}

/* News may have been missed: every game with streams here is caught up from
 * the store, and every flag rescheduled from the rows (a flag whose moment
 * passed while the store was out of reach, its fall refused, falls now).
 * False if that could not be done (the notices may come back before the
 * store's other calls do): it is tried again after the next wait. */
static bool heard_resync(Online *o) {
    HubGame *games;
    long n = hub_games(o->hub, &games);
    bool ok = n >= 0;
    for (long k = 0; k < n && ok; k++) ok = replay(o, games[k].id, games[k].seq);
    free(games);
    return ok && store_each_unfinished(o->store, reschedule, o) == STORE_OK;
}

/* False if the store could not be read for it: a resync is then due. */
static bool heard(Online *o, const StoreNotice *n) {
    switch (n->kind) {
    case NOTICE_EVENTS: return heard_events(o, n->id, n->seq);
    case NOTICE_SEEN: heard_seen(o, n->id, n->seat, n->ms); return true;
    case NOTICE_RESYNC: return heard_resync(o);
    }
    return true;
}

/* Waits for the store's news without the lock, and takes each in under it.
 * While the store is out of reach it is asked again every NOTICE_WAIT_MS
 * (it reconnects meanwhile; its first news then is NOTICE_RESYNC), and the
 * streams stay open: the hub's heartbeats go on.  News that could not be
 * taken in (the store's other calls failing yet) leaves a resync due, tried
 * once after each wait until it succeeds. */
static void *watcher_main(void *arg) {
    Online *o = arg;
    online_lock(o);
    while (!o->stopping) {
        online_unlock(o);
        StoreNotice n;
        StoreStatus st = store_next_notice(o->store, &n, NOTICE_WAIT_MS);
        online_lock(o);
        if (o->stopping) break;
        if (st == STORE_OK && !heard(o, &n)) o->resync = true;
        else if (st != STORE_UNAVAILABLE && o->resync) o->resync = !heard_resync(o);
        if (st == STORE_UNAVAILABLE) { /* it may say so at once: not asked again at once */
            int64_t until_ms = online_now_ms() + NOTICE_WAIT_MS;
            struct timespec until = {.tv_sec = until_ms / 1000, .tv_nsec = (until_ms % 1000) * 1000000L};
            pthread_cond_timedwait(&o->watcher_wake, &o->lock, &until);
        }
    }
    online_unlock(o);
    return NULL;
}

Online *online_start(const OnlineConfig *config, Hub *hub, char *err, int err_size) {
    Online *o = calloc(1, sizeof *o);
    if (!o) return NULL;
    o->config = *config;
    o->hub = hub;
    pthread_mutex_init(&o->lock, NULL);
    pthread_cond_init(&o->wake, NULL);
    pthread_cond_init(&o->watcher_wake, NULL);
    pthread_mutex_init(&o->queue_lock, NULL);
    pthread_cond_init(&o->queued, NULL);
    pthread_cond_init(&o->idle, NULL);
    o->published_end = &o->published;
    o->store = store_open(config->db_path, err, err_size);
    if (!o->store) {
        online_stop(o);
        return NULL;
    }
    store_each_unfinished(o->store, reschedule, o);
    int64_t now = online_now_ms();
    o->next_expire = now;
    if (pthread_create(&o->timer, NULL, timer_main, o) != 0) {
        snprintf(err, (size_t)err_size, "cannot start the timer thread");
        online_stop(o);
        return NULL;
    }
    o->timer_started = true;
    if (!hub_start_heartbeats(hub, config->heartbeat_ms, HEARTBEAT_SLICES)) {
        snprintf(err, (size_t)err_size, "cannot start the heartbeats' thread");
        online_stop(o);
        return NULL;
    }
    if (store_shared(o->store)) {
        if (pthread_create(&o->watcher, NULL, watcher_main, o) != 0) {
            snprintf(err, (size_t)err_size, "cannot start the watcher thread");
            online_stop(o);
            return NULL;
        }
        o->watcher_started = true;
    }
    if (pthread_create(&o->committer, NULL, committer_main, o) != 0) {
        snprintf(err, (size_t)err_size, "cannot start the committer thread");
        online_stop(o);
        return NULL;
    }
    o->committer_started = true;
    return o;
}

void online_stop(Online *o) {
    if (!o) return;
    if (o->committer_started) {
        online_quiesce(o);
        pthread_mutex_lock(&o->queue_lock);
        o->committer_stopping = true;
        pthread_cond_signal(&o->queued);
        pthread_mutex_unlock(&o->queue_lock);
        pthread_join(o->committer, NULL);
    }
    if (o->batches)
        fprintf(stderr, "halma serve: %lld writes committed in %lld batches\n", (long long)o->batched,
                (long long)o->batches);
    online_lock(o);
    o->stopping = true;
    pthread_cond_signal(&o->wake);
    pthread_cond_signal(&o->watcher_wake);
    online_unlock(o);
    if (o->timer_started) pthread_join(o->timer, NULL);
    if (o->watcher_started) pthread_join(o->watcher, NULL); /* within NOTICE_WAIT_MS */
    store_close(o->store);
    live_free_all(o);
    pthread_cond_destroy(&o->wake);
    pthread_cond_destroy(&o->watcher_wake);
    pthread_mutex_destroy(&o->lock);
    pthread_cond_destroy(&o->idle);
    pthread_cond_destroy(&o->queued);
    pthread_mutex_destroy(&o->queue_lock);
    free(o);
}
