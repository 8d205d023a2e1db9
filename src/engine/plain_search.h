/*
 * plain_search.h: what the plain sparring searches of two seats (plainab.c)
 * and of many (multi_plain.c) share: their scores, a win's distance kept
 * relative to the node in the table, the table's cut-off, and the move
 * ordering (the table's move first, then the largest gain towards the
 * mover's goal), inline: every node of both searches goes through them; and
 * the state they keep and their iterative deepening (plain_search.c).
 */
#ifndef HALMA_PLAIN_SEARCH_H
#define HALMA_PLAIN_SEARCH_H

#include <stdbool.h>

#include <stdint.h>

#include "core/board.h"
#include "core/game.h"
#include "core/movegen.h"
#include "engine/clock.h"
#include "engine/tt.h"

enum { PLAIN_WIN = 30000, PLAIN_WIN_BOUND = 29000, PLAIN_INFINITE = 32000, PLAIN_CHECK_EVERY = 1024 };

/* What both searches keep besides their own: the table, the position being
 * searched, the clock, and the best root move of the last finished depth. */
typedef struct {
    TTable tt;
    Position pos;
    uint64_t nodes;
    int64_t deadline;
    bool stopped;
    Move pv_move;
} PlainState;

/* A search of the root of `player` to `depth`, its score for the root. */
typedef int PlainRootSearch(void *player, int depth, const Game *game);

/* Iterative deepening from `game`'s position, below `max_ply`, until
 * `movetime_ms` is up or a win is found for either side: the best root move
 * of the last depth finished (the first legal move if none was). */
Move plain_deepen(PlainState *state, void *player, PlainRootSearch *search_root, int max_ply, const Game *game,
                  int64_t movetime_ms);

/* Counts a node; true once the time is up (the clock read every
 * PLAIN_CHECK_EVERY nodes). */
static inline bool plain_node_stops(PlainState *s) {
    if ((++s->nodes & (PLAIN_CHECK_EVERY - 1)) == 0 && clock_ms() >= s->deadline) s->stopped = true;
    return s->stopped;
}

static inline int plain_score_to_tt(int score, int ply) {
    return score > PLAIN_WIN_BOUND ? score + ply : score < -PLAIN_WIN_BOUND ? score - ply : score;
}

static inline int plain_score_from_tt(int score, int ply) {
    return score > PLAIN_WIN_BOUND ? score - ply : score < -PLAIN_WIN_BOUND ? score + ply : score;
}

/* Whether a table entry of this node (its score already from the table)
 * decides it: searched deep enough, and its bound within the window. */
static inline bool plain_tt_decides(const TTEntry *entry, int tt_score, int depth, int alpha, int beta) {
    return entry->depth >= depth &&
           (entry->bound == BOUND_EXACT || (entry->bound == BOUND_LOWER && tt_score >= beta) ||
            (entry->bound == BOUND_UPPER && tt_score <= alpha));
}

/* The distance a move gains towards the goal of `seat` (board.h's
 * numbers; two players are the first two). */
static inline int plain_gain(int seat, Move m) {
    return move_is_pass(m) ? 0 : seat_goal_distance(seat, m.from) - seat_goal_distance(seat, m.to);
}

/* Moves the best remaining move of `seat` (`first`, then the largest gain)
 * to place i. */
static inline void plain_pick(MoveList *list, int i, int seat, Move first) {
    int best = i, best_key = -PLAIN_INFINITE;
    for (int j = i; j < list->count; j++) {
        int key = move_equal(list->moves[j], first) ? PLAIN_INFINITE : plain_gain(seat, list->moves[j]);
        if (key > best_key) best = j, best_key = key;
    }
    Move m = list->moves[i];
    list->moves[i] = list->moves[best];
    list->moves[best] = m;
}

#endif
