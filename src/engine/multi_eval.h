/*
 * multi_eval.h: how good a position of three or four players is for a
 * seat, in hundredths of a move (the unit of eval.h).
 *
 * Every seat has a cost, the moves it still needs as the evaluation
 * estimates them: its pieces' distances to the far corner of its goal
 * (made convex, as for two), drifting off its diagonal, pieces still at
 * home late.  Each for themselves, a seat's score is the opponents' costs
 * (half the leader's, half their mean: tune.h) less its own; as
 * partners, the other team's cost less its own, a team costing what its
 * slower partner does, since a partnership wins only once both are home.
 * The sums over the pieces are kept up to date by make and unmake
 * (MultiAcc), so a leaf costs a few additions.  Under the house rule
 * nospoil, a goal's squares its owner's pieces hold late count as filled
 * (held.h): a pass over the seat's pieces where that applies.
 */
#ifndef HALMA_MULTI_EVAL_H
#define HALMA_MULTI_EVAL_H

#include <stdbool.h>
#include <stdint.h>

#include "core/board.h"
#include "engine/held.h"
#include "engine/tune.h"

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
    int visitor_weight;            /* cost of another seat's piece on our goal (nospoil: of a third seat) */
    bool nospoil;                  /* the house rule: the owner's pieces on a goal are no visitors */
    int held_most;                 /* nospoil, past the grace: the most held squares counted (held.h); 0: none */
    int held_open;                 /* ... once at most this many of the goal's other squares are open */
} MultiEvalRoot;

void multi_eval_init(MultiEvaluator *ev, const MultiEvalWeights *w);
void multi_acc_init(const MultiEvaluator *ev, const Position *pos, MultiAcc *acc);
MultiEvalRoot multi_eval_root(const MultiEvaluator *ev, const Position *pos, int root);

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

/* Every seat's cost (the moves it still needs, in hundredths), 0 once home;
 * `acc` is pos's. */
void multi_seat_costs(const MultiEvaluator *ev, const MultiEvalRoot *root, const Position *pos, const MultiAcc *acc,
                      int costs[MAX_SEATS]);

/* The pieces of `seat` its cost leaves out (held.h): k 0 but under nospoil,
 * past the grace, with its goal's owner holding 1..held_most squares and at
 * most held_open others open; `entering` with one more open, where only a
 * move into the goal brings the cost to count them. */
HeldCut multi_held_cut(const MultiEvaluator *ev, const MultiEvalRoot *root, const Position *pos, const MultiAcc *acc,
                       int seat);

static inline int multi_absolute(int x) { return x < 0 ? -x : x; }

/* A partnership's cost: the partners' mean and a share of their difference. */
static inline int multi_team_cost(const MultiEvalWeights *w, int a, int b) {
    return (a + b) / 2 + w->team_slowest * multi_absolute(a - b) / 200;
}

/* The score for root->root of a position whose seats cost `costs`, with
 * `to_move` to move.  Inline, with constant divisors: every move of every
 * node is scored so (multi_search.c). */
static inline int multi_score_costs(const MultiEvaluator *ev, const MultiEvalRoot *root, const int costs[MAX_SEATS],
                                    int to_move) {
    const MultiEvalWeights *w = &ev->weights;
    int r = root->root, own, theirs;
    bool ours_to_move;
    if (root->partners) {
        own = multi_team_cost(w, costs[r], costs[r ^ 1]);
        theirs = multi_team_cost(w, costs[r ^ 2], costs[r ^ 3]);
        ours_to_move = (to_move >> 1) == (r >> 1);
    } else {
        int least = 1 << 30, sum = 0;
        for (int s = 0; s < root->players; s++) {
            if (s == r) continue;
            sum += costs[s];
            if (costs[s] < least) least = costs[s];
        }
        int mean = root->players == 4 ? sum / 3 : sum / 2;
        own = costs[r];
        theirs = (w->leader_share * least + (100 - w->leader_share) * mean) / 100;
        ours_to_move = to_move == r;
    }
    return theirs * w->their_share / 100 - own + (ours_to_move ? w->tempo : 0);
}

/* multi_score_costs of the child as a function of one number, how much a
 * move lowers its mover's cost (multi_move_gain), all else fixed: what
 * every move of a node is ranked by, without a pass over the seats.  Valid
 * only while no visitor costs anything (root->visitor_weight 0). */
typedef enum { GAIN_OURS, GAIN_OPPONENT, GAIN_OUR_TEAM, GAIN_THEIR_TEAM } MultiGainKind;

