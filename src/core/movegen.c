/*
 * movegen.c: steps, jump chains and paths.
 *
 * The jump generator is a depth-first search over the hop graph, with a
 * bitboard for the squares already reached.  It was measured against a
 * bitboard flood fill (eight shifted masks per iteration): with the few
 * landings a piece has in real positions, the depth-first search does less
 * work (see README, Performance).  For one piece it reads the mailbox; for a
 * whole side (the search's and perft's generator), or a few pieces at once
 * (the race planner's rear pieces), it first finds every open hop on the
 * board with eight bitboard masks, so that its inner loop visits only the
 * open hops and takes no unpredictable branch.
 *
 * The moving piece's own square needs no special case: it is marked reached
 * before the search starts, and no hop can pass over it, since hops keep the
 * parity of both coordinates while the squares around it have another parity.
 */
#include "movegen.h"

#include <stddef.h>
#if defined(__AVX2__) || defined(__AVX512F__)
#include <immintrin.h>
#endif

/* The chain search every caller shares: every square a chain of hops from
 * `from` lands on, added to *reached (squares already in it are never
 * entered).  Stops early, returning true, when it lands on a square of
 * *targets (pass NULL to search them all); inlined, each caller gets its own
 * copy. */
static inline bool search_chains(const Position *pos, int from, Bitboard *reached, const Bitboard *targets) {
    uint8_t stack[64]; /* a square is pushed once; hops stay on one parity class of 64 */
    int top = 0;
    bb_add(reached, from);
    stack[top++] = (uint8_t)from;
    while (top > 0) {
        int sq = stack[--top];
        const Hop *hop = HOPS[sq];
        for (int i = 0, n = HOP_COUNT[sq]; i < n; i++) {
            int land = hop[i].land;
            if (pos->at[hop[i].over] != NO_PIECE && pos->at[land] == NO_PIECE && !bb_has(reached, land)) {
                if (targets && bb_has(targets, land)) return true;
                bb_add(reached, land);
                stack[top++] = (uint8_t)land;
            }
        }
    }
    return false;
}

Bitboard chain_landings(const Position *pos, int from, Bitboard avoid) {
    Bitboard reached = avoid;
    search_chains(pos, from, &reached, NULL);
    bb_add(&avoid, from);
    return bb_minus(reached, avoid);
}

Bitboard jump_destinations(const Position *pos, int from) {
    return chain_landings(pos, from, (Bitboard){{0, 0, 0, 0}});
}

bool jump_lands_in(const Position *pos, int from, Bitboard targets) {
    Bitboard reached = {{0, 0, 0, 0}};
    return search_chains(pos, from, &reached, &targets);
}

bool jump_reaches(const Position *pos, int from, int to) {
    /* A hop keeps the parity of both coordinates. */
    if (((from ^ to) & 0x11) || from == to || pos->at[to] != NO_PIECE) return false;
    Bitboard target = {{0, 0, 0, 0}};
    bb_add(&target, to);
    return jump_lands_in(pos, from, target);
}

bool move_is_legal(const Position *pos, Move m) {
    if (move_is_pass(m) || pos->at[m.from] != pos->side_to_move || pos->at[m.to] != NO_PIECE) return false;
    Bitboard goal = goal_of((Variant)pos->variant, (Side)pos->side_to_move);
    if (bb_has(&goal, m.from) && !bb_has(&goal, m.to)) return false;
    return bb_has(&NEIGHBOURS[m.from], m.to) || jump_reaches(pos, m.from, m.to);
}

Bitboard piece_destinations(const Position *pos, int from) {
    Bitboard steps = bb_minus(NEIGHBOURS[from], pos->occupied);
    Bitboard all = bb_or(steps, jump_destinations(pos, from));
    Bitboard goal = goal_of((Variant)pos->variant, (Side)pos->at[from]);
    return bb_has(&goal, from) ? bb_and(all, goal) : all;
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
    Bitboard labelled;               /* empty squares already in a component */
    uint8_t component_of[NUM_SQUARES];
    int count;
    Bitboard squares[MAX_COMPONENTS];
} HopComponents;

/* Which squares have an open hop (over a piece onto an empty square) in each
 * direction, for the whole board at once.  Read bit by bit afterwards, so
 * that the chain search takes no branch on whether a hop is open: that is
 * as good as random to the branch predictor, and mispredicting it cost more
 * than all the shifts here (perf, bench). */
