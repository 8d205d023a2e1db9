/*
 * multi_search.c: iterative deepening over the many-seat tree (see
 * multi_search.h).
 *
 * Scores are always the root seat's, so a node either maximises (the root
 * seat; its partner, as partners) or minimises.  Each for themselves under
 * Best-Reply Search, the seats after the root make one minimising layer:
 * every opponent's moves, each generated where the opponents before it
 * have played their own fallback move (a pass in BRS, the move that gains
 * most in BRS+), the one replying moving instead of its fallback.  Every
 * node ranks its moves by the static score of the child, so a node one
 * layer above the leaves needs no child at all.
 */
#include "engine/multi_search.h"

#include "engine/clock.h"
#include "engine/levels.h"
#include "engine/random.h"
#include "engine/timeman.h"

enum {
    CHECK_EVERY = 1024,         /* nodes between looks at the clock and the stop flag */
    RANK_TAKEN = INT32_MIN,    /* a move already tried */
    RANK_TABLE = 1 << 24,      /* the table's move, first */
    RANK_KILLER = 1 << 22,     /* then the killers */
    RANK_BLOCK = 1 << 21,      /* then an opponent's move onto our goal, which static scores miss */
    MULTI_HISTORY_MAX = 16000,
    MULTI_HISTORY_SHIFT = 7,          /* history / 128 is added to a move's rank */
    NOISE_FULL_COST = 1500,     /* a level's noise fades below this cost of the seat */
};

/* Keys of the table: each root seat and algorithm scores differently. */
static const uint64_t LAYER_SALT = 0x6A09E667F3BCC909ULL;

/* ------------------------------------------------------------------------ */
/* Setup                                                                    */

void multi_engine_init(MultiEngine *e, void *hash_memory, size_t hash_bytes) {
    e->level = ENGINE_LEVEL;
    atomic_init(&e->own_stop, false);
    e->stop = &e->own_stop;
    tt_init(&e->tt, hash_memory, hash_bytes);
    Tune tune = tune_defaults();
    multi_engine_tune(e, &tune);
    e->rng = GOLDEN_GAMMA;
    e->clock = (SearchClock){0, 0};
    multi_engine_new_game(e);
}

void multi_engine_set_level(MultiEngine *e, int level) { e->level = level_clamp(level); }

void multi_engine_tune(MultiEngine *e, const Tune *tune) {
    e->params = tune->multi_search;
    multi_eval_init(&e->eval, &tune->multi_eval);
}

Tune multi_engine_tuning(const MultiEngine *e) {
    Tune tune = tune_defaults();
    tune.multi_eval = e->eval.weights;
    tune.multi_search = e->params;
    return tune;
}

void multi_engine_new_game(MultiEngine *e) {
    tt_clear(&e->tt);
    for (int s = 0; s < MAX_SEATS; s++)
        for (int a = 0; a < NUM_SQUARES; a++)
            for (int b = 0; b < NUM_SQUARES; b++) e->history[s][a][b] = 0;
    e->rng ^= (uint64_t)clock_ms() * 0xD1B54A32D192ED03ULL;
}

void multi_engine_seed(MultiEngine *e, uint64_t seed) { e->rng = seed * GOLDEN_GAMMA + 1; }

void multi_engine_watch(MultiEngine *e, const atomic_bool *flag) { e->stop = flag ? flag : &e->own_stop; }

void multi_engine_stop(MultiEngine *e) { atomic_store(&e->own_stop, true); }

MultiLimits multi_limits_none(void) { return (MultiLimits){0, 0, -1, {-1, -1, -1, -1}, false}; }

uint64_t multi_engine_nodes(const MultiEngine *e) { return e->search.nodes; }

/* ------------------------------------------------------------------------ */
/* Scores, seats and limits                                                 */

static bool ours(const MultiSearchState *s, int seat) {
    int root = s->root.root;
    return s->pos.partners ? (seat >> 1) == (root >> 1) : seat == root;
}

/* Do the seats after the root make one layer (BRS, BRS+)? */
static bool layered(const MultiSearchState *s, int seat) {
    return !s->pos.partners && s->algorithm != MULTI_PARANOID && seat != s->root.root;
}

/* The score of a finish `ply` layers down: the mover's seat or team home. */
static int finish_score(const MultiSearchState *s, int mover, int ply) {
    return ours(s, mover) ? MULTI_FINISH - ply : -(MULTI_FINISH - ply);
}

