/* eval.c: the static evaluation (see eval.h for its unit). */
#include "eval.h"

#include "movegen.h"

void eval_default_weights(EvalWeights *w) {
    *w = (EvalWeights){
        .per_square = 10,
        .convexity = 4,
        .lateral = 10,
        .lateral_free = 0,
        .lane = 0,
        .home_late = 25,
        .home_grace = 12,
        .tempo = 40,
        .outside = 0,
        .straggler = 10,
        .straggler_slack = 4,
        .no_ladder = 30,
        .no_hop = 0,
        .their_share = 100,
        .deadlock_divisor = 8,
        .forward_exit = 0,
    };
}

static int square_cost(const EvalWeights *w, Variant v, Side side, int sq) {
    int m = goal_distance(side, sq);
    int file = square_file(sq), rank = square_rank(sq);
    int dx = side == WHITE ? file : BOARD_SIZE - 1 - file;
    int dy = side == WHITE ? BOARD_SIZE - 1 - rank : rank;
    /* dx - dy > 0 is the top right half of the board for White and the
     * bottom left half for Black: opposite lanes. */
    int off_diagonal = dx - dy - w->lane;
    if (off_diagonal < 0) off_diagonal = -off_diagonal;
    int lateral = off_diagonal > w->lateral_free ? off_diagonal - w->lateral_free : 0;
    Bitboard goal = goal_of(v, side);
    int outside = bb_has(&goal, sq) ? 0 : w->outside;
    return w->per_square * m + w->convexity * m * m / 64 + w->lateral * lateral + outside;
}

void eval_init(Evaluator *ev, const EvalWeights *w) {
    ev->weights = *w;
    for (int side = WHITE; side <= BLACK; side++)
        for (int sq = 0; sq < NUM_SQUARES; sq++) {
            Bitboard near = NEIGHBOURS[sq], ahead = {{0, 0, 0, 0}};
            while (!bb_is_empty(near)) {
                int n = bb_pop(&near);
                if (goal_distance((Side)side, n) < goal_distance((Side)side, sq)) bb_add(&ahead, n);
            }
            ev->ahead[side][sq] = ahead;
            ev->distance[side][sq] = (uint8_t)goal_distance((Side)side, sq);
            int n = 0;
            for (int h = 0; h < HOP_COUNT[sq]; h++)
                if (goal_distance((Side)side, HOPS[sq][h].land) < goal_distance((Side)side, sq) && n < 3)
                    ev->forward_hops[side][sq][n++] = HOPS[sq][h];
            ev->forward_hop_count[side][sq] = (uint8_t)n;
        }
    for (int v = 0; v < 2; v++) {
        for (int side = WHITE; side <= BLACK; side++) {
            int floor = 0;
            for (int sq = 0; sq < NUM_SQUARES; sq++) {
                int cost = square_cost(w, (Variant)v, (Side)side, sq);
                ev->cost[v][side][sq] = (int16_t)cost;
                Bitboard goal = goal_of((Variant)v, (Side)side);
                if (bb_has(&goal, sq)) floor += cost;
            }
            ev->floor[v][side] = (int16_t)floor;
        }
    }
}

/*
 * Pieces of `owner` still in their home camp (the other side's goal) with no
 * move out of it.  While one stays there neither side can win; walled in for
 * good, the game is drawn.  Counted once only a few are left (early on the
 * camp's pieces wall each other in).
 */
static int walled_in(const Position *pos, Side owner, bool forward_only) {
    Bitboard home = camp_of((Variant)pos->variant, owner);
    Bitboard stuck = bb_and(pos->pieces[owner], home);
    if (bb_count(stuck) > 5) return 0; /* early on the camp's pieces wall each other in */
    int count = 0;
    while (!bb_is_empty(stuck)) {
        int sq = bb_pop(&stuck);
        /* Optionally only a way forward counts (some players never go back). */
        Bitboard out = bb_minus(piece_destinations(pos, sq), home);
        int from = goal_distance(owner, sq) + (forward_only ? 0 : 99);
        bool exit = false;
        while (!bb_is_empty(out) && !exit) exit = goal_distance(owner, bb_pop(&out)) < from;
        if (!exit) count++;
    }
    return count;
}

