/*
 * writer.h: a request's change committed to the store with its events, then
 * published (publisher.h) and the game's flag rescheduled (live.h); several
 * requests' changes may share one commit (a batch).  Under the service's
 * lock.
 */
#ifndef HALMA_WRITER_H
#define HALMA_WRITER_H

#include <jansson.h>
#include <stdbool.h>

#include "online/computer.h"
#include "online/live.h"
#include "online/lobby.h"
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

Writer *writer_new(Store *store, Publisher *publisher, LiveGames *live, Lobby *lobby, Computer *computer);
void writer_free(Writer *w);

/* Commits g with its n events (taking their data), then publishes them (in
 * a batch: once it commits), reschedules the game's flag, tells the lobby
 * and, if a seat the computer plays is to move, the computer; false with 503 (or 409 stale, or 429 for an open game past the
 * address's limit) in *answer. */
bool writer_commit(Writer *w, const Write *write, StoreGame *g, OnlineEvent *events, int n, OnlineAnswer *answer);

/* Whether the last commit was refused by the store as stale: another server
 * wrote the game since it was read.  writer_clear_stale forgets it. */
bool writer_stale(const Writer *w);
void writer_clear_stale(Writer *w);

/* A batch: the commits until writer_batch_commit are one transaction of the
 * store (store.h), their events held until it commits.  False if the store
 * cannot begin one, or (at the end) if it did not commit: nothing of it is
 * kept, nothing published. */
bool writer_batch_begin(Writer *w);
bool writer_batch_commit(Writer *w);

#endif
