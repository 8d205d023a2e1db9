/*
 * hopgraph.h: the jump-chain search over a placement, for the move
 * generator (movegen.c) and the refusals' move check (movecheck.c).
 *
 * Private to the core.  Everything here reads only the occupied squares, or
 * a mailbox with its code for an empty square, never whose pieces they are:
 * a hop goes over a piece of any seat, so one generator serves every
 * seating.  All of it is static and inlined into its callers.
 *
 * The moving piece's own square needs no special case: it is marked reached
 * before the search starts, and no hop can pass over it, since hops keep the
 * parity of both coordinates while the squares around it have another parity.
 */
#ifndef HALMA_HOPGRAPH_H
#define HALMA_HOPGRAPH_H

#include <stdint.h>
#if defined(__AVX2__) || defined(__AVX512F__)
#include <immintrin.h>
#endif

#include "core/bitboard.h"
#include "core/movegen.h"
#include "core/tables.h"

/*
 * A hop moves two squares each way, so every square a chain can reach keeps
 * the file's and the rank's parity of its start: it lies in one of four
 * classes of 64 squares, and a set of them fits in one 64-bit word, bit
 * (rank / 2) * 8 + file / 2.  The chain search keeps its sets so, in
 * registers: as 256-bit bitboards indexed by a variable square they lived on
 * the stack, and every hop waited on the store before it (perf annotate).
 */
static inline int parity_class(int sq) { return (sq >> 3 & 2) | (sq & 1); }
static inline int class_bit(int sq) { return (sq >> 5) << 3 | (sq & 15) >> 1; }

/* Each byte spread to every other bit: a row of the class among the
 * sixteen files of the board's row. */
static const uint16_t SPREAD[256] = {
#define S2(n) (n), (n) + 1, (n) + 4, (n) + 5
#define S4(n) S2(n), S2((n) + 16), S2((n) + 64), S2((n) + 80)
#define S6(n) S4(n), S4((n) + 256), S4((n) + 1024), S4((n) + 1280)
    S6(0), S6(4096), S6(16384), S6(20480)
#undef S2
#undef S4
#undef S6
};

/* The class set m of class c as a bitboard.  Word w of the board holds ranks
 * 4w to 4w + 3, the class's rows 2w and 2w + 1: bytes 2w and 2w + 1 of m.
 * Each byte is spread to a row of sixteen files, the two rows put 32 bits
 * apart, and the whole shifted to the class's first rank and file.  (With
 * BMI2 a pdep would do, but it is microcoded, and slow, on AMD before Zen 3.) */
static inline Bitboard class_board(uint64_t m, int c) {
    int shift = (c >> 1) * 16 + (c & 1);
    Bitboard b;
    for (int w = 0; w < 4; w++)
        b.w[w] = ((uint64_t)SPREAD[m >> (16 * w) & 0xFF] | (uint64_t)SPREAD[m >> (16 * w + 8) & 0xFF] << 32) << shift;
    return b;
}

/* The class set of class c of the bitboard b: class_board() undone. */
static inline uint64_t board_class(Bitboard b, int c) {
    int shift = (c >> 1) * 16 + (c & 1);
    uint64_t m = 0;
    for (int w = 0; w < 4; w++) {
        uint64_t x = b.w[w] >> shift & 0x0000555500005555ULL;
        x = (x | x >> 1) & 0x0000333300003333ULL;
        x = (x | x >> 2) & 0x00000F0F00000F0FULL;
        x = (x | x >> 4) & 0x000000FF000000FFULL;
        m |= (x & 0xFF) << (16 * w) | (x >> 32 & 0xFF) << (16 * w + 8);
    }
    return m;
}

/* The chain search every caller shares: every square a chain of hops from
 * `from` lands on (the mailbox `at` holding `empty` on empty squares), added to the class set *reached (squares already in it
 * are never entered).  Stops early, returning true, when it lands on a
 * square of *targets (pass NULL to search them all); inlined, each caller
 * gets its own copy. */
static inline bool search_chains(const uint8_t *at, uint8_t empty, int from, uint64_t *reached,
                                 const Bitboard *targets) {
    uint8_t stack[64]; /* a square is pushed once */
    int top = 0;
    uint64_t seen = *reached | 1ULL << class_bit(from);
    stack[top++] = (uint8_t)from;
    while (top > 0) {
        int sq = stack[--top];
        const Hop *hop = HOPS[sq];
        for (int i = 0, n = HOP_COUNT[sq]; i < n; i++) {
            int land = hop[i].land;
            uint64_t bit = 1ULL << class_bit(land);
            if (at[hop[i].over] != empty && at[land] == empty && !(seen & bit)) {
                if (targets && bb_has(targets, land)) return true;
                seen |= bit;
                stack[top++] = (uint8_t)land;
            }
        }
    }
    *reached = seen;
    return false;
}

