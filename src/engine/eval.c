/* eval.c: the static evaluation (see eval.h for its unit). */
#include "engine/eval.h"

#include "core/movegen.h"
#include "engine/held.h"
#include "engine/learned.h"

#ifdef __AVX2__
#include <immintrin.h>
#endif

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
    return w->per_square * m + w->convexity * m * m / 64 + w->lateral * lateral + outside +
           w->learned * learned_correction(v, side, sq) / 100;
}

void eval_init(Evaluator *ev, const EvalWeights *w) {
    ev->weights = *w;
    ev->root_turns = -1;
    /* floor(d * reciprocal[n] / 2^20) = floor(d / n) for every d < 1024: the
     * rounding error stays below 1024 / 2^20, far under the 1/n it would
     * need to carry a quotient over */
    ev->reciprocal[0] = 0;
    for (int n = 1; n <= 19; n++) ev->reciprocal[n] = (1u << 20) / (uint32_t)n + 1;
    for (int side = WHITE; side <= BLACK; side++)
        for (int sq = 0; sq < NUM_SQUARES; sq++) ev->distance[side][sq] = (uint8_t)goal_distance((Side)side, sq);
    for (int side = WHITE; side <= BLACK; side++)
        for (int d = 0; d < 31; d++) {
            ev->nearer[side][d] = (Bitboard){{0, 0, 0, 0}};
            for (int sq = 0; sq < NUM_SQUARES; sq++)
                if (goal_distance((Side)side, sq) < d) bb_add(&ev->nearer[side][d], sq);
        }
    for (int v = 0; v < 2; v++) {
        for (int side = WHITE; side <= BLACK; side++) {
            Bitboard home = camp_of((Variant)v, (Side)side), around = {{0, 0, 0, 0}};
            for (Bitboard b = home; !bb_is_empty(b);) around = bb_or(around, NEIGHBOURS[bb_pop(&b)]);
            ev->doorstep[v][side] = bb_minus(around, home);
            int floor = 0;
            for (int sq = 0; sq < NUM_SQUARES; sq++) {
                int cost = square_cost(w, (Variant)v, (Side)side, sq);
                ev->cost[v][side][sq] = (int16_t)cost;
                Bitboard goal = goal_of((Variant)v, (Side)side);
                if (bb_has(&goal, sq)) floor += cost;
            }
            ev->floor[v][side] = (int16_t)floor;
            const int16_t *cost = ev->cost[v][side];
            for (int from = 0; from < NUM_SQUARES; from++) {
                Bitboard *costlier = &ev->costlier[v][side][from];
                *costlier = (Bitboard){{0, 0, 0, 0}};
                for (int to = 0; to < NUM_SQUARES; to++)
                    if (cost[to] > cost[from]) bb_add(costlier, to);
            }
        }
    }
}

void eval_acc_init(const Evaluator *ev, const Position *pos, EvalAcc *acc) {
    *acc = (EvalAcc){{0, 0}, {0, 0}, {0, 0}, {{0}}, {0, 0}, {0, 0}};
    for (int side = WHITE; side <= BLACK; side++) {
        Bitboard pieces = pos->pieces[side];
        acc->pieces[side] = (uint8_t)bb_count(pieces);
        acc->at_home[side] = (uint8_t)bb_count(bb_and(pieces, camp_of((Variant)pos->variant, (Side)side)));
        while (!bb_is_empty(pieces)) {
            int sq = bb_pop(&pieces), d = ev->distance[side][sq];
            acc->cost[side] += ev->cost[pos->variant][side][sq];
            acc->dist[side] += d;
            acc->hist[side][d]++;
            acc->mask[side] |= 1u << d;
        }
    }
}

