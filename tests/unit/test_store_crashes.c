/*
 * test_store_crashes.c: a process killed with SIGKILL in the middle of a write of the
 * store (src/online/store.h), at each step of a move, at random instants,
 * inside a batch and after its commit: the whole write or nothing.
 * Each on SQLite (store_sqlite::) and on PostgreSQL (store_pg::, a fresh
 * database on HALMA_TEST_PG's server) unless its own backend's; the
 * fixtures in store_fixtures.h.
 */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "store_fixtures.h"

/* ---- a crash between the steps of a write ------------------------------------ */

static const char *kill_at;
static int kill_countdown;

static void kill_hook(const char *step) {
    if (!strcmp(step, kill_at) && --kill_countdown <= 0) raise(SIGKILL);
}

/* In a child: plays moves until killed at the chosen step of move `at`. */
static void child_plays(const char *path, const char *step, int at) {
    char err[256];
    Store *s = store_open(path, err, sizeof err);
    if (!s) _exit(3);
    StoreGame g;
    if (store_read(s, "g", &g, NULL) != STORE_OK) _exit(4);
    kill_at = step;
    kill_countdown = at;
    store_set_step_hook(s, kill_hook);
    for (int ply = g.ply; ply < 50; ply++) {
        char move[16];
        snprintf(move, sizeof move, "m%d", ply + 1);
        StoreGame next = g;
        next.ply = ply + 1;
        next.last_move_ms = ply + 1;
        StoreEvent ev[2] = {{"move", move}, {"clock", move}};
        if (store_append_move(s, &next, ply, move, ev, 2) != STORE_OK) _exit(5);
        g = next;
    }
    _exit(0);
}

/* After the crash: the moves, the row and the events agree. */
static void check_whole(const char *path, int expected_ply) {
    char err[256];
    Store *s = store_open(path, err, sizeof err);
    cr_assert(s, "%s", err);
    StoreGame g;
    char(*moves)[STORE_MOVE_SIZE];
    cr_assert_eq(store_read(s, "g", &g, &moves), STORE_OK);
    cr_assert_eq(g.ply, expected_ply);
    cr_assert_eq(g.last_move_ms, expected_ply);
    cr_assert_eq(g.seq, 2 + 2 * expected_ply, "two events a move, after the creation's and the join's");
    for (int i = 0; i < g.ply; i++) {
        char want[16];
        snprintf(want, sizeof want, "m%d", i + 1);
        cr_assert_str_eq(moves[i], want);
    }
    free(moves);
    Seen seen = {0};
    store_events_after(s, "g", g.seq, collect, &seen);
    cr_assert_eq(seen.n, 0, "no event past the row's seq");
    /* and the next move goes on from there */
    StoreGame next = g;
    next.ply++;
    cr_assert_eq(store_append_move(s, &next, g.ply, "next", NULL, 0), STORE_OK);
    store_close(s);
}

static void crash_at(Backend backend, const char *step, int count, int expected_ply) {
    char path[256];
    temp_store(backend, path, sizeof path);
    Store *s = open_file(path);
    started(s, "g");
    store_close(s);
    pid_t pid = fork();
    cr_assert(pid >= 0);
    if (pid == 0) child_plays(path, step, count);
    int status;
    waitpid(pid, &status, 0);
    cr_assert(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL, "the child died of SIGKILL (status %d)", status);
    check_whole(path, expected_ply);
    remove_store(path);
}

/* Move 4 killed after its move row, after the game's row, after one of its
 * two events: in each case moves 1-3 only. */
ON_BOTH(store, crash_after_move_row) { crash_at(backend, "move", 4, 3); }
ON_BOTH(store, crash_after_game_row) { crash_at(backend, "game", 4, 3); }
ON_BOTH(store, crash_between_events) { crash_at(backend, "event", 7, 3); }

/* Killed at a random instant by the parent, many times over: never half a
 * move.  Up to 21 ms on SQLite, 150 on PostgreSQL, whose connection and
 * commits take longer. */
ON_BOTH(store, killed_at_random_instants) {
    char path[256], err[256];
    temp_store(backend, path, sizeof path);
    Store *s = open_file(path);
    started(s, "g");
    store_close(s);
    srand((unsigned)getpid());
    int max_us = backend == BACKEND_PG ? 150000 : 21000;
    for (int round = 0; round < 6; round++) {
        pid_t pid = fork();
        if (pid == 0) child_plays(path, "never", 0);
        nanosleep(&(struct timespec){0, (1000 + rand() % (max_us - 1000)) * 1000L}, NULL);
        kill(pid, SIGKILL);
        waitpid(pid, NULL, 0);
        s = store_open(path, err, sizeof err);
        cr_assert(s, "%s", err);
        StoreGame g;
        char(*moves)[STORE_MOVE_SIZE];
        cr_assert_eq(store_read(s, "g", &g, &moves), STORE_OK);
        cr_assert_eq(g.seq, 2 + 2 * (int64_t)g.ply, "round %d: ply %d seq %lld", round, g.ply, (long long)g.seq);
        cr_assert_eq(g.last_move_ms, g.ply);
        for (int i = 0; i < g.ply; i++) cr_assert_neq(moves[i][0], '\0', "move %d is there", i + 1);
        free(moves);
        store_close(s);
        if (g.ply >= 50) break;
    }
    remove_store(path);
}

/* In a child: one batch of a move in each of games b0..b2, killed at `step`
 * (its countdown-th occurrence). */
static void child_batch(const char *path, const char *step, int countdown) {
    char err[256];
    Store *s = store_open(path, err, sizeof err);
    if (!s) _exit(3);
    kill_at = step;
    kill_countdown = countdown;
    store_set_step_hook(s, kill_hook);
    if (store_batch_begin(s) != STORE_OK) _exit(4);
    for (int k = 0; k < 3; k++) {
        char id[8];
        snprintf(id, sizeof id, "b%d", k);
        StoreGame g;
        if (store_read(s, id, &g, NULL) != STORE_OK) _exit(5);
        if (play(s, &g, 0, "m1") != STORE_OK) _exit(6);
    }
    store_batch_commit(s);
    _exit(0);
}

static void crash_batch_at(Backend backend, const char *step, int countdown, int expected_ply) {
    char path[256];
    temp_store(backend, path, sizeof path);
    Store *s = open_file(path);
    started(s, "b0");
    started(s, "b1");
    started(s, "b2");
    store_close(s);
    pid_t pid = fork();
    cr_assert(pid >= 0);
    if (pid == 0) child_batch(path, step, countdown);
    int status;
    waitpid(pid, &status, 0);
    cr_assert(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL, "the child died of SIGKILL (status %d)", status);
    s = open_file(path);
    for (int k = 0; k < 3; k++) {
        char id[8];
        snprintf(id, sizeof id, "b%d", k);
        StoreGame g;
        cr_assert_eq(store_read(s, id, &g, NULL), STORE_OK);
        cr_assert_eq(g.ply, expected_ply, "game %s", id);
        cr_assert_eq(g.seq, 2 + expected_ply, "game %s: its events agree with its row", id);
    }
    store_close(s);
    remove_store(path);
}

/* Killed in the last write of a batch: none of its moves; once committed: all. */
ON_BOTH(store, crash_in_a_batch_keeps_none) { crash_batch_at(backend, "event", 3, 0); }
ON_BOTH(store, crash_after_a_batch_commit_keeps_all) { crash_batch_at(backend, "commit", 1, 1); }
