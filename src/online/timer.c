/* timer.c: flags, presence, expiry (see timer.h). */
#define _POSIX_C_SOURCE 200809L
#include "online/timer.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "online/game_clock.h"
#include "online/game_json.h"
#include "online/loaded.h"
#include "online/outcome.h"
#include "online/seats.h"

enum {
    EXPIRE_EVERY_MS = 60 * 60 * 1000,
    FLAG_RETRY_MS = 1000,  /* a flag that could not be written, tried again */
    LOBBY_RETRY_MS = 1000, /* the same for a game leaving the lobby */
};

struct Timer {
    pthread_mutex_t *lock;
    Store *store;
    LiveGames *live;
    Presence *presence;
    Writer *writer;
    Lobby *lobby;
    TimerConfig config;
    int64_t started_ms;       /* presence is not stored: a creator counts as seen when the server started */
    int64_t lobby_retry_at;   /* a game that could not leave the lobby: none tried again before this */
    int64_t next_expire;
    bool stopping; /* under the lock */
    pthread_t thread;
};

/* A flag that could not be written (the store out of reach or locked) is
 * tried again soon: nothing else would bring it back. */
static void retry_flag(Timer *t, const char *id, int64_t now) {
    Live *l = live_find(t->live, id, true);
    if (l && !l->flag_at) l->flag_at = now + FLAG_RETRY_MS;
}

/* The running clock of game id has reached zero: its seat leaves on time at
 * that moment (the game ends, or of three or four goes on without it). */
static void flag_falls(Timer *t, const char *id, int64_t now) {
    OnlineAnswer ignored = {0};
    Loaded l;
    if (!loaded_read(t->store, id, &l, &ignored)) {
        if (ignored.status != 404) retry_flag(t, id, now);
        json_decref(ignored.body);
        return;
    }
    StoreGame g = l.g;
    int64_t at = clock_flag_at(&g);
    if (at && at <= now) {
        int loser = game_to_move(&g);
        g.clock_ms[loser] = 0;
        bool online[STORE_SEATS];
        presence_online(t->presence, &g, online);
        OnlineEvent ev[2];
        int n = 0;
        seat_leaves(&g, loser, "time", at, online, ev, &n);
        Write w = {.kind = WRITE_UPDATE};
        if (!writer_commit(t->writer, &w, &g, ev, n, &ignored)) {
            json_decref(ignored.body);
            retry_flag(t, id, now); /* then read again: ended elsewhere meanwhile, it has no flag */
        }
    } else {
        live_schedule_flag(t->live, &g);
    }
    loaded_free(&l);
}

/* One pass over the live games: what is due, and the next moment something is. */
typedef struct {
    Timer *t;
    int64_t now, next;
} Tick;

static bool tick_game(void *ctx, Live *l) {
    Tick *k = ctx;
    if (l->flag_at && l->flag_at <= k->now) {
        l->flag_at = 0;
        flag_falls(k->t, l->id, k->now); /* may set flag_at again */
    }
    k->next = presence_lapse(k->t->presence, l, k->now, k->next);
    if (l->flag_at && l->flag_at < k->next) k->next = l->flag_at;
    return l->flag_at || !presence_forgettable(l, k->now); /* else forgotten: its store row says the same */
}

/* ---- the lobby -------------------------------------------------------------------- */

/* Why and when an open game leaves the lobby: its creator away (offline for
 * lobby_away_ms), or too old. */
typedef struct {
    Timer *t;
    int64_t now, next;
    char (*due)[STORE_ID_SIZE];
    const char **why;
    size_t n, cap;
} LobbyTick;

static void lobby_game_due(void *ctx, const StoreGame *g) {
    LobbyTick *k = ctx;
    Timer *t = k->t;
    int64_t seen = g->creator >= 0 && g->creator < STORE_SEATS ? presence_last_seen(t->presence, g, g->creator) : 0;
    if (seen < t->started_ms) seen = t->started_ms;
    int64_t away_at = seen + t->config.online_ms + t->config.lobby_away_ms;
    int64_t old_at = g->created_ms + t->config.lobby_ms;
    int64_t at = away_at < old_at ? away_at : old_at;
    if (at > k->now) {
        if (at < k->next) k->next = at;
        return;
    }
    if (k->n == k->cap) {
        size_t cap = k->cap ? k->cap * 2 : 16;
        char(*due)[STORE_ID_SIZE] = realloc(k->due, cap * sizeof *due);
        const char **why = due ? realloc(k->why, cap * sizeof *why) : NULL;
        if (due) k->due = due;
        if (!why) return; /* seen again at the next tick */
        k->why = why;
        k->cap = cap;
    }
    snprintf(k->due[k->n], STORE_ID_SIZE, "%s", g->id);
    k->why[k->n++] = at == old_at ? "expired" : "away";
}

