/*
 * puzzle_solve.h: the proofs behind the engine's puzzles (docs/PUZZLES.md).
 *
 * Three solvers, each exhaustive within a node budget: the fewest moves to
 * fill the goal camp alone (fill), the longest jump chain (chain), and a
 * forced win in at most three moves of one's own (win).  A search that runs
 * out of budget says so (PUZZLE_UNKNOWN) rather than guess, so a caller only
 * ever publishes a claim that was proven.  No allocation: the fill solver's
 * table is the caller's memory.
 */
#ifndef HALMA_PUZZLE_SOLVE_H
#define HALMA_PUZZLE_SOLVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/board.h"
#include "core/movegen.h"

enum {
    PUZZLE_UNKNOWN = -1,  /* the budget ran out before a proof */
    PUZZLE_NONE = -2,     /* proven: no answer within the bound asked */
    FILL_MAX_MOVES = 12,  /* the longest fill the solver is asked for */
    WIN_MAX_MOVES = 3,    /* a win in at most three of one's own moves */
};

/* The pieces of `side` outside its goal camp: a lower bound on the moves
 * left to fill it, since a move brings in at most one piece. */
int pieces_outside_goal(const Position *pos, Side side);

/* --- fill: the side to move alone, every other piece standing still --- */

typedef struct {
    uint64_t key;   /* the position's hash; 0: empty slot */
    uint8_t left;   /* proven: no fill within this many moves */
} FillSlot;

typedef struct {
    FillSlot *slots;  /* the caller's memory, a power of two of them */
    size_t mask;      /* slots - 1 */
    uint64_t nodes, budget;
} FillSolver;

/* A solver over `bytes` of the caller's memory (cleared here). */
void fill_solver_init(FillSolver *s, void *memory, size_t bytes, uint64_t budget);

/* The fewest moves (at most max_moves) in which the side to move of `pos`,
 * moving alone, fills its goal camp, with one shortest line into line[]; or
 * PUZZLE_NONE when there is none within max_moves, PUZZLE_UNKNOWN when the
 * budget ran out.  Iterative deepening from the lower bound above. */
int fill_solve(FillSolver *s, const Position *pos, int max_moves, Move line[FILL_MAX_MOVES]);

/* Can it fill the goal within `moves` moves?  1 yes, 0 proven no,
 * PUZZLE_UNKNOWN when the budget ran out. */
int fill_within(FillSolver *s, const Position *pos, int moves);

/* The side to move plays m and the other side passes: a fill's move. */
void fill_play(Position *pos, Move m);

/* --- chain: the longest jump chain of the side to move --- */

typedef struct {
    int hops;                 /* the most hops of any legal chain; 0: no chain at all */
    int path_length;          /* squares on path[], hops + 1 */
    uint8_t path[MAX_PATH];   /* one chain of that many hops */
    int pieces;               /* pieces that can make a chain of that many hops */
    int chains;               /* legal jump moves (from, to) of the side to move */
} ChainAnswer;

/* Fills *answer; false when the budget (search nodes) ran out first. */
bool chain_longest(const Position *pos, uint64_t budget, ChainAnswer *answer);

/* --- win: a forced win against every defence --- */

typedef struct {
    int moves;                /* N: the fewest own moves that force a win */
    int winning_first_moves;  /* first moves that win in N */
    Move first;               /* one of them */
    int alternatives;         /* legal first moves in all */
    uint64_t nodes;
} WinAnswer;

/* The fewest own moves (1..max_moves) in which the side to move forces a
 * win, with its winning first moves counted: PUZZLE_NONE when there is no
 * win within max_moves, PUZZLE_UNKNOWN when the budget ran out. */
int win_solve(const Position *pos, int max_moves, uint64_t budget, WinAnswer *answer);

/* Does the side to move, after its move `m`, win within moves - 1 more of
 * its own against every defence (or win at once)?  1, 0, or PUZZLE_UNKNOWN. */
int win_after(const Position *pos, Move m, int moves, uint64_t budget, uint64_t *nodes);

/* The defender's best reply to a position after the attacker's move (the
 * defender to move), for a main line: one that holds out the longest, i.e.
 * after which the attacker needs the most moves (ties: the first).  Sets
 * *reply; false if the budget ran out. */
bool win_longest_defence(const Position *pos, int moves, uint64_t budget, Move *reply);

#endif
