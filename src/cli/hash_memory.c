/* hash_memory.c: cache-line aligned table memory (see hash_memory.h). */
#include "hash_memory.h"

#include <stdlib.h>

enum { CACHE_LINE = 64 };

void *hash_memory_alloc(size_t bytes) {
    if (bytes == 0) return NULL;
    /* aligned_alloc wants a multiple of the alignment */
    return aligned_alloc(CACHE_LINE, (bytes + CACHE_LINE - 1) / CACHE_LINE * CACHE_LINE);
}
