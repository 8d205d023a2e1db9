/*
 * live.h: what the server keeps in memory of the games it serves, only what
 * the store need not: each seat's presence (presence.c) and the moment the
 * running clock falls (the timer's, timer.c).  Under the service's lock.
 */
#ifndef HALMA_LIVE_H
#define HALMA_LIVE_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "online/committed.h"
#include "online/store.h"

typedef struct Live {
    struct Live *next;
    char id[STORE_ID_SIZE];
    int64_t seen[STORE_SEATS];      /* the last authenticated request of each seat */
    int64_t touched[STORE_SEATS];   /* when seen was last written to the store */
    int64_t announced[STORE_SEATS]; /* when seen was last told to the other servers */
    bool shown[STORE_SEATS];        /* the online state last published */
    int64_t flag_at;      /* when the running clock falls; 0: none */
    int64_t seq;          /* the game's events in the newest row flag_at was set from */
} Live;

typedef struct LiveGames LiveGames;

LiveGames *live_new(void);
void live_free(LiveGames *games);

/* Game id's record; with create, a new one if it has none (NULL if out of memory). */
Live *live_find(LiveGames *games, const char *id, bool create);

/* Calls keep(ctx, l) on every record in turn; one it answers false is forgotten. */
void live_sweep(LiveGames *games, bool (*keep)(void *ctx, Live *l), void *ctx);

/* Something falls due sooner than the timer thought (a flag, a seat's going
 * offline): the timer, waiting in live_wait, looks again. */
void live_due_sooner(LiveGames *games);

/* Waits, with lock (held), until until_ms on the wall clock or live_due_sooner. */
void live_wait(LiveGames *games, pthread_mutex_t *lock, int64_t until_ms);

/* The flag of game g as its row says: scheduled, moved or none. */
void live_schedule_flag(LiveGames *games, const StoreGame *g);

/* The writer's subscriber (committed.h), ctx the live games: each game
 * written, its flag as its row now says. */
CommittedFn live_committed;

/* The same for every game not finished, from the store's rows. */
StoreStatus live_schedule_unfinished(LiveGames *games, Store *store);

#endif
