/*
 * eval.h: how good a position is, in hundredths of a move.
 *
 * The unit is the one the protocol reports: 100 is one move of progress in
 * the race to the goal camp.  A piece's cost is an estimate of the moves it
 * still needs, counted in tenths of a square-by-square distance (a typical
 * move in the middle game gains about ten squares of distance, so ten
 * squares make one move), made convex so that the last pieces weigh more than
 * the first: the game ends only when the straggler arrives.
 */
#ifndef HALMA_EVAL_H
#define HALMA_EVAL_H

#include <stdbool.h>
#include <stdint.h>

#include "core/board.h"
#include "engine/tune.h"

enum {
    SCORE_WIN = 30000,      /* a forced win now; a win in n plies scores SCORE_WIN - n */
    SCORE_WIN_BOUND = 29000, /* scores beyond this are forced wins or losses */
    /* A finish that rests on a model of the opponent (it passes, or replies
     * as greedy would), or whose race against the opponent's is not proven:
     * in n plies it scores SCORE_FINISH - n, above every evaluation, but it
     * is an estimate, never reported or trusted as a win. */
    SCORE_FINISH = 28900,
    SCORE_FINISH_BOUND = 28800, /* scores beyond this are finishes or wins */
    SCORE_INFINITE = 32000,
    SCORE_DRAW = 0,
};

typedef struct {
    EvalWeights weights;
    int16_t cost[2][2][NUM_SQUARES]; /* [variant][side][square] */
    int16_t floor[2][2];             /* [variant][side]: total cost of a full goal camp */
    uint8_t distance[2][NUM_SQUARES];    /* goal_distance() */
    Bitboard nearer[2][31];              /* [side][d]: the squares of goal_distance() < d */
    uint32_t reciprocal[20];             /* [n]: 2^20 / n + 1, to divide by n (eval.c) */
    Bitboard costlier[2][2][NUM_SQUARES]; /* [variant][side][square]: the squares costing more,
                                            where a move from it loses ground */
    Bitboard doorstep[2][2];             /* [variant][side]: the squares next to side's home camp */
    int root_turns;                      /* the turn the door is judged at (eval_set_root); < 0: each position's */
} Evaluator;

/*
 * The parts of the evaluation that are sums over a side's pieces, kept up to
 * date move by move (eval_acc_move) by the search, so that a leaf costs a few
 * table lookups and bitboard operations instead of a pass over 38 pieces.
 */
typedef struct {
    int32_t cost[2];     /* sum of cost[variant][side][square] over the side's pieces */
    int32_t dist[2];     /* sum of goal distances */
    uint32_t mask[2];    /* bit d set while some piece of the side is at goal distance d */
    uint8_t hist[2][32]; /* pieces of the side at each goal distance */
    uint8_t pieces[2];   /* the side's pieces (moves never change it) */
    uint8_t at_home[2];  /* the side's pieces still in its home camp */
} EvalAcc;

void eval_init(Evaluator *ev, const EvalWeights *w);

void eval_acc_init(const Evaluator *ev, const Position *pos, EvalAcc *acc);

/* The piece of `side` on `from` goes to `to` (call it for make and, with the
 * squares swapped, for unmake). */
static inline void eval_acc_move(const Evaluator *ev, EvalAcc *acc, int variant, int side, int from, int to) {
    const int16_t *cost = ev->cost[variant][side];
    int d0 = ev->distance[side][from], d1 = ev->distance[side][to];
    acc->cost[side] += cost[to] - cost[from];
    acc->dist[side] += d1 - d0;
    if (--acc->hist[side][d0] == 0) acc->mask[side] &= ~(1u << d0);
    acc->hist[side][d1]++;
    acc->mask[side] |= 1u << d1;
    Bitboard home = camp_of((Variant)variant, (Side)side);
    acc->at_home[side] = (uint8_t)(acc->at_home[side] + bb_has(&home, to) - bb_has(&home, from));
}

/* Have the armies passed each other: is every piece of each side beyond
 * every enemy piece on its way to the goal?  From then on no piece can use
 * or block an enemy piece again: the game is two solitaires, a race. */
bool race_is_separated(const Position *pos);

/* evaluate() from an up-to-date EvalAcc of `pos`. */
int evaluate_acc(const Evaluator *ev, const Position *pos, const EvalAcc *acc, Side root);

/* Moves still needed by `side` to finish, in hundredths, as the evaluation
 * estimates them (0 once every piece is home), its pieces still at home
 * costing `home_percent` of home_late. */
int eval_side_cost(const Evaluator *ev, const Position *pos, Side side, int home_percent);
/* The same from an up-to-date EvalAcc of `pos` (the race planner's beam). */
int eval_side_cost_acc(const Evaluator *ev, const Position *pos, const EvalAcc *acc, Side side);

/* Is it past the grace, after which a piece still in its home camp costs
 * more each move (and a draw kept so is spoiling, search.c)? */
static inline bool eval_past_grace(const EvalWeights *w, const Position *pos) {
    return pos->turns / 2 > w->home_grace;
}

/* Does the leader still keep a way out open for pieces walled in at home
 * (before door_moves of each side's own moves), or are they parked? */
static inline bool eval_door_open(const Evaluator *ev, const Position *pos) {
    int turns = ev->root_turns >= 0 ? ev->root_turns : pos->turns;
    return turns / 2 <= ev->weights.door_moves;
}

/* A search judges the door at its root: a tree reaching past door_moves saw
 * the wall cost nothing at its leaves, and walled a piece in for good while
 * its owner could still bring it out (stayer:1:150 drew so). */
static inline void eval_set_root(Evaluator *ev, const Position *root) { ev->root_turns = root->turns; }

/* Pieces of `owner` still in its home camp with no move out of it (counted
 * once at most five are left there): while one stays, neither side can win. */
int eval_walled_in(const Evaluator *ev, const Position *pos, Side owner);

/* The score of a position for the side to move, in a search by `root`. */
int evaluate(const Evaluator *ev, const Position *pos, Side root);

#endif
