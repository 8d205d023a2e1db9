/* chain.c: a move entered hop by hop, for either board (see chain.h). */
#include "wasm/chain.h"

#include "core/tables.h"

int chain_read(const ChainBoard *b, const char *io, int n, uint8_t path[MAX_PATH], Bitboard *landed) {
    if (n < 1 || n > MAX_PATH) return 0;
    *landed = (Bitboard){{0, 0, 0, 0}};
    for (int i = 0; i < n; i++) {
        int sq = (unsigned char)io[i];
        if (sq >= NUM_SQUARES || bb_has(landed, sq)) return 0;
        if (i == 0 && b->at[sq] != b->mover) return 0;
        if (i > 0) {
            int over = hop_over(path[i - 1], sq);
            if (over < 0 || b->at[over] == b->empty || b->at[sq] != b->empty) return 0;
        }
        path[i] = (uint8_t)sq;
        bb_add(landed, sq);
    }
    return n;
}

int chain_targets(const ChainBoard *b, const uint8_t *path, int n, Bitboard landed, char *io) {
    unsigned char flags[NUM_SQUARES];
    int from = path[0], at = path[n - 1];
    /* The goal-camp rule: a piece in its goal stays there. */
    Bitboard allowed = bb_has(&b->goal, from) ? b->goal : (Bitboard){{~0ULL, ~0ULL, ~0ULL, ~0ULL}};
    /* Under nospoil, a piece outside its home may pass through it, not end there. */
    if (!bb_has(&b->home, from)) allowed = bb_minus(allowed, b->home);
    Bitboard ends = bb_and(b->landings(b->pos, at, landed), allowed);
    Bitboard steps = n == 1 ? bb_and(bb_minus(NEIGHBOURS[from], b->occupied), allowed) : (Bitboard){{0, 0, 0, 0}};
    for (int sq = 0; sq < NUM_SQUARES; sq++) {
        flags[sq] = 0;
        if (bb_has(&steps, sq)) flags[sq] = TARGET_END | TARGET_STEP;
        else if (bb_has(&ends, sq)) flags[sq] = TARGET_END;
    }
    if (n > 1 && bb_has(&allowed, at)) flags[at] = TARGET_STOP | TARGET_END;
    for (int i = 0; i < HOP_COUNT[at]; i++) {
        int land = HOPS[at][i].land;
        if (b->at[HOPS[at][i].over] == b->empty || b->at[land] != b->empty || bb_has(&landed, land)) continue;
        Bitboard beyond = landed;
        bb_add(&beyond, land);
        if (bb_has(&allowed, land) || !bb_is_empty(bb_and(b->landings(b->pos, land, beyond), allowed)))
            flags[land] |= TARGET_HOP;
    }
    int marked = 0;
    for (int sq = 0; sq < NUM_SQUARES; sq++) {
        if ((flags[sq] & TARGET_END) && b->occurrences_after(b->game, from, sq) >= 3) flags[sq] |= TARGET_REPEATS;
        marked += flags[sq] != 0;
        io[sq] = (char)flags[sq];
    }
    return marked;
}

int chain_extend(const ChainBoard *b, uint8_t path[MAX_PATH], int n, Bitboard landed, int to) {
    uint8_t came_from[NUM_SQUARES], queue[NUM_SQUARES];
    if (to < 0 || to >= NUM_SQUARES) return 0;
    int at = path[n - 1];
    if (n == 1 && bb_has(&NEIGHBOURS[at], to)) {
        if (b->at[to] != b->empty) return 0;
        path[n++] = (uint8_t)to;
    } else if (to != at) {
        /* Breadth first over hops: a shortest continuation. */
        int head = 0, tail = 0;
        Bitboard reached = landed;
        queue[tail++] = (uint8_t)at;
        while (head < tail && !bb_has(&reached, to)) {
            int sq = queue[head++];
            for (int i = 0; i < HOP_COUNT[sq]; i++) {
                int land = HOPS[sq][i].land;
                if (b->at[HOPS[sq][i].over] != b->empty && b->at[land] == b->empty && !bb_has(&reached, land)) {
                    bb_add(&reached, land);
                    came_from[land] = (uint8_t)sq;
                    queue[tail++] = (uint8_t)land;
                }
            }
        }
        if (!bb_has(&reached, to) || bb_has(&landed, to)) return 0;
        int extra = 0;
        for (int sq = to; sq != at; sq = came_from[sq]) extra++;
        if (n + extra > MAX_PATH) return 0;
        int sq = to;
        for (int i = n + extra - 1; i >= n; i--, sq = came_from[sq]) path[i] = (uint8_t)sq;
        n += extra;
    }
    return n < 2 ? 0 : n;
}
