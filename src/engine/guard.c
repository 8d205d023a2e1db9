/* guard.c: the opponent's moves back into its home camp (see guard.h). */
#include "engine/guard.h"

void guard_init(Guard *guard) {
    for (int v = 0; v < 2; v++)
        for (int side = 0; side < 2; side++) {
            Bitboard home = camp_of((Variant)v, (Side)side);
            for (int sq = 0; sq < NUM_SQUARES; sq++) {
                int best = BOARD_SIZE;
                for (Bitboard b = home; !bb_is_empty(b);) {
                    int c = bb_pop(&b);
                    int df = square_file(sq) - square_file(c), dr = square_rank(sq) - square_rank(c);
                    df = df < 0 ? -df : df;
                    dr = dr < 0 ? -dr : dr;
                    int d = df > dr ? df : dr;
                    if (d < best) best = d;
                }
                guard->home_distance[v][side][sq] = (uint8_t)best;
            }
        }
}

/* The pieces of `side` that may still come back: outside its home camp,
 * and outside its goal (which they may not leave). */
static Bitboard may_return(const Position *pos, Side side) {
    Variant v = (Variant)pos->variant;
    return bb_minus(bb_minus(pos->pieces[side], camp_of(v, side)), goal_of(v, side));
}

/*
 * A chain ends on an open square t exactly when its piece hops into the
 * empty squares joined to t by hops (t's chain landings, as if a piece stood
 * there): a hop is reversible.  So the squares a returning piece must hop
 * into are found once, from the open squares, and each piece is then
 * checked by its own first hops alone.
 */
bool guard_return_possible(const Position *pos, Side mover) {
    if (pos->rules == RULES_NOSPOIL) return false; /* no return home */
    Bitboard open = bb_minus(camp_of((Variant)pos->variant, mover), pos->occupied);
    Bitboard pieces = may_return(pos, mover);
    if (bb_is_empty(open) || bb_is_empty(pieces)) return false;
    Bitboard into = open, joined = {{0, 0, 0, 0}};
    for (Bitboard t = open; !bb_is_empty(t);) {
        int sq = bb_pop(&t);
        if (bb_has(&joined, sq)) continue; /* its landings are already in */
        Bitboard landings = chain_landings(pos, sq, (Bitboard){{0, 0, 0, 0}});
        into = bb_or(into, landings);
        joined = bb_or(joined, landings);
    }
    while (!bb_is_empty(pieces)) {
        int p = bb_pop(&pieces);
        if (!bb_is_empty(bb_and(NEIGHBOURS[p], open))) return true;
        for (int i = 0; i < HOP_COUNT[p]; i++)
            if (pos->at[HOPS[p][i].over] != NO_PIECE && bb_has(&into, HOPS[p][i].land)) return true;
    }
    return false;
}

bool guard_threat_near(const Guard *guard, const Position *pos, Side mover) {
    if (pos->rules == RULES_NOSPOIL) return false;
    const uint8_t *distance = guard->home_distance[pos->variant][mover];
    for (Bitboard b = may_return(pos, mover); !bb_is_empty(b);)
        if (distance[bb_pop(&b)] <= GUARD_REACH) return true;
    return guard_return_possible(pos, mover);
}

int guard_approaches(const Guard *guard, const Position *pos, Move *out, int capacity) {
    if (pos->rules == RULES_NOSPOIL) return 0;
    Variant v = (Variant)pos->variant;
    Side side = (Side)pos->seat;
    const uint8_t *distance = guard->home_distance[v][side];
    Bitboard home = camp_of(v, side), returners = may_return(pos, side);
    uint8_t from[19];
    Bitboard dests[19];
    int pieces = side_destinations(pos, from, dests);
    int count = 0;
    for (int i = 0; i < pieces; i++) {
        if (!bb_has(&returners, from[i])) continue;
        int near = distance[from[i]];
        for (Bitboard d = bb_minus(dests[i], home); !bb_is_empty(d) && count < capacity;) {
            int to = bb_pop(&d);
            /* nearer, or along the doorstep to stand by another open square */
            if ((distance[to] < near && distance[to] <= GUARD_REACH) || distance[to] == 1)
                out[count++] = (Move){from[i], (uint8_t)to};
        }
    }
    return count;
}
