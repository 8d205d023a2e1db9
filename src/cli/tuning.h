/*
 * tuning.h: experiments on the engine without rebuilding it.
 *
 * `halma match` (its first player from HALMA_TUNE, the others from
 * HALMA_TUNE2, and a level's own `level:N[name=value,...]`) and `halma bench
 * --crossing` (from HALMA_TUNE) take a list "name=value,..." of the engine's
 * tunables, named in engine/tune.h, each read by the two-seat search, the
 * many-seat one or both.  The race planner keeps its own
 * weights (race_weights in race.c).
 */
#ifndef HALMA_TUNING_H
#define HALMA_TUNING_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/player.h"
#include "engine/search.h"

/* Applies `spec` (NULL or empty: nothing changes) to an initialised engine.
 * A name that is no tunable or a value that is no whole number changes
 * nothing: false, with the reason in err. */
bool tuning_apply(Engine *engine, const char *spec, char *err, size_t err_size);

/* The same for the engine a Player holds now, whichever its seating's. */
bool tuning_apply_player(Player *player, const char *spec, char *err, size_t err_size);

/* tuning_apply from the environment variable `name`; on a bad list says so
 * on stderr for `command` and returns false. */
bool tuning_from_env(Engine *engine, const char *name, const char *command);

#endif
