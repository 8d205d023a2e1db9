/* eval.c: the static evaluation (see eval.h for its unit). */
#include "eval.h"

void eval_default_weights(EvalWeights *w) {
    *w = (EvalWeights){
        .per_square = 10,
        .convexity = 4,
        .lateral = 4,
        .home_late = 20,
        .home_grace = 20,
        .tempo = 40,
    };
}

static int square_cost(const EvalWeights *w, Side side, int sq) {
    int m = goal_distance(side, sq);
    int file = square_file(sq), rank = square_rank(sq);
    int dx = side == WHITE ? file : BOARD_SIZE - 1 - file;
    int dy = side == WHITE ? BOARD_SIZE - 1 - rank : rank;
    int off_diagonal = dx > dy ? dx - dy : dy - dx;
    int lateral = off_diagonal > 4 ? off_diagonal - 4 : 0;
    return w->per_square * m + w->convexity * m * m / 64 + w->lateral * lateral;
}

void eval_init(Evaluator *ev, const EvalWeights *w) {
    ev->weights = *w;
    for (int v = 0; v < 2; v++) {
        for (int side = WHITE; side <= BLACK; side++) {
            int floor = 0;
            for (int sq = 0; sq < NUM_SQUARES; sq++) {
                int cost = square_cost(w, (Side)side, sq);
                ev->cost[v][side][sq] = (int16_t)cost;
                Bitboard goal = goal_of((Variant)v, (Side)side);
                if (bb_has(&goal, sq)) floor += cost;
            }
            ev->floor[v][side] = (int16_t)floor;
        }
    }
}

int eval_side_cost(const Evaluator *ev, const Position *pos, Side side) {
    const int16_t *cost = ev->cost[pos->variant][side];
    Bitboard pieces = pos->pieces[side];
    int total = -ev->floor[pos->variant][side];
    while (!bb_is_empty(pieces)) total += cost[bb_pop(&pieces)];
    int own_moves = pos->turns / 2;
    if (own_moves > ev->weights.home_grace) {
        int at_home = bb_count(bb_and(pos->pieces[side], camp_of((Variant)pos->variant, side)));
        total += at_home * (own_moves - ev->weights.home_grace) * ev->weights.home_late;
    }
    return total;
}

int evaluate(const Evaluator *ev, const Position *pos) {
    Side us = (Side)pos->side_to_move;
    return eval_side_cost(ev, pos, (Side)(us ^ 1)) - eval_side_cost(ev, pos, us) + ev->weights.tempo;
}
