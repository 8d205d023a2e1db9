/* moveorder.c: the order in which the search tries a node's moves (see moveorder.h). */
#include "engine/moveorder.h"

#ifdef __AVX2__
#include <immintrin.h>
#endif

/* A move's sort key: its ordering score above its index in the list.  Moves
 * are listed by origin, then destination, so equal scores go in that order;
 * and the best key names its own place in the list, which spares the picker
 * a search for it. */
static inline int32_t make_key(int score, int index) { return (int32_t)((uint32_t)score << 16 | (uint32_t)index); }

/* The highest score of a move that loses ground: a progress of -1 at best,
 * and the best history.  Listed moves scoring above it go first whatever the
 * held-back ones score. */
enum { HELD_BACK_MAX = -16 + (HISTORY_MAX >> 6) };

static inline int32_t order_key(const OrderInputs *in, int from, int to, int index) {
    int score = (in->cost[from] - in->cost[to]) * 16 + (in->history[from][to] >> 6);
    score = score > ORDER_MAX ? ORDER_MAX : score < -ORDER_MAX ? -ORDER_MAX : score;
    return make_key(score, index);
}

static bool is_special(const OrderInputs *in, Move m) {
    return move_equal(m, in->special[0]) || move_equal(m, in->special[1]) || move_equal(m, in->special[2]);
}

/* The picker reads whole vectors: the rest of the last one counts as taken. */
static void pad_keys(MoveOrder *order) {
    for (int i = order->listed; i % 16; i++) order->keys[i] = ORDER_TAKEN;
}

static void list_move(MoveOrder *order, int from, int to) {
    int i = order->listed++;
    order->moves[i] = (Move){(uint8_t)from, (uint8_t)to};
    order->keys[i] = order_key(&order->in, from, to, i);
}

/* The special moves listed from `from`, found among keys from `first` on,
 * score above all others: the table's move, then the killers. */
static void promote_specials(MoveOrder *order, int from, int first) {
    for (int k = 0; k < 3; k++) {
        Move special = order->in.special[k];
        if (special.from != from || move_is_pass(special)) continue;
        for (int i = first; i < order->listed; i++)
            if (order->moves[i].to == special.to && order_score(order->keys[i]) < ORDER_KILLER) {
                order->keys[i] = make_key(k == 0 ? ORDER_TT_MOVE : ORDER_KILLER + 2 - k, i);
                break;
            }
    }
}

/*
 * The moves that lose ground (58% of them at the nodes next to the leaves,
 * bench) are held back unless special: there they are pruned anyway, and
 * listing them cost 7% of the search's instructions (callgrind).
 */
void order_moves(MoveOrder *order, const Position *pos, const OrderInputs *in) {
    order->in = *in;
    order->listed = 0;
    int pieces = side_destinations(pos, order->from, order->dests), total = 0;
    for (int p = 0; p < pieces; p++) {
        int from = order->from[p], first = order->listed;
        Bitboard listing = bb_minus(order->dests[p], in->costlier[from]);
        for (int k = 0; k < 3; k++)
            if (in->special[k].from == from && bb_has(&order->dests[p], in->special[k].to))
                bb_add(&listing, in->special[k].to);
        for (int w = 0; w < 4; w++)
            for (uint64_t bits = listing.w[w]; bits; bits &= bits - 1) list_move(order, from, w << 6 | __builtin_ctzll(bits));
        total += bb_count(order->dests[p]);
        promote_specials(order, from, first);
    }
    if (total == 0) { /* the pass */
        order->moves[0] = MOVE_PASS;
        order->keys[0] = make_key(0, 0);
        order->listed = total = 1;
    }
    order->total = total;
    order->pieces = order->listed < total ? pieces : 0;
    pad_keys(order);
}

/* Lists the moves held back, after the others. */
static void list_held(MoveOrder *order) {
    for (int p = 0; p < order->pieces; p++) {
        int from = order->from[p];
        for (int w = 0; w < 4; w++)
            for (uint64_t bits = order->dests[p].w[w] & order->in.costlier[from].w[w]; bits; bits &= bits - 1) {
                int to = w << 6 | __builtin_ctzll(bits);
                if (!is_special(&order->in, (Move){(uint8_t)from, (uint8_t)to})) list_move(order, from, to);
            }
    }
    order->pieces = 0;
    pad_keys(order);
}

/* The best key not taken yet (keys are distinct).  The list is padded to a
 * multiple of sixteen keys, which AVX-512 compares at once (AVX2 eight). */
static int32_t best_key(const MoveOrder *order) {
    const int32_t *keys = order->keys;
    int32_t best = ORDER_TAKEN;
#if defined(__AVX512F__)
    __m512i m = _mm512_loadu_si512(keys);
    for (int j = 16; j < order->listed; j += 16) m = _mm512_max_epi32(m, _mm512_loadu_si512(keys + j));
    best = _mm512_reduce_max_epi32(m);
#elif defined(__AVX2__)
    __m256i m = _mm256_loadu_si256((const __m256i *)keys);
    for (int j = 8; j < order->listed; j += 8) m = _mm256_max_epi32(m, _mm256_loadu_si256((const __m256i *)(keys + j)));
    __m128i h = _mm_max_epi32(_mm256_castsi256_si128(m), _mm256_extracti128_si256(m, 1));
    h = _mm_max_epi32(h, _mm_shuffle_epi32(h, 0x4E));
    h = _mm_max_epi32(h, _mm_shuffle_epi32(h, 0xB1));
    best = _mm_cvtsi128_si32(h);
#else
    for (int j = 0; j < order->listed; j++) best = keys[j] > best ? keys[j] : best;
#endif
    return best;
}

int32_t order_take(MoveOrder *order) {
    int32_t key = best_key(order);
    if (order->pieces && order_score(key) <= HELD_BACK_MAX) {
        list_held(order);
        key = best_key(order);
    }
    if (key != ORDER_TAKEN) order->keys[key & 0xFFFF] = ORDER_TAKEN;
    return key;
}
