/* timer.c: flags, presence, expiry (see timer.h). */
#define _POSIX_C_SOURCE 200809L
#include "online/timer.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "online/game_clock.h"
#include "online/game_json.h"
#include "online/loaded.h"

enum {
    EXPIRE_EVERY_MS = 60 * 60 * 1000,
    FLAG_RETRY_MS = 1000, /* a flag that could not be written, tried again */
};

struct Timer {
    pthread_mutex_t *lock;
    Store *store;
    LiveGames *live;
    Presence *presence;
    Writer *writer;
    int64_t keep_ms;
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

/* The running clock of game id has reached zero: the game ends at that moment. */
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
        g.turn_started_ms = 0;
        g.status = GAME_FINISHED;
        g.winner = 1 - loser;
        snprintf(g.reason, sizeof g.reason, "time");
        g.finished_ms = at;
        g.draw_offer = -1;
        OnlineEvent ev[] = {{"end", json_pack("{s:o, s:o}", "result", result_json(&g), "clock", clock_json(&g, at))}};
        Write w = {.kind = WRITE_UPDATE};
        if (!writer_commit(t->writer, &w, &g, ev, 1, &ignored)) {
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

static void expire(Timer *t, int64_t now) {
    if (now < t->next_expire) return;
    int deleted = 0;
    if (store_expire(t->store, now - t->keep_ms, &deleted) == STORE_OK && deleted)
        fprintf(stderr, "halma serve: %d finished or abandoned games deleted (kept %lld days)\n", deleted,
                (long long)(t->keep_ms / 86400000));
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
        live_wait(t->live, t->lock, k.next);
    }
    pthread_mutex_unlock(t->lock);
    return NULL;
}

Timer *timer_start(pthread_mutex_t *lock, Store *store, LiveGames *live, Presence *presence, Writer *writer,
                   int64_t keep_ms) {
    Timer *t = malloc(sizeof *t);
    if (!t) return NULL;
    *t = (Timer){.lock = lock, .store = store, .live = live, .presence = presence, .writer = writer,
                 .keep_ms = keep_ms, .next_expire = clock_now_ms()};
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
