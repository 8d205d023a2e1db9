/*
 * hash_memory.h: memory for the engine's transposition table.
 *
 * The table is made of 64-byte buckets that must each sit in one cache line
 * (tt.c).  malloc only promises 16-byte alignment, so a table in malloc'ed
 * memory of exactly N MiB had to drop to the next power of two, N/2 MiB:
 * memory from here is cache-line aligned, and `Hash N` means N MiB.
 * Tables of 2 MiB or more are aligned to 2 MiB and asked to sit in
 * transparent huge pages: a probe into 16 MiB of small pages mostly missed
 * the TLB too, and once the search had become faster that showed: 5-6% of
 * `halma bench`'s time (medians of two runs of 15 interleaved pairs).
 */
#ifndef HALMA_HASH_MEMORY_H
#define HALMA_HASH_MEMORY_H

#include <stddef.h>

/* `bytes` of table memory, or NULL; release it with free(). */
void *hash_memory_alloc(size_t bytes);

#endif
