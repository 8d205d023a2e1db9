/*
 * committed.h: what the writer (writer.h) hands its subscribers once a
 * commit is durable: one list of the writes it kept, each the game's row as
 * written and its events as the streams send them.  Each subscriber
 * (publisher.h, live.h, lobby.h, computer.h) has a CommittedFn of its own,
 * registered in online.c.
 */
#ifndef HALMA_COMMITTED_H
#define HALMA_COMMITTED_H

#include <stdint.h>

#include "online/store.h"

enum { COMMITTED_EVENTS_MAX = 4 }; /* events a write commits at most */

/* One write committed: the game's row as written, and its n events,
 * numbered first to first + n - 1, each as a stream sends it (NULL if out
 * of memory: its streams catch up from the store). */
typedef struct {
    StoreGame g;
    int64_t first;
    int n;
    char *text[COMMITTED_EVENTS_MAX];
} Committed;

/* A subscriber: told of the n writes of list, in the order they were
 * made, once they are durable (after each commit, or a batch's).  Under
 * the service's lock. */
typedef void CommittedFn(void *ctx, const Committed *list, int n);

#endif
