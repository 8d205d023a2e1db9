/*
 * online.h: online games by link (docs/ONLINE-API.md): the service that
 * referees them.  It checks every request against the rules (the C core)
 * and the game's state, commits the change to the store, and only then
 * answers and publishes the events.  It knows JSON but not HTTP: api.c is
 * the HTTP side.
 */
#ifndef HALMA_ONLINE_H
#define HALMA_ONLINE_H

#include <jansson.h>
#include <stdint.h>

#include "online/committer.h"
#include "online/events.h"
#include "online/lobby.h"
#include "online/request.h"
#include "online/store.h"

typedef struct {
    const char *db_path;  /* the store; ":memory:" keeps nothing */
    int64_t keep_ms;      /* a finished game is deleted this long after its end */
    int64_t abandon_ms;   /* an untimed game whose side to move is away this long may be claimed */
    int64_t online_ms;    /* a seat is online this long after its last authenticated request */
    int64_t heartbeat_ms; /* a comment line on every stream this often */
    int batch_max;        /* requests committed together at most (0: the default; 1: each alone) */
    int open_per_address; /* games open in the lobby at once, per address (0: no limit) */
    int64_t lobby_away_ms; /* an open game leaves the lobby once its creator is offline this long (0: 60 s) */
    int64_t lobby_ms;     /* and in any case this long after its creation (0: 2 hours) */
    int computer_threads; /* searches of the computer's seats at once (0: one fewer than the cores, at least one) */
    int computer_wait_ms; /* new computer seats refused past a move's wait of this for a thread (0: capacity.h's default) */
    /* Called as each lobby stream goes (the per-address count of streams). */
    StreamClosedFn *lobby_stream_closed;
    void *lobby_stream_closed_ctx;
} OnlineConfig;

typedef struct Online Online;

/* Opens the store and starts the threads: the committer, the timer (flags,
 * presence, expiry), the heartbeats, and on a shared store the watcher of
 * the other servers; events go to hub's streams.  NULL with the reason in err. */
Online *online_start(const OnlineConfig *config, Hub *hub, char *err, int err_size);
void online_stop(Online *o);

/* A request, done by the committer (committer.h) in the order submitted,
 * call->done() called once its answer is durable; from online_quiesce on,
 * answered 503 at once instead. */
void online_submit(Online *o, OnlineCall *call);

/* The same, waiting for its answer (for tests and the fuzzer). */
void online_do(Online *o, OnlineAction action, const char *id, const char *token, const json_t *body,
               OnlineAnswer *answer);

/* Answers every call queued, and every later one with 503 at once: before
 * the HTTP server stops, so that no request is left waiting. */
void online_quiesce(Online *o);

/* The store, for the tests' step hook. */
Store *online_store(Online *o);

/* The lobby (lobby_page, any thread), and the hub of its streams. */
Lobby *online_lobby(Online *o);
Hub *online_lobby_hub(Online *o);

#endif
