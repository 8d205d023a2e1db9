/* multi_board.c: setting up positions of three or four players. */
#include "core/multi_board.h"

void multi_clear(MultiPosition *pos, Seating seating) {
    *pos = (MultiPosition){0};
    pos->players = seating.players;
    pos->partners = seating.partners;
    pos->seat = SEAT_WHITE;
    pos->hash = ZOBRIST_SEAT_TO_MOVE[SEAT_WHITE];
    for (int sq = 0; sq < NUM_SQUARES; sq++) pos->at[sq] = NO_SEAT;
}

void multi_put(MultiPosition *pos, int sq, int seat) {
    bb_add(&pos->pieces[seat], sq);
    bb_add(&pos->occupied, sq);
    pos->at[sq] = (uint8_t)seat;
    pos->hash ^= ZOBRIST_SEAT_PIECE[seat][sq];
}

void multi_set_seat(MultiPosition *pos, int seat) {
    pos->hash ^= ZOBRIST_SEAT_TO_MOVE[pos->seat] ^ ZOBRIST_SEAT_TO_MOVE[seat];
    pos->seat = (uint8_t)seat;
}

void multi_start(MultiPosition *pos, Seating seating) {
    multi_clear(pos, seating);
    for (int seat = 0; seat < seating.players; seat++) {
        Bitboard camp = seat_camp(seat);
        while (!bb_is_empty(camp)) multi_put(pos, bb_pop(&camp), seat);
    }
}

bool multi_same(const MultiPosition *a, const MultiPosition *b) {
    if (a->seat != b->seat) return false;
    for (int seat = 0; seat < MAX_SEATS; seat++)
        if (!bb_equal(a->pieces[seat], b->pieces[seat])) return false;
    return true;
}

uint64_t multi_compute_hash(const MultiPosition *pos) {
    uint64_t hash = ZOBRIST_SEAT_TO_MOVE[pos->seat];
    for (int seat = 0; seat < MAX_SEATS; seat++) {
        Bitboard set = pos->pieces[seat];
        while (!bb_is_empty(set)) hash ^= ZOBRIST_SEAT_PIECE[seat][bb_pop(&set)];
    }
    return hash;
}
