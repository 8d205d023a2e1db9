/* hash_memory.c: cache-line aligned table memory (see hash_memory.h). */
#define _DEFAULT_SOURCE
#include "cli/hash_memory.h"

#include <stdlib.h>
#include <sys/mman.h>

enum { CACHE_LINE = 64 };
#define HUGE_PAGE ((size_t)2 << 20)

void *hash_memory_alloc(size_t bytes) {
    if (bytes == 0) return NULL;
    if (bytes >= HUGE_PAGE) {
        /* a hint only: where huge pages are off, the memory is still good */
        size_t size = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
        void *p = aligned_alloc(HUGE_PAGE, size);
        if (p) madvise(p, size, MADV_HUGEPAGE);
        return p;
    }
    /* aligned_alloc wants a multiple of the alignment */
    return aligned_alloc(CACHE_LINE, (bytes + CACHE_LINE - 1) / CACHE_LINE * CACHE_LINE);
}
