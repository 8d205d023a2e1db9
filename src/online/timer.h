/*
 * timer.h: the timer thread of online play: a flag falls when a running
 * clock reaches zero, a seat goes offline when its time online runs out, an
 * open game leaves the lobby when its creator has been away too long or it
 * has waited too long, and finished or abandoned games are deleted every
 * hour.  It sleeps until the next of them is due, or something falls due
 * sooner (live.h).
 */
#ifndef HALMA_TIMER_H
#define HALMA_TIMER_H

#include <pthread.h>
#include <stdint.h>

#include "online/live.h"
#include "online/lobby.h"
#include "online/presence.h"
#include "online/store.h"
#include "online/writer.h"

typedef struct Timer Timer;

typedef struct {
    int64_t keep_ms;       /* games finished this long ago are deleted */
    int64_t online_ms;     /* a seat is online this long after its last request */
    int64_t lobby_away_ms; /* an open game leaves the lobby once its creator is offline this long */
    int64_t lobby_ms;      /* or this long after its creation */
} TimerConfig;

/* Settles the flags already due (the clocks that ran out while the server
 * was down: live_schedule_unfinished first), then starts the thread, which
 * holds lock (the service's) whenever it is awake.  NULL if it cannot. */
Timer *timer_start(pthread_mutex_t *lock, Store *store, LiveGames *live, Presence *presence, Writer *writer, Lobby *lobby,
                   const TimerConfig *config);
void timer_stop(Timer *t);

#endif
