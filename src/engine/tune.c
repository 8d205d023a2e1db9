/* tune.c: the tunable values of both searches and their names (see tune.h). */
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
            .held_most = 3,
            .held_open = 6,
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
        .multi_eval = {
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
            .held_most = 3,
            .held_open = 6,
        },
        .multi_search = {
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

/* Each name once, with where each search reads it (NONE: that search has no
 * such tunable); a name both read is one experiment on both. */
#define NONE ((size_t)-1)
#define BOTH(part, name) {#name, {offsetof(Tune, part.name), offsetof(Tune, multi_##part.name)}}
#define TWO(part, name) {#name, {offsetof(Tune, part.name), NONE}}
#define MANY(part, name) {#name, {NONE, offsetof(Tune, multi_##part.name)}}

static const struct {
    const char *name;
    size_t offset[2]; /* by TuneSearch */
} FIELDS[] = {
    BOTH(eval, per_square),          BOTH(eval, convexity),           BOTH(eval, lateral),
    BOTH(eval, lateral_free),        TWO(eval, lane),                 BOTH(eval, home_late),
    BOTH(eval, home_grace),          TWO(eval, their_home_late),      BOTH(eval, tempo),
    TWO(eval, outside),
    TWO(eval, straggler),            TWO(eval, straggler_slack),      TWO(eval, no_ladder),
    BOTH(eval, their_share),         TWO(eval, deadlock_divisor),     TWO(eval, door_moves),
    TWO(eval, forward_exit),         TWO(eval, learned),              TWO(eval, returnable),
    MANY(eval, leader_share),        MANY(eval, team_slowest),        MANY(eval, blocker),
    BOTH(eval, held_most),           BOTH(eval, held_open),
    BOTH(search, contempt),          TWO(search, aspiration_depth),   TWO(search, aspiration_window),
    TWO(search, losing_prune_depth), BOTH(search, late_move_slope),   TWO(search, reduction_percent),
    TWO(search, futility_margin),    BOTH(search, history_bonus_max), TWO(search, solo_lead_19),
    TWO(search, solo_lead_13),       TWO(search, lead_home_late),     TWO(search, greedy_reply_depth),
    TWO(search, race_beam_width),    TWO(search, guard_outside),
    MANY(search, algorithm),         MANY(search, prune_depth),       MANY(search, late_move_base),
    MANY(search, proof_nodes),
};

enum { FIELD_COUNT = sizeof FIELDS / sizeof *FIELDS };

/* Compared by hand: the WebAssembly build has no C library. */
static bool name_is(const char *name, const char *s, int len) {
    int i = 0;
    while (i < len && name[i] && name[i] == s[i]) i++;
    return i == len && !name[i];
}

int *tune_field(Tune *tune, const char *name, int len, TuneSearch search) {
    for (int i = 0; i < FIELD_COUNT; i++)
        if (name_is(FIELDS[i].name, name, len))
            return FIELDS[i].offset[search] == NONE ? NULL : (int *)((char *)tune + FIELDS[i].offset[search]);
    return NULL;
}

const char *tune_name(int i) { return i >= 0 && i < FIELD_COUNT ? FIELDS[i].name : NULL; }
