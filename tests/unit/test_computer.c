/*
 * test_computer.c: the computer's seats (online/computer.h) on a store in
 * memory: a game whose seat to move is the computer's is searched and its
 * move handed over, once however often it is said due, not if the game
 * has moved on, a takeover not before its moment; a restart's scan finds
 * the moves not played.  (A batch's writes reach it only once the batch
 * commits: test_writer.c.)
 */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/game.h"
#include "core/notation.h"
#include "online/computer.h"
#include "online/game_clock.h"
#include "online/store.h"

typedef struct {
    pthread_mutex_t lock;
    int n;
    char id[STORE_ID_SIZE], move[STORE_MOVE_SIZE];
    int ply, seat;
    int64_t at;
} Submitted;

static void submitted(void *ctx, const char *id, int ply, int seat, const char *move) {
    Submitted *s = ctx;
    pthread_mutex_lock(&s->lock);
    s->n++;
    snprintf(s->id, sizeof s->id, "%s", id);
    snprintf(s->move, sizeof s->move, "%s", move);
    s->ply = ply;
    s->seat = seat;
    s->at = clock_now_ms();
    pthread_mutex_unlock(&s->lock);
}

static int count(Submitted *s) {
    pthread_mutex_lock(&s->lock);
    int n = s->n;
    pthread_mutex_unlock(&s->lock);
    return n;
}

static void pause_ms(int ms) {
    struct timespec t = {.tv_sec = ms / 1000, .tv_nsec = (long)(ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

static bool wait_for(Submitted *s, int n, int ms) {
    for (int k = 0; k < ms / 20; k++) {
        if (count(s) >= n) return true;
        pause_ms(20);
    }
    return count(s) >= n;
}

/* A game of two under way, White the computer at `level`, in the store. */
static StoreGame computer_game(Store *store, const char *id, int level) {
    StoreGame g = {.variant = 19, .players = 2, .turn_limit = 400, .initial_ms = -1, .status = GAME_ONGOING,
                   .winner = -1, .draw_offer = -1, .rematch_by = -1};
    snprintf(g.id, sizeof g.id, "%s", id);
    g.joined[0] = g.joined[1] = true;
    g.level[0] = level;
    cr_assert_eq(store_create(store, &g, NULL, 0), STORE_OK);
    return g;
}

static Store *memory(void) {
    char err[128];
    Store *s = store_open(":memory:", err, sizeof err);
    cr_assert_not_null(s, "%s", err);
    return s;
}

Test(computer, plays_the_seat_to_move_once) {
    Store *store = memory();
    Submitted got = {.lock = PTHREAD_MUTEX_INITIALIZER};
    Computer *c = computer_start(1, 0, store, submitted, &got);
    cr_assert_not_null(c);
    cr_assert_eq(computer_threads(c), 1);
    StoreGame g = computer_game(store, "g1", 3);
    cr_assert(computer_to_move(&g));
    /* Said due three times in one commit's list (a batch's, committed.h): searched once. */
    Committed list[3] = {{.g = g}, {.g = g}, {.g = g}};
    computer_committed(c, list, 3);
    cr_assert(wait_for(&got, 1, 3000), "no move within 3 s");
    pause_ms(300);
    cr_assert_eq(count(&got), 1);
    cr_assert_str_eq(got.id, "g1");
    cr_assert_eq(got.ply, 0);
    cr_assert_eq(got.seat, 0);
    Game game;
    game_start(&game, VARIANT_19, 400);
    Refusal why;
    cr_assert(game_play_text(&game, got.move, (int)strlen(got.move), &why), "a legal move: %s", got.move);
    StoreGame human = g;
    human.level[0] = 0;
    cr_assert(!computer_to_move(&human));
    computer_free(c);
    store_close(store);
}

Test(computer, a_game_moved_on_meanwhile_is_dropped) {
    Store *store = memory();
    Submitted got = {.lock = PTHREAD_MUTEX_INITIALIZER};
    Computer *c = computer_start(1, 0, store, submitted, &got);
    StoreGame g = computer_game(store, "g1", 3);
    StoreGame said = g;
    said.ply = 2; /* a ply the store's game is not at (White to move again) */
    computer_due(c, &said);
    pause_ms(500);
    cr_assert_eq(count(&got), 0, "the store's game is at another ply: nothing searched");
    computer_free(c);
    store_close(store);
}

Test(computer, a_takeover_waits_its_moment) {
    Store *store = memory();
    Submitted got = {.lock = PTHREAD_MUTEX_INITIALIZER};
    Computer *c = computer_start(1, 0, store, submitted, &got);
    StoreGame g = computer_game(store, "g1", 1);
    int64_t from = clock_now_ms();
    computer_due_later(c, &g, 700);
    cr_assert(wait_for(&got, 1, 3000));
    cr_assert_geq(got.at - from, 700, "searched %lld ms after", (long long)(got.at - from));
    computer_free(c);
    store_close(store);
}

Test(computer, a_scan_finds_the_moves_not_played) {
    Store *store = memory();
    computer_game(store, "g1", 2);
    computer_game(store, "g2", 2);
    Submitted got = {.lock = PTHREAD_MUTEX_INITIALIZER};
    Computer *c = computer_start(1, 0, store, submitted, &got);
    cr_assert_eq(computer_scan(c, store, false), STORE_OK);
    cr_assert(wait_for(&got, 2, 3000));
    computer_free(c);
    store_close(store);
}

/* A server's stop: the computer stops first (its threads submit to the
 * committer), then the committer commits what was waiting and tells its
 * subscribers, the computer too: that must find it stopped, not freed, and
 * take on nothing (under ASan a freed one fails here). */
Test(computer, told_of_a_commit_after_its_stop_it_takes_on_nothing) {
    Store *store = memory();
    Submitted got = {.lock = PTHREAD_MUTEX_INITIALIZER};
    Computer *c = computer_start(1, 0, store, submitted, &got);
    Committed last = {.g = computer_game(store, "g1", 2)};
    computer_stop(c);
    computer_committed(c, &last, 1);
    pause_ms(200);
    cr_assert_eq(count(&got), 0, "nothing searched after the stop");
    computer_free(c);
    store_close(store);
}
