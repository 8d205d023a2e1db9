/* watcher.c: the other servers' news (see watcher.h). */
#define _POSIX_C_SOURCE 200809L
#include "online/watcher.h"

#include <stdbool.h>
#include <stdlib.h>
#include <time.h>

#include "online/game_clock.h"

enum { NOTICE_WAIT_MS = 250 }; /* the wait for news, so that it sees the server stop */

struct Watcher {
    pthread_mutex_t *lock;
    Store *store;
    Hub *hub;
    LiveGames *live;
    Publisher *publisher;
    Presence *presence;
    Watchers *watchers;
    Lobby *lobby;
    Computer *computer;
    pthread_cond_t wake; /* its pause while the store is out of reach */
    bool stopping;       /* under the lock */
    bool resync;         /* news missed, or read too soon: everything is caught up again after the next wait */
    pthread_t thread;
};

/* Game id has events up to seq: this server's streams get those they lack,
 * and the flag is scheduled as the row now says, so that whichever server's
 * timer comes first lets it fall (once: the write is conditional on seq, and
 * the others' attempt is a conflict, dropped, whose end they then hear of). */
static bool heard_events(Watcher *w, const char *id, int64_t seq) {
    bool ok = publisher_catch_up(w->publisher, id, seq);
    Live *l = live_find(w->live, id, false);
    if (l && l->seq >= seq) return ok; /* this server's own write, or a row read since: the flag is known */
    StoreGame g;
    StoreStatus st = store_read(w->store, id, &g, NULL);
    if (st == STORE_OK) {
        live_schedule_flag(w->live, &g);
        lobby_changed(w->lobby, &g);
        if (g.open) live_due_sooner(w->live); /* its leaving the lobby is due */
        /* The server that wrote it plays the computer's move; this one if that one has not, in time. */
        computer_due_later(w->computer, &g, computer_takeover_ms(&g));
    }
    return ok && st != STORE_UNAVAILABLE;
}

/* News may have been missed: every game with streams here is caught up from
 * the store, every flag rescheduled from the rows (a flag whose moment
 * passed while the store was out of reach, its fall refused, falls now),
 * the lobby read again, and the computer's moves due taken over if they do
 * not come.
 * False if that could not be done (the notices may come back before the
 * store's other calls do): it is tried again after the next wait. */
static bool heard_resync(Watcher *w) {
    HubGame *games;
    long n = hub_games(w->hub, &games);
    bool ok = n >= 0;
    for (long k = 0; k < n && ok; k++) ok = publisher_replay(w->publisher, games[k].id, games[k].seq);
    free(games);
    return ok && live_schedule_unfinished(w->live, w->store) == STORE_OK && lobby_reload(w->lobby, w->store) &&
           computer_scan(w->computer, w->store, true) == STORE_OK;
}

/* False if the store could not be read for it: a resync is then due. */
static bool heard(Watcher *w, const StoreNotice *n) {
    switch (n->kind) {
    case NOTICE_EVENTS: return heard_events(w, n->id, n->seq);
    case NOTICE_SEEN: presence_heard(w->presence, n->id, n->seat, n->ms); return true;
    case NOTICE_RESYNC: return heard_resync(w);
    case NOTICE_WATCHERS: watchers_heard(w->watchers, n->server, n->id, n->count, clock_now_ms()); return true;
    }
    return true;
}

/* While the store is out of reach it is asked again every NOTICE_WAIT_MS
 * (it reconnects meanwhile; its first news then is NOTICE_RESYNC), and the
 * streams stay open: the hub's heartbeats go on.  News that could not be
 * taken in (the store's other calls failing yet) leaves a resync due, tried
 * once after each wait until it succeeds. */
static void *watcher_main(void *arg) {
    Watcher *w = arg;
    pthread_mutex_lock(w->lock);
    while (!w->stopping) {
        pthread_mutex_unlock(w->lock);
        StoreNotice n;
        StoreStatus st = store_next_notice(w->store, &n, NOTICE_WAIT_MS);
        pthread_mutex_lock(w->lock);
        if (w->stopping) break;
        if (st == STORE_OK && !heard(w, &n)) w->resync = true;
        else if (st != STORE_UNAVAILABLE && w->resync) w->resync = !heard_resync(w);
        if (st == STORE_UNAVAILABLE) { /* it may say so at once: not asked again at once */
            int64_t until_ms = clock_now_ms() + NOTICE_WAIT_MS;
            struct timespec until = {.tv_sec = until_ms / 1000, .tv_nsec = (until_ms % 1000) * 1000000L};
            pthread_cond_timedwait(&w->wake, w->lock, &until);
        }
    }
    pthread_mutex_unlock(w->lock);
    return NULL;
}

Watcher *watcher_start(pthread_mutex_t *lock, Store *store, Hub *hub, LiveGames *live, Publisher *publisher,
                       Presence *presence, Watchers *watchers, Lobby *lobby, Computer *computer) {
    Watcher *w = malloc(sizeof *w);
    if (!w) return NULL;
    *w = (Watcher){.lock = lock, .store = store, .hub = hub, .live = live, .publisher = publisher, .presence = presence,
                   .watchers = watchers, .lobby = lobby, .computer = computer};
    pthread_cond_init(&w->wake, NULL);
    if (pthread_create(&w->thread, NULL, watcher_main, w) == 0) return w;
    pthread_cond_destroy(&w->wake);
    free(w);
    return NULL;
}

void watcher_stop(Watcher *w) {
    if (!w) return;
    pthread_mutex_lock(w->lock);
    w->stopping = true;
    pthread_cond_signal(&w->wake);
    pthread_mutex_unlock(w->lock);
    pthread_join(w->thread, NULL);
    pthread_cond_destroy(&w->wake);
    free(w);
}