/* Pieces lagging behind the army's average: far from the others they find
 * nothing to hop over, and the game ends only when they arrive. */
static int straggling(const EvalWeights *w, const uint8_t *distance, int n, int sum) {
    if (n < 2 || !w->straggler) return 0;
    int lag = 0, limit = sum / n + w->straggler_slack;
    for (int i = 0; i < n; i++)
        if (distance[i] > limit) lag += distance[i] - limit;
    return lag * w->straggler;
}

/* A piece outside the goal with nothing ahead of it to hop over, or no hop
 * forward open, will need slow steps. */
static int ladder_cost(const Evaluator *ev, const Position *pos, Side side, int sq) {
    if (bb_is_empty(bb_and(ev->ahead[side][sq], pos->occupied))) return ev->weights.no_ladder;
    const Hop *hop = ev->forward_hops[side][sq];
    for (int h = 0; h < ev->forward_hop_count[side][sq]; h++)
        if (pos->at[hop[h].over] != NO_PIECE && pos->at[hop[h].land] == NO_PIECE) return 0;
    return ev->weights.no_hop;
}

int eval_side_cost(const Evaluator *ev, const Position *pos, Side side) {
    const EvalWeights *w = &ev->weights;
    Variant v = (Variant)pos->variant;
    const int16_t *cost = ev->cost[v][side];
    const uint8_t *distance = ev->distance[side];
    Bitboard pieces = pos->pieces[side], goal = goal_of(v, side);
    if (bb_is_empty(pieces)) return 10000; /* only in test positions: a side that never finishes */
    int total = -ev->floor[v][side], n = 0, sum = 0;
    uint8_t lag[19];
    bool ladders = w->no_ladder || w->no_hop;
    while (!bb_is_empty(pieces) && n < 19) {
        int sq = bb_pop(&pieces);
        total += cost[sq];
        sum += lag[n++] = distance[sq];
        if (ladders && !bb_has(&goal, sq)) total += ladder_cost(ev, pos, side, sq);
    }
    total += straggling(w, lag, n, sum);
    int own_moves = pos->turns / 2;
    if (own_moves > w->home_grace) {
        int at_home = bb_count(bb_and(pos->pieces[side], camp_of(v, side)));
        int late = own_moves - w->home_grace < 40 ? own_moves - w->home_grace : 40;
        total += at_home * late * w->home_late;
    }
    return total;
}

int evaluate(const Evaluator *ev, const Position *pos, Side root) {
    Side us = (Side)pos->side_to_move;
    int theirs = eval_side_cost(ev, pos, (Side)(us ^ 1)), ours = eval_side_cost(ev, pos, us);
    /* The engine's own race counts fully, the opponent's by its share: a
     * search that fears every stepping stone it leaves the opponent keeps its
     * army at home, and two such engines jam in the middle.  Scored from the
     * root side's view, so every node of a search agrees. */
    int share = ev->weights.their_share;
    int score = us == root ? theirs * share / 100 - ours : theirs - ours * share / 100;
    score += ev->weights.tempo;
    /* A piece walled in at home means neither side can win: whoever leads
     * is heading for a draw, and should keep the way out open. */
    if (walled_in(pos, WHITE, ev->weights.forward_exit) || walled_in(pos, BLACK, ev->weights.forward_exit))
        score /= ev->weights.deadlock_divisor;
    /* Never mistaken for a win or a loss, whatever the terms add up to. */
    if (score > SCORE_WIN_BOUND - 1) score = SCORE_WIN_BOUND - 1;
    if (score < -SCORE_WIN_BOUND + 1) score = -SCORE_WIN_BOUND + 1;
    return score;
}
