/*
 * watcher.h: the thread that hears the other servers on a shared store
 * (store_shared): the store already refuses a stale write, so what this
 * server must learn is the others' news.  It gives this server's streams
 * the events written elsewhere (read from the store, after the last each
 * stream has), schedules the flags they change, and takes in the presence
 * and the watchers seen elsewhere, keeps the lobby as the others change it,
 * and takes over a computer's move that another server does not play in time (docs/ONLINE.md, Several servers).
 */
#ifndef HALMA_WATCHER_H
#define HALMA_WATCHER_H

#include <pthread.h>

#include "online/computer.h"
#include "online/events.h"
#include "online/live.h"
#include "online/lobby.h"
#include "online/presence.h"
#include "online/publisher.h"
#include "online/store.h"
#include "online/watchers.h"

typedef struct Watcher Watcher;

/* Starts the thread, which waits for news without lock (the service's) and
 * takes each in under it.  NULL if it cannot. */
Watcher *watcher_start(pthread_mutex_t *lock, Store *store, Hub *hub, LiveGames *live, Publisher *publisher,
                       Presence *presence, Watchers *watchers, Lobby *lobby, Computer *computer);
/* Stops it, within NOTICE_WAIT_MS. */
void watcher_stop(Watcher *w);

#endif
