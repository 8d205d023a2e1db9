/*
 * movegen.h: legal moves, for any seating.
 *
 * A move is identified by its origin and destination; every legal move is
 * generated once per distinct (origin, destination) pair, as RULES.md,
 * RULES-MULTI.md and the protocol count them.  A seat whose pieces all stand
 * on its goal has no legal move by the rules alone (its pieces fill the goal,
 * and the goal-camp rule keeps them there), and passes.  Steps and jump chains never share a destination: a
 * hop keeps both coordinates' parity, a step changes at least one.
 */
#ifndef HALMA_MOVEGEN_H
#define HALMA_MOVEGEN_H

#include <stdatomic.h>
#include <stdint.h>

#include "core/board.h"

/* A jump chain visits squares of one parity class (64 squares) at most once,
 * and each of 19 pieces has at most 8 steps, so no position has more moves. */
enum { MAX_PIECES = 19, MAX_MOVES = MAX_PIECES * (64 + 8), MAX_PATH = 65 };

typedef struct {
    int count;
    Move moves[MAX_MOVES];
} MoveList;

/* Every square a chain of hops from `from` can land on without landing on
 * a square of `avoid` (e.g. the landings of a chain built so far), neither
 * `from` nor `avoid` included.  The jump generator. */
Bitboard chain_landings(const Position *pos, int from, Bitboard avoid);

/* Every square the piece on `from` can end a jump chain on, ignoring the
 * goal-camp rule. */
Bitboard jump_destinations(const Position *pos, int from);

/* jump_destinations of the pieces on squares[0..n) (n <= 19) at once, into
 * landings[0..n): where their chains meet, the work is shared. */
void pieces_jump_destinations(const Position *pos, const int *squares, int n, Bitboard *landings);

/* Can the piece on `from` end a jump chain on `to` (goal-camp rule ignored)? */
bool jump_reaches(const Position *pos, int from, int to);

/* Does some chain of hops from `from` land on a square of `targets`?  Stops
 * at the first such landing: cheaper than jump_destinations when the answer
 * is yes. */
bool jump_lands_in(const Position *pos, int from, Bitboard targets);

/* The square a single hop from `from` to `to` goes over, or -1 when the two
 * squares are not a hop apart (whatever the pieces). */
int hop_over(int from, int to);

/* Is `m` a legal move (not a pass) of the seat to move?  Cheaper than
 * generating: one piece's chains, searched until `to` is found. */
bool move_is_legal(const Position *pos, Move m);

/* Every square the piece on `from` may legally move to (steps and chains,
 * the goal-camp rule applied); none when the square is empty. */
Bitboard piece_destinations(const Position *pos, int from);

/* The legal destinations of every piece of the seat to move: fills from[]
 * and dests[] (in square order) and returns how many pieces there are.  What
 * generate_moves lists, grouped by piece, for callers that rank moves as
 * they go (the searches). */
int side_destinations(const Position *pos, uint8_t from[MAX_PIECES], Bitboard dests[MAX_PIECES]);

/* All legal moves of the seat to move; a lone pass when it has none. */
void generate_moves(const Position *pos, MoveList *list);

/* The number of legal moves, 0 when the seat must pass; and the number
 * generate_moves would list (1 for the pass), without listing them. */
int legal_count(const Position *pos);
int count_moves(const Position *pos);

/* A shortest path for a legal (from, to) move: writes the squares, origin and
 * destination included, into path[] and returns their number; 0 when `to`
 * cannot be reached from `from`. */
int shortest_path(const Position *pos, int from, int to, uint8_t path[MAX_PATH]);

/* The number of sequences of `depth` legal moves from a position, as in the
 * protocol's `perft`.  Gives up early, with a partial count, once `*stop`
 * (which may be NULL) is set from another thread. */
uint64_t perft(Position *pos, int depth, const atomic_bool *stop);

/* perft split by first move: generates the moves of `pos` into *list, writes
 * the perft of `depth - 1` below list->moves[i] into counts[i], and returns
 * their sum (which must equal perft of `depth`). */
uint64_t perft_divide(Position *pos, int depth, MoveList *list, uint64_t counts[MAX_MOVES]);

#endif
