/*
 * multi_search.h: the computer player of three and four seats.
 *
 * Each for themselves it searches by Best-Reply Search (Schadd and
 * Winands, 2011): the seat's own moves alternate with one layer holding
 * every opponent's moves, of which only the strongest reply is played, so
 * the search sees twice as many of its own moves as one that takes every
 * seat in turn (paranoid, MULTI_PARANOID; BRS+, MULTI_BRS_PLUS, lets the
 * other opponents play their most advancing move).  As partners the game is
 * two teams moving alternately (W, R, B, Y), and alpha-beta over them is
 * exact.  A forced win is claimed only once proven against any moves of
 * all the other seats (multi_proof.h).
 *
 * As the Engine of search.h: the caller gives the table's memory, the
 * search allocates nothing and keeps no global state; a MultiEngine is
 * large (about 2 MB), so allocate it once, statically or on the heap.
 */
#ifndef HALMA_MULTI_SEARCH_H
#define HALMA_MULTI_SEARCH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/game.h"
#include "core/movegen.h"
#include "engine/clock.h"
#include "engine/multi_eval.h"
#include "engine/multi_proof.h"
#include "engine/tune.h"
#include "engine/tt.h"

enum {
    MULTI_MAX_PLY = 40,   /* layers of the tree */
    MULTI_MAX_PV = 64,    /* turns of a principal variation */
    MULTI_SEAT_MOVES = SEAT_PIECES * 72, /* a seat's moves at most: 8 steps and 64 landings a piece */
    MULTI_LAYER_MOVES = (MAX_SEATS - 1) * MULTI_SEAT_MOVES,
    /* A finish found in the tree, in n layers: MULTI_FINISH - n.  Never a
     * claim: Best-Reply Search lets the opponents skip turns, and partners
     * rest on the partner.  Wins are claimed from multi_proof.h alone. */
    MULTI_FINISH = 28900,
    MULTI_FINISH_BOUND = 28000,
    MULTI_INFINITE = 32000,
};

typedef struct {
    int depth;              /* layers; 0: no limit */
    uint64_t nodes;         /* 0: no limit */
    int64_t movetime;       /* ms for this move; < 0: none */
    int64_t clock[MAX_SEATS]; /* ms left on each seat's clock (seat numbers); < 0: none */
    bool infinite;          /* no time limit: the caller waits for its stop */
} MultiLimits;

typedef struct {
    int depth;
    int score;              /* hundredths of a move, for the seat to move */
    int win_in;             /* > 0: a proven forced win in that many turns of all seats */
    uint64_t nodes;
    int64_t time_ms;
    int costs[MAX_SEATS];   /* each seat's moves still needed at the root, in hundredths */
    int pv_length;          /* turns of all seats, a line that can be played */
    Move pv[MULTI_MAX_PV];
} MultiReport;

typedef void (*MultiReportFn)(void *ctx, const MultiReport *report);

typedef struct {
    uint8_t from, to, seat; /* a pass is from == to */
    int32_t score;          /* the child's static score for the root seat */
    int32_t order;          /* its rank among the node's moves; taken once tried */
} MultiScored;

typedef struct {
    int count;
    MultiScored moves[MULTI_LAYER_MOVES];
} MultiMoves;

/* What a layer of all the opponents (BRS, BRS+) holds: the moves each
 * opponent plays when it is not the one replying (a pass in BRS). */
typedef struct {
    int count;              /* opponents, in turn order */
    uint8_t seat[MAX_SEATS - 1];
    Move fallback[MAX_SEATS - 1];
} MultiLayer;

typedef struct {
    Position pos;
    MultiAcc acc;
    MultiEvalRoot root;
    int algorithm;          /* MultiAlgorithm; partners search the teams as paranoid does */
    int turn_limit;
    uint64_t nodes, node_limit;
    int64_t start, soft_deadline, hard_deadline; /* < 0: none */
    bool stopped;
    int max_depth;
    int contempt;
    int noise;
    uint64_t noise_seed;
    uint64_t salt;          /* the table's key for this root seat and algorithm */
    Bitboard guarded;       /* our goals (the root seat's, and its partner's) */
    int key_count;          /* the game's positions, then the search's */
    uint64_t keys[MAX_TURN_LIMIT + MULTI_MAX_PLY * MAX_SEATS + 2];
    Move killers[MULTI_MAX_PLY][2];
    int pv_length[MULTI_MAX_PLY + 1];
    Move pv[MULTI_MAX_PLY + 1][MULTI_MAX_PV];
    MultiLayer layers[MULTI_MAX_PLY];
    MultiMoves lists[MULTI_MAX_PLY];
    int root_count;
    MultiScored root_moves[MULTI_SEAT_MOVES];
    int root_scores[MULTI_SEAT_MOVES];
    Move best;
    int best_score;
} MultiSearchState;

typedef struct {
    int level;
    atomic_bool own_stop;
    const atomic_bool *stop; /* read while searching: own_stop, or the caller's flag */
    TTable tt;
    MultiEvaluator eval;
    MultiSearchParams params;
    uint64_t rng;
    SearchClock clock; /* the platform's, unless a test sets its own (clock.h) */
    int16_t history[MAX_SEATS][NUM_SQUARES][NUM_SQUARES];
    MultiProof proof;
    MultiSearchState search;
} MultiEngine;

/* A new engine plays at ENGINE_LEVEL (levels.h). */
void multi_engine_init(MultiEngine *engine, void *hash_memory, size_t hash_bytes);
void multi_engine_set_level(MultiEngine *engine, int level);
/* Sets the many-seat half of the tunables (tune.h), and reads it back (the
 * two-seat half at its defaults). */
void multi_engine_tune(MultiEngine *engine, const Tune *tune);
Tune multi_engine_tuning(const MultiEngine *engine);
void multi_engine_new_game(MultiEngine *engine);
void multi_engine_seed(MultiEngine *engine, uint64_t seed);

/* The search stops once `flag` is set (NULL: its own flag, which
 * multi_engine_stop sets); the caller clears it before each search. */
void multi_engine_watch(MultiEngine *engine, const atomic_bool *flag);
void multi_engine_stop(MultiEngine *engine);

MultiLimits multi_limits_none(void);

/* Chooses a move for the seat to move in a game that is not over (a pass
 * when it has none); reports progress through `report` (may be NULL). */
Move multi_engine_think(MultiEngine *engine, const Game *game, const MultiLimits *limits, MultiReportFn report,
                        void *ctx);

uint64_t multi_engine_nodes(const MultiEngine *engine);

#endif
