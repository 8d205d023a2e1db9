/* eval.c: the static evaluation (see eval.h for its unit). */
#include "eval.h"

#include "movegen.h"

void eval_default_weights(EvalWeights *w) {
    *w = (EvalWeights){
        .per_square = 10,
        .convexity = 4,
        .lateral = 10,
        .lateral_free = 0,
        .home_late = 25,
        .home_grace = 12,
        .tempo = 40,
        .outside = 0,
        .straggler = 10,
        .straggler_slack = 4,
        .no_ladder = 30,
        .no_hop = 0,
        .their_share = 100,
        .intruder = 0,
        .deadlock_divisor = 8,
        .forward_exit = 0,
    };
}

static int square_cost(const EvalWeights *w, Variant v, Side side, int sq) {
    int m = goal_distance(side, sq);
    int file = square_file(sq), rank = square_rank(sq);
    int dx = side == WHITE ? file : BOARD_SIZE - 1 - file;
    int dy = side == WHITE ? BOARD_SIZE - 1 - rank : rank;
    int off_diagonal = dx > dy ? dx - dy : dy - dx;
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

int eval_straggler(const Evaluator *ev, const Position *pos, Side side) {
    if (!ev->weights.straggler) return 0;
    uint8_t m[19];
    int n = 0, sum = 0;
    Bitboard pieces = pos->pieces[side];
    while (!bb_is_empty(pieces) && n < 19) sum += m[n++] = (uint8_t)goal_distance(side, bb_pop(&pieces));
    if (n < 2) return 0;
    /* Pieces lagging behind the army's average: far from the others they
     * find nothing to hop over, and the game ends only when they arrive. */
    int lag = 0, limit = sum / n + ev->weights.straggler_slack;
    for (int i = 0; i < n; i++)
        if (m[i] > limit) lag += m[i] - limit;
    return lag * ev->weights.straggler;
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

int eval_side_cost(const Evaluator *ev, const Position *pos, Side side) {
    const int16_t *cost = ev->cost[pos->variant][side];
    Bitboard pieces = pos->pieces[side];
    if (bb_is_empty(pieces)) return 10000; /* only in test positions: a side that never finishes */
    int total = -ev->floor[pos->variant][side];
    Bitboard outside = bb_minus(pieces, goal_of((Variant)pos->variant, side));
    while (!bb_is_empty(pieces)) total += cost[bb_pop(&pieces)];
    if (ev->weights.no_ladder || ev->weights.no_hop)
        while (!bb_is_empty(outside)) {
            int sq = bb_pop(&outside);
            if (bb_is_empty(bb_and(ev->ahead[side][sq], pos->occupied))) {
                total += ev->weights.no_ladder;
                continue;
            }
            const Hop *hop = ev->forward_hops[side][sq];
            bool open = false;
            for (int h = 0; h < ev->forward_hop_count[side][sq] && !open; h++)
                open = pos->at[hop[h].over] != NO_PIECE && pos->at[hop[h].land] == NO_PIECE;
            if (!open) total += ev->weights.no_hop;
        }
    total += eval_straggler(ev, pos, side);
    /* An enemy piece walled in our goal: we cannot win until we let it out. */
    if (ev->weights.intruder) {
        /* Enemy pieces still in our goal: we cannot finish before they
         * leave, and that matters more the fuller the camp is of ours. */
        Bitboard goal = goal_of((Variant)pos->variant, side);
        int intruders = bb_count(bb_and(pos->pieces[side ^ 1], goal));
        if (intruders) {
            int home = bb_count(bb_and(pos->pieces[side], goal));
            total += intruders * home * ev->weights.intruder / variant_pieces((Variant)pos->variant);
        }
    }
    int own_moves = pos->turns / 2;
    if (own_moves > ev->weights.home_grace) {
        int at_home = bb_count(bb_and(pos->pieces[side], camp_of((Variant)pos->variant, side)));
        total += at_home * (own_moves - ev->weights.home_grace) * ev->weights.home_late;
    }
    return total;
}

int evaluate(const Evaluator *ev, const Position *pos) {
    Side us = (Side)pos->side_to_move;
    int theirs = eval_side_cost(ev, pos, (Side)(us ^ 1)), ours = eval_side_cost(ev, pos, us);
    int score = (theirs - ours) + ev->weights.tempo;
    /* A piece walled in at home means neither side can win: whoever leads
     * is heading for a draw, and should keep the way out open. */
    if (walled_in(pos, WHITE, ev->weights.forward_exit) || walled_in(pos, BLACK, ev->weights.forward_exit)) score /= ev->weights.deadlock_divisor;
    if (ev->weights.their_share != 100) {
        /* Weighted toward our own race, around the same zero: the side to
         * move's cost counts fully, the other's by its share. */
        int share = ev->weights.their_share;
        score = (theirs * share - ours * (200 - share)) / 100 + ev->weights.tempo;
    }
    return score;
}
