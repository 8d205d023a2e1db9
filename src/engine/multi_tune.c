/* multi_tune.c: the tunable values of three and four players and their names (see multi_tune.h). */
#include "engine/multi_tune.h"

#include <stdbool.h>
#include <stddef.h>

MultiTune multi_tune_defaults(void) {
    return (MultiTune){
        .eval = {
            .per_square = 10,
            .convexity = 4,
            .lateral = 10,
            .lateral_free = 2,
            .home_late = 25,
            .home_grace = 12,
            .tempo = 40,
            .their_share = 100,
            .leader_share = 50,
            .team_slowest = 50,
            .blocker = 0,
        },
        .search = {
            .algorithm = MULTI_BRS,
            .contempt = 100,
            .prune_depth = 2,
            .late_move_base = 6,
            .late_move_slope = 6,
            .history_bonus_max = 1200,
            .proof_nodes = 200000,
        },
    };
}

#define EVAL_FIELD(name) {#name, offsetof(MultiTune, eval.name)}
#define SEARCH_FIELD(name) {#name, offsetof(MultiTune, search.name)}

static const struct {
    const char *name;
    size_t offset;
} FIELDS[] = {
    EVAL_FIELD(per_square),   EVAL_FIELD(convexity),    EVAL_FIELD(lateral),     EVAL_FIELD(lateral_free),
    EVAL_FIELD(home_late),    EVAL_FIELD(home_grace),   EVAL_FIELD(tempo),       EVAL_FIELD(their_share),
    EVAL_FIELD(leader_share), EVAL_FIELD(team_slowest), EVAL_FIELD(blocker),
    SEARCH_FIELD(algorithm),  SEARCH_FIELD(contempt),   SEARCH_FIELD(prune_depth),
    SEARCH_FIELD(late_move_base), SEARCH_FIELD(late_move_slope), SEARCH_FIELD(history_bonus_max),
    SEARCH_FIELD(proof_nodes),
};

enum { FIELD_COUNT = sizeof FIELDS / sizeof *FIELDS };

/* Compared by hand: the WebAssembly build has no C library. */
static bool name_is(const char *name, const char *s, int len) {
    int i = 0;
    while (i < len && name[i] && name[i] == s[i]) i++;
    return i == len && !name[i];
}

int *multi_tune_field(MultiTune *tune, const char *name, int len) {
    for (int i = 0; i < FIELD_COUNT; i++)
        if (name_is(FIELDS[i].name, name, len)) return (int *)((char *)tune + FIELDS[i].offset);
    return NULL;
}

const char *multi_tune_name(int i) { return i >= 0 && i < FIELD_COUNT ? FIELDS[i].name : NULL; }
