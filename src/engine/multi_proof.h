/*
 * multi_proof.h: proving a forced win of three or four seats.
 *
 * The protocol claims `score win N` only for a win forced against any
 * moves of all the other seats together, partners included: a partner may
 * be a person or another program, so nothing it might do is counted on.
 * The search cannot give that (Best-Reply Search lets opponents skip turns,
 * the team search trusts the partner), so the claim comes from here: a
 * search of every move of every other seat, a win being the seat home (for
 * partners, the partnership; under nospoil, by either win, as the game
 * judges it), anything else that ends the game (another seat or team home,
 * a third repetition, the turn limit) a failure.  It
 * looks as far as the seat's next two moves (1 turn, or a round and one:
 * players + 1 turns), within a node budget; what it cannot prove is not
 * claimed.
 */
#ifndef HALMA_MULTI_PROOF_H
#define HALMA_MULTI_PROOF_H

#include <stdbool.h>
#include <stdint.h>

#include "core/game.h"

enum { PROOF_FILTER_SIZE = 1 << 16 }; /* slots counting the game's keys, a power of two */

typedef struct {
    Position pos;
    int root;
    int turn_limit;
    uint64_t nodes, budget;
    bool exhausted;          /* the budget ran out: nothing proven either way */
    const Game *game;
    int path_count;          /* positions of the proof's line, after the game's */
    uint64_t path[8];
    uint8_t filter[PROOF_FILTER_SIZE]; /* how many of the game's keys fall in each slot */
} MultiProof;

/* A forced win of the seat to move in the game (not over) within its next
 * two moves, searching at most `budget` nodes: the number of turns to it (1,
 * or pos.players + 1) and its first move in *move; 0 when none is proven. */
int multi_prove_win(MultiProof *proof, const Game *game, uint64_t budget, Move *move);

/* Pieces of `seat` not yet on its goal camp. */
int multi_pieces_outside(const Position *pos, int seat);

/* The moves into its goal `seat` still needs at least: its pieces outside
 * it; under nospoil the goal's squares that neither its pieces nor its
 * owner's hold (Parlett's win), SEAT_PIECES (out of reach) while the owner's
 * alone fill it. */
int multi_pieces_to_go(const Position *pos, int seat);

#endif
