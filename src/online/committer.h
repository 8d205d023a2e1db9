/*
 * committer.h: the one thread that does every request of online play, in
 * the order submitted.  The requests waiting when it is free are done
 * together, their writes committed in one batch of the store, and each is
 * answered (done() called, from the committer) only once its change is
 * durable.  Two requests never interleave: each sees the game as the ones
 * before it left it.
 */
#ifndef HALMA_COMMITTER_H
#define HALMA_COMMITTER_H

#include <jansson.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "online/actions.h"
#include "online/events.h"
#include "online/request.h"
#include "online/writer.h"

typedef struct OnlineCall OnlineCall;
struct OnlineCall {
    /* The request: `action` on game id (NULL for ONLINE_CREATE) for the
     * holder of token (NULL: none or malformed) with the body (NULL: empty),
     * all kept by the caller until done().  With `stream` set instead: open
     * game id's event stream on it, the catch-up after last_event_id (< 0:
     * the whole game instead), then its live events. */
    OnlineAction action;
    const char *id, *token;
    const char *client; /* the client's address (NULL: unknown) */
    const json_t *body;
    Stream *stream;
    int64_t last_event_id;
    void (*done)(OnlineCall *call);
    void *ctx; /* the caller's */
    /* The answer.  For a stream: ok, or an error (404, 503) in answer, the
     * stream then the caller's to discard. */
    OnlineAnswer answer;
    bool ok;
    OnlineCall *next; /* the committer's */
};

typedef struct Committer Committer;

/* Starts the thread: it does each request with acts, under lock (held
 * across a batch, its commit included), its writes through writer; at most
 * batch_max requests a batch (0: the default).  NULL if it cannot. */
Committer *committer_start(pthread_mutex_t *lock, Writer *writer, const Actions *acts, int batch_max);

/* Answers what is queued, stops the thread and says how many batches it committed. */
void committer_stop(Committer *cm);

/* Queues the call; from committer_quiesce on, answers 503 at once instead. */
void committer_submit(Committer *cm, OnlineCall *call);

/* The same, waiting for its answer. */
void committer_do(Committer *cm, OnlineAction action, const char *id, const char *token, const json_t *body,
                  OnlineAnswer *answer);

/* Answers every call queued, and every later one with 503 at once. */
void committer_quiesce(Committer *cm);

#endif
