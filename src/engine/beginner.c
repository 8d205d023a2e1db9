/* beginner.c: the moves a beginner sees (see beginner.h). */
#include "engine/beginner.h"

#include "core/movegen.h"

/* The squares the piece on `from` reaches by chains of at most `max_hops`
 * hops, by breadth.  (Its own square is never a landing: a chain's landings
 * keep its parity, which a square hopped over does not.) */
static Bitboard short_chains(const Position *pos, int from, int max_hops) {
    Bitboard frontier = {{0, 0, 0, 0}}, landings = {{0, 0, 0, 0}};
    bb_add(&frontier, from);
    for (int hop = 0; hop < max_hops && !bb_is_empty(frontier); hop++) {
        Bitboard next = {{0, 0, 0, 0}};
        while (!bb_is_empty(frontier)) {
            int sq = bb_pop(&frontier);
            for (int i = 0; i < HOP_COUNT[sq]; i++) {
                int land = HOPS[sq][i].land;
                if (pos->at[HOPS[sq][i].over] != NO_PIECE && pos->at[land] == NO_PIECE && !bb_has(&landings, land)) {
                    bb_add(&landings, land);
                    bb_add(&next, land);
                }
            }
        }
        frontier = next;
    }
    return landings;
}

Bitboard beginner_destinations(const Position *pos, int from, int max_hops) {
    if (max_hops == 0) return piece_destinations(pos, from);
    Bitboard all = bb_or(bb_minus(NEIGHBOURS[from], pos->occupied), short_chains(pos, from, max_hops));
    all = bb_minus(all, position_barred(pos, pos->at[from], from)); /* nospoil: never back home */
    Bitboard goal = goal_of((Variant)pos->variant, (Side)pos->at[from]);
    return bb_has(&goal, from) ? bb_and(all, goal) : all;
}
