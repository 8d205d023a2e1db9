/* live.c: the memory of live games (see live.h), a hash table by game id. */
#define _POSIX_C_SOURCE 200809L
#include "online/live.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "online/game_clock.h"

enum { LIVE_BUCKETS = 4096 };

struct LiveGames {
    Live *bucket[LIVE_BUCKETS];
    pthread_cond_t due; /* live_due_sooner's */
};

LiveGames *live_new(void) {
    LiveGames *games = calloc(1, sizeof *games);
    if (games) pthread_cond_init(&games->due, NULL);
    return games;
}

void live_free(LiveGames *games) {
    if (!games) return;
    for (int b = 0; b < LIVE_BUCKETS; b++)
        while (games->bucket[b]) {
            Live *l = games->bucket[b];
            games->bucket[b] = l->next;
            free(l);
        }
    pthread_cond_destroy(&games->due);
    free(games);
}

static unsigned bucket_of(const char *id) {
    uint32_t h = 2166136261u;
    for (const unsigned char *p = (const unsigned char *)id; *p; p++) h = (h ^ *p) * 16777619u;
    return h % LIVE_BUCKETS;
}

Live *live_find(LiveGames *games, const char *id, bool create) {
    unsigned b = bucket_of(id);
    for (Live *l = games->bucket[b]; l; l = l->next)
        if (!strcmp(l->id, id)) return l;
    if (!create) return NULL;
    Live *l = calloc(1, sizeof *l);
    if (!l) return NULL;
    snprintf(l->id, sizeof l->id, "%s", id);
    l->next = games->bucket[b];
    games->bucket[b] = l;
    return l;
}

void live_sweep(LiveGames *games, bool (*keep)(void *ctx, Live *l), void *ctx) {
    for (int b = 0; b < LIVE_BUCKETS; b++)
        for (Live **p = &games->bucket[b]; *p;) {
            Live *l = *p;
            if (keep(ctx, l)) {
                p = &l->next;
            } else {
                *p = l->next;
                free(l);
            }
        }
}

void live_due_sooner(LiveGames *games) { pthread_cond_signal(&games->due); }

void live_wait(LiveGames *games, pthread_mutex_t *lock, int64_t until_ms) {
    struct timespec until = {.tv_sec = until_ms / 1000, .tv_nsec = (until_ms % 1000) * 1000000L};
    pthread_cond_timedwait(&games->due, lock, &until); /* CLOCK_REALTIME, as the flags */
}

void live_schedule_flag(LiveGames *games, const StoreGame *g) {
    int64_t at = clock_flag_at(g);
    Live *l = live_find(games, g->id, at != 0);
    if (!l) return;
    if (g->seq > l->seq) l->seq = g->seq;
    if (l->flag_at == at) return;
    l->flag_at = at;
    live_due_sooner(games);
}

void live_committed(void *ctx, const Committed *list, int n) {
    for (int k = 0; k < n; k++) live_schedule_flag(ctx, &list[k].g);
}

static void reschedule(void *ctx, const StoreGame *g) { live_schedule_flag(ctx, g); }

StoreStatus live_schedule_unfinished(LiveGames *games, Store *store) {
    return store_each_unfinished(store, reschedule, games);
}
