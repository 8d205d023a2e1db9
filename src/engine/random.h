/*
 * random.h: SplitMix64, the engine's (and its tools') source of randomness.
 * Small, fast and well mixed; the state is the caller's, so that no engine
 * shares it.
 */
#ifndef HALMA_RANDOM_H
#define HALMA_RANDOM_H

#include <stdint.h>

/* 2^64 divided by the golden ratio, odd: its multiples spread evenly over
 * 64 bits (SplitMix64's increment, and a multiplier to scatter keys). */
#define GOLDEN_GAMMA 0x9E3779B97F4A7C15ULL

static inline uint64_t random_next(uint64_t *state) {
    uint64_t z = (*state += GOLDEN_GAMMA);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

#endif
