/*
 * mcts.h: a Monte Carlo tree search player, a sparring partner for
 * `halma match` unlike the alpha-beta players.
 *
 * Each iteration walks the tree from the root by PUCT (a child's mean result
 * plus a bonus for its prior that shrinks as it is visited), adds the node
 * it reaches with the moves that gain most, and plays on from there a short
 * random playout biased to the moves that gain most; the playout's result is
 * the distance sums' difference at its end, squashed into (0, 1), or 1 for a
 * win.  The move played is the root's most visited.  The tree lives in
 * memory the caller gives; nothing is allocated, and the tree is built anew
 * for each move.
 */
#ifndef HALMA_MCTS_H
#define HALMA_MCTS_H

#include <stddef.h>
#include <stdint.h>

#include "core/game.h"

enum {
    MCTS_WIDTH = 24,        /* children of a node: its moves that gain most */
    MCTS_PLAYOUT_PLIES = 8, /* plies of a playout before it is scored */
    MCTS_PLAYOUT_CHOICE = 4, /* a playout move is one of this many that gain most */
};

typedef struct {
    Move move;          /* the move into this node */
    uint8_t children;   /* 0: a leaf (not expanded, or no move kept) */
    uint8_t terminal;   /* the move into it won the game */
    uint16_t prior;     /* parts in 65536 of the parent's attention it starts with */
    uint32_t first;     /* index of its first child; children are contiguous */
    uint32_t visits;
    float value;        /* results summed, for the side that made `move` */
} MctsNode;

typedef struct {
    MctsNode *nodes;
    uint32_t capacity, used;
    uint64_t rng;
    uint64_t iterations; /* of the last move */
} Mcts;

/* Uses `bytes` of `memory` for the tree (at least a few KiB). */
void mcts_init(Mcts *mcts, void *memory, size_t bytes);

/* Seeds the playouts, so that each game varies. */
void mcts_seed(Mcts *mcts, uint64_t seed);

/* Its move in `game` (not over), thinking `movetime_ms`, or as many as
 * `iterations` when that is not 0 (then the clock is not read: the same
 * seed plays the same move); never a move that repeats a position a third
 * time while another is left. */
Move mcts_move(Mcts *mcts, const Game *game, int64_t movetime_ms, uint64_t iterations);

#endif
