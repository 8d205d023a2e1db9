/*
 * tables.h: constant tables of the board's geometry, generated at build time
 * by tools/gentables.c (see there for why they are not computed at run time).
 */
#ifndef HALMA_TABLES_H
#define HALMA_TABLES_H

#include <stdint.h>

#include "core/bitboard.h"

/* One hop: over the neighbour `over`, landing on `land` just beyond it. */
typedef struct {
    uint8_t over, land;
} Hop;

extern const Bitboard NEIGHBOURS[256];    /* the up-to-8 squares around each square */
extern const Hop HOPS[256][8];            /* the on-board hops from each square ... */
extern const uint8_t HOP_COUNT[256];      /* ... and how many there are */
extern const Bitboard CAMPS[2][4];        /* [0: 19-piece, 1: 13-piece][seat] (board.h) */
/* The pieces' keys by seat and square; the key of Black to move (two
 * players: White to move has none), and each seat's to move (three or four). */
extern const uint64_t ZOBRIST_PIECE[4][256];
extern const uint64_t ZOBRIST_BLACK_TO_MOVE;
extern const uint64_t ZOBRIST_SEAT_TO_MOVE[4];

#endif
