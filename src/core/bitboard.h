/*
 * bitboard.h: sets of squares, one bit per square.
 *
 * The 256 squares fill four 64-bit words; square `rank * 16 + file` is bit
 * `sq & 63` of word `sq >> 6`, so each word holds four whole ranks.
 */
#ifndef HALMA_BITBOARD_H
#define HALMA_BITBOARD_H

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    uint64_t w[4];
} Bitboard;

static inline bool bb_has(const Bitboard *b, int sq) {
    return (b->w[sq >> 6] >> (sq & 63)) & 1;
}

static inline void bb_add(Bitboard *b, int sq) { b->w[sq >> 6] |= 1ULL << (sq & 63); }

static inline void bb_remove(Bitboard *b, int sq) { b->w[sq >> 6] &= ~(1ULL << (sq & 63)); }

static inline Bitboard bb_and(Bitboard a, Bitboard b) {
    return (Bitboard){{a.w[0] & b.w[0], a.w[1] & b.w[1], a.w[2] & b.w[2], a.w[3] & b.w[3]}};
}

static inline Bitboard bb_or(Bitboard a, Bitboard b) {
    return (Bitboard){{a.w[0] | b.w[0], a.w[1] | b.w[1], a.w[2] | b.w[2], a.w[3] | b.w[3]}};
}

/* a without the squares of b */
static inline Bitboard bb_minus(Bitboard a, Bitboard b) {
    return (Bitboard){{a.w[0] & ~b.w[0], a.w[1] & ~b.w[1], a.w[2] & ~b.w[2], a.w[3] & ~b.w[3]}};
}

static inline bool bb_is_empty(Bitboard b) { return !(b.w[0] | b.w[1] | b.w[2] | b.w[3]); }

static inline bool bb_equal(Bitboard a, Bitboard b) {
    return !((a.w[0] ^ b.w[0]) | (a.w[1] ^ b.w[1]) | (a.w[2] ^ b.w[2]) | (a.w[3] ^ b.w[3]));
}

static inline int bb_count(Bitboard b) {
    return __builtin_popcountll(b.w[0]) + __builtin_popcountll(b.w[1]) +
           __builtin_popcountll(b.w[2]) + __builtin_popcountll(b.w[3]);
}

/* Removes and returns the lowest square of a non-empty set: the iteration
 * idiom is `while (!bb_is_empty(s)) { int sq = bb_pop(&s); ... }`. */
static inline int bb_pop(Bitboard *b) {
    for (int i = 0;; i++) {
        if (b->w[i]) {
            int sq = (i << 6) | __builtin_ctzll(b->w[i]);
            b->w[i] &= b->w[i] - 1;
            return sq;
        }
    }
}

#endif
