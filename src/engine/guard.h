/*
 * guard.h: keeping our goal closed to the opponent's returning pieces.
 *
 * Our goal is the opponent's home camp, and nothing in the rules keeps a
 * piece of the opponent's that has left it from walking back in.  Once one
 * stands on a square of our goal, the goal can never be filled while it
 * stays, and a side that is behind keeps it there: the game is drawn.  So
 * once we have filled half of our goal, a move back in is scored as the
 * draw it is, and while such a piece is near, the search (search.c) lets the
 * opponent make the moves that bring it in, so that it fills the goal in an
 * order that keeps the open squares out of its reach (docs/ENGINE.md).
 *
 * Under the house rule nospoil (RULES-HOUSE.md) no piece returns home: the
 * guard is off.  A return is never possible, no piece is a threat and none
 * approaches, and the search never enters its phase (search.c).
 */
#ifndef HALMA_GUARD_H
#define HALMA_GUARD_H

#include <stdbool.h>
#include <stdint.h>

#include "core/board.h"
#include "core/movegen.h"

enum {
    GUARD_REACH = 3, /* king steps from its home within which a returning piece is followed */
};

typedef struct {
    /* [variant][side][square]: king steps (the most of the file and rank
     * differences) from the square to the nearest square of side's home camp */
    uint8_t home_distance[2][2][NUM_SQUARES];
} Guard;

void guard_init(Guard *guard);

/* Is `m`, by `mover`, a move back into its home camp from outside it? */
static inline bool guard_is_return(Variant v, Side mover, Move m) {
    Bitboard home = camp_of(v, mover);
    return !move_is_pass(m) && bb_has(&home, m.to) && !bb_has(&home, m.from);
}

/* Could `mover`, were it its turn, move a piece back into its home camp
 * (the other side's goal) onto one of its empty squares? */
bool guard_return_possible(const Position *pos, Side mover);

/* Is a piece of `mover` outside both camps within GUARD_REACH king steps of
 * its home camp, or able to move back in at once? */
bool guard_threat_near(const Guard *guard, const Position *pos, Side mover);

/* The moves of the side to move that bring a piece outside both camps nearer
 * its home camp (in king steps, ending within GUARD_REACH of it, not in it),
 * or onto its doorstep (next to it: a piece there walks along the camp's
 * edge to the open square); returns how many. */
int guard_approaches(const Guard *guard, const Position *pos, Move *out, int capacity);

#endif
