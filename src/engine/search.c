/*
 * search.c: iterative deepening, principal variation search, time.
 *
 * Halma has no captures and no checks: every move is "quiet", the branching
 * factor is 100-300, and most moves (backward, sideways, small steps while a
 * long jump is available) are hopeless.  So the search leans on ordering by
 * the progress a move makes, on late move reductions that grow for moves
 * losing ground, and on pruning backward moves near the leaves.  Once the
 * armies have passed each other the opponent can no longer matter, and the
 * search counts our own moves only (the race); far ahead, it races so too.
 * In the race proper a beam search also plans the whole way home (race.c),
 * and the engine follows the plan.
 */
#include "engine/search.h"

#include "engine/beginner.h"
#include "engine/clock.h"
#include "engine/greedy.h"
#include "engine/levels.h"
#include "engine/random.h"
#include "engine/timeman.h"

enum {
    CHECK_EVERY = 1024,      /* nodes between looks at the clock and the stop flag */
    RACE_MIN_DEPTH = 4,      /* own moves every level looks ahead in the race */
    RACE_NOISE = 100,        /* the most any level errs by in the race */
    ASPIRATION_WIDEST = 1000, /* a window this wide gives way to a full one */
};

/* ------------------------------------------------------------------------ */
/* Setup                                                                    */

/* ln(x) for x >= 1 without a C library: halve into [1, 2), then atanh series. */
static double ln_approx(double x) {
    double r = 0;
    while (x >= 2) x /= 2, r += 0.69314718;
    double t = (x - 1) / (x + 1), t2 = t * t;
    return r + 2 * t * (1 + t2 / 3 + t2 * t2 / 5 + t2 * t2 * t2 / 7);
}

void engine_init(Engine *engine, void *hash_memory, size_t hash_bytes) {
    engine->level = ENGINE_LEVEL;
    atomic_init(&engine->stop, false);
    engine->hash_memory = hash_memory;
    engine->hash_bytes = hash_bytes;
    tt_init(&engine->tt, hash_memory, hash_bytes);
    Tune tune = tune_defaults();
    engine_tune(engine, &tune);
    EvalWeights race;
    race_weights(&race);
    eval_init(&engine->race_eval, &race);
    guard_init(&engine->guard);
    for (int d = 0; d < 64; d++)
        for (int m = 0; m < 64; m++)
            engine->reductions[d][m] = (int8_t)(d && m ? 0.75 + ln_approx(d) * ln_approx(m) / 2.25 : 0);
    engine->rng = GOLDEN_GAMMA;
    engine->clock = (SearchClock){0, 0};
    engine_new_game(engine);
}

void engine_tune(Engine *engine, const Tune *tune) {
    engine->params = tune->search;
    eval_init(&engine->eval, &tune->eval);
}

Tune engine_tuning(const Engine *engine) {
    Tune tune = tune_defaults();
    tune.eval = engine->eval.weights;
    tune.search = engine->params;
    return tune;
}

void engine_set_level(Engine *engine, int level) {
    engine->level = level_clamp(level);
}

void engine_seed(Engine *engine, uint64_t seed) { engine->rng = seed * GOLDEN_GAMMA + 1; }

void engine_new_game(Engine *engine) {
    tt_clear(&engine->tt);
    engine->plan.length = engine->plan_next = 0;
    engine->claim_in = 0;
    for (int s = 0; s < 2; s++)
        for (int a = 0; a < NUM_SQUARES; a++)
            for (int b = 0; b < NUM_SQUARES; b++) engine->history[s][a][b] = 0;
    engine->rng ^= (uint64_t)clock_ms() * 0xD1B54A32D192ED03ULL;
}

SearchLimits search_limits_none(void) { return (SearchLimits){0, 0, -1, {-1, -1}, false}; }

void engine_stop(Engine *engine) { atomic_store(&engine->stop, true); }

uint64_t engine_nodes(const Engine *engine) { return engine->search.nodes; }

/* ------------------------------------------------------------------------ */
/* Scores: wins are stored in the table relative to the node, not the root  */

static int score_to_tt(int score, int ply) {
    return score > SCORE_FINISH_BOUND ? score + ply : score < -SCORE_FINISH_BOUND ? score - ply : score;
}

static int score_from_tt(int score, int ply) {
    return score > SCORE_FINISH_BOUND ? score - ply : score < -SCORE_FINISH_BOUND ? score + ply : score;
}

/* ------------------------------------------------------------------------ */
/* The path of positions, for repetitions                                  */

static void push_key(SearchState *s, uint64_t key) {
    s->keys[s->key_count++] = key;
    s->key_filter[key & (KEY_FILTER_SIZE - 1)]++;
}

static void pop_key(SearchState *s) { s->key_filter[s->keys[--s->key_count] & (KEY_FILTER_SIZE - 1)]--; }

/* Has the current position (the last key) occurred before, in the game or on
 * the search's path?  The search scores any repetition as a draw: a side
 * that is ahead then never walks into one, a side that is behind seeks it. */
static bool is_repetition(const SearchState *s) {
    uint64_t key = s->keys[s->key_count - 1];
    if (s->key_filter[key & (KEY_FILTER_SIZE - 1)] < 2) return false;
    for (int i = s->key_count - 3; i >= 0; i -= 2)
        if (s->keys[i] == key) return true;
    return false;
}

