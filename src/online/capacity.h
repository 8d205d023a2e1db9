/*
 * capacity.h: how many computer seats the search threads can serve within
 * the server's word (docs/DECISIONS.md, "Computer seats within their word"):
 * every computer move within its level's think time plus 2 s.
 *
 * A game has one seat to move at a time, so each unfinished game with
 * computer seats asks for at most one search at once, of at most its
 * slowest computer level's think time (its cost).  In the worst case every
 * such game's search comes due at the same instant (people answering at
 * once); T threads taking them in order start the last one after at most
 * the others' costs divided by T.  The rule: that wait, the sum of the
 * costs but the smallest, over T, stays within wait_ms.  Not thread-safe:
 * its owner (computer.c) holds it under its lock.
 */
#ifndef HALMA_CAPACITY_H
#define HALMA_CAPACITY_H

#include <stdbool.h>
#include <stdint.h>

#include "online/store.h"

enum { CAPACITY_DEFAULT_WAIT_MS = 1500 }; /* of the 2 s promised: 500 ms left for the search's overrun and commit */

typedef struct {
    char id[STORE_ID_SIZE];
    int cost_ms;
    int64_t reserved_until; /* admitted and not yet seen committed: dropped after this (wall ms); 0: committed */
} CapacityGame;

typedef struct {
    int threads, wait_ms;
    CapacityGame *games;
    int n, size;
} Capacity;

void capacity_init(Capacity *c, int threads, int wait_ms);
void capacity_free(Capacity *c);

/* What game g may ask of the threads at once: the think time of its
 * slowest computer seat still in play (a seat that left included), 0 if
 * it has none or is over. */
int capacity_cost(const StoreGame *g);

/* The rule alone: whether games whose costs sum to sum_ms, the smallest
 * smallest_ms, fit threads and wait_ms. */
bool capacity_fits(int64_t sum_ms, int smallest_ms, int threads, int wait_ms);

/* Game g as just committed: counted at its cost now, or forgotten (0). */
void capacity_note(Capacity *c, const StoreGame *g);

/* A new game g (not yet committed) admitted if it fits with the games
 * counted, and then counted (for reserve_ms, until its commit is noted);
 * a game of no cost always.  Reservations past their time are dropped. */
bool capacity_admit(Capacity *c, const StoreGame *g, int64_t now, int64_t reserve_ms);

/* The sum of the costs counted (for the server's log and tests). */
int64_t capacity_load_ms(const Capacity *c);

#endif
