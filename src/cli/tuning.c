/* tuning.c: the engine's tunables from a "name=value,..." list (see tuning.h). */
#define _POSIX_C_SOURCE 200809L
#include "cli/tuning.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { TUNE_VALUE_MAX = 100000 };

/* Sets one "name=value" item in `tune`; false with the reason in err. */
static bool apply_item(Tune *tune, const char *item, size_t len, char *err, size_t err_size) {
    const char *eq = memchr(item, '=', len);
    if (!eq) {
        snprintf(err, err_size, "'%.*s' is not name=value", (int)len, item);
        return false;
    }
    int *field = tune_field(tune, item, (int)(eq - item));
    if (!field) {
        snprintf(err, err_size, "'%.*s' is no tunable (engine/tune.h names them)", (int)(eq - item), item);
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

bool tuning_apply(Engine *engine, const char *spec, char *err, size_t err_size) {
    if (!spec) return true;
    Tune tune = engine_tuning(engine);
    for (const char *item = spec; *item;) {
        size_t len = strcspn(item, ",");
        if (len && !apply_item(&tune, item, len, err, err_size)) return false;
        item += len + (item[len] == ',');
    }
    engine_tune(engine, &tune);
    return true;
}

bool tuning_from_env(Engine *engine, const char *name, const char *command) {
    char err[160];
    if (tuning_apply(engine, getenv(name), err, sizeof err)) return true;
    fprintf(stderr, "halma %s: %s: %s\n", command, name, err);
    return false;
}