bool race_is_separated(const Position *pos) {
    /* Along the axis from White's goal corner (0) to Black's (30), White's
     * pieces move down and Black's up: passed means every White piece is
     * below every Black one.  Pieces on different values of the axis can
     * only hop over each other backwards. */
    int white_max = -1, black_min = 99;
    Bitboard w = pos->pieces[WHITE], b = pos->pieces[BLACK];
    while (!bb_is_empty(w)) {
        int d = goal_distance(WHITE, bb_pop(&w));
        if (d > white_max) white_max = d;
    }
    while (!bb_is_empty(b)) {
        int d = goal_distance(WHITE, bb_pop(&b));
        if (d < black_min) black_min = d;
    }
    return white_max < black_min;
}

/*
 * Pieces of `owner` still in their home camp (the other side's goal) with no
 * move out of it.  While one stays there neither side can win; walled in for
 * good, the game is drawn.  Counted once only a few are left (early on the
 * camp's pieces wall each other in).  A piece with an empty square next to
 * it outside the camp can step out: only the others need the chain search,
 * which stops at the first landing outside.
 */
static int walled_in(const Evaluator *ev, const Position *pos, const EvalAcc *acc, Side owner) {
    if (acc->at_home[owner] == 0 || acc->at_home[owner] > 5) return 0;
    Bitboard home = camp_of((Variant)pos->variant, owner);
    Bitboard stuck = bb_and(pos->pieces[owner], home);
    Bitboard outside = bb_minus((Bitboard){{~0ULL, ~0ULL, ~0ULL, ~0ULL}}, home);
    int count = 0;
    while (!bb_is_empty(stuck)) {
        int sq = bb_pop(&stuck);
        Bitboard exits = ev->weights.forward_exit ? bb_and(outside, ev->nearer[owner][goal_distance(owner, sq)]) : outside;
        if (!bb_is_empty(bb_minus(bb_and(NEIGHBOURS[sq], exits), pos->occupied))) continue;
        if (!jump_lands_in(pos, sq, exits)) count++;
    }
    return count;
}

int eval_walled_in(const Evaluator *ev, const Position *pos, Side owner) {
    EvalAcc acc;
    eval_acc_init(ev, pos, &acc);
    return walled_in(ev, pos, &acc, owner);
}

/* Pieces lagging behind the army's average: far from the others they find
 * nothing to hop over, and the game ends only when they arrive. */
static int straggling(const Evaluator *ev, const EvalAcc *acc, int side, int n) {
    const EvalWeights *w = &ev->weights;
    if (n < 2 || !w->straggler) return 0;
    /* the average distance by a multiplication: a division stalled here */
    int limit = (int)((uint32_t)acc->dist[side] * ev->reciprocal[n] >> 20) + w->straggler_slack;
    if (limit >= 31) return 0;
    int lag = 0;
#ifdef __AVX2__
    /* all 32 distances at once: (d - limit, or 0) times the pieces there */
    const __m256i iota = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
                                          22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
    __m256i beyond = _mm256_subs_epu8(iota, _mm256_set1_epi8((char)limit));
    __m256i pairs = _mm256_maddubs_epi16(_mm256_loadu_si256((const __m256i *)acc->hist[side]), beyond);
    __m256i sums = _mm256_madd_epi16(pairs, _mm256_set1_epi16(1));
    __m128i h = _mm_add_epi32(_mm256_castsi256_si128(sums), _mm256_extracti128_si256(sums, 1));
    h = _mm_add_epi32(h, _mm_shuffle_epi32(h, 0x4E));
    h = _mm_add_epi32(h, _mm_shuffle_epi32(h, 0xB1));
    lag = _mm_cvtsi128_si32(h);
#else
    uint32_t beyond = acc->mask[side] & ~((2u << limit) - 1);
    while (beyond) {
        int d = __builtin_ctz(beyond);
        beyond &= beyond - 1;
        lag += (d - limit) * acc->hist[side][d];
    }
#endif
    return lag * w->straggler;
}

enum { FILE_A_WORD = 0x0001000100010001ULL };

