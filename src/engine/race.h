/*
 * race.h: the single-player race.
 *
 * Once the two armies have passed each other, no piece can ever use or block
 * an enemy piece again while it moves forward or sideways, so the game has
 * split into two solitaires: the best move is the first move of the shortest
 * way home.  The solver finds short ways home with a beam search over one
 * side's moves only (ranked by the evaluation's cost of the side), widening
 * the beam while its budget allows, and remembers its plan: a later search
 * starts from what is left of it, so the moves still to play never grow.
 */
#ifndef HALMA_RACE_H
#define HALMA_RACE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "eval.h"

enum {
    RACE_MAX_WIDTH = 256,
    RACE_MAX_PLAN = 160,          /* moves; longer races are not solved */
    RACE_CHILDREN_PER_STATE = 64, /* each state passes at most this many children on */
    RACE_POOL = RACE_MAX_WIDTH * RACE_CHILDREN_PER_STATE,
    RACE_SEEN = 4096,             /* power of two, > 2 * RACE_LOOKAHEAD * RACE_MAX_WIDTH */
    RACE_LOOKAHEAD = 4,           /* candidates looked at one move further, per beam slot */
    RACE_POTENTIAL = 8,           /* weight of the greedy rollout's gain, eighths */
    RACE_ROLLOUT = 3,             /* moves of the greedy rollout that ranks candidates */
};

typedef struct {
    uint64_t hash;
    int32_t cost;
    uint16_t parent;
    Move move;
} RaceCandidate;

typedef struct {
    uint16_t parent;
    Move move;
} RaceStep;

typedef struct {
    /* A remembered plan, for the side that made it and the placement it
     * starts from. */
    Move plan[RACE_MAX_PLAN];
    int plan_length;
    Bitboard plan_start; /* the side's pieces where the plan begins */
    uint8_t plan_side;
    uint8_t plan_variant;
    bool has_plan;
    /* Workspace of the beam search. */
    Position beam[2][RACE_MAX_WIDTH];
    int32_t beam_cost[RACE_MAX_WIDTH];
    RaceStep steps[RACE_MAX_PLAN][RACE_MAX_WIDTH];
    RaceCandidate pool[RACE_POOL];
    uint64_t seen[RACE_SEEN];
} RaceSolver;

/* Have the armies passed each other: is every piece of each side beyond
 * every enemy piece on its way to the goal? */
bool race_is_separated(const Position *pos);

typedef struct {
    int moves;       /* moves the side needs to finish by the plan found; -1: none found */
    Move first;      /* the plan's first move */
    uint64_t nodes;  /* positions generated */
    bool complete;   /* the budget allowed the widest beam */
} RaceResult;

void race_forget(RaceSolver *rs);

/* Plans `side`'s way home from `pos` (the other side's pieces stand still),
 * with beams up to `max_width` wide while `*stop` stays false and
 * clock_ms() < deadline (deadline < 0: none).  The first, narrowest beam always
 * runs. */
RaceResult race_solve(RaceSolver *rs, const Evaluator *ev, const Position *pos, Side side,
                      int max_width, int64_t deadline, const atomic_bool *stop);

/* The same without touching the remembered plan: just how many moves. */
int race_estimate(RaceSolver *rs, const Evaluator *ev, const Position *pos, Side side, int width);

#endif