/* Every square a chain from `from` lands on, landing on no square of
 * `avoid`, neither `from` nor `avoid` included (chain_landings()). */
static inline Bitboard mailbox_landings(const uint8_t *at, uint8_t empty, int from, Bitboard avoid) {
    int c = parity_class(from);
    uint64_t avoided = board_class(avoid, c), reached = avoided;
    search_chains(at, empty, from, &reached, NULL);
    return class_board(reached & ~avoided & ~(1ULL << class_bit(from)), c);
}

static inline bool mailbox_lands_in(const uint8_t *at, uint8_t empty, int from, Bitboard targets) {
    uint64_t reached = 0;
    return search_chains(at, empty, from, &reached, &targets);
}

static inline bool mailbox_reaches(const uint8_t *at, uint8_t empty, int from, int to) {
    /* A hop keeps the parity of both coordinates. */
    if (((from ^ to) & 0x11) || from == to || at[to] != empty) return false;
    Bitboard target = {{0, 0, 0, 0}};
    bb_add(&target, to);
    return mailbox_lands_in(at, empty, from, target);
}

/*
 * For a whole side, chains are found through the components of the hop graph
 * among empty squares: a chain from a piece reaches exactly the components of
 * the squares its first hop lands on, and neighbouring pieces share most of
 * them, so each component is explored once per position instead of once per
 * piece.  (Occupied squares are never landings, and by the parity argument
 * above the moving piece's own square never matters.)
 */
enum { MAX_COMPONENTS = 19 * 8 }; /* each starts at some piece's first landing */

/* The eight directions as square offsets (rank * 16 + file), and the files
 * a hop that way may start from: two files on must still be on the board
 * (file a is bit 0 of each rank's sixteen, file p bit 15). */
static const int DIRECTION[8] = {-17, -16, -15, -1, 1, 15, 16, 17};
enum { NOT_FILES_OP = 0x3FFF, NOT_FILES_AB = 0xFFFC, ALL_FILES = 0xFFFF };
static const uint64_t HOP_START_FILES[8] = {
    NOT_FILES_AB * 0x0001000100010001ULL, ALL_FILES * 0x0001000100010001ULL, NOT_FILES_OP * 0x0001000100010001ULL,
    NOT_FILES_AB * 0x0001000100010001ULL, NOT_FILES_OP * 0x0001000100010001ULL,
    NOT_FILES_AB * 0x0001000100010001ULL, ALL_FILES * 0x0001000100010001ULL, NOT_FILES_OP * 0x0001000100010001ULL};

/* Word i of the 256-bit board b shifted so that bit s of the result is bit
 * s + delta of b (zeros where s + delta is off the ends): 0 < |delta| < 64. */
static inline uint64_t look_word(const uint64_t b[4], int i, int delta) {
    if (delta > 0) return b[i] >> delta | (i < 3 ? b[i + 1] << (64 - delta) : 0);
    return b[i] << -delta | (i > 0 ? b[i - 1] >> (64 + delta) : 0);
}

typedef struct {
    uint64_t open[4][8];             /* [word][direction]: squares with a hop open that way */
    uint64_t labelled[4];            /* [class]: empty squares already in a component */
    uint8_t component_of[NUM_SQUARES];
    int count;
    uint64_t squares[MAX_COMPONENTS]; /* each component's squares, in its class */
} HopComponents;

/* Which squares have an open hop (over a piece onto an empty square) in each
 * direction, for the whole board at once.  Read bit by bit afterwards, so
 * that the chain search takes no branch on whether a hop is open: that is
 * as good as random to the branch predictor, and mispredicting it cost more
 * than all the shifts here (perf, bench). */
static inline void find_open_hops(const Bitboard *occupied_squares, HopComponents *hc) {
    const uint64_t *occupied = occupied_squares->w;
    uint64_t empty[4] = {~occupied[0], ~occupied[1], ~occupied[2], ~occupied[3]};
    /* Unrolled, every shift is by a constant; word by word, the compiler
     * keeps it in scalar registers (built as vector bitboards it stalled on
     * store forwarding, perf annotate). */
#pragma GCC unroll 8
    for (int d = 0; d < 8; d++) {
        int delta = DIRECTION[d];
#pragma GCC unroll 4
        for (int i = 0; i < 4; i++)
            hc->open[i][d] = look_word(occupied, i, delta) & look_word(empty, i, 2 * delta) & HOP_START_FILES[d];
    }
}

/* The open hops from `sq` as a bit per direction: bit sq of the eight
 * masks, which sit side by side in one cache line.  With AVX-512 one test
 * of all eight; with AVX2, two of four. */
