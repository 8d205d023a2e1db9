/* multi_eval.c: the evaluation of three and four players (see multi_eval.h). */
#include "engine/multi_eval.h"

/* The far corner of each seat's goal: a16, p1, p16, a1 (board.h). */
static const uint8_t GOAL_CORNER_FILE[MAX_SEATS] = {0, 15, 15, 0};
static const uint8_t GOAL_CORNER_RANK[MAX_SEATS] = {15, 0, 15, 0};

static int square_cost(const MultiEvalWeights *w, int seat, int sq) {
    int d = seat_goal_distance(seat, sq);
    int dx = multi_absolute(square_file(sq) - GOAL_CORNER_FILE[seat]);
    int dy = multi_absolute(square_rank(sq) - GOAL_CORNER_RANK[seat]);
    int off = multi_absolute(dx - dy);
    int lateral = off > w->lateral_free ? off - w->lateral_free : 0;
    return w->per_square * d + w->convexity * d * d / 64 + w->lateral * lateral;
}

void multi_eval_init(MultiEvaluator *ev, const MultiEvalWeights *w) {
    ev->weights = *w;
    for (int sq = 0; sq < NUM_SQUARES; sq++) {
        ev->camp_owner[sq] = NO_SEAT;
        for (int seat = 0; seat < MAX_SEATS; seat++) {
            Bitboard camp = seat_camp(seat);
            if (bb_has(&camp, sq)) ev->camp_owner[sq] = (uint8_t)seat;
        }
    }
    for (int seat = 0; seat < MAX_SEATS; seat++) {
        Bitboard goal = seat_goal(seat);
        ev->floor[seat] = 0;
        for (int sq = 0; sq < NUM_SQUARES; sq++) {
            ev->cost[seat][sq] = (int16_t)square_cost(w, seat, sq);
            if (bb_has(&goal, sq)) ev->floor[seat] += ev->cost[seat][sq];
        }
    }
}

void multi_acc_init(const MultiEvaluator *ev, const Position *pos, MultiAcc *acc) {
    *acc = (MultiAcc){{0}, {0}, {0}};
    for (int seat = 0; seat < pos->players; seat++) {
        Bitboard pieces = pos->pieces[seat];
        while (!bb_is_empty(pieces)) {
            int sq = bb_pop(&pieces), camp = ev->camp_owner[sq];
            acc->cost[seat] += ev->cost[seat][sq];
            acc->at_home[seat] += camp == seat;
            if (camp != NO_SEAT && (camp ^ 1) != seat) acc->visitors[camp ^ 1]++;
        }
    }
}

MultiEvalRoot multi_eval_root(const MultiEvaluator *ev, const Position *pos, int root) {
    const MultiEvalWeights *w = &ev->weights;
    int past = pos->turns / pos->players - w->home_grace;
    if (past < 0) past = 0;
    bool nospoil = pos->rules == RULES_NOSPOIL;
    int held_most = nospoil && past > 0 ? (w->held_most < HELD_MOST ? w->held_most : HELD_MOST) : 0;
    return (MultiEvalRoot){root,     pos->players,        pos->partners, w->home_late * past, w->blocker * past,
                           nospoil, held_most, w->held_open};
}

HeldCut multi_held_cut(const MultiEvaluator *ev, const MultiEvalRoot *root, const Position *pos, const MultiAcc *acc,
                       int seat) {
    HeldCut none = {0, 0, {{0, 0, 0, 0}}, 0, 0, 0, false};
    int owner = seat ^ 1, k = root->held_most ? acc->at_home[owner] : 0;
    if (k == 0 || k > root->held_most) return none;
    Bitboard goal = seat_goal(seat);
    int open = SEAT_PIECES - k - bb_count(bb_and(pos->pieces[seat], goal));
    if (open > root->held_open + 1) return none;
    HeldCut cut = held_cut(ev->cost[seat], pos->pieces[seat], k);
    cut.held = held_cost(ev->cost[seat], bb_and(pos->pieces[owner], goal));
    cut.entering = open > root->held_open;
    return cut;
}

/* Under nospoil, past the grace: each seat's cost with the squares of its
 * goal its owner holds counted as filled and the pieces that would cost
 * most to bring left out (held.h); the owner's pieces are no visitors. */
static __attribute__((noinline)) void held_costs(const MultiEvaluator *ev, const MultiEvalRoot *root,
                                                 const Position *pos, const MultiAcc *acc, int costs[MAX_SEATS]) {
    for (int seat = 0; seat < root->players; seat++) {
        costs[seat] -= acc->at_home[seat ^ 1] * root->visitor_weight;
        HeldCut cut = multi_held_cut(ev, root, pos, acc, seat);
        if (cut.k && !cut.entering) costs[seat] += cut.held - cut.cost;
    }
}

void multi_seat_costs(const MultiEvaluator *ev, const MultiEvalRoot *root, const Position *pos, const MultiAcc *acc,
                      int costs[MAX_SEATS]) {
    for (int seat = 0; seat < MAX_SEATS; seat++)
        costs[seat] = seat < root->players ? acc->cost[seat] - ev->floor[seat] + acc->at_home[seat] * root->home_weight +
                                                 acc->visitors[seat] * root->visitor_weight
                                           : 0;
    if (root->nospoil && (root->held_most || root->visitor_weight)) held_costs(ev, root, pos, acc, costs);
}

MultiGainScore multi_gain_score(const MultiEvaluator *ev, const MultiEvalRoot *root, const int costs[MAX_SEATS],
                                int mover, int to_move) {
    const MultiEvalWeights *w = &ev->weights;
    int r = root->root;
    MultiGainScore g = {w, GAIN_OURS, 0, costs[mover], 1 << 30, 0, 0, 0, 0, root->players == 4};
    if (root->partners) {
        bool ours = (mover >> 1) == (r >> 1);
        g.kind = ours ? GAIN_OUR_TEAM : GAIN_THEIR_TEAM;
        g.partner = costs[mover ^ 1];
        g.fixed = multi_team_cost(w, costs[mover ^ 2], costs[mover ^ 3]);
        g.tempo = (to_move >> 1) == (r >> 1) ? w->tempo : 0;
        return g;
    }
    if (mover == r) {
        g.base = multi_score_costs(ev, root, costs, to_move);
        return g;
    }
    g.kind = GAIN_OPPONENT;
    for (int s = 0; s < root->players; s++) {
        if (s == r || s == mover) continue;
        g.sum += costs[s];
        if (costs[s] < g.least) g.least = costs[s];
    }
    g.fixed = costs[r];
    g.tempo = to_move == r ? w->tempo : 0;
    return g;
}

int multi_evaluate(const MultiEvaluator *ev, const MultiEvalRoot *root, const Position *pos, const MultiAcc *acc) {
    int costs[MAX_SEATS];
    multi_seat_costs(ev, root, pos, acc, costs);
    return multi_score_costs(ev, root, costs, pos->seat);
}
