/* tuning.c: weights and knobs from a "name=value,..." list (see tuning.h). */
#define _POSIX_C_SOURCE 200809L
#include "cli/tuning.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void tuning_apply(Engine *e, const char *spec) {
    if (!spec) return;
    EvalWeights w = e->eval.weights;
    struct {
        const char *name;
        int *field;
    } fields[] = {
        {"per_square", &w.per_square},   {"convexity", &w.convexity},
        {"lateral", &w.lateral},         {"lateral_free", &w.lateral_free},
        {"lane", &w.lane},               {"home_late", &w.home_late},
        {"home_grace", &w.home_grace},   {"tempo", &w.tempo},
        {"outside", &w.outside},         {"straggler", &w.straggler},
        {"straggler_slack", &w.straggler_slack}, {"no_ladder", &w.no_ladder},
        {"no_hop", &w.no_hop},           {"their_share", &w.their_share},
        {"deadlock_divisor", &w.deadlock_divisor}, {"door_moves", &w.door_moves},
        {"forward_exit", &w.forward_exit}, {"learned", &w.learned},
    };
    char copy[512];
    snprintf(copy, sizeof copy, "%s", spec);
    char *rest = copy;
    for (char *item; (item = strtok_r(rest, ",", &rest)) != NULL;) {
        char *eq = strchr(item, '=');
        if (!eq) continue;
        *eq = '\0';
        char *end;
        long parsed = strtol(eq + 1, &end, 10);
        if (end == eq + 1 || *end || parsed < -100000 || parsed > 100000) continue; /* not a number: ignored */
        int value = (int)parsed;
        for (size_t i = 0; i < sizeof fields / sizeof *fields; i++)
            if (!strcmp(fields[i].name, item)) *fields[i].field = value;
        int knobs = (int)(sizeof e->knob / sizeof *e->knob); /* fewer than ten: one digit */
        if (!strncmp(item, "knob", 4) && item[4] >= '0' && item[4] < '0' + knobs && !item[5]) e->knob[item[4] - '0'] = value;
        if (!strcmp(item, "contempt")) e->contempt = value;
    }
    eval_init(&e->eval, &w);
}
