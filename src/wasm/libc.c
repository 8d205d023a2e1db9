/*
 * libc.c: the few C library functions the compiler may call in the
 * freestanding WebAssembly build (struct copies, zeroing).  The core and the
 * engine call no library function themselves.
 *
 * Built with -mbulk-memory, so the builtins below become the single
 * instructions memory.copy and memory.fill instead of calls back into these
 * very functions.
 */
#include <string.h> /* src/wasm/include/string.h */

void *memcpy(void *restrict dst, const void *restrict src, size_t n) {
    __builtin_memcpy(dst, src, n);
    return dst;
}

/* memory.copy is defined for overlapping ranges, as memmove must be. */
void *memmove(void *dst, const void *src, size_t n) {
    __builtin_memmove(dst, src, n);
    return dst;
}

void *memset(void *dst, int c, size_t n) {
    __builtin_memset(dst, c, n);
    return dst;
}

int memcmp(const void *a, const void *b, size_t n) {
    const unsigned char *x = a, *y = b;
    for (size_t i = 0; i < n; i++)
        if (x[i] != y[i]) return x[i] - y[i];
    return 0;
}
