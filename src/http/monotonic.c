/* monotonic.c: the server's monotonic clock (see monotonic.h). */
#define _POSIX_C_SOURCE 200809L
#include "http/monotonic.h"

#include <time.h>

int64_t monotonic_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}
