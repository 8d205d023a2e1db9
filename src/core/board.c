/* board.c: setting up positions, and make/unmake. */
#include "core/board.h"

void position_clear(Position *pos, Variant variant) {
    *pos = (Position){0};
    pos->variant = (uint8_t)variant;
    pos->side_to_move = WHITE;
    for (int sq = 0; sq < NUM_SQUARES; sq++) pos->at[sq] = NO_PIECE;
}

void position_put(Position *pos, int sq, Side side) {
    bb_add(&pos->pieces[side], sq);
    bb_add(&pos->occupied, sq);
    pos->at[sq] = (uint8_t)side;
    pos->hash ^= ZOBRIST_PIECE[side][sq];
}

void position_start(Position *pos, Variant variant) {
    position_clear(pos, variant);
    for (int side = WHITE; side <= BLACK; side++) {
        Bitboard camp = camp_of(variant, (Side)side);
        while (!bb_is_empty(camp)) position_put(pos, bb_pop(&camp), (Side)side);
    }
}

bool position_same(const Position *a, const Position *b) {
    return a->side_to_move == b->side_to_move && bb_equal(a->pieces[WHITE], b->pieces[WHITE]) &&
           bb_equal(a->pieces[BLACK], b->pieces[BLACK]);
}

uint64_t position_compute_hash(const Position *pos) {
    uint64_t hash = pos->side_to_move == BLACK ? ZOBRIST_BLACK_TO_MOVE : 0;
    for (int side = WHITE; side <= BLACK; side++) {
        Bitboard set = pos->pieces[side];
        while (!bb_is_empty(set)) hash ^= ZOBRIST_PIECE[side][bb_pop(&set)];
    }
    return hash;
}
