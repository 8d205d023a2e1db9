/*
 * tt.h: the transposition table, in memory the caller provides.
 *
 * Buckets of four 16-byte entries fill one 64-byte cache line; a position's
 * bucket comes from the low bits of its Zobrist key and its entry is
 * recognised by the high 32 bits.  Replacement prefers, in a full bucket, the
 * entry from an older search or else the shallowest one.
 */
#ifndef HALMA_TT_H
#define HALMA_TT_H

#include <stddef.h>
#include <stdint.h>

#include "core/board.h"

enum { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3, TT_BUCKET_ENTRIES = 4 };

typedef struct {
    uint32_t check;   /* high half of the key */
    uint8_t from, to; /* best move; from == to: none */
    int16_t score;
    int16_t depth;
    uint8_t bound;
    uint8_t age;
    uint32_t spare;
} TTEntry;

typedef struct {
    TTEntry entry[TT_BUCKET_ENTRIES];
} TTBucket;

typedef struct {
    TTBucket *buckets;
    uint64_t mask; /* bucket count - 1 (a power of two), or no table when buckets is NULL */
    uint8_t age;
} TTable;

/* Uses the largest power-of-two number of buckets that fits in `bytes` of
 * `memory` (which may be NULL: then nothing is stored). */
void tt_init(TTable *tt, void *memory, size_t bytes);
void tt_clear(TTable *tt);
void tt_new_search(TTable *tt);

/* Starts loading the bucket of `key` into the cache.  Issued as soon as a
 * child position's key is known, its probe then seldom waits on memory. */
static inline void tt_prefetch(const TTable *tt, uint64_t key) {
    if (tt->buckets) __builtin_prefetch(&tt->buckets[key & tt->mask]);
}

/* The entry for `key`, or NULL. */
const TTEntry *tt_probe(const TTable *tt, uint64_t key);
void tt_store(TTable *tt, uint64_t key, Move move, int score, int depth, int bound);

/* Per mille of a sample of entries holding something from this search. */
int tt_hashfull(const TTable *tt);

#endif