/* Under nospoil, does the move of `seat` complete its goal, judged as the
 * game judges it (position_goal_complete(), as partners both partners'),
 * on a copy?  Asked only of the few moves that fill its last open square. */
static __attribute__((noinline)) bool completes(const Position *pos, int seat, int from, int to) {
    Position after = *pos;
    position_move_piece(&after, seat, from, to);
    return position_goal_complete(&after, seat) &&
           (!after.partners || position_goal_complete(&after, seat_partner(seat)));
}

/* Does the move of `seat` end the game: its last piece home, or under
 * nospoil the last open square of its goal filled (Parlett's win), and as
 * partners its partner's goal complete already?  `to_go`: the seat's
 * multi_pieces_to_go(). */
static bool finishes(const Position *pos, int seat, int to_go, int from, int to) {
    if (to_go != 1) return false;
    Bitboard goal = seat_goal(seat);
    if (bb_has(&goal, from) || !bb_has(&goal, to)) return false;
    if (pos->rules == RULES_NOSPOIL) return completes(pos, seat, from, to);
    return !pos->partners || position_has_won(pos, seat_partner(seat));
}

static int score_to_tt(int score, int ply) {
    return score > MULTI_FINISH_BOUND ? score + ply : score < -MULTI_FINISH_BOUND ? score - ply : score;
}

static int score_from_tt(int score, int ply) {
    return score > MULTI_FINISH_BOUND ? score - ply : score < -MULTI_FINISH_BOUND ? score + ply : score;
}

static void check_limits(MultiEngine *e) {
    MultiSearchState *s = &e->search;
    if (atomic_load_explicit(e->stop, memory_order_relaxed)) s->stopped = true;
    if (s->hard_deadline >= 0 && search_clock_now(&e->clock) >= s->hard_deadline) s->stopped = true;
}

static void count_node(MultiEngine *e) {
    MultiSearchState *s = &e->search;
    s->nodes++;
    if (s->node_limit && s->nodes >= s->node_limit) s->stopped = true;
    if ((s->nodes & (CHECK_EVERY - 1)) == 0) check_limits(e);
}

/* A level's noise, the same for a position whenever it is met. */
static int noise_of(const MultiSearchState *s, uint64_t key) {
    if (!s->noise) return 0;
    uint64_t z = (key ^ s->noise_seed) * GOLDEN_GAMMA;
    return (int)((z >> 33) % (uint64_t)(2 * s->noise + 1)) - s->noise;
}

static int leaf(const MultiEngine *e) {
    const MultiSearchState *s = &e->search;
    return multi_evaluate(&e->eval, &s->root, &s->pos, &s->acc) + noise_of(s, s->pos.hash);
}

static int draw_score(const MultiSearchState *s) { return -s->contempt; }

/* ------------------------------------------------------------------------ */
/* The path of positions, for repetitions                                  */

static bool is_repetition(const MultiSearchState *s) {
    uint64_t key = s->keys[s->key_count - 1];
    for (int i = s->key_count - 2; i >= 0; i--)
        if (s->keys[i] == key) return true;
    return false;
}

/* ------------------------------------------------------------------------ */
/* Making the moves of a node                                               */

static void make(MultiEngine *e, Move m) {
    MultiSearchState *s = &e->search;
    if (!move_is_pass(m)) multi_acc_move(&e->eval, &s->acc, s->pos.seat, m.from, m.to);
    position_make(&s->pos, m);
}

static void unmake(MultiEngine *e, Move m) {
    MultiSearchState *s = &e->search;
    position_unmake(&s->pos, m);
    if (!move_is_pass(m)) multi_acc_move(&e->eval, &s->acc, s->pos.seat, m.to, m.from);
}

/* ------------------------------------------------------------------------ */
/* Move lists: every move with its child's static score                     */

static void add_move(MultiMoves *list, int seat, int from, int to, int score) {
    list->moves[list->count++] = (MultiScored){(uint8_t)from, (uint8_t)to, (uint8_t)seat, score, 0};
}

/* Appends the moves of the seat to move (a pass when it has none), each
 * scored as its child with `next` to move; the pieces its cost leaves out
 * here in *cut (multi_held_cut).  Returns the move that lowers its own cost
 * most (its fallback in BRS+). */
