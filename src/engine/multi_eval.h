/*
 * multi_eval.h: how good a position of three or four players is for a
 * seat, in hundredths of a move (the unit of eval.h).
 *
 * Every seat has a cost, the moves it still needs as the evaluation
 * estimates them: its pieces' distances to the far corner of its goal
 * (made convex, as for two), drifting off its diagonal, pieces still at
 * home late.  Each for themselves, a seat's score is the opponents' costs
 * (half the leader's, half their mean: multi_tune.h) less its own; as
 * partners, the other team's cost less its own, a team costing what its
 * slower partner does, since a partnership wins only once both are home.
 * The sums over the pieces are kept up to date by make and unmake
 * (MultiAcc), so a leaf costs a few additions.
 */
#ifndef HALMA_MULTI_EVAL_H
#define HALMA_MULTI_EVAL_H

#include <stdbool.h>
#include <stdint.h>

#include "core/multi_board.h"
#include "engine/multi_tune.h"

typedef struct {
    MultiEvalWeights weights;
    int16_t cost[MAX_SEATS][NUM_SQUARES]; /* [seat][square] */
    int32_t floor[MAX_SEATS];             /* the cost of a full goal camp */
    uint8_t camp_owner[NUM_SQUARES];      /* the seat whose home camp holds the square, or NO_SEAT */
} MultiEvaluator;

/* The sums over each seat's pieces, kept move by move. */
typedef struct {
    int32_t cost[MAX_SEATS];      /* of cost[seat][square] over the seat's pieces */
    uint8_t at_home[MAX_SEATS];   /* the seat's pieces still on its home camp */
    uint8_t visitors[MAX_SEATS];  /* pieces of other seats standing on the seat's goal */
} MultiAcc;

/* What a search fixes at its root: whose score, and what lateness costs. */
typedef struct {
    int root;                      /* the seat the score is for */
    int players;
    bool partners;
    int home_weight;               /* cost of a piece still at home, per piece */
    int visitor_weight;            /* cost of another seat's piece on our goal */
} MultiEvalRoot;

void multi_eval_init(MultiEvaluator *ev, const MultiEvalWeights *w);
void multi_acc_init(const MultiEvaluator *ev, const MultiPosition *pos, MultiAcc *acc);
MultiEvalRoot multi_eval_root(const MultiEvaluator *ev, const MultiPosition *pos, int root);

/* The piece of `seat` on `from` goes to `to` (call it for make and, with
 * the squares swapped, for unmake). */
static inline void multi_acc_move(const MultiEvaluator *ev, MultiAcc *acc, int seat, int from, int to) {
    acc->cost[seat] += ev->cost[seat][to] - ev->cost[seat][from];
    int camp_from = ev->camp_owner[from], camp_to = ev->camp_owner[to];
    acc->at_home[seat] = (uint8_t)(acc->at_home[seat] - (camp_from == seat) + (camp_to == seat));
    /* A camp is the goal of its owner's partner seat. */
    if (camp_from != NO_SEAT && (camp_from ^ 1) != seat) acc->visitors[camp_from ^ 1]--;
    if (camp_to != NO_SEAT && (camp_to ^ 1) != seat) acc->visitors[camp_to ^ 1]++;
}

/* Every seat's cost (the moves it still needs, in hundredths), 0 once home. */
void multi_seat_costs(const MultiEvaluator *ev, const MultiEvalRoot *root, const MultiAcc *acc,
                      int costs[MAX_SEATS]);

/* The score for root->root of a position whose seats cost `costs`, with
 * `to_move` to move. */
int multi_score_costs(const MultiEvaluator *ev, const MultiEvalRoot *root, const int costs[MAX_SEATS], int to_move);

/* The score of the position (with an up-to-date MultiAcc) for the root seat. */
int multi_evaluate(const MultiEvaluator *ev, const MultiEvalRoot *root, const MultiPosition *pos, const MultiAcc *acc);

/* How much the move from-to of `seat` lowers its own cost, lateness
 * included: the move ordering's key. */
static inline int multi_move_gain(const MultiEvaluator *ev, const MultiEvalRoot *root, int seat, int from, int to) {
    int home = (ev->camp_owner[from] == seat) - (ev->camp_owner[to] == seat);
    return ev->cost[seat][from] - ev->cost[seat][to] + home * root->home_weight;
}

/* The seats' costs after the move from-to of `seat`, from those before:
 * its own, and those of the seats whose goal it leaves or visits.  A seat
 * that comes home costs 0 (multi_seat_costs' floor) only if `costs` came
 * from there: the caller scores a finish apart. */
void multi_costs_after(const MultiEvaluator *ev, const MultiEvalRoot *root, const int costs[MAX_SEATS], int seat,
                       int from, int to, int after[MAX_SEATS]);

#endif
