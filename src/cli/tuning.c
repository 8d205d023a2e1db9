/* tuning.c: the engine's tunables from a "name=value,..." list (see tuning.h). */
#define _POSIX_C_SOURCE 200809L
#include "cli/tuning.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/tune.h"

enum { TUNE_VALUE_MAX = 100000 };

static const char *const SEARCH_NAME[] = {[TUNE_TWO_SEATS] = "two seats", [TUNE_MANY_SEATS] = "three and four seats"};

/* Sets one "name=value" item in `tune`; false with the reason in err. */
static bool apply_item(TuneSearch search, Tune *tune, const char *item, size_t len, char *err, size_t err_size) {
    const char *eq = memchr(item, '=', len);
    if (!eq) {
        snprintf(err, err_size, "'%.*s' is not name=value", (int)len, item);
        return false;
    }
    int *field = tune_field(tune, item, (int)(eq - item), search);
    if (!field) {
        snprintf(err, err_size, "'%.*s' is no tunable of %s (engine/tune.h names them)", (int)(eq - item), item,
                 SEARCH_NAME[search]);
        return false;
    }
    char number[16];
    size_t digits = len - (size_t)(eq + 1 - item);
    snprintf(number, sizeof number, "%.*s", (int)digits, eq + 1);
    char *end;
    long value = strtol(number, &end, 10);
    if (digits == 0 || digits >= sizeof number || *end || value < -TUNE_VALUE_MAX || value > TUNE_VALUE_MAX) {
        snprintf(err, err_size, "%.*s needs a whole number from %d to %d", (int)len, item, -TUNE_VALUE_MAX,
                 TUNE_VALUE_MAX);
        return false;
    }
    *field = (int)value;
    return true;
}

/* Every item of `spec` into `tune`, or none (false, with the reason). */
static bool apply_list(TuneSearch search, Tune *tune, const char *spec, char *err, size_t err_size) {
    for (const char *item = spec; *item;) {
        size_t len = strcspn(item, ",");
        if (len && !apply_item(search, tune, item, len, err, err_size)) return false;
        item += len + (item[len] == ',');
    }
    return true;
}

bool tuning_apply(Engine *engine, const char *spec, char *err, size_t err_size) {
    if (!spec) return true;
    Tune tune = engine_tuning(engine);
    if (!apply_list(TUNE_TWO_SEATS, &tune, spec, err, err_size)) return false;
    engine_tune(engine, &tune);
    return true;
}

static bool many_apply(MultiEngine *engine, const char *spec, char *err, size_t err_size) {
    if (!spec) return true;
    Tune tune = multi_engine_tuning(engine);
    if (!apply_list(TUNE_MANY_SEATS, &tune, spec, err, err_size)) return false;
    multi_engine_tune(engine, &tune);
    return true;
}

bool tuning_apply_player(Player *player, const char *spec, char *err, size_t err_size) {
    return player->kind == TABLE_TWO ? tuning_apply(&player->two, spec, err, err_size)
                                     : many_apply(&player->many, spec, err, err_size);
}

bool tuning_from_env(Engine *engine, const char *name, const char *command) {
    char err[160];
    if (tuning_apply(engine, getenv(name), err, sizeof err)) return true;
    fprintf(stderr, "halma %s: %s: %s\n", command, name, err);
    return false;
}
