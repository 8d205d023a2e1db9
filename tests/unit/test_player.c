/* The computer player of any seating (engine/player.h): the engine of the
 * table's kind, searching as that engine does alone. */
#include "helpers.h"

#include <stdlib.h>

#include "engine/levels.h"
#include "engine/player.h"

enum { HASH_BYTES = 4 << 20 };

static Player *player;
static void *hash;

static void setup(void) {
    player = malloc(sizeof *player);
    hash = malloc(HASH_BYTES);
    cr_assert(player && hash);
    player_init(player, hash, HASH_BYTES);
}

static void teardown(void) {
    free(player);
    free(hash);
}

TestSuite(player, .init = setup, .fini = teardown);

typedef struct {
    int reports;
    PlayerReport last;
} Seen;

static void keep(void *ctx, const PlayerReport *r) {
    Seen *seen = ctx;
    seen->reports++;
    seen->last = *r;
}

static Move think_to(const Table *t, int depth, Seen *seen) {
    player_new_game(player, t);
    player_seed(player, 7);
    PlayerLimits limits = player_limits_none();
    limits.depth = depth;
    *seen = (Seen){0};
    return player_think(player, t, &limits, keep, seen);
}

Test(player, two_players_search_as_the_engine_alone) {
    static Table t;
    cr_assert(table_start(&t, (TableSeating){2, false, 19, 0}, 0));
    Seen seen;
    Move m = think_to(&t, 3, &seen);
    cr_assert_eq(player->kind, TABLE_TWO);
    cr_assert(table_legal(&t, m));
    cr_assert(seen.reports > 0);
    cr_assert_eq(seen.last.seats, 0, "two players have no seats' figures");
    cr_assert_eq(seen.last.depth, 3);

    static Engine engine;
    static char own_hash[HASH_BYTES];
    engine_init(&engine, own_hash, sizeof own_hash);
    engine_new_game(&engine);
    engine_seed(&engine, 7);
    SearchLimits limits = search_limits_none();
    limits.depth = 3;
    Move alone = engine_think(&engine, &t.game, &limits, NULL, NULL);
    cr_assert(alone.from == m.from && alone.to == m.to);
    cr_assert_eq(engine_nodes(&engine), player_nodes(player));
}

Test(player, many_seats_search_as_the_multi_engine_alone) {
    static Table t;
    cr_assert(table_start(&t, (TableSeating){3, false, 13, 0}, 0));
    Seen seen;
    Move m = think_to(&t, 2, &seen);
    cr_assert_eq(player->kind, TABLE_MANY);
    cr_assert(table_legal(&t, m));
    cr_assert_eq(seen.last.seats, 3);
    cr_assert(seen.last.costs[SEAT_WHITE] > 0 && seen.last.costs[SEAT_RED] > 0);

    static MultiEngine engine;
    static char own_hash[HASH_BYTES];
    multi_engine_init(&engine, own_hash, sizeof own_hash);
    multi_engine_new_game(&engine);
    multi_engine_seed(&engine, 7);
    MultiLimits limits = multi_limits_none();
    limits.depth = 2;
    Move alone = multi_engine_think(&engine, &t.game, &limits, NULL, NULL);
    cr_assert(alone.from == m.from && alone.to == m.to);
    cr_assert_eq(multi_engine_nodes(&engine), player_nodes(player));
}

Test(player, keeps_its_level_from_one_kind_to_the_other) {
    player_set_level(player, 3);
    static Table t;
    cr_assert(table_start(&t, (TableSeating){4, true, 13, 0}, 0));
    player_new_game(player, &t);
    cr_assert_eq(player->many.level, 3);
    cr_assert(table_start(&t, (TableSeating){2, false, 13, 0}, 0));
    Seen seen;
    Move m = think_to(&t, 1, &seen);
    cr_assert(table_legal(&t, m));
    cr_assert_eq(player->two.level, 3);
    player_set_level(player, 99);
    cr_assert_eq(player_level(player), MAX_LEVEL);
}

Test(player, a_stop_asked_before_the_search_holds_until_resumed) {
    static Table t;
    cr_assert(table_start(&t, (TableSeating){4, false, 13, 0}, 0));
    player_stop(player);
    player_new_game(player, &t); /* the engine made anew keeps the stop */
    cr_assert(player_stopped(player));
    cr_assert(atomic_load(player_stop_flag(player)));
    PlayerLimits limits = player_limits_none();
    limits.infinite = true;
    Move m = player_think(player, &t, &limits, NULL, NULL);
    cr_assert(table_legal(&t, m), "a stopped search still answers a move");
    player_resume(player);
    cr_assert_not(player_stopped(player));
    cr_assert(table_start(&t, (TableSeating){2, false, 19, 0}, 0));
    player_stop(player);
    player_new_game(player, &t);
    cr_assert(atomic_load(&player->two.stop));
    player_resume(player);
    cr_assert_not(atomic_load(&player->two.stop));
}
