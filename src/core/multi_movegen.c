/*
 * multi_movegen.c: steps, jump chains and paths for three or four players,
 * on the two-player generator's chain searches (hopgraph.h): a seat's
 * chains are found through the components of the hop graph, explored once
 * per position, as for a side.
 *
 * A seat whose pieces are all on its goal camp has no legal move with no
 * rule of its own: its 13 pieces fill the 13 squares, so no move can end
 * there, and the goal-camp rule keeps them from leaving.
 */
#include "core/multi_movegen.h"

#include "core/hopgraph.h"

Bitboard multi_chain_landings(const Position *pos, int from, Bitboard avoid) {
    return mailbox_landings(pos->at, NO_SEAT, from, avoid);
}

Bitboard multi_jump_destinations(const Position *pos, int from) {
    return mailbox_landings(pos->at, NO_SEAT, from, (Bitboard){{0, 0, 0, 0}});
}

bool multi_jump_lands_in(const Position *pos, int from, Bitboard targets) {
    return mailbox_lands_in(pos->at, NO_SEAT, from, targets);
}

bool multi_move_is_legal(const Position *pos, Move m) {
    int seat = pos->seat;
    if (move_is_pass(m) || pos->at[m.from] != seat || pos->at[m.to] != NO_SEAT) return false;
    Bitboard goal = seat_goal(seat);
    if (bb_has(&goal, m.from) && !bb_has(&goal, m.to)) return false;
    return bb_has(&NEIGHBOURS[m.from], m.to) || mailbox_reaches(pos->at, NO_SEAT, m.from, m.to);
}

/* Steps and chains, with the goal-camp rule. */
static Bitboard destinations(const Position *pos, int from, Bitboard jumps, Bitboard goal) {
    Bitboard all = bb_or(bb_minus(NEIGHBOURS[from], pos->occupied), jumps);
    return bb_has(&goal, from) ? bb_and(all, goal) : all;
}

Bitboard multi_piece_destinations(const Position *pos, int from) {
    int seat = pos->at[from];
    if (seat == NO_SEAT) return (Bitboard){{0, 0, 0, 0}};
    return destinations(pos, from, multi_jump_destinations(pos, from), seat_goal(seat));
}

int multi_seat_destinations(const Position *pos, uint8_t from[SEAT_PIECES], Bitboard dests[SEAT_PIECES]) {
    int seat = pos->seat;
    HopComponents hc;
    hop_components_init(&pos->occupied, &hc);
    Bitboard goal = seat_goal(seat), pieces = pos->pieces[seat];
    int n = 0;
    while (!bb_is_empty(pieces) && n < SEAT_PIECES) {
        int sq = bb_pop(&pieces);
        from[n] = (uint8_t)sq;
        dests[n++] = destinations(pos, sq, chains_from(&hc, sq), goal);
    }
    return n;
}

void multi_generate_moves(const Position *pos, MoveList *list) {
    uint8_t from[SEAT_PIECES];
    Bitboard dests[SEAT_PIECES];
    int pieces = multi_seat_destinations(pos, from, dests), n = 0;
    for (int i = 0; i < pieces; i++)
        while (!bb_is_empty(dests[i])) list->moves[n++] = (Move){from[i], (uint8_t)bb_pop(&dests[i])};
    if (n == 0) list->moves[n++] = MOVE_PASS;
    list->count = n;
}

int multi_legal_count(const Position *pos) {
    uint8_t from[SEAT_PIECES];
    Bitboard dests[SEAT_PIECES];
    int pieces = multi_seat_destinations(pos, from, dests), n = 0;
    for (int i = 0; i < pieces; i++) n += bb_count(dests[i]);
    return n;
}

int multi_count_moves(const Position *pos) {
    int n = multi_legal_count(pos);
    return n ? n : 1;
}

int multi_shortest_path(const Position *pos, int from, int to, uint8_t path[MAX_PATH]) {
    return mailbox_shortest_path(pos->at, NO_SEAT, from, to, path);
}

uint64_t multi_perft_divide(Position *pos, int depth, MoveList *list, uint64_t counts[MAX_MOVES]) {
    multi_generate_moves(pos, list);
    uint64_t total = 0;
    for (int i = 0; i < list->count; i++) {
        position_make(pos, list->moves[i]);
        total += counts[i] = multi_perft(pos, depth - 1, NULL);
        position_unmake(pos, list->moves[i]);
    }
    return total;
}

uint64_t multi_perft(Position *pos, int depth, const atomic_bool *stop) {
    if (depth <= 0) return 1;
    if (depth == 1) return (uint64_t)multi_count_moves(pos);
    if (stop && atomic_load_explicit(stop, memory_order_relaxed)) return 0;
    MoveList list;
    multi_generate_moves(pos, &list);
    uint64_t total = 0;
    for (int i = 0; i < list.count; i++) {
        position_make(pos, list.moves[i]);
        total += multi_perft(pos, depth - 1, stop);
        position_unmake(pos, list.moves[i]);
    }
    return total;
}
