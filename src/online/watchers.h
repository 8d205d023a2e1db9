/*
 * watchers.h: how many watch each game: its open event streams, the seats'
 * own pages included (docs/ONLINE-API.md, "watchers"), on this server and
 * on the others sharing the store.  The hub tells it as streams open and
 * go; its own thread sends each game's changes to the game's streams as a
 * `watchers` event at most once a second (a crowd arriving makes one event
 * a second, not one each), and tells the other servers this server's
 * counts, again every few seconds while they last, so that a count heard
 * from a server that died lapses.  Nothing of it is stored.
 */
#ifndef HALMA_WATCHERS_H
#define HALMA_WATCHERS_H

#include <stdbool.h>
#include <stdint.h>

#include "online/events.h"
#include "online/store.h"

typedef struct Watchers Watchers;

/* Starts the thread; events go to hub's streams, counts to the other
 * servers through store (if it is shared).  NULL if it cannot. */
Watchers *watchers_start(Hub *hub, Store *store);
void watchers_stop(Watchers *w);

/* The hub's hook (hub_on_count): a stream of game id opened (+1) or went (-1). */
void watchers_counted(void *w, const char *id, int delta);

/* Another server (its number) has count streams of game id open, at now. */
void watchers_heard(Watchers *w, uint64_t server, const char *id, int count, int64_t now);

/* The game's watchers now, on every server. */
int watchers_count(Watchers *w, const char *id);

/* The number this server goes by in its notices. */
uint64_t watchers_server(const Watchers *w);

#endif