/* ------------------------------------------------------------------------ */
/* Evaluation at the leaves                                                 */

static int leaf_eval(const Engine *e, const SearchState *s) {
    int score = evaluate_acc(&e->eval, &s->pos, &s->acc, (Side)s->root_side);
    if (s->noise) {
        uint64_t z = (s->pos.hash ^ s->noise_seed) * GOLDEN_GAMMA;
        int n = (int)((z >> 33) % (uint64_t)(2 * s->noise + 1)) - s->noise;
        score += s->pos.seat == WHITE ? n : -n;
    }
    return score;
}

/* ------------------------------------------------------------------------ */
/* Time and limits                                                          */

static void check_limits(Engine *e) {
    SearchState *s = &e->search;
    if (atomic_load_explicit(&e->stop, memory_order_relaxed)) s->stopped = true;
    if (s->hard_deadline >= 0 && search_clock_now(&e->clock) >= s->hard_deadline) s->stopped = true;
}

static inline void count_node(Engine *e) {
    SearchState *s = &e->search;
    s->nodes++;
    if (s->node_limit && s->nodes >= s->node_limit) s->stopped = true;
    if ((s->nodes & (CHECK_EVERY - 1)) == 0) check_limits(e);
}

/* ------------------------------------------------------------------------ */
/* Move ordering                                                            */

static inline int progress_of(const Engine *e, const Position *pos, Move m) {
    const int16_t *cost = e->eval.cost[pos->variant][pos->seat];
    return cost[m.from] - cost[m.to];
}

/* Starts taking the moves of the node at `ply`, best first. */
static void start_picker(const Engine *e, SearchState *s, int ply, Move tt_move) {
    const Position *pos = &s->pos;
    Side us = (Side)pos->seat;
    OrderInputs in = {e->eval.cost[pos->variant][us],
                      e->eval.costlier[pos->variant][us],
                      (const int16_t(*)[NUM_SQUARES])e->history[us],
                      {tt_move, s->killers[ply][0], s->killers[ply][1]}};
    picker_start(&s->orders[ply], &in);
}

static void update_history(Engine *e, Side us, Move m, int bonus) {
    int16_t *h = &e->history[us][m.from][m.to];
    int v = *h + bonus - *h * (bonus < 0 ? -bonus : bonus) / HISTORY_MAX;
    *h = (int16_t)(v > HISTORY_MAX ? HISTORY_MAX : v < -HISTORY_MAX ? -HISTORY_MAX : v);
}

static void reward_cutoff(Engine *e, int ply, int depth, Move best, bool listed) {
    SearchState *s = &e->search;
    Side us = (Side)s->pos.seat;
    if (!move_equal(s->killers[ply][0], best)) {
        s->killers[ply][1] = s->killers[ply][0];
        s->killers[ply][0] = best;
    }
    int bonus = depth * depth * 8;
    if (bonus > e->params.history_bonus_max) bonus = e->params.history_bonus_max;
    update_history(e, us, best, bonus);
    /* The moves taken from the list before it failed to cut. */
    if (!listed) return;
    const MoveOrder *order = &s->orders[ply];
    for (int i = 0; i < order->listed; i++)
        if (order->keys[i] == ORDER_TAKEN && !move_equal(order->moves[i], best))
            update_history(e, us, order->moves[i], -bonus);
}

/* ------------------------------------------------------------------------ */
/* The search                                                               */

/* A move on the board and in the key history, without the evaluation's
 * sums.  Alone, it makes the opponent's reply when racing alone: its pieces
 * move, but its cost stays as at the root, so that only our own progress
 * counts. */
static void make_reply(Engine *e, Move m) {
    SearchState *s = &e->search;
    position_make_for(&s->pos, m, TWO_SEATS);
    push_key(s, s->pos.hash);
    count_node(e);
}

static void unmake_reply(Engine *e, Move m) {
    SearchState *s = &e->search;
    pop_key(s);
    position_unmake_for(&s->pos, m, TWO_SEATS);
}

static void make_move(Engine *e, Move m) {
    SearchState *s = &e->search;
    if (!move_is_pass(m)) eval_acc_move(&e->eval, &s->acc, s->pos.variant, s->pos.seat, m.from, m.to);
    make_reply(e, m);
}

static void unmake_move(Engine *e, Move m) {
    SearchState *s = &e->search;
    unmake_reply(e, m);
    if (!move_is_pass(m)) eval_acc_move(&e->eval, &s->acc, s->pos.variant, s->pos.seat, m.to, m.from);
}

/* The table's key: the position's, salted with the evaluation's phase (past
 * home_grace, past door_moves), across which the same placement scores up
 * to eight times differently, and with the opponent's model (greedy replies).  The home-camp cost's small steps within a
 * phase are not salted: that lost 10% of the bench to missed transpositions. */
static inline uint64_t table_key(const Engine *e, const Position *pos) {
    const SearchState *s = &e->search;
    uint64_t phase = (uint64_t)eval_past_grace(&e->eval.weights, pos) + !eval_door_open(&e->eval, pos) +
                     3 * (uint64_t)s->greedy_replies + 6 * (uint64_t)s->guard_phase + 12 * (uint64_t)s->guard_replies;
    return pos->hash ^ phase * GOLDEN_GAMMA;
}

static bool is_banned(const SearchState *s, Move m) { return s->banned_count && bb_has(&s->banned[m.from], m.to); }