static Move add_seat_moves(const MultiEngine *e, MultiMoves *list, const int costs[MAX_SEATS], int next, int ply,
                           HeldCut *cut) {
    const MultiSearchState *s = &e->search;
    const Position *pos = &s->pos;
    int seat = pos->seat, to_go = multi_pieces_to_go(pos, seat);
    uint8_t from[MAX_PIECES];
    Bitboard dests[MAX_PIECES];
    int pieces = side_destinations(pos, from, dests), before = list->count;
    Move best = MOVE_PASS;
    int best_gain = -MULTI_INFINITE;
    bool visitors = s->root.visitor_weight != 0;
    MultiGainScore by_gain = multi_gain_score(&e->eval, &s->root, costs, seat, next);
    *cut = multi_held_cut(&e->eval, &s->root, pos, &s->acc, seat);
    for (int i = 0; i < pieces; i++)
        while (!bb_is_empty(dests[i])) {
            int to = bb_pop(&dests[i]), score, gain = multi_move_gain_held(&e->eval, &s->root, cut, seat, from[i], to);
            if (finishes(pos, seat, to_go, from[i], to)) {
                score = finish_score(s, seat, ply + 1);
            } else if (!visitors) {
                score = multi_gain_score_of(&by_gain, gain);
            } else {
                int after[MAX_SEATS];
                multi_costs_after(&e->eval, &s->root, costs, seat, from[i], to, gain, after);
                score = multi_score_costs(&e->eval, &s->root, after, next);
            }
            add_move(list, seat, from[i], to, score);
            if (gain > best_gain) best_gain = gain, best = (Move){from[i], (uint8_t)to};
        }
    if (list->count == before) add_move(list, seat, 0, 0, multi_score_costs(&e->eval, &s->root, costs, next));
    return best;
}

/* The cost changes of a move (0 for a pass), from the costs before it;
 * `cut`: the mover's there. */
static void delta_of(const MultiEngine *e, const int costs[MAX_SEATS], int seat, Move m, const HeldCut *cut,
                     int delta[MAX_SEATS]) {
    for (int k = 0; k < MAX_SEATS; k++) delta[k] = 0;
    if (move_is_pass(m)) return;
    int after[MAX_SEATS];
    const MultiEvalRoot *root = &e->search.root;
    multi_costs_after(&e->eval, root, costs, seat, m.from, m.to, multi_move_gain_held(&e->eval, root, cut, seat, m.from, m.to),
                      after);
    for (int k = 0; k < MAX_SEATS; k++) delta[k] = after[k] - costs[k];
}

/* The moves of one seat's node. */
static void list_seat(MultiEngine *e, MultiMoves *list, int ply) {
    MultiSearchState *s = &e->search;
    int costs[MAX_SEATS];
    multi_seat_costs(&e->eval, &s->root, &s->pos, &s->acc, costs);
    list->count = 0;
    HeldCut cut;
    add_seat_moves(e, list, costs, seat_after(s->pos.players, s->pos.seat), ply, &cut);
}

/* The moves of a layer of all the opponents: each opponent's, generated
 * after the fallbacks of those before it, and scored as if the others
 * played their fallbacks (BRS+) or passed (BRS). */
static void list_layer(MultiEngine *e, MultiMoves *list, int ply) {
    MultiSearchState *s = &e->search;
    MultiLayer *layer = &s->layers[ply];
    int root = s->root.root, costs[MAX_SEATS], before[MAX_SEATS][MAX_SEATS], deltas[MAX_SEATS][MAX_SEATS];
    int starts[MAX_SEATS + 1];
    HeldCut cuts[MAX_SEATS];
    multi_seat_costs(&e->eval, &s->root, &s->pos, &s->acc, costs);
    list->count = 0;
    layer->count = 0;
    /* Every opponent's moves where the fallbacks before it stand. */
    while (s->pos.seat != root) {
        int i = layer->count++, seat = s->pos.seat;
        layer->seat[i] = (uint8_t)seat;
        starts[i] = list->count;
        for (int k = 0; k < MAX_SEATS; k++) before[i][k] = costs[k];
        Move best = add_seat_moves(e, list, costs, root, ply, &cuts[i]);
        layer->fallback[i] = s->algorithm == MULTI_BRS_PLUS ? best : MOVE_PASS;
        delta_of(e, costs, seat, layer->fallback[i], &cuts[i], deltas[i]);
        for (int k = 0; k < MAX_SEATS; k++) costs[k] += deltas[i][k];
        make(e, layer->fallback[i]);
    }
    starts[layer->count] = list->count;
    for (int i = layer->count - 1; i >= 0; i--) unmake(e, layer->fallback[i]);
    if (s->algorithm != MULTI_BRS_PLUS) return;
    /* BRS+: each reply scored with the fallbacks after it played too. */
    for (int i = 0; i < layer->count; i++) {
        int later[MAX_SEATS] = {0};
        for (int j = i + 1; j < layer->count; j++)
            for (int k = 0; k < MAX_SEATS; k++) later[k] += deltas[j][k];
        for (int n = starts[i]; n < starts[i + 1]; n++) {
            MultiScored *m = &list->moves[n];
            if (m->score <= -MULTI_FINISH_BOUND || m->score >= MULTI_FINISH_BOUND) continue;
            int after[MAX_SEATS];
            if (m->from == m->to) {
                for (int k = 0; k < MAX_SEATS; k++) after[k] = before[i][k];
            } else {
                int gain = multi_move_gain_held(&e->eval, &s->root, &cuts[i], m->seat, m->from, m->to);
                multi_costs_after(&e->eval, &s->root, before[i], m->seat, m->from, m->to, gain, after);
            }
            for (int k = 0; k < MAX_SEATS; k++) after[k] += later[k];
            m->score = multi_score_costs(&e->eval, &s->root, after, root);
        }
    }
}

