/*
 * clock.h: the one thing the engine needs from its platform, a monotonic
 * clock.  The native build implements it in clock_native.c, the WebAssembly
 * build imports it from JavaScript (performance.now()).
 */
#ifndef HALMA_CLOCK_H
#define HALMA_CLOCK_H

#include <stdint.h>

int64_t clock_ms(void); /* milliseconds since an arbitrary fixed point */

/* The time a search reads: the platform's clock, or a test's that moves on
 * `step` ms at each look, so that a timed search does the same work on a
 * quick machine as on a busy or sanitized one.  Never set outside tests. */
typedef struct {
    int64_t step; /* 0: the platform's clock */
    int64_t now;  /* the test's clock: its last reading */
} SearchClock;

static inline int64_t search_clock_now(SearchClock *clock) {
    return clock->step ? (clock->now += clock->step) : clock_ms();
}

#endif
