/*
 * plainab.h: a plain alpha-beta, a sparring partner for `halma match`.
 *
 * What a programmer writes first: iterative deepening, a transposition
 * table, the table's move tried first and the rest by the distance they
 * gain, and an evaluation that is nothing but the sum of the pieces'
 * distances to the goal.  It once beat the engine three games in ten
 * (docs/ENGINE.md), so every change is measured against it too.  The caller
 * owns the memory; the search allocates nothing.
 *
 * The same search with another evaluation (AB_EVAL_CONVEX) is a partner of
 * another kind: it scores the squares of the distances, so a piece left
 * behind weighs most, and adds half of the best gain the side to move has
 * in hand (its next move, generated at every leaf).
 */
#ifndef HALMA_PLAINAB_H
#define HALMA_PLAINAB_H

#include <stdbool.h>
#include <stdint.h>

#include "core/game.h"
#include "core/movegen.h"
#include "engine/plain_search.h"

enum { PLAINAB_MAX_PLY = 32 };

typedef enum {
    AB_EVAL_DISTANCE, /* the opponent's distance sum less our own */
    AB_EVAL_CONVEX,   /* the same over squared distances, plus the move in hand */
} ABEvaluation;

typedef struct {
    PlainState search; /* the table, the position, the clock, the root move (plain_search.h) */
    ABEvaluation evaluation;
    MoveList moves[PLAINAB_MAX_PLY]; /* each ply's moves */
} PlainAB;

/* Sets up a player with the evaluation given. */
void plainab_init(PlainAB *ab, void *hash_memory, size_t hash_bytes, ABEvaluation evaluation);
void plainab_new_game(PlainAB *ab);

/* Its evaluation of `pos` for the side to move (it may generate moves). */
int plainab_evaluate(PlainAB *ab, const Position *pos);

/* Its move in `game` (not over), thinking `movetime_ms`; never a move that
 * repeats a position a third time while another is left. */
Move plainab_move(PlainAB *ab, const Game *game, int64_t movetime_ms);

#endif