static void update_pv(SearchState *s, int ply, Move m) {
    s->pv[ply][ply] = m;
    for (int i = ply + 1; i < s->pv_length[ply + 1]; i++) s->pv[ply][i] = s->pv[ply + 1][i];
    s->pv_length[ply] = s->pv_length[ply + 1];
}

/* Is the engine behind, by the evaluation of the position being searched? */
static bool root_behind(const Engine *e, const SearchState *s) {
    int score = evaluate_acc(&e->eval, &s->pos, &s->acc, (Side)s->root_side);
    return s->pos.seat == s->root_side ? score < 0 : score > 0;
}

/* A loss for the engine, now, scored for the side to move. */
static int root_loses(const SearchState *s, int ply) {
    return s->pos.seat == s->root_side ? -SCORE_WIN + ply : SCORE_WIN - ply;
}

/* A draw, for the side to move: it costs the engine its contempt, and is a
 * loss where the engine, behind, keeps a piece at home past the grace: that
 * is spoiling (self-play found it: docs/ENGINE.md, every game stays winnable).
 * Not under nospoil, where a piece at home keeps no goal from being won. */
static int draw_score(const Engine *e, const SearchState *s, int ply) {
    Side root = (Side)s->root_side;
    bool root_to_move = s->pos.seat == root;
    if (s->acc.at_home[root] && eval_past_grace(&e->eval.weights, &s->pos) && s->pos.rules != RULES_NOSPOIL &&
        root_behind(e, s))
        return root_loses(s, ply);
    return root_to_move ? -s->contempt : s->contempt;
}

/* Is the engine, behind, holding the opponent's goal shut (the opponent has
 * filled every other square)?  Scored as lost now, so that leaving beats
 * shuffling to the turn limit (docs/ENGINE.md, every game stays winnable).
 * Under nospoil no piece holds a goal shut: so full, it is won. */
static bool holds_goal_shut(const Engine *e, const SearchState *s) {
    Side root = (Side)s->root_side, opponent = (Side)(root ^ 1);
    int held = s->acc.at_home[root];
    if (held == 0) return false;
    Bitboard filled = bb_and(s->pos.pieces[opponent], goal_of((Variant)s->pos.variant, opponent));
    return bb_count(filled) == s->acc.pieces[opponent] - held && s->pos.rules != RULES_NOSPOIL && root_behind(e, s);
}

/* What the opponent scores by a first reply that repeats a position, if it
 * has one (else -SCORE_INFINITE): greedy replies expect it to advance, but a
 * side behind may rather repeat, and the game's history can make it a third
 * occurrence. */
static int repetition_reply(Engine *e) {
    SearchState *s = &e->search;
    MoveList replies;
    generate_moves(&s->pos, &replies);
    int best = -SCORE_INFINITE;
    for (int i = 0; i < replies.count; i++) {
        make_reply(e, replies.moves[i]);
        if (is_repetition(s)) {
            int draw = -draw_score(e, s, 2);
            if (draw > best) best = draw;
        }
        unmake_reply(e, replies.moves[i]);
    }
    return best;
}

/*
 * A finish at `ply` by the side that just moved, for that side: forced in a
 * search of both sides' moves, or with the very next move.  Racing alone it
 * rests on a model of the opponent's replies, even once the armies have
 * passed: a piece can still move back and block (ab@100 did, and drew by the
 * turn limit): an estimate, not a win.
 */
static int finish_score(const SearchState *s, int ply) {
    return s->solo_side < 0 || ply == 1 ? SCORE_WIN - ply : SCORE_FINISH - ply;
}

/* Has the game ended with the move just made, or is it decided?  Sets
 * *score when it is. */
static inline bool game_ended(const Engine *e, const SearchState *s, int ply, int *score) {
    const Position *pos = &s->pos;
    /* The side that just moved may have won, or drawn. */
    if (position_goal_complete(pos, pos->seat ^ 1)) { /* either win, by the game's rules */
        *score = -finish_score(s, ply);
        return true;
    }
    if (is_repetition(s) || pos->turns >= s->turn_limit) {
        *score = draw_score(e, s, ply);
        return true;
    }
    if (holds_goal_shut(e, s)) {
        *score = root_loses(s, ply);
        return true;
    }
    return false;
}

/* A draw, for the side to move, at its plain value: what the engine's
 * contempt makes of it. */
static int plain_draw(const SearchState *s) { return s->pos.seat == s->root_side ? -s->contempt : s->contempt; }

/* Is the opponent to move here, with a move back into our goal in hand,
 * in a search that scores it as a draw (guard.h)?  Looked at in every
 * search of both sides once our goal is half filled, and racing alone
 * while a returning piece is near. */
static bool return_in_hand(const SearchState *s) {
    return s->guard_phase && (s->solo_side < 0 || s->guard_replies) && s->pos.seat != s->root_side &&
           guard_return_possible(&s->pos, (Side)s->pos.seat);
}

static int search(Engine *e, int alpha, int beta, int depth, int ply);

/* Searches the position just made, one ply down.  Most nodes are leaves:
 * they are scored here, without entering search() and its large frame. */
