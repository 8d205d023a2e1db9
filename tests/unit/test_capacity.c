/*
 * test_capacity.c: the computer seats the search threads take on
 * (online/capacity.h): a game's cost is its slowest computer level's think
 * time; games are admitted while the wait of the last of them, every
 * other's cost over the threads, stays within the wait allowed; a game
 * ended frees its place, a reservation never committed lapses, a refused
 * game is not counted.
 */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <stdio.h>

#include "core/table.h"
#include "engine/player.h"
#include "online/capacity.h"

/* A game of two under way, its Black the computer at `level` (0: a person). */
static StoreGame game(const char *id, int level) {
    StoreGame g = {.variant = 19, .players = 2, .status = GAME_ONGOING, .winner = -1};
    snprintf(g.id, sizeof g.id, "%s", id);
    g.level[1] = level;
    return g;
}

static int think(int level) { return player_think_ms(TABLE_TWO, level); }

Test(capacity, a_games_cost_is_its_slowest_computer_seat) {
    Capacity c;
    capacity_init(&c, 1, 1500);
    StoreGame g = game("a", 3);
    cr_assert_eq(capacity_cost(&c, &g), think(3));
    g.players = 4;
    g.variant = 13;
    g.level[2] = 10;
    cr_assert_eq(capacity_cost(&c, &g), player_think_ms(TABLE_MANY, 10));
    cr_assert_eq(capacity_cost(&c, &(StoreGame){.players = 2, .status = GAME_ONGOING}), 0, "people only");
    g.status = GAME_FINISHED;
    cr_assert_eq(capacity_cost(&c, &g), 0, "over");
    capacity_free(&c);
}

Test(capacity, a_levels_cost_is_twice_its_searches_average_within_its_think_time_unless_they_overrun) {
    Capacity c;
    capacity_init(&c, 1, 1500);
    cr_assert_eq(capacity_level_cost(&c, TABLE_TWO, 3), think(3), "none timed: its bound");
    capacity_observe(&c, TABLE_TWO, 3, 4);
    cr_assert_eq(capacity_level_cost(&c, TABLE_TWO, 3), 8);
    for (int k = 0; k < 100; k++) capacity_observe(&c, TABLE_TWO, 3, 20);
    cr_assert_eq(capacity_level_cost(&c, TABLE_TWO, 3), 39, "the average drawn to the searches' times");
    capacity_observe(&c, TABLE_TWO, 10, 900);
    cr_assert_eq(capacity_level_cost(&c, TABLE_TWO, 10), think(10), "no more than the think time...");
    for (int k = 0; k < 100; k++) capacity_observe(&c, TABLE_TWO, 10, 1200);
    cr_assert_eq(capacity_level_cost(&c, TABLE_TWO, 10), 1199, "...unless the searches overrun it");
    cr_assert_eq(capacity_level_cost(&c, TABLE_MANY, 3), player_think_ms(TABLE_MANY, 3), "each kind its own");
    capacity_observe(&c, TABLE_TWO, 4, 0);
    cr_assert_eq(capacity_level_cost(&c, TABLE_TWO, 4), 1, "a search under a millisecond");
    capacity_free(&c);
}

Test(capacity, quick_searches_make_room_for_more_games) {
    Capacity c;
    capacity_init(&c, 1, 1500);
    char id[8];
    int before = 0, after = 0;
    for (int k = 0; k < 100; k++) {
        snprintf(id, sizeof id, "a%d", k);
        StoreGame g = game(id, 3);
        before += capacity_admit(&c, &g, 0, 60000);
    }
    cr_assert_eq(before, 1500 / think(3) + 1, "at the think time's bound");
    capacity_observe(&c, TABLE_TWO, 3, 5); /* a cost of 10 ms */
    for (int k = 0; k < 200; k++) {
        snprintf(id, sizeof id, "b%d", k);
        StoreGame g = game(id, 3);
        after += capacity_admit(&c, &g, 0, 60000);
    }
    cr_assert_eq(before + after, 151, "the games counted now cost 10 ms each");
    capacity_free(&c);
}

