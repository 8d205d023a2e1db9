/*
 * capacity.h: how many computer seats the search threads can serve within
 * the server's word (docs/DECISIONS.md, "Computer seats within their word"):
 * every computer move within its level's think time plus 2 s.
 *
 * A game has one seat to move at a time, so each unfinished game with
 * computer seats asks for at most one search at once, of at most its
 * slowest computer level's cost.  A level's cost is twice the time its
 * searches have taken here on average, but no more than its think time
 * (the bound the engine holds it to) unless they overran it on average,
 * and that bound until one has been timed.  In the worst case every game's search comes due at the same
 * instant (people answering at once); T threads taking them in order start
 * the last one after at most the others' costs divided by T.  The rule:
 * that wait, the sum of the costs but the smallest, over T, stays within
 * wait_ms.  Not thread-safe: its owner (computer.c) holds it under its lock.
 */
#ifndef HALMA_CAPACITY_H
#define HALMA_CAPACITY_H

#include <stdbool.h>
#include <stdint.h>

#include "core/table.h"
#include "engine/levels.h"
#include "online/store.h"

enum { CAPACITY_DEFAULT_WAIT_MS = 1000 }; /* of the 2 s promised: 1 s left for the searches' overrun, the commit and the stream */

typedef struct {
    char id[STORE_ID_SIZE];
    TableKind kind;
    unsigned levels;        /* bit L: a computer seat at level L */
    int64_t reserved_until; /* admitted and not yet seen committed: dropped after this (wall ms); 0: committed */
} CapacityGame;

typedef struct {
    int threads, wait_ms;
    double average_ms[TABLE_KINDS][MAX_LEVEL + 1]; /* of the searches timed; 0: none yet */
    CapacityGame *games;
    int n, size;
} Capacity;

void capacity_init(Capacity *c, int threads, int wait_ms);
void capacity_free(Capacity *c);

/* A search of a game of `kind` at `level` took ms. */
void capacity_observe(Capacity *c, TableKind kind, int level, int64_t ms);

/* What a level may ask of a thread for one move (above). */
int capacity_level_cost(const Capacity *c, TableKind kind, int level);

/* What game g may ask at once: its slowest computer seat's cost, of the
 * seats still in play (one that left, played by the computer, included);
 * 0 if it has none or is over. */
int capacity_cost(const Capacity *c, const StoreGame *g);

/* The rule alone: whether games whose costs sum to sum_ms, the smallest
 * smallest_ms, fit threads and wait_ms. */
bool capacity_fits(int64_t sum_ms, int smallest_ms, int threads, int wait_ms);

/* Game g as just committed: counted as it is now, or forgotten (no cost). */
void capacity_note(Capacity *c, const StoreGame *g);

/* A new game g (not yet committed) admitted if it fits with the games
 * counted, and then counted (for reserve_ms, until its commit is noted);
 * a game of no cost always.  Reservations past their time are dropped. */
bool capacity_admit(Capacity *c, const StoreGame *g, int64_t now, int64_t reserve_ms);

/* The sum of the costs counted (for tests and the load's figures). */
int64_t capacity_load_ms(const Capacity *c);

#endif