/* The cost of a side with no pieces (the empty side of `halma bench
 * --crossing`, and test positions): it never finishes, so its cost must
 * outweigh any real race however the weights scale, yet stay inside the
 * evaluation's clamp below the win bound. */
enum { NEVER_FINISHES = SCORE_FINISH_BOUND - 1000 };

/*
 * Pieces of `side` outside the goal with no piece next to them on the side
 * of the goal corner (for White the squares to the left, above, and above
 * left; for Black the mirror): nothing to hop over, only slow steps.
 * Computed word by word on 64-bit integers: built as whole bitboards, the
 * shifted words went through the stack into vector registers and stalled
 * on store forwarding (a sixth of the evaluation's time, perf annotate).
 */
static int without_ladder(const Position *pos, Side side, Bitboard goal) {
    const uint64_t *occ = pos->occupied.w, *own = pos->pieces[side].w;
    const uint64_t not_a = ~FILE_A_WORD, not_p = ~(FILE_A_WORD << 15);
    int count = 0;
    /* Unrolled, the words' neighbours are known at compile time and the side
     * is tested once: a third of the instructions of the rolled loop. */
    if (side == WHITE) {
#pragma GCC unroll 4
        for (int i = 0; i < 4; i++) {
            /* a piece on sq has sq-1 (not on file a), sq+16, sq+15 (not on file a) */
            uint64_t below = i > 0 ? occ[i - 1] : 0, above = i < 3 ? occ[i + 1] : 0;
            uint64_t west = occ[i] << 1 | below >> 63;
            uint64_t north = occ[i] >> 16 | above << 48, north_west = occ[i] >> 15 | above << 49;
            uint64_t near = ((west | north_west) & not_a) | north;
            count += __builtin_popcountll(own[i] & ~goal.w[i] & ~near);
        }
    } else {
#pragma GCC unroll 4
        for (int i = 0; i < 4; i++) {
            uint64_t below = i > 0 ? occ[i - 1] : 0, above = i < 3 ? occ[i + 1] : 0;
            uint64_t east = occ[i] >> 1 | above << 63;
            uint64_t south = occ[i] << 16 | below >> 48, south_east = occ[i] << 15 | below >> 49;
            uint64_t near = ((east | south_east) & not_p) | south;
            count += __builtin_popcountll(own[i] & ~goal.w[i] & ~near);
        }
    }
    return count;
}

/* The empty squares of `side`'s goal that an enemy piece on its doorstep
 * (next to its home camp, our goal) could move back into with a step or one
 * hop: while one is open, that piece can shut our goal for good (guard.h).
 * Longer chains back in are the search's to find. */
static int returnable_squares(const Evaluator *ev, const Position *pos, Side side) {
    Variant v = (Variant)pos->variant;
    Side enemy = (Side)(side ^ 1);
    Bitboard near = bb_and(pos->pieces[enemy], ev->doorstep[v][enemy]);
    if (bb_is_empty(near)) return 0;
    Bitboard open = bb_minus(goal_of(v, side), pos->occupied), reached = {{0, 0, 0, 0}};
    while (!bb_is_empty(near)) {
        int sq = bb_pop(&near);
        reached = bb_or(reached, bb_and(NEIGHBOURS[sq], open));
        for (int i = 0; i < HOP_COUNT[sq]; i++)
            if (pos->at[HOPS[sq][i].over] != NO_PIECE && bb_has(&open, HOPS[sq][i].land)) bb_add(&reached, HOPS[sq][i].land);
    }
    return bb_count(reached);
}

/* What the open squares in reach of a piece on the doorstep cost `side`:
 * nothing while its goal is empty, growing with the pieces in it to the
 * full `returnable` a square once it is half filled, so that the cost never
 * makes the engine put off an arrival, nor counts the squares the
 * opponent's pieces leave as they set out. */