/* Ranks the moves: the table's move, the killers, the child's score for
 * the side choosing, and its history. */
static void rank_moves(const MultiEngine *e, MultiMoves *list, int ply, Move tt_move, bool maximizing) {
    const MultiSearchState *s = &e->search;
    for (int i = 0; i < list->count; i++) {
        MultiScored *m = &list->moves[i];
        Move mv = {m->from, m->to};
        int order = (maximizing ? m->score : -m->score) + (e->history[m->seat][m->from][m->to] >> MULTI_HISTORY_SHIFT);
        if (move_equal(mv, tt_move) && !move_is_pass(mv)) order += RANK_TABLE;
        else if (move_equal(mv, s->killers[ply][0]) || move_equal(mv, s->killers[ply][1])) order += RANK_KILLER;
        else if (!maximizing && bb_has(&s->guarded, m->to) && !move_is_pass(mv)) order += RANK_BLOCK;
        m->order = order;
    }
}

/* The best untried move, marked as tried; NULL when none is left. */
static MultiScored *next_move(MultiMoves *list) {
    int best = -1;
    int32_t best_order = RANK_TAKEN;
    for (int i = 0; i < list->count; i++)
        if (list->moves[i].order > best_order || (best < 0 && list->moves[i].order != RANK_TAKEN))
            best = i, best_order = list->moves[i].order;
    if (best < 0) return NULL;
    list->moves[best].order = RANK_TAKEN;
    return &list->moves[best];
}

static void update_history(MultiEngine *e, int seat, int from, int to, int bonus) {
    int16_t *h = &e->history[seat][from][to];
    int v = *h + bonus - *h * (bonus < 0 ? -bonus : bonus) / MULTI_HISTORY_MAX;
    *h = (int16_t)(v > MULTI_HISTORY_MAX ? MULTI_HISTORY_MAX : v < -MULTI_HISTORY_MAX ? -MULTI_HISTORY_MAX : v);
}

static void reward_cutoff(MultiEngine *e, int ply, int depth, const MultiScored *best) {
    MultiSearchState *s = &e->search;
    Move m = {best->from, best->to};
    if (!move_equal(s->killers[ply][0], m)) {
        s->killers[ply][1] = s->killers[ply][0];
        s->killers[ply][0] = m;
    }
    int bonus = depth * depth * 8;
    if (bonus > e->params.history_bonus_max) bonus = e->params.history_bonus_max;
    update_history(e, best->seat, best->from, best->to, bonus);
}

/* ------------------------------------------------------------------------ */
/* The search                                                               */

/* The turns a child of the node at `ply` makes: one, or the whole layer
 * (fallbacks around the reply, a fallback no longer legal passing).
 * Returns how many it made into made[]; *finished is the score of a finish
 * on the way (0: none). */
