/*
 * movegen.c: steps, jump chains and paths.
 *
 * The jump generator is a depth-first search over the hop graph, with a set
 * of the squares already reached.  It was measured against a bitboard flood
 * fill (eight shifted masks per iteration): with the few landings a piece
 * has in real positions, the depth-first search does less work (docs/ENGINE.md,
 * Speed).  For one piece it reads the mailbox; for a whole side (the
 * search's and perft's generator), or a few pieces at once (the race
 * planner's rear pieces), it first finds every open hop on the board with
 * eight bitboard masks, so that its inner loop visits only the open hops and
 * takes no unpredictable branch.
 *
 * The searches themselves are in hopgraph.h.  Nothing here depends on the
 * number of seats but make/unmake in perft, whose few calls (the leaves are
 * counted, not made) cost nothing measurable.
 */
#include "core/movegen.h"

#include <stddef.h>

#include "core/hopgraph.h"

Bitboard chain_landings(const Position *pos, int from, Bitboard avoid) {
    return mailbox_landings(pos->at, NO_PIECE, from, avoid);
}

Bitboard jump_destinations(const Position *pos, int from) {
    return chain_landings(pos, from, (Bitboard){{0, 0, 0, 0}});
}

bool jump_lands_in(const Position *pos, int from, Bitboard targets) {
    return mailbox_lands_in(pos->at, NO_PIECE, from, targets);
}

bool jump_reaches(const Position *pos, int from, int to) { return mailbox_reaches(pos->at, NO_PIECE, from, to); }

int hop_over(int from, int to) {
    for (int i = 0; i < HOP_COUNT[from]; i++)
        if (HOPS[from][i].land == to) return HOPS[from][i].over;
    return -1;
}

bool move_is_legal(const Position *pos, Move m) {
    if (move_is_pass(m) || pos->at[m.from] != pos->seat || pos->at[m.to] != NO_PIECE) return false;
    Bitboard goal = goal_of((Variant)pos->variant, pos->seat);
    if (bb_has(&goal, m.from) && !bb_has(&goal, m.to)) return false;
    Bitboard barred = position_barred(pos, pos->seat, m.from);
    if (bb_has(&barred, m.to)) return false;
    return bb_has(&NEIGHBOURS[m.from], m.to) || jump_reaches(pos, m.from, m.to);
}

Bitboard piece_destinations(const Position *pos, int from) {
    if (pos->at[from] == NO_PIECE) return (Bitboard){{0, 0, 0, 0}};
    Bitboard steps = bb_minus(NEIGHBOURS[from], pos->occupied);
    Bitboard all = bb_or(steps, jump_destinations(pos, from));
    Bitboard goal = goal_of((Variant)pos->variant, pos->at[from]);
    all = bb_minus(all, position_barred(pos, pos->at[from], from));
    return bb_has(&goal, from) ? bb_and(all, goal) : all;
}

void pieces_jump_destinations(const Position *pos, const int *squares, int n, Bitboard *landings) {
    HopComponents hc;
    hop_components_init(&pos->occupied, &hc);
    for (int i = 0; i < n; i++) landings[i] = chains_from(&hc, squares[i]);
}

/* No return home (RULES-HOUSE.md): a piece outside its home camp may not
 * end a move on it.  Never inlined: inlined, it cost the seeds' generator
 * 50 instructions a call (callgrind, perft 4: docs/MEASUREMENTS.md). */
static __attribute__((noinline)) void bar_home(const Position *pos, const uint8_t *from, Bitboard *dests, int n) {
    for (int i = 0; i < n; i++) dests[i] = bb_minus(dests[i], position_barred(pos, pos->seat, from[i]));
}

int side_destinations(const Position *pos, uint8_t from[MAX_PIECES], Bitboard dests[MAX_PIECES]) {
    HopComponents hc;
    hop_components_init(&pos->occupied, &hc);
    Bitboard goal = goal_of((Variant)pos->variant, pos->seat);
    Bitboard pieces = pos->pieces[pos->seat];
    int n = 0;
    while (!bb_is_empty(pieces)) {
        int sq = bb_pop(&pieces);
        Bitboard all = bb_or(bb_minus(NEIGHBOURS[sq], pos->occupied), chains_from(&hc, sq));
        from[n] = (uint8_t)sq;
        dests[n++] = bb_has(&goal, sq) ? bb_and(all, goal) : all;
    }
    /* Apart, so that the seeds' rules pay one test a call, not one a piece. */
    if (pos->rules == RULES_NOSPOIL) bar_home(pos, from, dests, n);
    return n;
}

void generate_moves(const Position *pos, MoveList *list) {
    uint8_t from[MAX_PIECES];
    Bitboard dests[MAX_PIECES];
    int pieces = side_destinations(pos, from, dests), n = 0;
    for (int i = 0; i < pieces; i++)
        while (!bb_is_empty(dests[i])) list->moves[n++] = (Move){from[i], (uint8_t)bb_pop(&dests[i])};
    if (n == 0) list->moves[n++] = MOVE_PASS;
    list->count = n;
}

int legal_count(const Position *pos) {
    uint8_t from[MAX_PIECES];
    Bitboard dests[MAX_PIECES];
    int pieces = side_destinations(pos, from, dests), n = 0;
    for (int i = 0; i < pieces; i++) n += bb_count(dests[i]);
    return n;
}

int count_moves(const Position *pos) {
    int n = legal_count(pos);
    return n ? n : 1;
}

int shortest_path(const Position *pos, int from, int to, uint8_t path[MAX_PATH]) {
    return mailbox_shortest_path(pos->at, NO_PIECE, from, to, path);
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