typedef struct {
    const MultiEvalWeights *w;
    MultiGainKind kind;
    int base;      /* GAIN_OURS: the score at gain 0 */
    int cost;      /* the mover's cost before the move */
    int least;     /* GAIN_OPPONENT: the least cost of the other opponents */
    int sum;       /* GAIN_OPPONENT: the other opponents' costs */
    int partner;   /* teams: the mover's partner's cost */
    int fixed;     /* teams: the other team's cost; GAIN_OPPONENT: the root's */
    int tempo;
    bool four;     /* four players each for themselves */
} MultiGainScore;

MultiGainScore multi_gain_score(const MultiEvaluator *ev, const MultiEvalRoot *root, const int costs[MAX_SEATS],
                                int mover, int to_move);

static inline int multi_gain_score_of(const MultiGainScore *g, int gain) {
    const MultiEvalWeights *w = g->w;
    int cost = g->cost - gain;
    switch (g->kind) {
    case GAIN_OURS: return g->base + gain;
    case GAIN_OPPONENT: {
        int least = cost < g->least ? cost : g->least, sum = g->sum + cost;
        int mean = g->four ? sum / 3 : sum / 2;
        int theirs = (w->leader_share * least + (100 - w->leader_share) * mean) / 100;
        return theirs * w->their_share / 100 - g->fixed + g->tempo;
    }
    case GAIN_OUR_TEAM: return g->fixed * w->their_share / 100 - multi_team_cost(w, cost, g->partner) + g->tempo;
    default: return multi_team_cost(w, cost, g->partner) * w->their_share / 100 - g->fixed + g->tempo;
    }
}

/* The score of the position (with an up-to-date MultiAcc) for the root seat. */
int multi_evaluate(const MultiEvaluator *ev, const MultiEvalRoot *root, const Position *pos, const MultiAcc *acc);

/* How much the move from-to of `seat` lowers its own cost, lateness
 * included: the move ordering's key. */
static inline int multi_move_gain(const MultiEvaluator *ev, const MultiEvalRoot *root, int seat, int from, int to) {
    int home = (ev->camp_owner[from] == seat) - (ev->camp_owner[to] == seat);
    return ev->cost[seat][from] - ev->cost[seat][to] + home * root->home_weight;
}

/* The same where the seat's cost leaves pieces out (`cut`, multi_held_cut's
 * at the node; k 0: none, multi_move_gain).  Where the cut is `entering`, a
 * move into the goal (the goal is the partner seat's camp) brings it in. */
static inline int multi_move_gain_held(const MultiEvaluator *ev, const MultiEvalRoot *root, const HeldCut *cut,
                                       int seat, int from, int to) {
    if (!cut->k) return multi_move_gain(ev, root, seat, from, to);
    int goal = seat ^ 1, gain;
    if (!cut->entering) gain = held_gain(cut, ev->cost[seat][from], ev->cost[seat][to]);
    else if (ev->camp_owner[to] == goal && ev->camp_owner[from] != goal)
        gain = held_gain(cut, ev->cost[seat][from], ev->cost[seat][to]) + cut->cost - cut->held;
    else
        return multi_move_gain(ev, root, seat, from, to);
    int home = (ev->camp_owner[from] == seat) - (ev->camp_owner[to] == seat);
    return gain + home * root->home_weight;
}

/* Is a piece of `seat` on a square of `camp`'s (NO_SEAT: none) a visitor
 * of the goal there?  Not its owner's; not the goal's own seat's. */
static inline bool multi_visits(const MultiEvalRoot *root, int camp, int seat) {
    return camp != NO_SEAT && (camp ^ 1) != seat && !(root->nospoil && camp == seat);
}

/* The seats' costs after the move from-to of `seat`, which lowers its own
 * cost by `gain` (multi_move_gain, or _held), from those before: its own,
 * and those of the seats whose goal it leaves or visits.  A seat that
 * comes home costs 0 (multi_seat_costs' floor) only if `costs` came from
 * there: the caller scores a finish apart. */
static inline void multi_costs_after(const MultiEvaluator *ev, const MultiEvalRoot *root, const int costs[MAX_SEATS],
                                     int seat, int from, int to, int gain, int after[MAX_SEATS]) {
    for (int s = 0; s < MAX_SEATS; s++) after[s] = costs[s];
    after[seat] -= gain;
    if (!root->visitor_weight) return;
    int camp_from = ev->camp_owner[from], camp_to = ev->camp_owner[to];
    if (multi_visits(root, camp_from, seat)) after[camp_from ^ 1] -= root->visitor_weight;
    if (multi_visits(root, camp_to, seat)) after[camp_to ^ 1] += root->visitor_weight;
}

#endif