static inline int search_child(Engine *e, int alpha, int beta, int depth, int ply) {
    if (depth > 0 && ply < MAX_PLY - 2) return search(e, alpha, beta, depth, ply);
    SearchState *s = &e->search;
    s->pv_length[ply] = ply;
    if (ply > s->seldepth) s->seldepth = ply;
    int score;
    if (game_ended(e, s, ply, &score)) return score;
    score = leaf_eval(e, s);
    if (return_in_hand(s) && plain_draw(s) > score) score = plain_draw(s);
    return score;
}

enum { GUARD_MOVES = 64 }; /* approaches searched at one node, at most */

/* Racing alone with a returning piece near (s->guard_replies), the
 * opponent passes, or brings such a piece nearer our goal; `stand` is what
 * it has in hand already (a move back in: a draw). */
static int guarded_replies(Engine *e, int alpha, int beta, int depth, int ply, int stand) {
    SearchState *s = &e->search;
    Move moves[GUARD_MOVES + 1];
    moves[0] = MOVE_PASS;
    int n = 1 + guard_approaches(&e->guard, &s->pos, moves + 1, GUARD_MOVES);
    int best = stand;
    for (int i = 0; i < n; i++) {
        make_reply(e, moves[i]);
        int score = -search_child(e, -beta, -alpha, depth, ply + 1);
        unmake_reply(e, moves[i]);
        if (s->stopped) return 0;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                update_pv(s, ply, moves[i]);
                if (score >= beta) break;
            }
        }
    }
    return best;
}

static int search(Engine *e, int alpha, int beta, int depth, int ply) {
    SearchState *s = &e->search;
    Position *pos = &s->pos;
    bool pv_node = beta - alpha > 1, root = ply == 0;
    s->pv_length[ply] = ply;
    if (ply > s->seldepth) s->seldepth = ply;

    if (!root) {
        int score;
        if (game_ended(e, s, ply, &score)) return score;
        if (s->stopped) return 0;
        /* Mate distance pruning: no win here can beat one already found nearer. */
        if (alpha < -SCORE_WIN + ply) alpha = -SCORE_WIN + ply;
        if (beta > SCORE_WIN - ply - 1) beta = SCORE_WIN - ply - 1;
        if (alpha >= beta) return alpha;
    }

    /* A move of the opponent's back into our goal is a draw in hand. */
    int stand = -SCORE_INFINITE;
    if (return_in_hand(s)) {
        stand = plain_draw(s);
        if (stand >= beta) return stand;
        if (stand > alpha) alpha = stand;
    }

    /* Racing alone, the depth counts our own moves only.  In the race proper
     * the other side's moves cannot matter: it passes, or, with a piece near
     * our goal, brings it nearer (s->guard_replies).  Far ahead before the
     * armies have passed, its pieces still stand in our way, and it is taken
     * to keep advancing as greedy does (s->greedy_replies). */
    if (pos->seat != s->solo_side && s->solo_side >= 0) {
        if (s->guard_replies) return guarded_replies(e, alpha, beta, depth, ply, stand);
        Move reply = s->greedy_replies && depth >= e->params.greedy_reply_depth ? greedy_move(pos) : MOVE_PASS;
        make_reply(e, reply);
        int score = -search_child(e, -beta, -alpha, depth, ply + 1);
        unmake_reply(e, reply);
        if (s->pv_length[ply + 1] > ply + 1 || score > alpha) update_pv(s, ply, reply);
        if (s->greedy_replies && ply == 1) {
            int draw = repetition_reply(e);
            if (draw > score) score = draw;
        }
        return score;
    }

    uint64_t tt_key = table_key(e, pos);
    const TTEntry *entry = tt_probe(&e->tt, tt_key);
    Move tt_move = MOVE_PASS;
    if (entry) {
        tt_move = (Move){entry->from, entry->to};
        int tt_score = score_from_tt(entry->score, ply);
        if (!pv_node && entry->depth >= depth &&
            (entry->bound == BOUND_EXACT || (entry->bound == BOUND_LOWER && tt_score >= beta) ||
             (entry->bound == BOUND_UPPER && tt_score <= alpha)))
            return tt_score;
    }

    /* Reverse futility: far enough above beta that one move of the opponent's
     * will not bring it back. */
    if (!pv_node && !root && depth <= 3 && beta > -SCORE_FINISH_BOUND && beta < SCORE_FINISH_BOUND) {
        int static_eval = leaf_eval(e, s);
        if (static_eval - e->params.futility_margin * depth >= beta) return static_eval;
    }

    MoveOrder *order = &s->orders[ply];
    start_picker(e, s, ply, tt_move);
    int best_score = stand, old_alpha = alpha, tried = 0;
    Move best_move = MOVE_PASS, m;
    bool special;
    while (picker_next(order, pos, &m, &special)) {
        if (root && is_banned(s, m)) continue;
        int progress = move_is_pass(m) ? 0 : progress_of(e, pos, m);
        /* Forward pruning near the leaves: moves that lose ground, and late
         * moves once plenty have been tried. */
        if (!root && tried > 0 && best_score > -SCORE_WIN_BOUND && !special) {
            if (depth <= 3 && picker_taken(order) > 6 + e->params.late_move_slope * depth * depth) break; /* best first */
            if (depth <= e->params.losing_prune_depth && progress < 0) continue;
        }
        make_move(e, m);
        int score, new_depth = depth - 1;
        if (new_depth > 0) tt_prefetch(&e->tt, table_key(e, pos));
        /* In the race the move that gains most now wins a tie (eager_move). */
        bool eager = root && tried > 0 && move_equal(m, s->eager);
        if (tried == 0) {
            score = -search_child(e, -beta, -alpha, new_depth, ply + 1);
        } else if (eager) {
            score = -search_child(e, -alpha, -alpha + 1, new_depth, ply + 1);
            if (score >= alpha && score < beta) score = -search_child(e, -beta, -alpha + 1, new_depth, ply + 1);
        } else {
            int r = 0;
            if (depth >= 3 && tried >= 3 && !special) {
                r = e->reductions[depth < 64 ? depth : 63][tried < 64 ? tried : 63] * e->params.reduction_percent / 100;
                if (progress < 0) r++;
                if (pv_node) r--;
                if (r < 0) r = 0;
                if (r > new_depth - 1) r = new_depth - 1;
            }
            score = -search_child(e, -alpha - 1, -alpha, new_depth - r, ply + 1);
            if (score > alpha && r > 0) score = -search_child(e, -alpha - 1, -alpha, new_depth, ply + 1);
            if (score > alpha && score < beta) score = -search_child(e, -beta, -alpha, new_depth, ply + 1);
        }
        unmake_move(e, m);
        tried++;
        if (s->stopped) return 0;
        if (score > best_score || (eager && score == best_score)) {
            best_score = score;
            best_move = m;
            if (score > alpha || (eager && score == alpha)) {
                alpha = score;
                update_pv(s, ply, m);
                if (root) {
                    s->root_best = m;
                    s->root_best_score = score;
                }
                if (score >= beta) {
                    reward_cutoff(e, ply, depth, m, order->generated);
                    break;
                }
            }
        }
    }
    int bound = best_score >= beta ? BOUND_LOWER : best_score > old_alpha ? BOUND_EXACT : BOUND_UPPER;
    tt_store(&e->tt, tt_key, best_move, score_to_tt(best_score, ply), depth, bound);
    return best_score;
}