Test(capacity, the_rule_is_the_others_costs_over_the_threads) {
    cr_assert(capacity_fits(3000, 1000, 1, 2000));
    cr_assert_not(capacity_fits(3001, 1000, 1, 2000));
    cr_assert(capacity_fits(5000, 1000, 2, 2000));
    cr_assert_not(capacity_fits(5100, 1000, 2, 2000));
    cr_assert(capacity_fits(1000000, 1000000, 1, 100), "one game alone always fits");
}

/* Level 10 (1000 ms) on one thread, 1500 ms of wait: two games, not three. */
Test(capacity, refuses_the_game_past_the_threads_word) {
    Capacity c;
    capacity_init(&c, 1, 1500);
    StoreGame a = game("a", 10), b = game("b", 10), x = game("x", 10), people = game("p", 0);
    cr_assert(capacity_admit(&c, &a, 0, 60000));
    cr_assert(capacity_admit(&c, &b, 0, 60000));
    cr_assert_not(capacity_admit(&c, &x, 0, 60000));
    cr_assert_eq(capacity_load_ms(&c), 2 * think(10), "the refused game is not counted");
    cr_assert(capacity_admit(&c, &people, 0, 60000), "a game of people only is never refused");
    cr_assert_eq(capacity_load_ms(&c), 2 * think(10));
    capacity_free(&c);
}

Test(capacity, more_threads_take_more) {
    Capacity c;
    capacity_init(&c, 2, 1500);
    char id[8];
    int admitted = 0;
    for (int k = 0; k < 10; k++) {
        snprintf(id, sizeof id, "g%d", k);
        StoreGame g = game(id, 10);
        admitted += capacity_admit(&c, &g, 0, 60000);
    }
    cr_assert_eq(admitted, 4, "the others' 3 s over two threads is 1.5 s");
    capacity_free(&c);
}

Test(capacity, a_game_ended_frees_its_place) {
    Capacity c;
    capacity_init(&c, 1, 1500);
    StoreGame a = game("a", 10), b = game("b", 10), x = game("x", 10);
    cr_assert(capacity_admit(&c, &a, 0, 60000));
    capacity_note(&c, &a); /* committed */
    cr_assert(capacity_admit(&c, &b, 0, 60000));
    cr_assert_not(capacity_admit(&c, &x, 0, 60000));
    a.status = GAME_FINISHED;
    capacity_note(&c, &a);
    cr_assert(capacity_admit(&c, &x, 0, 60000));
    capacity_free(&c);
}

Test(capacity, a_reservation_never_committed_lapses_and_a_committed_one_stays) {
    Capacity c;
    capacity_init(&c, 1, 1500);
    StoreGame a = game("a", 10), b = game("b", 10), x = game("x", 10);
    cr_assert(capacity_admit(&c, &a, 0, 60000));
    cr_assert(capacity_admit(&c, &b, 0, 60000));
    capacity_note(&c, &b);
    cr_assert_not(capacity_admit(&c, &x, 60000, 60000), "a's reservation holds until its moment");
    cr_assert(capacity_admit(&c, &x, 60001, 60000), "a's commit never came: its place is free");
    cr_assert_not(capacity_admit(&c, &a, 60002, 60000), "b, committed, and x still count");
    capacity_free(&c);
}

Test(capacity, a_game_heard_of_counts_and_a_seat_handed_over_raises_its_cost) {
    Capacity c;
    capacity_init(&c, 1, 1000);
    StoreGame many = {.variant = 13, .players = 3, .status = GAME_ONGOING, .winner = -1};
    snprintf(many.id, sizeof many.id, "m");
    capacity_note(&c, &many);
    cr_assert_eq(capacity_load_ms(&c), 0, "three people");
    many.level[2] = 3; /* a seat left: the computer plays it at level 3 */
    capacity_note(&c, &many);
    cr_assert_eq(capacity_load_ms(&c), player_think_ms(TABLE_MANY, 3));
    StoreGame a = game("a", 10), b = game("b", 10);
    cr_assert(capacity_admit(&c, &a, 0, 60000));
    cr_assert_not(capacity_admit(&c, &b, 0, 60000), "two level-10 games alone would fit: the level-3 seat counts");
    capacity_free(&c);
}
