/*
 * held.h: under the house rule nospoil (RULES-HOUSE.md), the squares of a
 * seat's goal that its owner still holds, as both evaluations count them.
 *
 * A goal full of the seat's pieces and its owner's, one at least the
 * seat's, wins (Parlett's win).  So while the owner keeps k pieces at home
 * (on the seat's goal), the seat needs only as many pieces as the goal has
 * other squares: what remains is to fill those, not to evict the owner,
 * and k of its pieces need not come at all.  The evaluations count the
 * held squares as filled and leave out the k pieces that would cost most
 * to bring (eval.c, multi_eval.c).
 *
 * Only against a spoiler: once the owner's pieces at home are late (past
 * the grace) and few (at most held_most), and the seat has filled all but
 * a few of the goal's other squares (at most held_open open).  In a game
 * where the owner sets out as usual its last pieces leave home long before
 * that; counted from the grace on, it applied in every game of self-play,
 * in the middle game, and the pieces left out were the seat's own rear
 * ones (docs/MEASUREMENTS.md).
 *
 * Which pieces are left out changes with every move, so they are chosen
 * where a cost is summed: a pass over the seat's pieces, under nospoil only.
 */
#ifndef HALMA_HELD_H
#define HALMA_HELD_H

#include <stdbool.h>
#include <stdint.h>

#include "core/board.h"

enum { HELD_MOST = 6 }; /* the most held squares counted, whatever held_most says */

/* The k pieces that cost most, of a seat whose pieces are `pieces`. */
typedef struct {
    int k;              /* pieces left out (0: none, the rest unset) */
    int32_t cost;       /* their costs' sum */
    Bitboard squares;   /* where they stand */
    int cheapest_out;   /* the least cost among them */
    int dearest_in;     /* the most cost among the pieces kept */
    int32_t held;       /* the held squares' costs, to the seat */
    bool entering;      /* not yet: one square too many is open, and a move into the goal counts them */
} HeldCut;

/* The k (1..HELD_MOST) costliest of `pieces` by `cost` (ties: the lower
 * square first), when there are more than k pieces; else none (k 0).  An
 * insertion into a list of k + 1, over the seat's pieces. */
static inline HeldCut held_cut(const int16_t *cost, Bitboard pieces, int k) {
    HeldCut cut = {0, 0, {{0, 0, 0, 0}}, 0, 0, 0, false};
    if (k < 1 || k > HELD_MOST || bb_count(pieces) <= k) return cut;
    int top[HELD_MOST + 1], where[HELD_MOST + 1], n = 0;
    while (!bb_is_empty(pieces)) {
        int sq = bb_pop(&pieces), c = cost[sq];
        if (n == k + 1 && c <= top[k]) continue;
        int at = n < k + 1 ? n++ : k;
        while (at > 0 && top[at - 1] < c) top[at] = top[at - 1], where[at] = where[at - 1], at--;
        top[at] = c, where[at] = sq;
    }
    cut.k = k;
    for (int i = 0; i < k; i++) cut.cost += top[i], bb_add(&cut.squares, where[i]);
    cut.cheapest_out = top[k - 1];
    cut.dearest_in = top[k];
    return cut;
}

/* How much a move of the seat's from a square costing c_from to one costing
 * c_to lowers the cost of its kept pieces, the cut's k pieces left out
 * before and after: a piece left out that stays among the costliest gains
 * nothing; one that falls below the dearest kept gains from there; a kept
 * piece that rises above the cheapest left out gains to there. */
static inline int held_gain(const HeldCut *cut, int c_from, int c_to) {
    if (c_from >= cut->cheapest_out) return c_to < cut->dearest_in ? cut->dearest_in - c_to : 0;
    return c_from - (c_to < cut->cheapest_out ? c_to : cut->cheapest_out);
}

/* The sum of `cost` over the squares of `squares`. */
static inline int32_t held_cost(const int16_t *cost, Bitboard squares) {
    int32_t sum = 0;
    while (!bb_is_empty(squares)) sum += cost[bb_pop(&squares)];
    return sum;
}

#endif
