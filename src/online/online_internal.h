/*
 * online_internal.h: what online.c (the service: its lock, memory of
 * presence, timer, writes) shares with online_actions.c (the requests).
 * Not for other modules.
 */
#ifndef HALMA_ONLINE_INTERNAL_H
#define HALMA_ONLINE_INTERNAL_H

#include <pthread.h>

#include "core/game.h"
#include "online/online.h"
#include "online/store.h"

/* A game loaded for a request: its row, its moves, and the rules' view. */
typedef struct {
    StoreGame g;
    char (*moves)[STORE_MOVE_SIZE];
    Game *core;
} Loaded;

/* An event to commit: its kind and its data (taken). */
typedef struct {
    const char *kind;
    json_t *data;
} OnlineEvent;

/* The store write an event list goes with. */
typedef enum { WRITE_CREATE, WRITE_JOIN, WRITE_MOVE, WRITE_UPDATE } WriteKind;

typedef struct {
    WriteKind kind;
    int seat;         /* WRITE_JOIN */
    int expected_ply; /* WRITE_MOVE */
    const char *move;
} Write;

int64_t online_now_ms(void);

/* Does a request (online.h's online_do) under the lock, from the committer. */
void online_act(Online *o, OnlineAction action, const char *id, const char *token, const json_t *body,
                OnlineAnswer *answer);

/* The writes' lock: held from reading a game to publishing its change (by
 * the committer across a whole batch, its commit included). */
void online_lock(Online *o);
void online_unlock(Online *o);

/* Reads and replays game id: 200, or an error answer (404, 503). */
bool online_load(Online *o, const char *id, Loaded *l, OnlineAnswer *answer);
void online_unload(Loaded *l);

/* Commits l->g with its events (taking their data), then publishes them
 * (in a batch: once the batch commits) and reschedules the game's flag;
 * false with 503 (or 409) in *answer. */
bool online_commit(Online *o, const Write *w, StoreGame *g, OnlineEvent *events, int n, OnlineAnswer *answer);

/* The seat token proves (0, 1), or -1 with 401/403 in *answer; a seat found
 * is online from now on. */
int online_authenticate(Online *o, const StoreGame *g, const char *token, OnlineAnswer *answer);

/* A seat is online from `now` (it created or joined the game), without a
 * presence event: the write's own event says so. */
void online_seen(Online *o, const StoreGame *g, int seat, int64_t now);

/* Whether each seat is online now. */
void online_presence(Online *o, const StoreGame *g, bool online[2]);

/* When the seat was last online, as far as the server knows (ms, 0: never). */
int64_t online_last_seen(Online *o, const StoreGame *g, int seat);

/* The game as JSON, and that as a 200 answer. */
json_t *online_game_json(Online *o, const Loaded *l);
void online_answer_game(Online *o, const Loaded *l, OnlineAnswer *answer);

const OnlineConfig *online_config(const Online *o);
Store *online_store(Online *o);

#endif