static int door_cost(const Evaluator *ev, const Position *pos, Side side) {
    Bitboard goal = goal_of((Variant)pos->variant, side);
    int in_goal = bb_count(bb_and(pos->pieces[side], goal)), half = bb_count(goal) / 2;
    if (in_goal == 0) return 0;
    if (in_goal > half) in_goal = half;
    return ev->weights.returnable * returnable_squares(ev, pos, side) * in_goal / half;
}

/*
 * Under nospoil, the distance terms of `side` (its pieces' costs less a full
 * goal's, and the stragglers') with the squares of its goal that the
 * owner's pieces hold counted as filled, once they are late and few and
 * the goal's other squares nearly filled (held.h): those squares cost what
 * they do, and the pieces that would cost most to bring are left out, of
 * the stragglers too.  False where that does not apply.
 */
static bool held_terms(const Evaluator *ev, const Position *pos, const EvalAcc *acc, Side side, int *terms) {
    const EvalWeights *w = &ev->weights;
    Side owner = (Side)(side ^ 1);
    Variant v = (Variant)pos->variant;
    int k = acc->at_home[owner];
    if (k == 0 || k > w->held_most || !eval_past_grace(w, pos)) return false;
    Bitboard goal = goal_of(v, side);
    if (variant_pieces(v) - k - bb_count(bb_and(pos->pieces[side], goal)) > w->held_open) return false;
    const int16_t *cost = ev->cost[v][side];
    HeldCut cut = held_cut(cost, pos->pieces[side], k);
    if (cut.k == 0) return false;
    EvalAcc kept = *acc;
    for (Bitboard out = cut.squares; !bb_is_empty(out);) {
        int d = ev->distance[side][bb_pop(&out)];
        kept.dist[side] -= d;
        if (--kept.hist[side][d] == 0) kept.mask[side] &= ~(1u << d);
    }
    int open_floor = ev->floor[v][side] - held_cost(cost, bb_and(pos->pieces[owner], goal));
    *terms = acc->cost[side] - cut.cost - open_floor + straggling(ev, &kept, side, acc->pieces[side] - k);
    return true;
}

/* `home_percent`: how much of home_late the side's pieces at home cost.
 * `nospoil`, a constant where it is inlined: the house rule's held squares
 * (held_terms). */
static inline __attribute__((always_inline)) int side_cost_of(const Evaluator *ev, const Position *pos,
                                                              const EvalAcc *acc, Side side, int home_percent,
                                                              bool nospoil) {
    const EvalWeights *w = &ev->weights;
    Variant v = (Variant)pos->variant;
    int n = acc->pieces[side];
    if (n == 0) return NEVER_FINISHES;
    int total;
    if (!nospoil || !held_terms(ev, pos, acc, side, &total)) {
        total = acc->cost[side] - ev->floor[v][side];
        total += straggling(ev, acc, side, n);
    }
    if (w->no_ladder) total += w->no_ladder * without_ladder(pos, side, goal_of(v, side));
    int own_moves = pos->turns / 2;
    if (own_moves > w->home_grace) {
        int at_home = acc->at_home[side];
        int late = own_moves - w->home_grace < 40 ? own_moves - w->home_grace : 40;
        total += at_home * late * w->home_late * home_percent / 100;
    }
    return total;
}

/* The side's cost under the seeds' rules, and under nospoil. */
static int side_cost(const Evaluator *ev, const Position *pos, const EvalAcc *acc, Side side, int home_percent) {
    return side_cost_of(ev, pos, acc, side, home_percent, false);
}

static __attribute__((noinline)) int side_cost_held(const Evaluator *ev, const Position *pos, const EvalAcc *acc,
                                                    Side side, int home_percent) {
    return side_cost_of(ev, pos, acc, side, home_percent, true);
}

static int side_cost_by_rules(const Evaluator *ev, const Position *pos, const EvalAcc *acc, Side side,
                              int home_percent) {
    return pos->rules == RULES_NOSPOIL ? side_cost_held(ev, pos, acc, side, home_percent)
                                       : side_cost(ev, pos, acc, side, home_percent);
}

