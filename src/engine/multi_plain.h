/*
 * multi_plain.h: a plain search for three and four seats, a sparring
 * partner for `halma match --players 3|4`, as plainab.h is for two.
 *
 * What a programmer writes first for many players: paranoid alpha-beta
 * (Sturtevant and Korf: every other seat plays against the searching one;
 * as partners, the two teams), iterative deepening over turns, a
 * transposition table, the table's move first and the rest by the distance
 * they gain, and the sum of the pieces' distances as the evaluation: the
 * others' mean (the other team's) less its own.  The caller owns the
 * memory; the search allocates nothing.
 */
#ifndef HALMA_MULTI_PLAIN_H
#define HALMA_MULTI_PLAIN_H

#include <stdbool.h>
#include <stdint.h>

#include "core/game.h"
#include "core/movegen.h"
#include "engine/plain_search.h"

enum { MULTI_PLAIN_MAX_PLY = 24 };

typedef struct {
    PlainState search; /* the table, the position, the clock, the root move (plain_search.h) */
    int root;
    MoveList moves[MULTI_PLAIN_MAX_PLY];  /* each ply's moves */
} MultiPlain;

void multi_plain_init(MultiPlain *plain, void *hash_memory, size_t hash_bytes);
void multi_plain_new_game(MultiPlain *plain);

/* Its move in `game` (not over), thinking `movetime_ms`; never a move that
 * repeats a position a third time while another is left. */
Move multi_plain_move(MultiPlain *plain, const Game *game, int64_t movetime_ms);

#endif
