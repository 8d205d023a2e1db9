/* board.c: setting up positions of any seating. */
#include "core/board.h"

void position_clear_seating(Position *pos, Seating seating, Variant variant) {
    *pos = (Position){0};
    pos->players = seating.players;
    pos->partners = seating.partners;
    pos->rules = seating.rules;
    pos->variant = (uint8_t)(seating.players == 2 ? variant : VARIANT_13);
    pos->seat = SEAT_WHITE;
    pos->hash = turn_key(seating.players, SEAT_WHITE);
    for (int sq = 0; sq < NUM_SQUARES; sq++) pos->at[sq] = NO_PIECE;
}

void position_put(Position *pos, int sq, int seat) {
    bb_add(&pos->pieces[seat], sq);
    bb_add(&pos->occupied, sq);
    pos->at[sq] = (uint8_t)seat;
    pos->hash ^= ZOBRIST_PIECE[seat][sq];
}

void position_set_seat(Position *pos, int seat) {
    pos->hash ^= turn_key(pos->players, pos->seat) ^ turn_key(pos->players, seat);
    pos->seat = (uint8_t)seat;
}

void position_start_seating(Position *pos, Seating seating, Variant variant) {
    position_clear_seating(pos, seating, variant);
    for (int seat = 0; seat < seating.players; seat++) {
        Bitboard camp = camp_of((Variant)pos->variant, seat);
        while (!bb_is_empty(camp)) position_put(pos, bb_pop(&camp), seat);
    }
}

bool position_same(const Position *a, const Position *b) {
    if (a->seat != b->seat) return false;
    for (int seat = 0; seat < MAX_SEATS; seat++)
        if (!bb_equal(a->pieces[seat], b->pieces[seat])) return false;
    return true;
}

uint64_t position_compute_hash(const Position *pos) {
    uint64_t hash = turn_key(pos->players, pos->seat);
    for (int seat = 0; seat < MAX_SEATS; seat++) {
        Bitboard set = pos->pieces[seat];
        while (!bb_is_empty(set)) hash ^= ZOBRIST_PIECE[seat][bb_pop(&set)];
    }
    return hash;
}
