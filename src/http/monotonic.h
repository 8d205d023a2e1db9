/*
 * monotonic.h: the server's clock for durations and deadlines, which a
 * change of the wall clock does not move (CLOCK_MONOTONIC).
 */
#ifndef HALMA_MONOTONIC_H
#define HALMA_MONOTONIC_H

#include <stdint.h>

/* Nanoseconds since an arbitrary fixed point. */
int64_t monotonic_ns(void);

static inline int64_t monotonic_ms(void) { return monotonic_ns() / 1000000; }
static inline double monotonic_seconds(void) { return (double)monotonic_ns() / 1e9; }

#endif