static int make_child(MultiEngine *e, int ply, const MultiScored *m, Move made[MAX_SEATS], int *finished) {
    MultiSearchState *s = &e->search;
    Move reply = {m->from, m->to};
    *finished = 0;
    if (!layered(s, s->pos.seat)) {
        int to_go = multi_pieces_to_go(&s->pos, s->pos.seat), seat = s->pos.seat;
        if (!move_is_pass(reply) && finishes(&s->pos, seat, to_go, reply.from, reply.to))
            *finished = finish_score(s, seat, ply + 1);
        made[0] = reply;
        make(e, reply);
        return 1;
    }
    const MultiLayer *layer = &s->layers[ply];
    int count = 0;
    for (int i = 0; i < layer->count; i++) {
        int seat = s->pos.seat;
        Move turn = seat == m->seat ? reply : layer->fallback[i];
        if (!move_is_pass(turn) && seat != m->seat && !move_is_legal(&s->pos, turn)) turn = MOVE_PASS;
        int to_go = multi_pieces_to_go(&s->pos, seat);
        made[count++] = turn;
        bool done = !move_is_pass(turn) && finishes(&s->pos, seat, to_go, turn.from, turn.to);
        make(e, turn);
        if (done) {
            *finished = finish_score(s, seat, ply + 1);
            break;
        }
    }
    return count;
}

static void unmake_child(MultiEngine *e, const Move made[MAX_SEATS], int count) {
    for (int i = count - 1; i >= 0; i--) unmake(e, made[i]);
}

/* The child's principal variation after the turns it made. */
static void update_pv(MultiSearchState *s, int ply, const Move made[MAX_SEATS], int count) {
    int n = 0;
    for (int i = 0; i < count && n < MULTI_MAX_PV; i++) s->pv[ply][n++] = made[i];
    for (int i = 0; i < s->pv_length[ply + 1] && n < MULTI_MAX_PV; i++) s->pv[ply][n++] = s->pv[ply + 1][i];
    s->pv_length[ply] = n;
}

/* The moves tried at a node near the leaves before the rest are pruned. */
static int move_budget(const MultiEngine *e, int depth) {
    if (depth > e->params.prune_depth) return MULTI_LAYER_MOVES;
    return e->params.late_move_base + e->params.late_move_slope * depth * depth;
}

static int search(MultiEngine *e, int depth, int ply, int alpha, int beta);

/* A child's static score, with the level's noise. */
static int noisy_score(const MultiSearchState *s, const MultiScored *m) {
    if (m->score <= -MULTI_FINISH_BOUND || m->score >= MULTI_FINISH_BOUND) return m->score;
    return m->score + noise_of(s, s->pos.hash ^ ((uint64_t)m->seat << 16 | (uint64_t)m->from << 8 | m->to) * GOLDEN_GAMMA);
}

/* One layer above the leaves the children's static scores are their values. */
static int best_static(MultiEngine *e, MultiMoves *list, int ply, bool maximizing) {
    MultiSearchState *s = &e->search;
    const MultiScored *best = NULL;
    int best_score = maximizing ? -MULTI_INFINITE : MULTI_INFINITE;
    for (int i = 0; i < list->count; i++) {
        const MultiScored *m = &list->moves[i];
        int score = noisy_score(s, m);
        if (maximizing ? score > best_score : score < best_score) best_score = score, best = m;
    }
    s->pv_length[ply] = 0;
    if (best && !layered(s, s->pos.seat)) {
        s->pv[ply][0] = (Move){best->from, best->to};
        s->pv_length[ply] = 1;
    }
    return best_score;
}