/* ------------------------------------------------------------------------ */
/* Driving the search                                                       */

static int side_cost_now(const Engine *e, const Position *pos, Side side) {
    return eval_side_cost(&e->eval, pos, side, (int)side != e->search.root_side ? e->eval.weights.their_home_late : 100);
}

/* How far the side to move is ahead in the race, in the evaluation's unit
 * (about a hundred a move). */
static int race_lead(const Engine *e, const Position *pos) {
    Side us = (Side)pos->seat;
    return eval_side_cost(&e->eval, pos, (Side)(us ^ 1), e->params.lead_home_late) - side_cost_now(e, pos, us);
}

/* Racing alone with no win in sight, every order of the same moves scores
 * the same, and the search may put the progress off forever (it shuffled
 * for sixty turns against a parked camp): the root move that gains most now
 * wins a tie, searched with a window one lower. */
static Move eager_move(Engine *e) {
    SearchState *s = &e->search;
    const MoveList *moves = &s->root_moves;
    Move eager = MOVE_PASS;
    int eager_cost = SCORE_INFINITE;
    for (int i = 0; i < moves->count; i++) {
        Move m = moves->moves[i];
        if (move_is_pass(m) || is_banned(s, m)) continue;
        make_move(e, m);
        int cost = eval_side_cost_acc(&e->eval, &s->pos, &s->acc, (Side)s->root_side);
        unmake_move(e, m);
        if (cost < eager_cost) eager = m, eager_cost = cost;
    }
    return eager;
}

/* Is the side to move far enough ahead to race alone before the armies pass
 * (solo_lead_19 or solo_lead_13; 0: never)? */
static bool far_ahead(const Engine *e, const Position *pos) {
    int lead = pos->variant == VARIANT_19 ? e->params.solo_lead_19 : e->params.solo_lead_13;
    return lead && race_lead(e, pos) >= lead;
}

/* A finish that is not forced, as what it is worth in the evaluation's
 * unit: the moves the loser still needs less the winner's. */
static int finish_estimate(const SearchState *s, int score) {
    int estimate = score > 0 ? s->opponent_cost - 100 * ((SCORE_FINISH - score + 1) / 2)
                             : 100 * ((SCORE_FINISH + score + 1) / 2) - s->own_cost;
    int most = SCORE_FINISH_BOUND - 1;
    return estimate > most ? most : estimate < -most ? -most : estimate;
}

static void report_iteration(Engine *e, int depth, int score, ReportFn report, void *ctx) {
    if (!report) return;
    SearchState *s = &e->search;
    SearchReport r = {.depth = depth, .score = score, .nodes = s->nodes, .time_ms = search_clock_now(&e->clock) - s->start};
    if (score > SCORE_WIN_BOUND) r.win_in = SCORE_WIN - score;
    else if (score < -SCORE_WIN_BOUND) r.win_in = -(SCORE_WIN + score);
    else if (score > SCORE_FINISH_BOUND || score < -SCORE_FINISH_BOUND) r.score = finish_estimate(s, score);
    r.pv_length = s->pv_length[0] < MAX_PV ? s->pv_length[0] : MAX_PV;
    for (int i = 0; i < r.pv_length; i++) r.pv[i] = s->pv[0][i];
    report(ctx, &r);
}

/* Does `m` wall in more of the pieces the opponent still has at home (in
 * our goal) than the `before` walled in now? */
