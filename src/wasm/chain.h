/*
 * chain.h: a move entered hop by hop on the page, the same for two seats
 * and for three or four (api.c has both): reading the partial chain,
 * the squares it may go on to, and its shortest continuation to a square.
 */
#ifndef HALMA_WASM_CHAIN_H
#define HALMA_WASM_CHAIN_H

#include <stdint.h>

#include "core/bitboard.h"
#include "core/movegen.h"

/* The flags of api_targets, a byte a square. */
enum {
    TARGET_END = 1,     /* the move may end here */
    TARGET_STEP = 2,    /* ... and it is a step */
    TARGET_HOP = 4,     /* one hop from the chain's current square */
    TARGET_REPEATS = 8, /* ending here repeats a position for the third time */
    TARGET_STOP = 16,   /* the chain's current square, where it may stop */
};

/* What a chain needs of a board of either kind. */
typedef struct {
    const uint8_t *at;  /* the mailbox: a side or seat a square, or `empty` */
    uint8_t empty;
    uint8_t mover;      /* the side or seat to move */
    Bitboard occupied;
    Bitboard goal;      /* the mover's goal camp */
    Bitboard home;      /* its home camp under nospoil (no return home); else none */
    /* Where a chain from `from` may land, avoiding `avoid` (the rules' own). */
    Bitboard (*landings)(const void *pos, int from, Bitboard avoid);
    const void *pos;
    /* How often the game would have met the position after from-to (its own). */
    int (*occurrences_after)(const void *game, int from, int to);
    const void *game;
} ChainBoard;

/* The n squares of io as a partial chain: the origin holds a piece of the
 * mover, each further square is a hop from the one before onto an empty
 * square not landed on yet.  Returns n, or 0 for anything else. */
int chain_read(const ChainBoard *b, const char *io, int n, uint8_t path[MAX_PATH], Bitboard *landed);

/* The TARGET_ flags of every square for the chain, a byte a square in io; a
 * hop is offered only when some legal end lies at or beyond it.  Returns
 * the number of squares marked. */
int chain_targets(const ChainBoard *b, const uint8_t *path, int n, Bitboard landed, char *io);

/* The chain taken on to `to` (a step when it is only its origin and `to`
 * is next to it, else a shortest continuation by hops landing nowhere
 * twice): its new length, or 0 when `to` cannot be reached that way. */
int chain_extend(const ChainBoard *b, uint8_t path[MAX_PATH], int n, Bitboard landed, int to);

#endif
