/*
 * moveorder.h: the order in which the search tries a node's moves.
 *
 * Best first: the hash table's move, the killers, then by the progress a
 * move makes and its history.  The moves are kept as sort keys, a score
 * above the move's place in the list, and taken one at a time by a
 * selection sort step: most nodes take only a few of their 100-300 moves.
 */
#ifndef HALMA_MOVEORDER_H
#define HALMA_MOVEORDER_H

#include <stdbool.h>
#include <stdint.h>

#include "core/board.h"
#include "core/movegen.h"

enum {
    ORDER_TT_MOVE = 16383, /* ordering scores, which fit in 15 bits and a sign */
    ORDER_KILLER = 16381,  /* the second killer, and the least special score (the first: one more) */
    ORDER_MAX = 16000,     /* the most a move's progress and history can score */
    HISTORY_MAX = 16384,   /* history values stay within +-HISTORY_MAX */
};

/* What orders the moves of the side to move. */
typedef struct {
    const int16_t *cost;                   /* the side's cost of each square (eval.h) */
    const Bitboard *costlier;              /* [square]: the squares costing more */
    const int16_t (*history)[NUM_SQUARES]; /* the side's history, [from][to] */
    Move special[3];                       /* the table's move, then the two killers */
} OrderInputs;

/* The moves of one node.  Those that lose ground are held back, unless
 * named special, until the best listed one no longer beats them all: most
 * nodes never get there. */
typedef struct {
    Move moves[MAX_MOVES];                    /* the moves listed */
    int32_t keys[(MAX_MOVES + 15) / 16 * 16]; /* their sort keys, ORDER_TAKEN once taken, padded
                                                 to whole vectors of sixteen */
    int listed;                               /* moves listed */
    int total;                                /* moves in all, listed or held back */
    OrderInputs in;
    int pieces; /* pieces of from[] and dests[]; 0 once nothing is held back */
    uint8_t from[19];
    Bitboard dests[19];
    /* The picker's progress (picker_next) */
    int stage;          /* specials looked at */
    int special_count;  /* specials given, in tried[] */
    Move tried[3];
    bool generated;     /* the moves are listed */
    int taken;          /* keys taken from the list */
} MoveOrder;

enum { ORDER_TAKEN = INT32_MIN }; /* a key already taken: below every real one */

/* Lists the moves of the side to move of `pos` (the pass if it has none). */
void order_moves(MoveOrder *order, const Position *pos, const OrderInputs *in);

/* Takes the best move not taken yet and returns its key (ORDER_TAKEN once
 * all are taken): order_move() names the move, order_score() its score. */
int32_t order_take(MoveOrder *order);

static inline Move order_move(const MoveOrder *order, int32_t key) { return order->moves[key & 0xFFFF]; }
static inline int order_score(int32_t key) { return key >> 16; }

/*
 * The staged picker, as the search takes a node's moves: the table's move
 * and the killers, where legal, come before the moves are generated, so that
 * when one of them cuts off, as they mostly do, the generation (most of a
 * node's cost) is saved; then the rest, best first, each move once.  Inline:
 * it runs for every move the search tries.
 */
static inline void picker_start(MoveOrder *order, const OrderInputs *in) {
    order->in = *in;
    order->stage = order->special_count = order->taken = 0;
    order->generated = false;
}

static inline bool picker_fresh(const MoveOrder *order, Move m) {
    bool fresh = true;
    for (int k = 0; k < order->special_count; k++) fresh &= !move_equal(m, order->tried[k]);
    return fresh;
}

/* The next move, false when there is none left; *special: the table's move
 * or a killer. */
static inline bool picker_next(MoveOrder *order, const Position *pos, Move *move, bool *special) {
    while (order->stage < 3) {
        Move m = order->in.special[order->stage++];
        if (!picker_fresh(order, m) || !move_is_legal(pos, m)) continue;
        order->tried[order->special_count++] = m;
        *move = m;
        *special = true;
        return true;
    }
    if (!order->generated) {
        order_moves(order, pos, &order->in);
        order->generated = true;
    }
    while (order->taken < order->total) {
        order->taken++;
        int32_t key = order_take(order);
        Move m = order_move(order, key);
        if (!picker_fresh(order, m)) continue;
        *move = m;
        *special = order_score(key) >= ORDER_KILLER;
        return true;
    }
    return false;
}

/* Moves looked at so far, the specials and the list's. */
static inline int picker_taken(const MoveOrder *order) { return order->special_count + order->taken; }

#endif