static bool walls_in(const Engine *e, Position *pos, Move m, int before) {
    Side them = (Side)(pos->seat ^ 1);
    position_make_for(pos, m, TWO_SEATS);
    int after = eval_walled_in(&e->eval, pos, them);
    position_unmake_for(pos, m, TWO_SEATS);
    return after > before;
}

/* The side's own last move, if the record has one. */
static Move own_last_move(const Game *game) { return game->length >= 2 ? game->moves[game->length - 2] : MOVE_PASS; }

static void ban(SearchState *s, Move m, int *banned) {
    if (!bb_has(&s->banned[m.from], m.to)) bb_add(&s->banned[m.from], m.to), (*banned)++;
}

/*
 * Root moves the engine may not play, unless it has no other:
 * - while the way out is kept open (door_moves), a move that walls in an
 *   opponent's piece at home: then neither side can ever win.  Banned at the
 *   root whatever the search's model of the replies says of it: against an
 *   opponent that passes, a door opened later looks as good as one open now,
 *   and stayer:1:150 found its piece walled in on the turn it set out
 *   (not under nospoil, where the goal is won around it);
 * - at a noisy level, a move that repeats a position for the third time: it
 *   could take it for a good move by chance;
 * - at a level of short sight, a chain longer than it sees (beginner.h);
 * - at a level of plain moves, its last move undone, a position seen
 *   before, and a step back while another move is left: noise makes a
 *   beginner err, never play a silly move.
 */
static void ban_root_moves(Engine *e, const Game *game, const LevelParams *lp) {
    SearchState *s = &e->search;
    MoveList *list = &s->root_moves;
    generate_moves(&s->pos, list);
    Side us = (Side)s->pos.seat;
    /* Under nospoil a piece walled in at home keeps no goal from being won. */
    bool door_open = s->pos.rules != RULES_NOSPOIL && eval_door_open(&e->eval, &s->pos);
    int walled = door_open ? eval_walled_in(&e->eval, &s->pos, (Side)(us ^ 1)) : 0;
    Move last = own_last_move(game);
    int sight = race_is_separated(&s->pos) ? 0 : lp->sight; /* every level finishes its race */
    for (int sq = 0; sq < NUM_SQUARES; sq++) s->banned[sq] = (Bitboard){{0, 0, 0, 0}};
    int banned = 0, from = -1;
    bool forward_left = false;
    Bitboard seen = {{0, 0, 0, 0}};
    for (int i = 0; i < list->count; i++) {
        Move m = list->moves[i];
        if (move_is_pass(m)) continue;
        if (sight && m.from != from) seen = beginner_destinations(&s->pos, from = m.from, sight);
        int occurrences = lp->noise || lp->plain ? game_occurrences_after(game, m) : 0;
        bool undone = m.from == last.to && m.to == last.from;
        if ((door_open && walls_in(e, &s->pos, m, walled)) || (lp->noise && occurrences >= 3) ||
            (sight && !bb_has(&seen, m.to)) || (lp->plain && (undone || occurrences >= 2)))
            ban(s, m, &banned);
        else
            forward_left |= goal_distance(us, m.to) <= goal_distance(us, m.from);
    }
    if (lp->plain && forward_left)
        for (int i = 0; i < list->count; i++)
            if (!move_is_pass(list->moves[i]) && goal_distance(us, list->moves[i].to) > goal_distance(us, list->moves[i].from))
                ban(s, list->moves[i], &banned);
    s->banned_count = banned < list->count ? banned : 0;
}

/* Bans, besides the root moves banned already, those after which the
 * opponent can move a piece back into our goal, unless every move is then
 * banned. */
static void ban_opening_moves(Engine *e) {
    SearchState *s = &e->search;
    const MoveList *list = &s->root_moves;
    Side them = (Side)(s->pos.seat ^ 1);
    if (s->banned_count == 0) /* nothing banned: clear what banning every move left */
        for (int sq = 0; sq < NUM_SQUARES; sq++) s->banned[sq] = (Bitboard){{0, 0, 0, 0}};
    int banned = s->banned_count;
    Bitboard before[NUM_SQUARES];
    for (int sq = 0; sq < NUM_SQUARES; sq++) before[sq] = s->banned[sq];
    for (int i = 0; i < list->count; i++) {
        Move m = list->moves[i];
        if (move_is_pass(m) || is_banned(s, m)) continue;
        position_make_for(&s->pos, m, TWO_SEATS);
        bool opens = guard_return_possible(&s->pos, them);
        position_unmake_for(&s->pos, m, TWO_SEATS);
        if (opens) ban(s, m, &banned);
    }
    if (banned < list->count) s->banned_count = banned;
    else
        for (int sq = 0; sq < NUM_SQUARES; sq++) s->banned[sq] = before[sq];
}

