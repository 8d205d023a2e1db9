/*
 * writer.h: a request's change committed to the store with its events,
 * then what was committed handed, as one list, to the writer's subscribers
 * (committed.h) in the order they subscribed (online.c: the publisher, the
 * live games' flags, the lobby, the computer's seats); several requests' changes may
 * share one commit (a batch), handed over once it is durable.  Under the
 * service's lock.
 */
#ifndef HALMA_WRITER_H
#define HALMA_WRITER_H

#include <jansson.h>
#include <stdbool.h>

#include "online/committed.h"
#include "online/publisher.h"
#include "online/request.h"
#include "online/store.h"

/* An event to commit: its kind and its data (taken). */
typedef struct {
    const char *kind;
    json_t *data;
} OnlineEvent;

/* The store write an event list goes with. */
typedef enum { WRITE_CREATE, WRITE_CREATE_OPEN, WRITE_JOIN, WRITE_MOVE, WRITE_UPDATE } WriteKind;

typedef struct {
    WriteKind kind;
    int seat;         /* WRITE_JOIN */
    int expected_ply; /* WRITE_MOVE */
    const char *move;
    int max_open;     /* WRITE_CREATE_OPEN: the games the address may have open at once */
} Write;

typedef struct Writer Writer;

/* A writer to store, holding publisher's presence events during a batch
 * (publisher.h), with no subscriber yet. */
Writer *writer_new(Store *store, Publisher *publisher);
void writer_free(Writer *w);

/* fn(ctx, ...) told of every commit from now on, after those subscribed
 * before; false if there are too many. */
bool writer_subscribe(Writer *w, CommittedFn *fn, void *ctx);

/* Commits g with its n events (taking their data), then hands it to the
 * subscribers (in a batch: once it commits); false with 503 (or 409 stale,
 * or 429 for an open game past the address's limit) in *answer. */
bool writer_commit(Writer *w, const Write *write, StoreGame *g, OnlineEvent *events, int n, OnlineAnswer *answer);

/* Whether the last commit was refused by the store as stale: another server
 * wrote the game since it was read.  writer_clear_stale forgets it. */
bool writer_stale(const Writer *w);
void writer_clear_stale(Writer *w);

/* A batch: the commits until writer_batch_commit are one transaction of the
 * store (store.h), handed to the subscribers when it commits, the
 * publisher's presence events after them.  False if the store cannot begin
 * one, or (at the end) if it did not commit: nothing of it is kept, nothing
 * handed over or published. */
bool writer_batch_begin(Writer *w);
bool writer_batch_commit(Writer *w);

#endif
