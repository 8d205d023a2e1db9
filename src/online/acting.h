/*
 * acting.h: what every request of online play acts on (the store, the
 * writer, who is online, who watches), and what each does the same way:
 * the seat its token proves, a refusal, the game as it now is in the
 * answer, a change committed and then answered.  The requests themselves
 * are in seating.c (creating, joining, rematches) and actions.c (playing).
 */
#ifndef HALMA_ACTING_H
#define HALMA_ACTING_H

#include <stdbool.h>
#include <stdint.h>

#include "online/computer.h"
#include "online/events.h"
#include "online/loaded.h"
#include "online/presence.h"
#include "online/request.h"
#include "online/store.h"
#include "online/watchers.h"
#include "online/writer.h"

/* What the requests act on. */
typedef struct {
    Store *store;
    Writer *writer;
    Presence *presence;
    Hub *hub;           /* the streams opened */
    Watchers *watchers; /* how many watch each game */
    Computer *computer; /* its capacity admits new computer seats */
    int64_t abandon_ms; /* an untimed game whose side to move is away this long may be claimed */
    int max_open;       /* games open in the lobby at once per address (0: no limit) */
} Actions;

/* The seat the token proves in l's game, or -1 with 401/403 in *a.  It
 * only checks: the seat found is kept in l->acting, and counts as online
 * once the request is done, if it succeeds (acting_done). */
int acting_seat(Loaded *l, const char *token, OnlineAnswer *a);

/* An error answer; false. */
bool acting_refuse(OnlineAnswer *a, unsigned status, const char *code, const char *message);

/* After a request on l's game, in this order: if it succeeded (2xx), the
 * seat its token proved is online from now on (presence.h); then a 200
 * with no body of its own is answered with the game as it now is.  The
 * one place a request marks presence. */
void acting_done(const Actions *acts, Loaded *l, OnlineAnswer *a);

/* Commits l's game changed to g with its n events: then 200, with the game (acting_done). */
void acting_commit(const Actions *acts, Loaded *l, StoreGame *g, const Write *w, OnlineEvent *ev, int n,
                   OnlineAnswer *a);

#endif
