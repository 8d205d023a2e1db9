/*
 * search.h: the computer player.
 *
 * An Engine owns everything a search needs between moves (the transposition
 * table, the level, the history of good moves); the caller provides the table's
 * memory, so the engine never allocates and runs the same natively and in
 * WebAssembly.  An Engine is large (about 1.2 MB of work space): callers
 * allocate it once, statically or on the heap, never on a small stack.
 *
 * The search is an iterative-deepening principal variation search with
 * aspiration windows (search.c); the move order is in moveorder.c, the
 * deadlines in timeman.c, the evaluation in eval.c, the table in tt.c, the
 * levels in levels.c and every tunable number in tune.c.
 */
#ifndef HALMA_SEARCH_H
#define HALMA_SEARCH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/board.h"
#include "core/game.h"
#include "core/movegen.h"
#include "engine/eval.h"
#include "engine/guard.h"
#include "engine/moveorder.h"
#include "engine/race.h"
#include "engine/tt.h"
#include "engine/tune.h"

enum {
    MAX_PV = 64, MAX_PLY = 64,
    KEY_FILTER_SIZE = 4096, /* slots counting the path's keys, a power of two */
};

typedef struct {
    int depth;          /* plies; 0: no limit */
    uint64_t nodes;     /* 0: no limit */
    int64_t movetime;   /* ms for this move; < 0: none */
    int64_t clock[2];   /* ms left on White's and Black's clocks; < 0: none */
    bool infinite;      /* no time limit: the caller waits for its stop, however soon the search ends */
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

/* The state of one search (engine_think), kept inside the Engine. */
typedef struct {
    Position pos;
    EvalAcc acc;        /* the evaluation's sums for pos, kept move by move */
    int turn_limit;
    uint64_t nodes, node_limit;
    int64_t start, soft_deadline, hard_deadline; /* < 0: none */
    bool stopped;
    int max_depth;
    int root_side;      /* the side the engine plays */
    int contempt;       /* what a draw costs it in this search */
    int solo_side;      /* racing alone: the only side that moves (the other passes); -1: both */
    Move eager;         /* racing alone: the root move that gains most now, which wins a tie */
    bool greedy_replies; /* racing alone before the armies pass: the other side's replies are greedy's */
    bool guard_phase;   /* our last pieces coming home: a move of the opponent's back into our goal is a draw (guard.h) */
    bool guard_replies; /* racing alone with such a piece near: the opponent may also bring it nearer */
    int own_cost, opponent_cost; /* each side's moves still needed at the root, in hundredths (eval.h) */
    int noise;          /* amplitude of the level's evaluation noise now */
    uint64_t noise_seed;
    int key_count;      /* positions on keys[]: the game's, then the search's */
    uint64_t keys[MAX_TURN_LIMIT + MAX_PLY + 2];
    uint8_t key_filter[KEY_FILTER_SIZE]; /* how many keys[] fall in each slot */
    Move killers[MAX_PLY][2];
    int pv_length[MAX_PLY + 1];
    Move pv[MAX_PLY + 1][MAX_PLY + 1];
    Move root_best;     /* best root move of the iteration in progress */
    int root_best_score;
    int seldepth;
    int banned_count;   /* root moves it may not play (ban_root_moves), 0: none */
    Bitboard banned[NUM_SQUARES]; /* [from]: their destinations */
    MoveList root_moves;
    MoveOrder orders[MAX_PLY]; /* the moves of each ply, in the order tried */
} SearchState;

typedef struct {
    int level;
    atomic_bool stop;
    void *hash_memory;
    size_t hash_bytes;
    /* Everything below is the engine's own. */
    TTable tt;
    Evaluator eval;
    Evaluator race_eval; /* the race planner's ranking (race_weights) */
    Guard guard;
    uint64_t rng;
    SearchClock clock;   /* the platform's, unless a test sets its own (clock.h) */
    SearchParams params; /* the search's tunables (tune.h); the evaluation's are in eval */
    int8_t reductions[64][64];
    int16_t history[2][NUM_SQUARES][NUM_SQUARES];
    SearchState search;
    RacePlanner race;
    RacePlan plan;      /* the best way home found so far in the race */
    int plan_next;      /* its next move */
    int claim_turn, claim_in; /* the turn of the last forced win found, and its plies; 0: none */
} Engine;

/* A new Engine plays at ENGINE_LEVEL (levels.h); engine_set_level clamps
 * any other level into range. */
void engine_init(Engine *engine, void *hash_memory, size_t hash_bytes);
void engine_set_level(Engine *engine, int level);

/* Sets the two-seat half of the tunables (tune.h; engine_init sets
 * tune_defaults()), and reads it back (the many-seat half at its defaults). */
void engine_tune(Engine *engine, const Tune *tune);
Tune engine_tuning(const Engine *engine);
void engine_new_game(Engine *engine);

/* Seeds the level's randomness (weak levels vary their play from game to
 * game); engine_new_game draws a seed from the clock. */
void engine_seed(Engine *engine, uint64_t seed);

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

/* The nodes searched by the last engine_think. */
uint64_t engine_nodes(const Engine *engine);

#endif
