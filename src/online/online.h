/*
 * online.h: online games by link (docs/ONLINE-API.md): the referee and its
 * memory.  It checks every request against the rules (the C core) and the
 * game's state, commits the change to the store, and only then answers and
 * publishes the events.  It knows JSON but not HTTP: api.c is the HTTP side.
 */
#ifndef HALMA_ONLINE_H
#define HALMA_ONLINE_H

#include <jansson.h>
#include <stdint.h>

#include "online/events.h"

typedef struct {
    const char *db_path;  /* the store; ":memory:" keeps nothing */
    int64_t keep_ms;      /* a finished game is deleted this long after its end */
    int64_t abandon_ms;   /* an untimed game whose side to move is away this long may be claimed */
    int64_t online_ms;    /* a seat is online this long after its last authenticated request */
    int64_t heartbeat_ms; /* a comment line on every stream this often */
    int batch_max;        /* requests committed together at most (0: the default; 1: each alone) */
} OnlineConfig;

typedef struct Online Online;

/* Opens the store and starts the timer (flags, presence, heartbeats,
 * expiry); events go to hub's streams.  NULL with the reason in err. */
Online *online_start(const OnlineConfig *config, Hub *hub, char *err, int err_size);
void online_stop(Online *o);

typedef enum {
    ONLINE_CREATE, /* POST /games */
    ONLINE_READ,   /* GET /games/{id} */
    ONLINE_JOIN,
    ONLINE_MOVE,
    ONLINE_RESIGN,
    ONLINE_DRAW,
    ONLINE_REMATCH,
    ONLINE_PING,
    ONLINE_CLAIM,
} OnlineAction;

/* An answer: its status and its JSON (NULL for 204), which the caller frees. */
typedef struct {
    unsigned status;
    json_t *body;
} OnlineAnswer;

/*
 * A request, done by the service's committer thread in the order submitted.
 * The requests waiting when it is free are done together, their writes
 * committed in one batch of the store, and each is answered (done() called,
 * from the committer) only once its change is durable.  Two requests never
 * interleave: each sees the game as the ones before it left it.
 */
typedef struct OnlineCall OnlineCall;
struct OnlineCall {
    /* The request: `action` on game id (NULL for ONLINE_CREATE) for the
     * holder of token (NULL: none or malformed) with the body (NULL: empty),
     * all kept by the caller until done().  With `stream` set instead: open
     * game id's event stream on it, the catch-up after last_event_id (< 0:
     * the whole game instead), then its live events. */
    OnlineAction action;
    const char *id, *token;
    const json_t *body;
    Stream *stream;
    int64_t last_event_id;
    void (*done)(OnlineCall *call);
    void *ctx; /* the caller's */
    /* The answer.  For a stream: ok, or an error (404, 503) in answer, the
     * stream then the caller's to discard. */
    OnlineAnswer answer;
    bool ok;
    OnlineCall *next; /* the service's */
};

/* Queues the call; from online_quiesce on, answers 503 at once instead. */
void online_submit(Online *o, OnlineCall *call);

/* The same, waiting for its answer (for tests and the fuzzer). */
void online_do(Online *o, OnlineAction action, const char *id, const char *token, const json_t *body,
               OnlineAnswer *answer);

/* Answers every call queued, and every later one with 503 at once: before
 * the HTTP server stops, so that no request is left waiting. */
void online_quiesce(Online *o);

/* An error answer: {"error": code, "message": message}. */
void online_error(OnlineAnswer *answer, unsigned status, const char *code, const char *message);

#endif
