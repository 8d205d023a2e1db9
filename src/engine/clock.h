/*
 * clock.h: the one thing the engine needs from its platform, a monotonic
 * clock.  The native build implements it in clock_native.c, the WebAssembly
 * build imports it from JavaScript (performance.now()).
 */
#ifndef HALMA_CLOCK_H
#define HALMA_CLOCK_H

#include <stdint.h>

int64_t clock_ms(void); /* milliseconds since an arbitrary fixed point */

#endif
