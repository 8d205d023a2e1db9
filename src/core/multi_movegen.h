/*
 * multi_movegen.h: legal moves of three or four players (RULES-MULTI.md).
 *
 * As movegen.h for two: a move is its origin and destination, generated
 * once per distinct pair; MoveList, MAX_PATH and the counting of perft are
 * that header's.  A seat whose pieces are all on its goal camp has no
 * legal move, and passes.
 */
#ifndef HALMA_MULTI_MOVEGEN_H
#define HALMA_MULTI_MOVEGEN_H

#include <stdatomic.h>
#include <stdint.h>

#include "core/movegen.h"
#include "core/board.h"

/* Every square the piece on `from` can end a jump chain on (the goal-camp
 * rule ignored), landing on no square of `avoid` (neither included). */
Bitboard multi_chain_landings(const Position *pos, int from, Bitboard avoid);
Bitboard multi_jump_destinations(const Position *pos, int from);

/* Does a chain of hops from `from` land on a square of `targets`? */
bool multi_jump_lands_in(const Position *pos, int from, Bitboard targets);

/* Is `m` a legal move (not a pass) of the seat to move? */
bool multi_move_is_legal(const Position *pos, Move m);

/* Every square the piece on `from` may legally move to: steps and chains,
 * the goal-camp rule applied. */
Bitboard multi_piece_destinations(const Position *pos, int from);

/* The legal destinations of every piece of the seat to move (fills from[]
 * and dests[] in square order, returns the number of pieces).  The generator, grouped by piece, for a search that
 * ranks moves as it goes. */
int multi_seat_destinations(const Position *pos, uint8_t from[SEAT_PIECES], Bitboard dests[SEAT_PIECES]);

/* All legal moves of the seat to move; a lone pass when it has none. */
void multi_generate_moves(const Position *pos, MoveList *list);

/* How many moves multi_generate_moves would list (1 for the pass). */
int multi_count_moves(const Position *pos);

/* The number of legal moves, 0 when the seat must pass. */
int multi_legal_count(const Position *pos);

/* A shortest path of a legal (from, to) move into path[], origin and
 * destination included; returns its squares, 0 when there is none. */
int multi_shortest_path(const Position *pos, int from, int to, uint8_t path[MAX_PATH]);

/* perft as movegen.h counts it, and split by first move. */
uint64_t multi_perft(Position *pos, int depth, const atomic_bool *stop);
uint64_t multi_perft_divide(Position *pos, int depth, MoveList *list, uint64_t counts[MAX_MOVES]);

#endif
