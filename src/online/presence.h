/*
 * presence.h: who is online: a seat is for online_ms after its last
 * authenticated request, here or on another server.  Its coming online is
 * published at once, its going offline when the timer finds it due; the
 * store is told at most every ten minutes a seat, the other servers often
 * enough that they never think it gone while it is here.  Presence is not
 * stored as events: a "seats" event of presence has no number.  Under the
 * service's lock.
 */
#ifndef HALMA_PRESENCE_H
#define HALMA_PRESENCE_H

#include <stdbool.h>
#include <stdint.h>

#include "online/events.h"
#include "online/live.h"
#include "online/publisher.h"
#include "online/store.h"

typedef struct Presence Presence;

Presence *presence_new(LiveGames *live, Store *store, Hub *hub, Publisher *publisher, int64_t online_ms);
void presence_free(Presence *p);

/* Whether each seat of g is online now. */
void presence_online(Presence *p, const StoreGame *g, bool online[STORE_SEATS]);

/* When the seat was last online, as far as this server knows (ms, 0: never). */
int64_t presence_last_seen(Presence *p, const StoreGame *g, int seat);

/* The seat proved itself (its token) at `now`: online, and said so if it was not. */
void presence_seen(Presence *p, const StoreGame *g, int seat, int64_t now);

/* The seat was taken at `now` (a creation, a join), which the write stored
 * and its own event says: online, without a presence event. */
void presence_seated(Presence *p, const StoreGame *g, int seat, int64_t now);

/* The seat was online at ms on another server: here too. */
void presence_heard(Presence *p, const char *id, int seat, int64_t ms);

/* For the timer: l's seats whose time online ran out by `now` are published
 * offline; returns the next moment one is due, if before `next`, else next. */
int64_t presence_lapse(Presence *p, Live *l, int64_t now, int64_t next);

/* Whether l holds nothing of presence that its store row does not: it may be forgotten. */
bool presence_forgettable(const Live *l, int64_t now);

#endif
