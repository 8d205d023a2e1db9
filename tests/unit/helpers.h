/*
 * helpers.h: building test positions from square names.
 */
#ifndef HALMA_TEST_HELPERS_H
#define HALMA_TEST_HELPERS_H

#define _POSIX_C_SOURCE 200809L

#include <criterion/criterion.h>
#include <string.h>

#include "core/board.h"
#include "core/game.h"
#include "core/movecheck.h"
#include "core/movegen.h"
#include "core/notation.h"

/* The square named `name`; the test fails if it is no square. */
int sq(const char *name);

/* A position with White's pieces on the squares named in `white` and Black's
 * on those in `black` (space-separated), `side` to move.  Armies may be
 * incomplete: rules code never depends on the count. */
Position position_of(Variant variant, const char *white, const char *black, Side side);

/* Builds a position from a FEN, failing the test if it is refused. */
Position position_from_fen(Variant variant, const char *fen);

/* The set of squares named in `names`. */
Bitboard squares(const char *names);

/* The move text `text` read in `pos`; fails the test with the reason if
 * refused. */
Move read_move(const Position *pos, const char *text);

/* The English of a refusal (refusal_write), in a buffer of its own. */
const char *refusal_english(const Refusal *why);

/* The refusal message for `text` in `pos`; fails the test if it is legal. */
const char *refusal(const Position *pos, const char *text);

/* The shortest-path text of a legal move. */
const char *move_text(const Position *pos, Move m);

/* Asserts that perft(depth) equals the sum of perft(depth - 1) below each
 * legal move, and leaves the position as it was. */
void assert_divide_sums(Position *pos, int depth);

/* The tests' pseudo-random numbers: the next of the sequence `*seed` drives
 * (a linear congruential step, its top 24 bits). */
unsigned test_random(unsigned *seed);

/* A random legal game of `turns` moves from the start, seeded. */
void random_game(Game *game, Variant variant, int turns, unsigned seed);

/* Three and four players.  The seatings, and the contract's starts. */
#define THREE ((Seating){3, false, 0})
#define FOUR ((Seating){4, false, 0})
#define PARTNERS ((Seating){4, true, 0})
extern const char START_FOUR[], START_THREE[];

/* A position with the pieces of each seat on the squares named (in the
 * seats' order White, Black, Red, Yellow: names.h), `seat` to move. */
Position multi_position_of(Seating seating, const char *const squares[MAX_SEATS], int seat);

/* Builds a position from a FEN, failing the test if it is refused. */
Position multi_from_fen(Seating seating, const char *fen);

/* The move text read in `pos`, failing with the reason if refused; the
 * refusal's English for a text that must be refused. */
Move multi_read(const Position *pos, const char *text);
const char *multi_refusal(const Position *pos, const char *text);

/* Plays space-separated moves, failing the test at a refused one. */
void multi_play(Game *game, const char *moves);

#endif
