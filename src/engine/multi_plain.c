/* multi_plain.c: the plain paranoid search of many seats (see multi_plain.h). */
#include "engine/multi_plain.h"

#include "engine/greedy.h"
#include "engine/plain_search.h"

void multi_plain_init(MultiPlain *p, void *hash_memory, size_t hash_bytes) { tt_init(&p->search.tt, hash_memory, hash_bytes); }

void multi_plain_new_game(MultiPlain *p) { tt_clear(&p->search.tt); }

static bool ours(const MultiPlain *p, int seat) {
    return p->search.pos.partners ? (seat >> 1) == (p->root >> 1) : seat == p->root;
}

/* For the root seat: the others' mean distance (the other team's sum) less its own (its team's). */
static int evaluate(const MultiPlain *p) {
    const Position *pos = &p->search.pos;
    int own = 0, theirs = 0, others = 0;
    for (int seat = 0; seat < pos->players; seat++) {
        if (ours(p, seat)) own += distance_sum(pos, seat);
        else theirs += distance_sum(pos, seat), others++;
    }
    return pos->partners ? theirs - own : theirs / others - own;
}

/* The seat (or team) that has just come home ends the game, by either win
 * (position_result's test). */
static bool game_won_by(const Position *pos, int seat) {
    return position_goal_complete(pos, seat) && (!pos->partners || position_goal_complete(pos, seat_partner(seat)));
}

static int alphabeta(MultiPlain *p, int alpha, int beta, int depth, int ply, const Game *game) {
    Position *pos = &p->search.pos;
    if (plain_node_stops(&p->search)) return 0;
    if (ply > 0) {
        int mover = seat_before(pos->players, pos->seat);
        if (game_won_by(pos, mover)) return ours(p, mover) ? PLAIN_WIN - ply : -PLAIN_WIN + ply;
    }
    if (depth == 0 || ply >= MULTI_PLAIN_MAX_PLY) return evaluate(p);
    uint64_t key = pos->hash ^ (0x9E3779B97F4A7C15ULL * (uint64_t)(p->root + 1));
    const TTEntry *entry = tt_probe(&p->search.tt, key);
    Move first = ply == 0 ? p->search.pv_move : MOVE_PASS;
    if (entry) {
        int tt_score = plain_score_from_tt(entry->score, ply);
        if (ply > 0 && plain_tt_decides(entry, tt_score, depth, alpha, beta)) return tt_score;
        if (ply > 0) first = (Move){entry->from, entry->to};
    }
    bool maximizing = ours(p, pos->seat);
    MoveList *list = &p->moves[ply];
    generate_moves(pos, list);
    int best = maximizing ? -PLAIN_INFINITE : PLAIN_INFINITE, old_alpha = alpha, old_beta = beta;
    Move best_move = MOVE_PASS;
    for (int i = 0; i < list->count; i++) {
        plain_pick(list, i, pos->seat, first);
        Move m = list->moves[i];
        if (ply == 0 && list->count > 1 && game_occurrences_after(game, m) >= 3) continue;
        position_make(pos, m);
        int score = alphabeta(p, alpha, beta, depth - 1, ply + 1, game);
        position_unmake(pos, m);
        if (p->search.stopped) return 0;
        if (maximizing ? score > best : score < best) best = score, best_move = m;
        if (maximizing && score > alpha) alpha = score;
        if (!maximizing && score < beta) beta = score;
        if (alpha >= beta) break;
    }
    if (best == -PLAIN_INFINITE) { /* every root move repeats a third time: one must be played */
        p->search.pv_move = list->moves[0];
        return 0;
    }
    int bound = best >= old_beta ? BOUND_LOWER : best <= old_alpha ? BOUND_UPPER : BOUND_EXACT;
    tt_store(&p->search.tt, key, best_move, plain_score_to_tt(best, ply), depth, bound);
    if (ply == 0) p->search.pv_move = best_move;
    return best;
}

static int search_root(void *p, int depth, const Game *game) {
    return alphabeta(p, -PLAIN_INFINITE, PLAIN_INFINITE, depth, 0, game);
}

Move multi_plain_move(MultiPlain *p, const Game *game, int64_t movetime_ms) {
    p->root = game->pos.seat;
    return plain_deepen(&p->search, p, search_root, MULTI_PLAIN_MAX_PLY, game, movetime_ms);
}