static int search(MultiEngine *e, int depth, int ply, int alpha, int beta) {
    MultiSearchState *s = &e->search;
    s->pv_length[ply] = 0;
    if (ply > 0 && is_repetition(s)) return draw_score(s);
    if (s->pos.turns >= s->turn_limit) return draw_score(s);
    if (depth <= 0 || ply >= MULTI_MAX_PLY - 1) return leaf(e);
    count_node(e);
    if (s->stopped) return 0;
    bool layer = layered(s, s->pos.seat), maximizing = ours(s, s->pos.seat);
    uint64_t key = s->pos.hash ^ s->salt ^ (layer ? LAYER_SALT : 0);
    const TTEntry *entry = tt_probe(&e->tt, key);
    Move tt_move = MOVE_PASS;
    if (entry) {
        int tt_score = score_from_tt(entry->score, ply);
        if (entry->depth >= depth && beta - alpha == 1 &&
            (entry->bound == BOUND_EXACT || (entry->bound == BOUND_LOWER && tt_score >= beta) ||
             (entry->bound == BOUND_UPPER && tt_score <= alpha)))
            return tt_score;
        tt_move = (Move){entry->from, entry->to};
    }
    MultiMoves *list = &s->lists[ply];
    if (layer) list_layer(e, list, ply);
    else list_seat(e, list, ply);
    if (depth == 1) return best_static(e, list, ply, maximizing);
    rank_moves(e, list, ply, tt_move, maximizing);
    int old_alpha = alpha, old_beta = beta, best = maximizing ? -MULTI_INFINITE : MULTI_INFINITE;
    int tried = 0, budget = move_budget(e, depth);
    MultiScored *m, *best_move = NULL;
    while ((m = next_move(list)) != NULL && tried < budget) {
        Move made[MAX_SEATS];
        int finished, count = make_child(e, ply, m, made, &finished);
        s->keys[s->key_count++] = s->pos.hash;
        int score;
        if (finished) {
            score = finished;
            s->pv_length[ply + 1] = 0;
        } else if (tried == 0) {
            score = search(e, depth - 1, ply + 1, alpha, beta);
        } else if (maximizing) {
            score = search(e, depth - 1, ply + 1, alpha, alpha + 1);
            if (score > alpha && score < beta && !s->stopped) score = search(e, depth - 1, ply + 1, alpha, beta);
        } else {
            score = search(e, depth - 1, ply + 1, beta - 1, beta);
            if (score > alpha && score < beta && !s->stopped) score = search(e, depth - 1, ply + 1, alpha, beta);
        }
        s->key_count--;
        unmake_child(e, made, count);
        if (s->stopped) return 0;
        tried++;
        if (maximizing ? score > best : score < best) {
            best = score;
            best_move = m;
            update_pv(s, ply, made, count);
            if (maximizing && score > alpha) alpha = score;
            if (!maximizing && score < beta) beta = score;
            if (alpha >= beta) {
                reward_cutoff(e, ply, depth, m);
                break;
            }
        }
    }
    int bound = best >= old_beta ? BOUND_LOWER : best <= old_alpha ? BOUND_UPPER : BOUND_EXACT;
    Move stored = best_move ? (Move){best_move->from, best_move->to} : MOVE_PASS;
    tt_store(&e->tt, key, stored, score_to_tt(best, ply), depth, bound);
    return best;
}

/* ------------------------------------------------------------------------ */
/* The root                                                                 */

/* One iteration over the root moves, best first; false when stopped before
 * the first move was searched. */
static bool search_root(MultiEngine *e, int depth) {
    MultiSearchState *s = &e->search;
    int alpha = -MULTI_INFINITE, beta = MULTI_INFINITE, best = -MULTI_INFINITE;
    Move best_move = s->best;
    /* The moves in the order of the last iteration's scores (stable). */
    for (int i = 1; i < s->root_count; i++)
        for (int j = i; j > 0 && s->root_scores[j] > s->root_scores[j - 1]; j--) {
            MultiScored m = s->root_moves[j];
            int score = s->root_scores[j];
            s->root_moves[j] = s->root_moves[j - 1], s->root_scores[j] = s->root_scores[j - 1];
            s->root_moves[j - 1] = m, s->root_scores[j - 1] = score;
        }
    for (int i = 0; i < s->root_count; i++) {
        MultiScored *m = &s->root_moves[i];
        Move made[MAX_SEATS];
        int finished, count = make_child(e, 0, m, made, &finished);
        s->keys[s->key_count++] = s->pos.hash;
        int score;
        if (finished) {
            score = finished;
            s->pv_length[1] = 0;
        } else if (i == 0 || depth == 1) {
            score = depth == 1 ? noisy_score(s, m) : search(e, depth - 1, 1, alpha, beta);
            if (depth == 1) s->pv_length[1] = 0;
        } else {
            score = search(e, depth - 1, 1, alpha, alpha + 1);
            if (score > alpha && !s->stopped) score = search(e, depth - 1, 1, alpha, beta);
        }
        s->key_count--;
        unmake_child(e, made, count);
        if (s->stopped) {
            if (i == 0) return false;
            break;
        }
        s->root_scores[i] = score;
        if (score > best) {
            best = score;
            best_move = (Move){m->from, m->to};
            update_pv(s, 0, made, count);
            if (score > alpha) alpha = score;
        }
    }
    s->best = best_move;
    s->best_score = best;
    return true;
}

/* Has one of the pieces on `visitors` no move at all? */
static bool stuck_on(const Position *pos, Bitboard visitors) {
    while (!bb_is_empty(visitors)) {
        int sq = bb_pop(&visitors);
        if (bb_is_empty(bb_minus(NEIGHBOURS[sq], pos->occupied)) && bb_is_empty(jump_destinations(pos, sq)))
            return true;
    }
    return false;
}

