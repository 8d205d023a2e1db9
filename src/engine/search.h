/*
 * search.h: the computer player.
 *
 * An Engine owns everything a search needs between moves (the transposition
 * table, the level); the caller provides the table's memory, so the engine
 * never allocates and runs the same natively and in WebAssembly.
 */
#ifndef HALMA_SEARCH_H
#define HALMA_SEARCH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "game.h"

enum { MIN_LEVEL = 1, MAX_LEVEL = 10, DEFAULT_LEVEL = 10, MAX_PV = 64 };

typedef struct {
    int depth;          /* plies; 0: no limit */
    uint64_t nodes;     /* 0: no limit */
    int64_t movetime;   /* ms for this move; < 0: none */
    int64_t clock[2];   /* ms left on White's and Black's clocks; < 0: none */
    bool infinite;      /* search until stopped */
} SearchLimits;

typedef struct {
    int depth;
    int score;          /* hundredths of a move of progress, for the side to move */
    int win_in;         /* > 0: a forced win in that many turns, < 0: a forced loss */
    uint64_t nodes;
    int64_t time_ms;
    int pv_length;
    Move pv[MAX_PV];
} SearchReport;

typedef void (*ReportFn)(void *ctx, const SearchReport *report);

typedef struct {
    int level;
    atomic_bool stop;
    void *hash_memory;
    size_t hash_bytes;
} Engine;

void engine_init(Engine *engine, void *hash_memory, size_t hash_bytes);
void engine_set_level(Engine *engine, int level);
void engine_new_game(Engine *engine);

/* SearchLimits with nothing set: the level decides how long to think. */
SearchLimits search_limits_none(void);

/* Chooses a move for the side to move in a game that is not over; reports
 * progress through `report` (may be NULL). */
Move engine_think(Engine *engine, const Game *game, const SearchLimits *limits, ReportFn report,
                  void *ctx);

/* Asks a running engine_think, from another thread, to return at once.  The
 * flag stays set until the caller clears it (atomic_store(&stop, false))
 * before its next search, so a stop can never be lost to a race with the
 * search's start. */
void engine_stop(Engine *engine);

#endif
