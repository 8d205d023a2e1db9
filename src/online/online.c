/*
 * online.c: the service of online games (see online.h): its parts, started
 * in order and stopped in the reverse.
 *
 * A request goes one way: the committer (committer.c) does it under the
 * service's lock, its action (actions.c) checks it against the game as
 * loaded (loaded.c) and who is online (presence.c), the writer (writer.c)
 * commits its change, the publisher (publisher.c) sends its events to the
 * streams (events.c) once durable.  The timer (timer.c) lets flags fall and
 * seats go offline; on a store shared by several servers the watcher
 * (watcher.c) hears the others' writes and presence.
 *
 * The lock orders every write, the timer's and the watcher's too, and
 * guards the memory of live games (live.c).  Locks are taken in one order:
 * this lock, the store's, the hub's, a stream's; the watcher holds none
 * while it waits for news.
 */
#define _POSIX_C_SOURCE 200809L
#include "online/online.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "online/actions.h"
#include "online/live.h"
#include "online/presence.h"
#include "online/publisher.h"
#include "online/timer.h"
#include "online/watcher.h"
#include "online/writer.h"

enum { HEARTBEAT_SLICES = 16 }; /* each heartbeat period, the streams get their comment in this many turns */

struct Online {
    Store *store;
    pthread_mutex_t lock; /* the writes, and the memory of live games */
    LiveGames *live;
    Publisher *publisher;
    Presence *presence;
    Writer *writer;
    Actions acts;
    Timer *timer;
    Watcher *watcher;
    Committer *committer;
};

void online_submit(Online *o, OnlineCall *call) { committer_submit(o->committer, call); }

void online_do(Online *o, OnlineAction action, const char *id, const char *token, const json_t *body,
               OnlineAnswer *answer) {
    committer_do(o->committer, action, id, token, body, answer);
}

void online_quiesce(Online *o) {
    if (o) committer_quiesce(o->committer);
}

Store *online_store(Online *o) { return o->store; }

/* The parts that start no thread; false if out of memory. */
static bool assemble(Online *o, const OnlineConfig *config, Hub *hub) {
    o->live = live_new();
    o->publisher = o->live ? publisher_new(hub, o->store) : NULL;
    o->presence = o->publisher ? presence_new(o->live, o->store, hub, o->publisher, config->online_ms) : NULL;
    o->writer = o->presence ? writer_new(o->store, o->publisher, o->live) : NULL;
    o->acts = (Actions){.store = o->store, .writer = o->writer, .presence = o->presence, .hub = hub,
                        .abandon_ms = config->abandon_ms};
    return o->writer != NULL;
}

/* The threads; NULL, or what could not be started. */
static const char *start_threads(Online *o, const OnlineConfig *config, Hub *hub) {
    o->timer = timer_start(&o->lock, o->store, o->live, o->presence, o->writer, config->keep_ms);
    if (!o->timer) return "cannot start the timer thread";
    if (!hub_start_heartbeats(hub, config->heartbeat_ms, HEARTBEAT_SLICES)) return "cannot start the heartbeats' thread";
    if (store_shared(o->store)) {
        o->watcher = watcher_start(&o->lock, o->store, hub, o->live, o->publisher, o->presence);
        if (!o->watcher) return "cannot start the watcher thread";
    }
    o->committer = committer_start(&o->lock, o->writer, &o->acts, config->batch_max);
    return o->committer ? NULL : "cannot start the committer thread";
}

Online *online_start(const OnlineConfig *config, Hub *hub, char *err, int err_size) {
    Online *o = calloc(1, sizeof *o);
    if (!o) return NULL;
    pthread_mutex_init(&o->lock, NULL);
    o->store = store_open(config->db_path, err, err_size);
    if (!o->store) {
        online_stop(o);
        return NULL;
    }
    const char *failed = assemble(o, config, hub) ? NULL : "out of memory";
    if (!failed) {
        live_schedule_unfinished(o->live, o->store); /* the clocks that ran while the server was down */
        failed = start_threads(o, config, hub);
    }
    if (failed) {
        snprintf(err, (size_t)err_size, "%s", failed);
        online_stop(o);
        return NULL;
    }
    return o;
}

void online_stop(Online *o) {
    if (!o) return;
    committer_stop(o->committer);
    timer_stop(o->timer);
    watcher_stop(o->watcher); /* within its wait for news */
    store_close(o->store);
    writer_free(o->writer);
    presence_free(o->presence);
    publisher_free(o->publisher);
    live_free(o->live);
    pthread_mutex_destroy(&o->lock);
    free(o);
}
