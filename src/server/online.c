/*
 * online.c: the service of online games (see online.h): its lock, what it
 * remembers of each game in memory (presence, the moment its flag falls),
 * the timer thread, and the write path: commit, then publish.
 *
 * One lock orders every write and every stream's opening, so that a stream
 * caught up from the store misses no event published after it.  Reads of a
 * game (GET) go straight to the store.
 */
#define _POSIX_C_SOURCE 200809L
#include "server/online.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/notation.h"
#include "core/refusal.h"
#include "server/game_clock.h"
#include "server/game_json.h"
#include "server/online_internal.h"
#include "server/tokens.h"

enum {
    LIVE_BUCKETS = 4096,
    TOUCH_EVERY_MS = 10 * 60 * 1000, /* presence is written to the store at most this often a seat */
    EXPIRE_EVERY_MS = 60 * 60 * 1000,
};

/* What the server keeps in memory of a game: only what the store need not. */
typedef struct Live {
    struct Live *next;
    char id[STORE_ID_SIZE];
    int64_t seen[2];     /* the last authenticated request of each seat */
    int64_t touched[2];  /* when seen was last written to the store */
    bool shown[2];       /* the online state last published */
    int64_t flag_at;     /* when the running clock falls; 0: none */
} Live;

struct Online {
    OnlineConfig config;
    Store *store;
    Hub *hub;
    pthread_mutex_t lock; /* the writes, and everything below */
    pthread_cond_t wake;
    pthread_t timer;
    bool timer_started, stopping;
    int64_t next_heartbeat, next_expire;
    Live *live[LIVE_BUCKETS];
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

/* Presence is not stored as events: a live "seats" event has no id. */
static void publish_presence(Online *o, const StoreGame *g, const bool online[2]) {
    json_t *seats = seats_json(g, online);
    char *data = json_dumps(seats, JSON_COMPACT);
    char *text = data ? event_text(-1, "seats", data) : NULL;
    if (text) hub_publish(o->hub, g->id, text);
    free(text);
    free(data);
    json_decref(seats);
}

/* A seat proved itself at `now`: online, and said so (if `publish`) if it was not. */
static void seen_now(Online *o, const StoreGame *g, int seat, int64_t now, bool publish) {
    Live *l = live_find(o, g->id, true);
    if (!l) return;
    l->seen[seat] = now;
    if (now - l->touched[seat] >= TOUCH_EVERY_MS && store_touch(o->store, g->id, seat, now) == STORE_OK)
        l->touched[seat] = now;
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
    if (!l || l->flag_at == at) return;
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
    for (int k = 0; k < n; k++) {
        if (st == STORE_OK) {
            char *text = event_text(first + k, events[k].kind, data[k]);
            if (text) hub_publish(o->hub, g->id, text);
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

static void push_stored(void *ctx, int64_t seq, const char *kind, const char *data) {
    char *text = event_text(seq, kind, data);
    if (text) stream_push(ctx, text);
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

bool online_stream(Online *o, const char *id, int64_t last_event_id, Stream *s, OnlineAnswer *answer) {
    online_lock(o);
    Loaded l;
    bool ok = online_load(o, id, &l, answer);
    if (ok) {
        stream_push(s, "retry: 2000\n\n"); /* how soon a browser reconnects */
        /* An id from the future (another store): the whole game instead. */
        if (last_event_id < 0 || last_event_id > l.g.seq)
            ok = push_game(o, &l, s);
        else
            ok = store_events_after(o->store, id, last_event_id, push_stored, s) == STORE_OK;
        if (ok) stream_attach(o->hub, s);
        else online_error(answer, 503, "unavailable", "the game's events cannot be read now; try again");
        online_unload(&l);
    }
    online_unlock(o);
    return ok;
}

/* ---- the timer: flags, presence, heartbeats, expiry -------------------------- */

/* The running clock of game id has reached zero: the game ends at that moment. */
static void flag_falls(Online *o, const char *id, int64_t now) {
    OnlineAnswer ignored = {0};
    Loaded l;
    if (!online_load(o, id, &l, &ignored)) {
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
        if (!online_commit(o, &w, &g, ev, 1, &ignored)) json_decref(ignored.body); /* tried again next time */
    } else {
        schedule_flag(o, &g);
    }
    online_unload(&l);
}

/* One pass over the live games; returns the next moment something is due. */
static int64_t tick(Online *o, int64_t now) {
    int64_t next = o->next_heartbeat < o->next_expire ? o->next_heartbeat : o->next_expire;
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
    if (now >= o->next_heartbeat) {
        hub_heartbeat(o->hub);
        o->next_heartbeat = now + o->config.heartbeat_ms;
    }
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

Online *online_start(const OnlineConfig *config, Hub *hub, char *err, int err_size) {
    Online *o = calloc(1, sizeof *o);
    if (!o) return NULL;
    o->config = *config;
    o->hub = hub;
    pthread_mutex_init(&o->lock, NULL);
    pthread_cond_init(&o->wake, NULL);
    o->store = store_open(config->db_path, err, err_size);
    if (!o->store) {
        online_stop(o);
        return NULL;
    }
    store_each_unfinished(o->store, reschedule, o);
    int64_t now = online_now_ms();
    o->next_heartbeat = now + config->heartbeat_ms;
    o->next_expire = now;
    if (pthread_create(&o->timer, NULL, timer_main, o) != 0) {
        snprintf(err, (size_t)err_size, "cannot start the timer thread");
        online_stop(o);
        return NULL;
    }
    o->timer_started = true;
    return o;
}

void online_stop(Online *o) {
    if (!o) return;
    if (o->timer_started) {
        online_lock(o);
        o->stopping = true;
        pthread_cond_signal(&o->wake);
        online_unlock(o);
        pthread_join(o->timer, NULL);
    }
    store_close(o->store);
    live_free_all(o);
    pthread_cond_destroy(&o->wake);
    pthread_mutex_destroy(&o->lock);
    free(o);
}