int eval_side_cost(const Evaluator *ev, const Position *pos, Side side, int home_percent) {
    EvalAcc acc;
    eval_acc_init(ev, pos, &acc);
    return side_cost_by_rules(ev, pos, &acc, side, home_percent);
}

int eval_side_cost_acc(const Evaluator *ev, const Position *pos, const EvalAcc *acc, Side side) {
    return side_cost_by_rules(ev, pos, acc, side, 100);
}

/* The evaluation, `nospoil` a constant where it is inlined: the seeds'
 * rules pay one test an evaluation for the house rule (evaluate_acc). */
static inline __attribute__((always_inline)) int evaluate_of(const Evaluator *ev, const Position *pos,
                                                             const EvalAcc *acc, Side root, bool nospoil) {
    Side us = (Side)pos->seat;
    int home = ev->weights.their_home_late;
    int theirs = nospoil ? side_cost_held(ev, pos, acc, (Side)(us ^ 1), us == root ? home : 100)
                         : side_cost(ev, pos, acc, (Side)(us ^ 1), us == root ? home : 100);
    int ours = nospoil ? side_cost_held(ev, pos, acc, us, us == root ? 100 : home)
                       : side_cost(ev, pos, acc, us, us == root ? 100 : home);
    /* The engine's own goal only: counted for the opponent too, it would
     * pay the engine to keep its pieces by its own home's empty squares.
     * Under nospoil no piece comes back home: nothing to keep closed. */
    int open = ev->weights.returnable && !nospoil ? door_cost(ev, pos, root) : 0;
    if (us == root) ours += open;
    else theirs += open;
    /* The engine's own race counts fully, the opponent's by its share.
     * Scored from the root side's view, so every node of a search agrees. */
    int share = ev->weights.their_share;
    int score = us == root ? theirs * share / 100 - ours : theirs - ours * share / 100;
    score += ev->weights.tempo;
    /* A piece walled in at home means neither side can win.  When the
     * engine leads, that throws its win away: it keeps the way out open.
     * When it trails, the deadlock would save it a lost game, but winning
     * by walling pieces in is spoiling, and a game against us must stay
     * winnable: so the deadlock is worth nothing to the side behind, and it
     * brings its pieces out as usual.  But an opponent whose pieces are
     * still at home after door_moves of ours has parked them there for good:
     * the way out is kept open for nothing, and the leader fills every goal
     * square it can: against a parked camp it still finishes what it can.
     * Under nospoil a goal its owner's pieces hold is won all the same
     * (Parlett's win): no deadlock. */
    bool root_leads = us == root ? score > 0 : score < 0;
    if (!nospoil && root_leads && eval_door_open(ev, pos) &&
        (walled_in(ev, pos, acc, WHITE) || walled_in(ev, pos, acc, BLACK)))
        score /= ev->weights.deadlock_divisor;
    /* Never mistaken for a finish, whatever the terms add up to. */
    if (score > SCORE_FINISH_BOUND - 1) score = SCORE_FINISH_BOUND - 1;
    if (score < -SCORE_FINISH_BOUND + 1) score = -SCORE_FINISH_BOUND + 1;
    return score;
}

static __attribute__((noinline)) int evaluate_nospoil(const Evaluator *ev, const Position *pos, const EvalAcc *acc,
                                                      Side root) {
    return evaluate_of(ev, pos, acc, root, true);
}

int evaluate_acc(const Evaluator *ev, const Position *pos, const EvalAcc *acc, Side root) {
    if (__builtin_expect(pos->rules == RULES_NOSPOIL, 0)) return evaluate_nospoil(ev, pos, acc, root);
    return evaluate_of(ev, pos, acc, root, false);
}

int evaluate(const Evaluator *ev, const Position *pos, Side root) {
    EvalAcc acc;
    eval_acc_init(ev, pos, &acc);
    return evaluate_acc(ev, pos, &acc, root);
}
