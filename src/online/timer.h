/*
 * timer.h: the timer thread of online play: a flag falls when a running
 * clock reaches zero, a seat goes offline when its time online runs out,
 * and finished or abandoned games are deleted every hour.  It sleeps until
 * the next of them is due, or something falls due sooner (live.h).
 */
#ifndef HALMA_TIMER_H
#define HALMA_TIMER_H

#include <pthread.h>
#include <stdint.h>

#include "online/live.h"
#include "online/presence.h"
#include "online/store.h"
#include "online/writer.h"

typedef struct Timer Timer;

/* Starts the thread, which holds lock (the service's) whenever it is
 * awake; games finished keep_ms ago are deleted.  NULL if it cannot. */
Timer *timer_start(pthread_mutex_t *lock, Store *store, LiveGames *live, Presence *presence, Writer *writer,
                   int64_t keep_ms);
void timer_stop(Timer *t);

#endif