/* Does the move wall in another seat's piece on our goal?  Our pieces
 * there can never leave it, so such a wall stands for good and we can never
 * finish: a plain paranoid player kept its last piece at home and lost so
 * the engine six games in a hundred.  Under nospoil the goal's owner's
 * pieces fill it for us (Parlett's win): only a third seat's count. */
static bool walls_in(const Position *pos, Move m) {
    int seat = pos->seat;
    Bitboard goal = seat_goal(seat);
    Bitboard visitors = bb_minus(bb_and(pos->occupied, goal), pos->pieces[seat]);
    if (pos->rules == RULES_NOSPOIL) visitors = bb_minus(visitors, pos->pieces[seat_partner(seat)]);
    if (bb_is_empty(visitors) || move_is_pass(m) || stuck_on(pos, visitors)) return false;
    Position after = *pos;
    position_move_piece(&after, seat, m.from, m.to);
    return stuck_on(&after, visitors);
}

/* The root's moves, less those that wall in a piece on our goal, and those
 * a noisy level may not play (a third repetition), while others are left. */
static void list_root(MultiEngine *e, const Game *game, bool noisy) {
    MultiSearchState *s = &e->search;
    MultiMoves *list = &s->lists[0];
    list_seat(e, list, 0);
    s->root_count = 0;
    for (int i = 0; i < list->count; i++) {
        Move m = {list->moves[i].from, list->moves[i].to};
        if (list->count > 1 && walls_in(&s->pos, m)) continue;
        if (noisy && list->count > 1 && !move_is_pass(m) && game_occurrences_after(game, m) >= 3) continue;
        s->root_scores[s->root_count] = list->moves[i].score;
        s->root_moves[s->root_count++] = list->moves[i];
    }
    if (s->root_count == 0) {
        s->root_scores[0] = list->moves[0].score;
        s->root_moves[s->root_count++] = list->moves[0];
    }
}

/* The principal variation as far as it can be played: Best-Reply Search
 * lets seats pass that have moves, and the line stops there. */
static int playable_pv(const MultiSearchState *s, const Position *root, Move pv[MULTI_MAX_PV]) {
    Position pos = *root;
    int n = 0;
    for (int i = 0; i < s->pv_length[0]; i++) {
        Move m = s->pv[0][i];
        bool legal = move_is_pass(m) ? legal_count(&pos) == 0 : move_is_legal(&pos, m);
        if (!legal || position_result(&pos) != RESULT_ONGOING) break;
        pv[n++] = m;
        position_make(&pos, m);
    }
    return n;
}

/* A finish found in the tree is no proof (multi_search.h): it is reported
 * as what it is worth, the moves the nearest other seat (team) still needs
 * less ours, at least one move for us if it is ours and at most minus one
 * if it is theirs. */
static int finish_worth(const Position *root, const int costs[MAX_SEATS], bool ours) {
    int seat = root->seat, own, theirs = 1 << 30;
    if (root->partners) {
        own = costs[seat] > costs[seat ^ 1] ? costs[seat] : costs[seat ^ 1];
        theirs = costs[seat ^ 2] > costs[seat ^ 3] ? costs[seat ^ 2] : costs[seat ^ 3];
    } else {
        own = costs[seat];
        for (int s = 0; s < root->players; s++)
            if (s != seat && costs[s] < theirs) theirs = costs[s];
    }
    int worth = theirs - own;
    return ours ? (worth < 100 ? 100 : worth) : (worth > -100 ? -100 : worth);
}

static void report_root(MultiEngine *e, const Position *root, int depth, int win_in, MultiReportFn report,
                        void *ctx) {
    if (!report) return;
    MultiSearchState *s = &e->search;
    MultiReport r;
    r.depth = depth;
    r.score = s->best_score;
    r.win_in = win_in;
    r.nodes = s->nodes;
    r.time_ms = search_clock_now(&e->clock) - s->start;
    MultiEvalRoot costs_root = multi_eval_root(&e->eval, root, root->seat);
    MultiAcc acc;
    multi_acc_init(&e->eval, root, &acc);
    multi_seat_costs(&e->eval, &costs_root, root, &acc, r.costs);
    if (r.score > MULTI_FINISH_BOUND || r.score < -MULTI_FINISH_BOUND) r.score = finish_worth(root, r.costs, r.score > 0);
    if (win_in > 0) {
        r.pv[0] = s->best;
        r.pv_length = 1;
    } else {
        r.pv_length = playable_pv(s, root, r.pv);
    }
    report(ctx, &r);
}

