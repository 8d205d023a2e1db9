/*
 * lobby.h: the lobby (docs/ONLINE-API.md, "The lobby"): the open games
 * still waiting, kept in memory as each write commits (this server's, and
 * the others' as their notices come), so that GET /api/v1/lobby is a copy
 * of a page already made and never waits for the committer or the store;
 * and its stream, whose `open` and `closed` events go to every lobby stream
 * (a hub of their own) as games come and go, sent by a thread of its own.  A game leaves when it is no
 * longer open (its last human seat taken, its creator away, too old,
 * aborted): the timer finds those due (lobby_each) and writes them so.
 * Under the service's lock but for lobby_page, which any thread may call.
 */
#ifndef HALMA_LOBBY_H
#define HALMA_LOBBY_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "online/committed.h"
#include "online/events.h"
#include "online/store.h"

enum { LOBBY_PAGE_GAMES = 200 }; /* the newest, at most, in GET /lobby */

typedef struct Lobby Lobby;

/* The game as the lobby shows it (its row, no move played yet), from
 * whoever knows who is online and who watches. */
typedef json_t *LobbyRenderFn(void *ctx, const StoreGame *g);

/* A lobby whose events go to hub's streams, each game shown by render. */
Lobby *lobby_new(Hub *hub, LobbyRenderFn *render, void *ctx);
void lobby_free(Lobby *l);

/* A write of game g committed (here, told by the writer once durable,
 * writer.h; or on another server): g enters the
 * lobby, is shown anew, or leaves it, as its row says. */
void lobby_changed(Lobby *l, const StoreGame *g);

/* The writer's subscriber (committed.h), ctx the lobby: lobby_changed for
 * each game written. */
CommittedFn lobby_committed;

/* The open games as the store has them now (at start, and when news may
 * have been missed): those gone leave, the others enter or are shown anew.
 * False if the store could not be read. */
bool lobby_reload(Lobby *l, Store *store);

/* Calls each(ctx, g) on the row of every game in the lobby. */
void lobby_each(Lobby *l, void (*each)(void *ctx, const StoreGame *g), void *ctx);

/* {"games": [...]}, the newest LOBBY_PAGE_GAMES first: from malloc, for
 * the caller to free, with its length; NULL if out of memory.  Any thread. */
char *lobby_page(Lobby *l, size_t *len);

/* Waits until every event so far has gone to the streams (for the tests). */
void lobby_flush(Lobby *l);

/* How many games are in the lobby. */
size_t lobby_size(Lobby *l);

#endif
