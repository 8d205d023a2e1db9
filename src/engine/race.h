/*
 * race.h: the race planned as a whole.
 *
 * Once the armies have passed each other each side plays a solitaire: the
 * fewest own moves home wins.  A depth-limited search sees only the next
 * seven or eight of those moves and an estimate beyond; a beam search sees a
 * whole way home.  It keeps, move after move, the `width` best positions
 * (by the evaluation's cost of our side under race_weights, less the best
 * jump its rear pieces have next) until one of them is home, and returns
 * that plan (crossing alone at 100 ms a move, 55 moves against the
 * search's 56-64: docs/MEASUREMENTS.md).
 *
 * The planner owns its work space (no allocation) and is only ever asked
 * for a plan in a race: the other side's pieces stand still in it.
 */
#ifndef HALMA_RACE_H
#define HALMA_RACE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/board.h"
#include "engine/clock.h"
#include "engine/eval.h"

enum {
    RACE_MAX_WIDTH = 256,  /* positions kept from one move to the next */
    RACE_MAX_PLAN = 96,    /* own moves a plan may take */
    RACE_SEEN = 8192,      /* slots of the table of positions already kept */
};

typedef struct {
    int length;
    Move moves[RACE_MAX_PLAN];
} RacePlan;

typedef struct {
    Position pos;
    EvalAcc acc;
} RaceState;

typedef struct {
    int32_t score;   /* the evaluation's cost of our side: lower is better */
    uint16_t parent; /* index in the previous layer */
    Move move;
} RaceCandidate;

typedef struct {
    RaceState layer[2][RACE_MAX_WIDTH];
    RaceCandidate heap[RACE_MAX_WIDTH];
    struct { uint16_t parent; Move move; } trail[RACE_MAX_PLAN][RACE_MAX_WIDTH];
    uint64_t seen[RACE_SEEN];
} RacePlanner;

/* The weights the planner ranks positions by: the evaluation's, less the
 * straggler term, plus a fifth of a move for each piece still outside the
 * goal, the cost of pieces with nothing ahead to hop over, and the full cost
 * of every square off the diagonal (race.c says why). */
void race_weights(EvalWeights *w);

/* Searches a plan home for the side to move of `pos` with a beam of `width`
 * (at most RACE_MAX_WIDTH).  Gives up (false) when none of the positions
 * kept gets home within RACE_MAX_PLAN moves, or as soon as `deadline` on
 * `clock` (< 0: none, and clock may be NULL) passes or `*stop` is set.
 * Adds the positions it scores to *nodes. */
bool race_plan(RacePlanner *rp, const Evaluator *ev, const Position *pos, int width, SearchClock *clock,
               int64_t deadline, const atomic_bool *stop, uint64_t *nodes, RacePlan *plan);

/* Does the plan's move `from` onwards still apply to `pos` (every move
 * legal in turn, the last one arriving home)? */
bool race_plan_valid(const RacePlan *plan, int from, const Position *pos);

#endif