/* Game id leaves the lobby, if it is still open: a write of its own, with a
 * `lobby` event, so that its players' pages hear of it.  False if it could
 * not be written (the store out of reach): tried again later. */
static bool leave_lobby(Timer *t, const char *id, const char *why) {
    OnlineAnswer ignored = {0};
    Loaded l;
    if (!loaded_read(t->store, id, &l, &ignored)) {
        bool gone = ignored.status == 404;
        json_decref(ignored.body);
        return gone;
    }
    bool ok = true;
    if (l.g.open && l.g.status == GAME_WAITING) {
        StoreGame g = l.g;
        g.open = false;
        g.open_by[0] = '\0';
        OnlineEvent ev[] = {{"lobby", json_pack("{s:b, s:s}", "open", false, "reason", why)}};
        Write w = {.kind = WRITE_UPDATE};
        ok = writer_commit(t->writer, &w, &g, ev, 1, &ignored) || writer_stale(t->writer); /* changed elsewhere: seen anew */
        json_decref(ignored.body);
    }
    loaded_free(&l);
    return ok;
}

/* The open games due to leave the lobby leave it; the next moment one is due, if before next. */
static int64_t tend_lobby(Timer *t, int64_t now, int64_t next) {
    if (now < t->lobby_retry_at) return t->lobby_retry_at < next ? t->lobby_retry_at : next;
    LobbyTick k = {.t = t, .now = now, .next = next};
    lobby_each(t->lobby, lobby_game_due, &k);
    for (size_t i = 0; i < k.n; i++)
        if (!leave_lobby(t, k.due[i], k.why[i])) t->lobby_retry_at = now + LOBBY_RETRY_MS;
    if (t->lobby_retry_at > now && t->lobby_retry_at < k.next) k.next = t->lobby_retry_at;
    free(k.due);
    free(k.why);
    return k.next;
}

static void expire(Timer *t, int64_t now) {
    if (now < t->next_expire) return;
    int deleted = 0;
    if (store_expire(t->store, now - t->config.keep_ms, &deleted) == STORE_OK && deleted)
        fprintf(stderr, "halma serve: %d finished or abandoned games deleted (kept %lld days)\n", deleted,
                (long long)(t->config.keep_ms / 86400000));
    t->next_expire = now + EXPIRE_EVERY_MS;
}

static void *timer_main(void *arg) {
    Timer *t = arg;
    pthread_mutex_lock(t->lock);
    while (!t->stopping) {
        int64_t now = clock_now_ms();
        expire(t, now);
        Tick k = {t, now, t->next_expire};
        live_sweep(t->live, tick_game, &k);
        k.next = tend_lobby(t, now, k.next);
        live_wait(t->live, t->lock, k.next);
    }
    pthread_mutex_unlock(t->lock);
    return NULL;
}

Timer *timer_start(pthread_mutex_t *lock, Store *store, LiveGames *live, Presence *presence, Writer *writer, Lobby *lobby,
                   const TimerConfig *config) {
    Timer *t = malloc(sizeof *t);
    if (!t) return NULL;
    *t = (Timer){.lock = lock, .store = store, .live = live, .presence = presence, .writer = writer, .lobby = lobby,
                 .config = *config, .started_ms = clock_now_ms(), .next_expire = clock_now_ms()};
    /* The flags that fell while the server was down fall now, before it
     * answers anything: else a game over on time would read as going on
     * until the thread's first pass. */
    pthread_mutex_lock(lock);
    Tick k = {t, clock_now_ms(), INT64_MAX};
    live_sweep(live, tick_game, &k);
    pthread_mutex_unlock(lock);
    if (pthread_create(&t->thread, NULL, timer_main, t) == 0) return t;
    free(t);
    return NULL;
}

void timer_stop(Timer *t) {
    if (!t) return;
    pthread_mutex_lock(t->lock);
    t->stopping = true;
    live_due_sooner(t->live);
    pthread_mutex_unlock(t->lock);
    pthread_join(t->thread, NULL);
    free(t);
}
