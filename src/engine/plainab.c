/* plainab.c: the plain alpha-beta sparring partner (see plainab.h). */
#include "engine/plainab.h"

#include "engine/greedy.h"
#include "engine/plain_search.h"

void plainab_init(PlainAB *ab, void *hash_memory, size_t hash_bytes, ABEvaluation evaluation) {
    tt_init(&ab->search.tt, hash_memory, hash_bytes);
    ab->evaluation = evaluation;
}

void plainab_new_game(PlainAB *ab) { tt_clear(&ab->search.tt); }

/* For the side to move: the opponent's distance less its own. */
static int evaluate_distances(const Position *pos) {
    Side us = (Side)pos->seat;
    return distance_sum(pos, (Side)(us ^ 1)) - distance_sum(pos, us);
}

static int squares_sum(const Position *pos, Side side) {
    int sum = 0;
    for (Bitboard b = pos->pieces[side]; !bb_is_empty(b);) {
        int d = goal_distance(side, bb_pop(&b));
        sum += d * d;
    }
    return sum;
}

/* For the side to move, whose moves are in `list`: the squared distances'
 * difference, and half of the most its next move gains in them. */
static int evaluate_convex(const Position *pos, MoveList *list) {
    Side us = (Side)pos->seat;
    generate_moves(pos, list);
    int best = 0;
    for (int i = 0; i < list->count; i++) {
        Move m = list->moves[i];
        if (move_is_pass(m)) continue;
        int from = goal_distance(us, m.from), to = goal_distance(us, m.to);
        if (from * from - to * to > best) best = from * from - to * to;
    }
    return squares_sum(pos, (Side)(us ^ 1)) - squares_sum(pos, us) + best / 2;
}

static int evaluate(PlainAB *ab, int ply) {
    if (ab->evaluation == AB_EVAL_CONVEX) return evaluate_convex(&ab->search.pos, &ab->moves[ply]);
    return evaluate_distances(&ab->search.pos);
}

int plainab_evaluate(PlainAB *ab, const Position *pos) {
    return ab->evaluation == AB_EVAL_CONVEX ? evaluate_convex(pos, &ab->moves[0]) : evaluate_distances(pos);
}

static int alphabeta(PlainAB *ab, int alpha, int beta, int depth, int ply, const Game *game) {
    Position *pos = &ab->search.pos;
    if (plain_node_stops(&ab->search)) return 0;
    if (ply > 0 && position_goal_complete(pos, pos->seat ^ 1)) return -PLAIN_WIN + ply; /* either win */
    if (depth == 0) return evaluate(ab, ply); /* depth < PLAINAB_MAX_PLY: ply is a slot of moves[] */
    const TTEntry *entry = tt_probe(&ab->search.tt, pos->hash);
    Move first = ply == 0 ? ab->search.pv_move : MOVE_PASS;
    if (entry) {
        int tt_score = plain_score_from_tt(entry->score, ply);
        if (ply > 0 && plain_tt_decides(entry, tt_score, depth, alpha, beta)) return tt_score;
        if (ply > 0) first = (Move){entry->from, entry->to};
    }
    MoveList *list = &ab->moves[ply];
    generate_moves(pos, list);
    int best = -PLAIN_INFINITE, old_alpha = alpha;
    Move best_move = MOVE_PASS;
    for (int i = 0; i < list->count; i++) {
        plain_pick(list, i, pos->seat, first);
        Move m = list->moves[i];
        if (ply == 0 && list->count > 1 && game_occurrences_after(game, m) >= 3) continue;
        position_make_for(pos, m, TWO_SEATS);
        int score = -alphabeta(ab, -beta, -alpha, depth - 1, ply + 1, game);
        position_unmake_for(pos, m, TWO_SEATS);
        if (ab->search.stopped) return 0;
        if (score > best) best = score, best_move = m;
        if (score > alpha) alpha = score;
        if (alpha >= beta) break;
    }
    if (best == -PLAIN_INFINITE) { /* every root move repeats a third time: one must be played */
        ab->search.pv_move = list->moves[0];
        return 0;
    }
    int bound = best >= beta ? BOUND_LOWER : best > old_alpha ? BOUND_EXACT : BOUND_UPPER;
    tt_store(&ab->search.tt, pos->hash, best_move, plain_score_to_tt(best, ply), depth, bound);
    if (ply == 0) ab->search.pv_move = best_move;
    return best;
}

static int search_root(void *ab, int depth, const Game *game) {
    return alphabeta(ab, -PLAIN_INFINITE, PLAIN_INFINITE, depth, 0, game);
}

Move plainab_move(PlainAB *ab, const Game *game, int64_t movetime_ms) {
    return plain_deepen(&ab->search, ab, search_root, PLAINAB_MAX_PLY, game, movetime_ms);
}
