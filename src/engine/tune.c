/* tune.c: the engine's tunable values and their names (see tune.h). */
#include "engine/tune.h"

#include <stddef.h>

#include "engine/race.h"

Tune tune_defaults(void) {
    return (Tune){
        .eval = {
            .per_square = 10,
            .convexity = 4,
            .lateral = 10,
            .lateral_free = 2, /* a free band as wide as the camps' middle: +24 in 120 games (docs/MEASUREMENTS.md) */
            .lane = 0,
            .home_late = 25,
            .home_grace = 12,
            .their_home_late = 0, /* pieces kept at home cross late in long ladders: counted slow, lost races scored as leads (docs/MEASUREMENTS.md) */
            .tempo = 40,
            .outside = 0,
            .straggler = 10,
            .straggler_slack = 4,
            .no_ladder = 0, /* 30 kept the armies huddled: lost 23-57 (docs/MEASUREMENTS.md); the race planner keeps it */
            .their_share = 100,
            .deadlock_divisor = 8,
            .door_moves = 80, /* greedy's last piece leaves its camp by move 47 at the latest */
            .forward_exit = 0,
            .learned = 100,
            .returnable = 60,
        },
        .search = {
            .contempt = 100, /* two engines that both see a jam as even would shuffle into a repetition */
            .aspiration_depth = 4,
            .aspiration_window = 40,
            .losing_prune_depth = 2,
            .late_move_slope = 6,
            .reduction_percent = 100,
            .futility_margin = 150,
            .history_bonus_max = 1200,
            .solo_lead_19 = 200, /* against greedy 53.9 own moves instead of 61.8 (docs/MEASUREMENTS.md) */
            .solo_lead_13 = 300,
            .lead_home_late = 0, /* 100 races greedy home 2 moves sooner, but alone too early against ab@100 */
            .greedy_reply_depth = 1,
            .race_beam_width = RACE_MAX_WIDTH,
            .guard_outside = 4, /* the last moves, that a side searching for a draw sees coming */
        },
    };
}

#define EVAL_FIELD(name) {#name, offsetof(Tune, eval.name)}
#define SEARCH_FIELD(name) {#name, offsetof(Tune, search.name)}

static const struct {
    const char *name;
    size_t offset;
} FIELDS[] = {
    EVAL_FIELD(per_square),         EVAL_FIELD(convexity),         EVAL_FIELD(lateral),
    EVAL_FIELD(lateral_free),       EVAL_FIELD(lane),              EVAL_FIELD(home_late),
    EVAL_FIELD(home_grace),         EVAL_FIELD(their_home_late),   EVAL_FIELD(tempo),
    EVAL_FIELD(outside),
    EVAL_FIELD(straggler),          EVAL_FIELD(straggler_slack),   EVAL_FIELD(no_ladder),
    EVAL_FIELD(their_share),        EVAL_FIELD(deadlock_divisor),  EVAL_FIELD(door_moves),
    EVAL_FIELD(forward_exit),       EVAL_FIELD(learned),           EVAL_FIELD(returnable),
    SEARCH_FIELD(contempt),         SEARCH_FIELD(aspiration_depth), SEARCH_FIELD(aspiration_window),
    SEARCH_FIELD(losing_prune_depth), SEARCH_FIELD(late_move_slope), SEARCH_FIELD(reduction_percent),
    SEARCH_FIELD(futility_margin),  SEARCH_FIELD(history_bonus_max), SEARCH_FIELD(solo_lead_19),
    SEARCH_FIELD(solo_lead_13),     SEARCH_FIELD(lead_home_late),  SEARCH_FIELD(greedy_reply_depth),
    SEARCH_FIELD(race_beam_width),  SEARCH_FIELD(guard_outside),
};

enum { FIELD_COUNT = sizeof FIELDS / sizeof *FIELDS };

/* Compared by hand: the WebAssembly build has no C library. */
static bool name_is(const char *name, const char *s, int len) {
    int i = 0;
    while (i < len && name[i] && name[i] == s[i]) i++;
    return i == len && !name[i];
}

int *tune_field(Tune *tune, const char *name, int len) {
    for (int i = 0; i < FIELD_COUNT; i++)
        if (name_is(FIELDS[i].name, name, len)) return (int *)((char *)tune + FIELDS[i].offset);
    return NULL;
}

const char *tune_name(int i) { return i >= 0 && i < FIELD_COUNT ? FIELDS[i].name : NULL; }