/* Deadlines from the limits, or the level's own time (timeman.c). */
static void plan_time(MultiEngine *e, const MultiLimits *limits, const MultiLevelParams *lp, int cost) {
    MultiSearchState *s = &e->search;
    SearchLimits two = search_limits_none();
    two.depth = limits->depth;
    two.nodes = limits->nodes;
    two.movetime = limits->movetime;
    two.clock[0] = limits->clock[s->root.root];
    two.infinite = limits->infinite;
    LevelParams level = {.max_depth = lp->max_depth, .think_ms = lp->think_ms, .noise = lp->noise};
    Deadlines d = time_plan(&two, &level, 0, cost, s->start);
    s->soft_deadline = d.soft;
    s->hard_deadline = d.hard;
}

static void setup(MultiEngine *e, const Game *game, const MultiLimits *limits) {
    MultiSearchState *s = &e->search;
    const Position *pos = &game->pos;
    const MultiLevelParams *lp = multi_level_params(e->level);
    s->pos = *pos;
    s->turn_limit = game->turn_limit;
    multi_acc_init(&e->eval, pos, &s->acc);
    s->root = multi_eval_root(&e->eval, pos, pos->seat);
    s->algorithm = e->params.algorithm;
    s->nodes = 0;
    s->node_limit = limits->nodes;
    s->stopped = false;
    s->start = search_clock_now(&e->clock);
    s->max_depth = limits->depth > 0 && limits->depth < MULTI_MAX_PLY - 1 ? limits->depth : MULTI_MAX_PLY - 1;
    if (lp->max_depth && lp->max_depth < s->max_depth) s->max_depth = lp->max_depth;
    int costs[MAX_SEATS];
    multi_seat_costs(&e->eval, &s->root, pos, &s->acc, costs);
    int cost = costs[pos->seat];
    s->noise = lp->noise ? (cost >= NOISE_FULL_COST ? lp->noise : lp->noise * cost / NOISE_FULL_COST) : 0;
    s->noise_seed = random_next(&e->rng);
    if (lp->shallow && (int)(random_next(&e->rng) % 100) < lp->shallow) s->max_depth = 1;
    s->contempt = e->params.contempt + 2 * s->noise;
    s->guarded = seat_goal(pos->seat);
    if (pos->partners) s->guarded = bb_or(s->guarded, seat_goal(seat_partner(pos->seat)));
    s->salt = random_next(&(uint64_t){(uint64_t)(pos->seat * 4 + s->algorithm + 1)});
    s->key_count = 0;
    for (int i = 0; i <= game->length; i++) s->keys[s->key_count++] = game->keys[i];
    for (int p = 0; p < MULTI_MAX_PLY; p++) s->killers[p][0] = s->killers[p][1] = MOVE_PASS;
    s->best = MOVE_PASS;
    s->best_score = 0;
    s->pv_length[0] = 0;
    plan_time(e, limits, lp, cost);
    tt_new_search(&e->tt);
    check_limits(e); /* a stop before the start: the first move, at once */
}

Move multi_engine_think(MultiEngine *e, const Game *game, const MultiLimits *limits, MultiReportFn report,
                        void *ctx) {
    MultiSearchState *s = &e->search;
    setup(e, game, limits);
    const Position *root = &game->pos;
    Move proven;
    int win_in = multi_prove_win(&e->proof, game, e->params.proof_nodes, &proven);
    s->nodes += e->proof.nodes;
    if (win_in > 0) {
        s->best = proven;
        s->best_score = MULTI_FINISH - 1;
        report_root(e, root, 1, win_in, report, ctx);
        return proven;
    }
    const MultiLevelParams *lp = multi_level_params(e->level);
    list_root(e, game, lp->noise > 0);
    s->best = (Move){s->root_moves[0].from, s->root_moves[0].to};
    s->best_score = s->root_scores[0];
    int max_depth = s->root_count == 1 ? 1 : s->max_depth;
    for (int depth = 1; depth <= max_depth; depth++) {
        if (!search_root(e, depth)) break;
        report_root(e, root, depth, 0, report, ctx);
        if (s->stopped) break;
        if (s->soft_deadline >= 0 && search_clock_now(&e->clock) >= s->soft_deadline) break;
    }
    return s->best;
}
