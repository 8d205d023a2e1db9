/*
 * tuning.h: experiments on the engine without rebuilding it.
 *
 * `halma match` (its first player from HALMA_EVAL, its second from
 * HALMA_EVAL2) and `halma bench --crossing` (from HALMA_EVAL) take a list
 * "name=value,..." of evaluation weights (names as in eval.h), search knobs
 * (knob0..knob5, see search.c) and contempt.  Unknown names and values that
 * are not whole numbers are ignored.  The weights are the search's; the race
 * planner keeps its own (race_weights in race.c).
 */
#ifndef HALMA_TUNING_H
#define HALMA_TUNING_H

#include "engine/search.h"

/* Applies `spec` (may be NULL: nothing changes) to an initialised engine. */
void tuning_apply(Engine *engine, const char *spec);

#endif