static void find_open_hops(const Position *pos, HopComponents *hc) {
    const uint64_t *occupied = pos->occupied.w;
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

/* The component of the empty square `start`: every square a chain could
 * land on from there, `start` included.  This is chain_landings with the
 * labelling done as squares are found: on the hot path of every search and
 * perft, where calling chain_landings and labelling afterwards measured 20%
 * more instructions (callgrind, perft 4). */
static Bitboard explore_component(HopComponents *hc, int start) {
    Bitboard found = {{0, 0, 0, 0}};
    uint8_t stack[64];
    int top = 0, id = hc->count++;
    bb_add(&found, start);
    stack[top++] = (uint8_t)start;
    while (top > 0) {
        int sq = stack[--top];
        hc->component_of[sq] = (uint8_t)id;
        for (unsigned open = open_hops(hc, sq); open; open &= open - 1) {
            /* pushed only when new, without a branch (it would mispredict) */
            int land = sq + 2 * DIRECTION[__builtin_ctz(open)];
            stack[top] = (uint8_t)land;
            top += !bb_has(&found, land);
            bb_add(&found, land);
        }
    }
    hc->labelled = bb_or(hc->labelled, found);
    hc->squares[id] = found;
    return found;
}

static Bitboard chains_from(HopComponents *hc, int from) {
    Bitboard reach = {{0, 0, 0, 0}};
    for (unsigned open = open_hops(hc, from); open; open &= open - 1) {
        int land = from + 2 * DIRECTION[__builtin_ctz(open)];
        if (bb_has(&reach, land)) continue;
        reach = bb_or(reach, bb_has(&hc->labelled, land) ? hc->squares[hc->component_of[land]]
                                                        : explore_component(hc, land));
    }
    return reach;
}

static void hop_components_init(const Position *pos, HopComponents *hc) {
    hc->labelled = (Bitboard){{0, 0, 0, 0}};
    hc->count = 0;
    find_open_hops(pos, hc);
}

void pieces_jump_destinations(const Position *pos, const int *squares, int n, Bitboard *landings) {
    HopComponents hc;
    hop_components_init(pos, &hc);
    for (int i = 0; i < n; i++) landings[i] = chains_from(&hc, squares[i]);
}

int side_destinations(const Position *pos, uint8_t from[19], Bitboard dests[19]) {
    HopComponents hc;
    hop_components_init(pos, &hc);
    Side side = (Side)pos->side_to_move;
    Bitboard goal = goal_of((Variant)pos->variant, side);
    Bitboard pieces = pos->pieces[side];
    int n = 0;
    while (!bb_is_empty(pieces)) {
        int sq = bb_pop(&pieces);
        Bitboard all = bb_or(bb_minus(NEIGHBOURS[sq], pos->occupied), chains_from(&hc, sq));
        from[n] = (uint8_t)sq;
        dests[n++] = bb_has(&goal, sq) ? bb_and(all, goal) : all;
    }
    return n;
}

void generate_moves(const Position *pos, MoveList *list) {
    uint8_t from[19];
    Bitboard dests[19];
    int pieces = side_destinations(pos, from, dests), n = 0;
    for (int i = 0; i < pieces; i++)
        while (!bb_is_empty(dests[i])) list->moves[n++] = (Move){from[i], (uint8_t)bb_pop(&dests[i])};
    if (n == 0) list->moves[n++] = MOVE_PASS;
    list->count = n;
}

int count_moves(const Position *pos) {
    uint8_t from[19];
    Bitboard dests[19];
    int pieces = side_destinations(pos, from, dests), n = 0;
    for (int i = 0; i < pieces; i++) n += bb_count(dests[i]);
    return n ? n : 1;
}

/* Breadth-first search over the hop graph, remembering where each square was
 * first reached from: the first arrival at `to` is by a shortest chain. */
static int shortest_chain(const Position *pos, int from, int to, uint8_t path[MAX_PATH]) {
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
            if (pos->at[HOPS[sq][i].over] != NO_PIECE && pos->at[land] == NO_PIECE &&
                !bb_has(&reached, land)) {
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

int shortest_path(const Position *pos, int from, int to, uint8_t path[MAX_PATH]) {
    if (!bb_has(&NEIGHBOURS[from], to)) return shortest_chain(pos, from, to, path);
    if (pos->at[to] != NO_PIECE) return 0;
    path[0] = (uint8_t)from;
    path[1] = (uint8_t)to;
    return 2;
}

uint64_t perft_divide(Position *pos, int depth, MoveList *list, uint64_t counts[MAX_MOVES]) {
    generate_moves(pos, list);
    uint64_t total = 0;
    for (int i = 0; i < list->count; i++) {
        position_make(pos, list->moves[i]);
        total += counts[i] = perft(pos, depth - 1, NULL);
        position_unmake(pos, list->moves[i]);
    }
    return total;
}

uint64_t perft(Position *pos, int depth, const atomic_bool *stop) {
    if (depth <= 0) return 1;
    if (depth == 1) return (uint64_t)count_moves(pos);
    if (stop && atomic_load_explicit(stop, memory_order_relaxed)) return 0;
    MoveList list;
    generate_moves(pos, &list);
    uint64_t total = 0;
    for (int i = 0; i < list.count; i++) {
        position_make(pos, list.moves[i]);
        total += perft(pos, depth - 1, stop);
        position_unmake(pos, list.moves[i]);
    }
    return total;
}
