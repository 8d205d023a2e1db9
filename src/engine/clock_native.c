/* clock_native.c: the native build's monotonic clock (see engine/clock.h). */
#define _POSIX_C_SOURCE 200809L
#include "engine/clock.h"

#include <time.h>

int64_t clock_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}
