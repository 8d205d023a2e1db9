/*
 * string.h for the freestanding WebAssembly build: the memory functions that
 * src/wasm/libc.c provides, so that code shared with the native build may
 * call them (to clear a table, say) and still build without a C library.
 */
#ifndef HALMA_WASM_STRING_H
#define HALMA_WASM_STRING_H

#include <stddef.h>

void *memcpy(void *restrict dst, const void *restrict src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);

#endif