static inline unsigned open_hops(const HopComponents *hc, int sq) {
    const uint64_t *word = hc->open[sq >> 6];
#if defined(__AVX512F__)
    return (unsigned)_mm512_test_epi64_mask(_mm512_loadu_si512(word), _mm512_set1_epi64((long long)(1ULL << (sq & 63))));
#elif defined(__AVX2__)
    __m256i bit = _mm256_set1_epi64x((long long)(1ULL << (sq & 63)));
    __m256i low = _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_loadu_si256((const __m256i *)word), bit), bit);
    __m256i high = _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_loadu_si256((const __m256i *)(word + 4)), bit), bit);
    return (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(low)) |
           (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(high)) << 4;
#else
    unsigned bits = 0;
    for (int d = 0; d < 8; d++) bits |= (unsigned)(word[d] >> (sq & 63) & 1) << d;
    return bits;
#endif
}

/* The component of the empty square `start` (of class c): every square a
 * chain could land on from there, `start` included, as a class set.  This
 * is chain_landings with the labelling done as squares are found: on the
 * hot path of every search and perft, where calling chain_landings and
 * labelling afterwards measured 20% more instructions (callgrind, perft 4). */
static inline uint64_t explore_component(HopComponents *hc, int start, int c) {
    uint64_t found = 1ULL << class_bit(start);
    uint8_t stack[64];
    int top = 0, id = hc->count++;
    stack[top++] = (uint8_t)start;
    while (top > 0) {
        int sq = stack[--top];
        hc->component_of[sq] = (uint8_t)id;
        for (unsigned open = open_hops(hc, sq); open; open &= open - 1) {
            /* pushed only when new, without a branch (it would mispredict) */
            int land = sq + 2 * DIRECTION[__builtin_ctz(open)];
            uint64_t bit = 1ULL << class_bit(land);
            stack[top] = (uint8_t)land;
            top += !(found & bit);
            found |= bit;
        }
    }
    hc->labelled[c] |= found;
    hc->squares[id] = found;
    return found;
}

/* Forced inline: with two callers in movegen.c clang kept it a call, and
 * inlined into side_destinations() it measured 13% fewer instructions in
 * perft 4 and 1.7% in the bench (callgrind; docs/MEASUREMENTS.md). */
static inline __attribute__((always_inline)) Bitboard chains_from(HopComponents *hc, int from) {
    int c = parity_class(from);
    uint64_t reach = 0;
    for (unsigned open = open_hops(hc, from); open; open &= open - 1) {
        int land = from + 2 * DIRECTION[__builtin_ctz(open)];
        uint64_t bit = 1ULL << class_bit(land);
        if (reach & bit) continue;
        reach |= hc->labelled[c] & bit ? hc->squares[hc->component_of[land]] : explore_component(hc, land, c);
    }
    return reach ? class_board(reach, c) : (Bitboard){{0, 0, 0, 0}};
}

static inline __attribute__((always_inline)) void hop_components_init(const Bitboard *occupied, HopComponents *hc) {
    for (int c = 0; c < 4; c++) hc->labelled[c] = 0;
    hc->count = 0;
    find_open_hops(occupied, hc);
}

/* Breadth-first search over the hop graph, remembering where each square was
 * first reached from: the first arrival at `to` is by a shortest chain. */
static inline int shortest_chain(const uint8_t *at, uint8_t empty, int from, int to, uint8_t path[MAX_PATH]) {
    uint8_t came_from[NUM_SQUARES];
    uint8_t queue[64];
    int head = 0, tail = 0;
    Bitboard reached = {{0, 0, 0, 0}};
    bb_add(&reached, from);
    queue[tail++] = (uint8_t)from;
    while (head < tail && !bb_has(&reached, to)) {
        int sq = queue[head++];
        for (int i = 0; i < HOP_COUNT[sq]; i++) {
            int land = HOPS[sq][i].land;
            if (at[HOPS[sq][i].over] != empty && at[land] == empty && !bb_has(&reached, land)) {
                bb_add(&reached, land);
                came_from[land] = (uint8_t)sq;
                queue[tail++] = (uint8_t)land;
            }
        }
    }
    if (to == from || !bb_has(&reached, to)) return 0;
    int length = 1;
    for (int sq = to; sq != from; sq = came_from[sq]) length++;
    int sq = to;
    for (int i = length - 1; i > 0; i--) {
        path[i] = (uint8_t)sq;
        sq = came_from[sq];
    }
    path[0] = (uint8_t)from;
    return length;
}

/* A shortest path of a step or a chain from `from` to `to` (shortest_path()). */
static inline int mailbox_shortest_path(const uint8_t *at, uint8_t empty, int from, int to, uint8_t path[MAX_PATH]) {
    if (!bb_has(&NEIGHBOURS[from], to)) return shortest_chain(at, empty, from, to, path);
    if (at[to] != empty) return 0;
    path[0] = (uint8_t)from;
    path[1] = (uint8_t)to;
    return 2;
}

#endif