static void prepare(Engine *e, const Game *game, const SearchLimits *limits, const LevelParams *lp) {
    SearchState *s = &e->search;
    s->start = search_clock_now(&e->clock);
    s->pos = game->pos;
    eval_set_root(&e->eval, &s->pos);
    eval_acc_init(&e->eval, &s->pos, &s->acc);
    s->turn_limit = game->turn_limit;
    s->root_side = game->pos.seat;
    s->nodes = 0;
    s->node_limit = limits->nodes;
    s->stopped = false;
    s->max_depth = limits->depth > 0 ? limits->depth : MAX_PLY - 1;
    if (lp->max_depth && lp->max_depth < s->max_depth) s->max_depth = lp->max_depth;
    if (s->max_depth > MAX_PLY - 1) s->max_depth = MAX_PLY - 1;
    s->noise = 0;
    if (lp->noise) {
        /* Noise fades as we near home, so weak levels still finish. */
        int cost = side_cost_now(e, &s->pos, (Side)s->pos.seat);
        s->noise = cost >= 1500 ? lp->noise : lp->noise * cost / 1500;
        if (race_is_separated(&s->pos) && s->noise > RACE_NOISE) s->noise = RACE_NOISE;
        s->noise_seed = random_next(&e->rng);
    }
    /* A noisy level must not take a repetition for a good move by chance. */
    s->contempt = e->params.contempt + 2 * s->noise;
    s->key_count = 0;
    for (int i = 0; i < KEY_FILTER_SIZE; i++) s->key_filter[i] = 0;
    for (int i = 0; i <= game->length; i++) push_key(s, game->keys[i]);
    for (int i = 0; i < MAX_PLY; i++) s->killers[i][0] = s->killers[i][1] = MOVE_PASS;
    s->seldepth = 0;
    ban_root_moves(e, game, lp);
    Side us = (Side)s->pos.seat;
    Deadlines d = time_plan(limits, lp, us, side_cost_now(e, &s->pos, us), s->start);
    s->soft_deadline = d.soft;
    s->hard_deadline = d.hard;
    tt_new_search(&e->tt);
}

/* In the race, the levels without noise or depth cap (7 to 10), on their
 * own time, plan the whole way home (race.h) with half of it: ever wider
 * beams while time lasts, against the rest of the plan found before, which
 * still holds unless the opponent has blocked it.  Returns the shortest
 * plan's length (0: none found), and its first move in *move. */
static int plan_race(Engine *e, Move *move) {
    SearchState *s = &e->search;
    int best = race_plan_valid(&e->plan, e->plan_next, &s->pos) ? e->plan.length - e->plan_next : 0;
    int64_t deadline = s->start + (s->hard_deadline - s->start) / 2;
    for (int width = 8; width <= e->params.race_beam_width && width <= RACE_MAX_WIDTH && search_clock_now(&e->clock) < deadline; width *= 2) {
        RacePlan plan;
        if (!race_plan(&e->race, &e->race_eval, &s->pos, width, &e->clock, deadline, &e->stop, &s->nodes, &plan)) continue;
        if (best == 0 || plan.length < best) {
            e->plan = plan;
            e->plan_next = 0;
            best = plan.length;
        }
    }
    if (best) *move = e->plan.moves[e->plan_next];
    return best;
}

static void report_plan(Engine *e, int depth, int score, ReportFn report, void *ctx) {
    if (!report) return;
    SearchState *s = &e->search;
    SearchReport r = {.depth = depth, .score = score, .nodes = s->nodes, .time_ms = search_clock_now(&e->clock) - s->start};
    for (int i = e->plan_next; i < e->plan.length && r.pv_length + 2 <= MAX_PV; i++) {
        r.pv[r.pv_length++] = e->plan.moves[i];
        if (i + 1 < e->plan.length) r.pv[r.pv_length++] = MOVE_PASS;
    }
    report(ctx, &r);
}

/*
 * Who moves in the tree: both sides, or the engine alone (s->solo_side), its
 * opponent passing or, far ahead before the armies pass (19 pieces, while the
 * way out is kept open), replying as greedy would.  Figures: docs/ENGINE.md,
 * racing alone.
 */
static void choose_sides(Engine *e, const SearchLimits *limits) {
    SearchState *s = &e->search;
    /* A forced win found by a search of both sides is followed by one: racing
     * alone, the next move forgot it and let a piece back into our goal. */
    int since_claim = s->pos.turns - e->claim_turn;
    bool proving = e->claim_in > 0 && since_claim > 0 && since_claim < e->claim_in;
    Side us = (Side)s->pos.seat, them = (Side)(us ^ 1);
    s->solo_side = -1;
    s->greedy_replies = false;
    s->guard_replies = false;
    int outside = bb_count(bb_minus(s->pos.pieces[us], goal_of((Variant)s->pos.variant, us)));
    /* Under nospoil nothing comes back home: no guard (guard.h). */
    s->guard_phase = outside <= e->params.guard_outside && s->pos.rules != RULES_NOSPOIL;
    s->own_cost = side_cost_now(e, &s->pos, us);
    s->opponent_cost = side_cost_now(e, &s->pos, them);
    if (proving) {
        /* both sides move */
    } else if (race_is_separated(&s->pos)) {
        s->solo_side = us;
        /* Every level finishes its race competently: a short plan home is
         * out of reach of a one-move lookahead. */
        if (limits->depth == 0 && s->max_depth < RACE_MIN_DEPTH) s->max_depth = RACE_MIN_DEPTH;
    } else if (far_ahead(e, &s->pos)) {
        s->solo_side = us;
        s->greedy_replies = e->params.greedy_reply_depth != 0 && s->pos.variant == VARIANT_19 &&
                            eval_door_open(&e->eval, &s->pos);
    }
    if (s->solo_side >= 0 && s->guard_phase && guard_threat_near(&e->guard, &s->pos, them)) {
        s->guard_replies = true;
        s->greedy_replies = false;
    }
}

/* The race planner's move when it may plan (the race proper, a level at full
 * strength on its own time); its plan's length, 0 for none. */
