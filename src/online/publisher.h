/*
 * publisher.h: a game's events to its open streams (events.h), once they
 * are durable: at once, or, while a batch of writes is held, when it
 * commits.  A stream that lacks an event before the one published (another
 * server's, its notice not yet read) is caught up from the store first.
 * Under the service's lock.
 */
#ifndef HALMA_PUBLISHER_H
#define HALMA_PUBLISHER_H

#include <stdbool.h>
#include <stdint.h>

#include "online/committed.h"
#include "online/events.h"
#include "online/store.h"

typedef struct Publisher Publisher;

Publisher *publisher_new(Hub *hub, Store *store);
void publisher_free(Publisher *p);

/* Text, event number seq of game id (0: presence, which is not stored), to
 * the game's streams. */
void publish(Publisher *p, const char *id, int64_t seq, const char *text);

/* The writer's subscriber (committed.h), ctx the publisher: every event
 * committed to its game's streams at once, held or not (a batch's: the
 * writer hands them over before release). */
CommittedFn publisher_committed;

/* From hold on, what is published waits; release sends it (send: the batch
 * committed) or drops it (it did not), and publishes at once again. */
void publisher_hold(Publisher *p);
void publisher_release(Publisher *p, bool send);

/* The stored events of game id after `after` to its streams, in order, each
 * stream taking those it lacks; false if the store is out of reach. */
bool publisher_replay(Publisher *p, const char *id, int64_t after);

/* Brings game id's streams up to `known` (the game's last event as far as
 * the caller knows): nothing is read if they all have it. */
bool publisher_catch_up(Publisher *p, const char *id, int64_t known);

#endif
