/* tt.c: the transposition table (see tt.h). */
#include "engine/tt.h"

void tt_init(TTable *tt, void *memory, size_t bytes) {
    size_t buckets = bytes / sizeof(TTBucket);
    tt->age = 0;
    if (!memory || buckets == 0) {
        tt->buckets = NULL;
        tt->mask = 0;
        return;
    }
    size_t count = 1;
    while (count * 2 <= buckets) count *= 2;
    /* The caller's memory may be aligned to less than a cache line. */
    uintptr_t start = ((uintptr_t)memory + 63) & ~(uintptr_t)63;
    if (start + count * sizeof(TTBucket) > (uintptr_t)memory + bytes) count /= 2;
    tt->buckets = count ? (TTBucket *)start : NULL;
    tt->mask = count ? count - 1 : 0;
    tt_clear(tt);
}

void tt_clear(TTable *tt) {
    if (!tt->buckets) return;
    TTEntry empty = {0};
    for (uint64_t b = 0; b <= tt->mask; b++)
        for (int i = 0; i < TT_BUCKET_ENTRIES; i++) tt->buckets[b].entry[i] = empty;
    tt->age = 0;
}

void tt_new_search(TTable *tt) { tt->age = (uint8_t)(tt->age + 1); }

static inline TTBucket *bucket_of(const TTable *tt, uint64_t key) { return &tt->buckets[key & tt->mask]; }

const TTEntry *tt_probe(const TTable *tt, uint64_t key) {
    if (!tt->buckets) return NULL;
    TTBucket *b = bucket_of(tt, key);
    uint32_t check = (uint32_t)(key >> 32);
    for (int i = 0; i < TT_BUCKET_ENTRIES; i++)
        if (b->entry[i].check == check && b->entry[i].bound != BOUND_NONE) return &b->entry[i];
    return NULL;
}

void tt_store(TTable *tt, uint64_t key, Move move, int score, int depth, int bound) {
    if (!tt->buckets) return;
    TTBucket *b = bucket_of(tt, key);
    uint32_t check = (uint32_t)(key >> 32);
    TTEntry *victim = &b->entry[0];
    int worst = 1 << 30;
    for (int i = 0; i < TT_BUCKET_ENTRIES; i++) {
        TTEntry *e = &b->entry[i];
        if (e->check == check || e->bound == BOUND_NONE) {
            victim = e;
            break;
        }
        int value = e->depth - (e->age != tt->age ? 256 : 0);
        if (value < worst) worst = value, victim = e;
    }
    /* Keep a deeper result for the same position unless this one is exact. */
    if (victim->check == check && victim->bound != BOUND_NONE && bound != BOUND_EXACT &&
        depth + 2 < victim->depth && victim->age == tt->age)
        return;
    if (move_is_pass(move) && victim->check == check) move = (Move){victim->from, victim->to};
    victim->check = check;
    victim->from = move.from;
    victim->to = move.to;
    victim->score = (int16_t)score;
    victim->depth = (int16_t)depth;
    victim->bound = (uint8_t)bound;
    victim->age = tt->age;
}

int tt_hashfull(const TTable *tt) {
    if (!tt->buckets) return 0;
    int used = 0, sample = 250;
    if ((uint64_t)sample > tt->mask + 1) sample = (int)(tt->mask + 1);
    for (int b = 0; b < sample; b++)
        for (int i = 0; i < TT_BUCKET_ENTRIES; i++)
            used += tt->buckets[b].entry[i].bound != BOUND_NONE && tt->buckets[b].entry[i].age == tt->age;
    return used * 1000 / (sample * TT_BUCKET_ENTRIES);
}