static int planned_move(Engine *e, const Game *game, const SearchLimits *limits, const LevelParams *lp,
                        Move *planned) {
    SearchState *s = &e->search;
    if (s->solo_side < 0 || s->guard_replies || !race_is_separated(&s->pos) || lp->noise || lp->max_depth || limits->depth ||
        limits->nodes || limits->infinite || s->hard_deadline < 0)
        return 0;
    int length = plan_race(e, planned);
    return length && (game_occurrences_after(game, *planned) >= 3 || is_banned(s, *planned)) ? 0 : length;
}

/* One iteration: a window around the last score, widened until the score
 * falls inside it. */
static int search_iteration(Engine *e, int depth, int last_score) {
    SearchState *s = &e->search;
    int delta = e->params.aspiration_window;
    int alpha = -SCORE_INFINITE, beta = SCORE_INFINITE;
    if (depth >= e->params.aspiration_depth && last_score > -SCORE_FINISH_BOUND && last_score < SCORE_FINISH_BOUND)
        alpha = last_score - delta, beta = last_score + delta;
    s->root_best = MOVE_PASS;
    for (;;) {
        int result = search(e, alpha, beta, depth, 0);
        if (s->stopped || (alpha == -SCORE_INFINITE && beta == SCORE_INFINITE)) return result;
        if (result <= alpha) {
            beta = (alpha + beta) / 2;
            alpha = result - delta > -SCORE_INFINITE ? result - delta : -SCORE_INFINITE;
        } else if (result >= beta) {
            beta = result + delta < SCORE_INFINITE ? result + delta : SCORE_INFINITE;
        } else {
            return result;
        }
        delta += delta;
        if (delta > ASPIRATION_WIDEST) alpha = -SCORE_INFINITE, beta = SCORE_INFINITE;
    }
}

/* Iterative deepening until a limit, a stop or a shortest win; the best
 * move, its score in *score and the last depth completed in *depth_done. */
static Move deepen(Engine *e, Move best, ReportFn report, void *ctx, int *score, int *depth_done) {
    SearchState *s = &e->search;
    *score = 0;
    *depth_done = 0;
    for (int depth = 1; depth <= s->max_depth; depth++) {
        int result = search_iteration(e, depth, *score);
        if (s->stopped) {
            /* A move that beat the previous best in this unfinished
             * iteration is better informed than the old one. */
            if (!move_is_pass(s->root_best) && s->root_best_score > *score) best = s->root_best;
            break;
        }
        if (s->greedy_replies && result > SCORE_FINISH_BOUND) {
            /* A finish in sight: count on our own moves only, not on replies
             * the opponent need not make (it may block instead), from depth 1
             * again; the table keeps the two models apart (table_key). */
            s->greedy_replies = false;
            depth = 0;
            continue;
        }
        *score = result;
        *depth_done = depth;
        if (s->pv_length[0] > 0) best = s->pv[0][0];
        report_iteration(e, depth, result, report, ctx);
        if (result > SCORE_WIN_BOUND && SCORE_WIN - result <= depth) break; /* a shortest win is found */
        if (s->guard_phase && result == -s->contempt) break; /* a returning piece draws: deeper, it still does */
        if (result < -SCORE_WIN_BOUND && SCORE_WIN + result <= depth) break;
        if (s->soft_deadline >= 0 && search_clock_now(&e->clock) >= s->soft_deadline) break;
    }
    return best;
}

Move engine_think(Engine *e, const Game *game, const SearchLimits *limits, ReportFn report, void *ctx) {
    SearchState *s = &e->search;
    const LevelParams *lp = level_params(e->level);
    prepare(e, game, limits, lp);
    MoveList *root_moves = &s->root_moves;
    generate_moves(&s->pos, root_moves);
    if (root_moves->count == 1) {
        report_iteration(e, 0, 0, report, ctx);
        return root_moves->moves[0];
    }
    choose_sides(e, limits);
    s->eager = s->solo_side >= 0 ? eager_move(e) : MOVE_PASS;
    Move planned = MOVE_PASS;
    int plan_length = planned_move(e, game, limits, lp, &planned);
    int score, depth_done;
    Move best = deepen(e, root_moves->moves[0], report, ctx, &score, &depth_done);
    if (s->guard_phase && score == -s->contempt && !s->stopped) {
        /* Every move lets a returning piece in: a side that sees it draws,
         * and nothing we play prevents it.  Play on as if it did not, but
         * never opening the door at once while another move keeps it shut. */
        s->guard_phase = s->guard_replies = false;
        ban_opening_moves(e);
        best = deepen(e, best, report, ctx, &score, &depth_done);
    }
    e->claim_in = score > SCORE_WIN_BOUND ? SCORE_WIN - score : 0;
    e->claim_turn = game->pos.turns;
    if (!plan_length) return best;
    /* The search's move stands only where it sees a way home no longer than
     * the plan: it then proves the shortest finish. */
    int own_moves = score > SCORE_WIN_BOUND      ? (SCORE_WIN - score + 1) / 2
                    : score > SCORE_FINISH_BOUND ? (SCORE_FINISH - score + 1) / 2
                                                 : 0;
    if (own_moves && own_moves <= plan_length) {
        e->plan.length = 0;
        return best;
    }
    report_plan(e, depth_done, score, report, ctx);
    e->plan_next++;
    return planned;
}
