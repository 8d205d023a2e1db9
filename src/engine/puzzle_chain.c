/*
 * puzzle_chain.c: the longest jump chain of the side to move (docs/PUZZLES.md,
 * chain).
 *
 * A depth-first walk over every chain of hops that lands on no square twice,
 * from every piece: the longest simple path in the hop graph, which no
 * shortcut finds in general, so it is bounded by a node budget instead and
 * the generator keeps only positions it finishes.  A chain counts only where
 * it may legally end: not on its start (never reached, as the start is
 * marked visited) and, for a piece starting in its goal camp, in the goal.
 */
#include "engine/puzzle_solve.h"

typedef struct {
    const Position *pos;
    Bitboard visited;
    Bitboard must_end;        /* where a chain may end (all squares, or the goal) */
    uint8_t path[MAX_PATH];
    int best_hops;
    uint8_t best_path[MAX_PATH];
    uint64_t nodes, budget;
} ChainWalk;

static bool walk(ChainWalk *w, int sq, int hops) {
    if (++w->nodes > w->budget) return false;
    if (hops > w->best_hops && bb_has(&w->must_end, sq)) {
        w->best_hops = hops;
        for (int i = 0; i <= hops; i++) w->best_path[i] = w->path[i];
    }
    for (int i = 0; i < HOP_COUNT[sq]; i++) {
        Hop h = HOPS[sq][i];
        if (w->pos->at[h.over] == NO_PIECE || w->pos->at[h.land] != NO_PIECE || bb_has(&w->visited, h.land))
            continue;
        bb_add(&w->visited, h.land);
        w->path[hops + 1] = h.land;
        bool finished = walk(w, h.land, hops + 1);
        bb_remove(&w->visited, h.land);
        if (!finished) return false;
    }
    return true;
}

bool chain_longest(const Position *pos, uint64_t budget, ChainAnswer *answer) {
    Side side = (Side)pos->seat;
    Bitboard goal = goal_of((Variant)pos->variant, side);
    Bitboard everywhere = {{~0ULL, ~0ULL, ~0ULL, ~0ULL}};
    *answer = (ChainAnswer){0};
    ChainWalk w = {.pos = pos, .budget = budget};
    Bitboard own = pos->pieces[side];
    while (!bb_is_empty(own)) {
        int from = bb_pop(&own);
        Bitboard landings = jump_destinations(pos, from);
        if (bb_has(&goal, from)) landings = bb_and(landings, goal);
        answer->chains += bb_count(landings);
        w.visited = (Bitboard){{0}};
        bb_add(&w.visited, from);
        w.must_end = bb_has(&goal, from) ? goal : everywhere;
        w.path[0] = (uint8_t)from;
        w.best_hops = 0;
        if (!walk(&w, from, 0)) return false;
        if (w.best_hops > answer->hops) {
            answer->hops = w.best_hops;
            answer->pieces = 0;
            answer->path_length = w.best_hops + 1;
            for (int i = 0; i <= w.best_hops; i++) answer->path[i] = w.best_path[i];
        }
        if (w.best_hops == answer->hops && w.best_hops > 0) answer->pieces++;
    }
    answer->path_length = answer->hops ? answer->hops + 1 : 0;
    return true;
}
