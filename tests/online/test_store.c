/*
 * test_store.c: the store of online games (src/server/store.h): every
 * operation, the expected-ply rule, batches, and a process killed with
 * SIGKILL in the middle of a write leaving the whole write or nothing, each
 * on SQLite (store_sqlite::) and on PostgreSQL (store_pg::, a fresh database
 * on HALMA_TEST_PG's server); then what is one backend's own: an SQLite file
 * locked or read-only, a PostgreSQL server that goes away and comes back.
 */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "server/store.h"
#include "temp_db.h"

static Store *open_file(const char *path) {
    char err[256];
    Store *s = store_open(path, err, sizeof err);
    cr_assert(s, "%s: %s", path, err);
    return s;
}

/* A test's store and where it is: for SQLite in memory (a file if `shared`,
 * for a second connection), for PostgreSQL a database of its own. */
typedef struct {
    char path[256];
    Store *s;
} Scratch;

static Scratch scratch_store(Backend b, bool shared) {
    Scratch x;
    if (b == BACKEND_SQLITE && !shared)
        snprintf(x.path, sizeof x.path, ":memory:");
    else
        temp_store(b, x.path, sizeof x.path);
    x.s = open_file(x.path);
    return x;
}

static void scratch_end(Scratch *x) {
    store_close(x->s);
    remove_store(x->path);
}

static StoreGame new_game(const char *id) {
    StoreGame g = {.variant = 19, .turn_limit = 400, .initial_ms = -1, .winner = -1, .draw_offer = -1,
                   .created_ms = 1000};
    snprintf(g.id, sizeof g.id, "%s", id);
    g.joined[0] = true;
    memset(g.token_hash[0], 0xaa, STORE_HASH_SIZE);
    memset(g.invite_hash, 0xbb, STORE_HASH_SIZE);
    return g;
}

static const StoreEvent CREATED[] = {{"game", "{\"created\":1}"}};
static const StoreEvent JOINED[] = {{"seats", "{\"b\":1}"}};

/* A game with both seats taken. */
static StoreGame started(Store *s, const char *id) {
    StoreGame g = new_game(id);
    cr_assert_eq(store_create(s, &g, CREATED, 1), STORE_OK);
    g.joined[1] = true;
    g.status = GAME_ONGOING;
    cr_assert_eq(store_join(s, &g, 1, JOINED, 1), STORE_OK);
    return g;
}

static StoreStatus play(Store *s, StoreGame *g, int expected, const char *move) {
    StoreGame next = *g;
    next.ply = expected + 1;
    StoreEvent ev = {"move", move};
    StoreStatus st = store_append_move(s, &next, expected, move, &ev, 1);
    if (st == STORE_OK) *g = next;
    return st;
}

ON_BOTH(store, create_and_read) {
    Scratch x = scratch_store(backend, false);
    Store *s = x.s;
    StoreGame g = new_game("abc");
    cr_assert_eq(store_create(s, &g, CREATED, 1), STORE_OK);
    cr_assert_eq(g.seq, 1);
    StoreGame r;
    cr_assert_eq(store_read(s, "abc", &r, NULL), STORE_OK);
    cr_assert_str_eq(r.id, "abc");
    cr_assert_eq(r.variant, 19);
    cr_assert_eq(r.initial_ms, -1);
    cr_assert(r.joined[0] && !r.joined[1]);
    cr_assert_eq(memcmp(r.token_hash[0], g.token_hash[0], STORE_HASH_SIZE), 0);
    cr_assert_eq(memcmp(r.invite_hash, g.invite_hash, STORE_HASH_SIZE), 0);
    cr_assert_eq(r.seq, 1);
    cr_assert_eq(r.draw_offer, -1);
    cr_assert_eq(store_read(s, "nope", &r, NULL), STORE_NOT_FOUND);
    cr_assert_eq(store_create(s, &g, CREATED, 1), STORE_CONFLICT, "an id is never reused");
    scratch_end(&x);
}

ON_BOTH(store, join_once) {
    Scratch x = scratch_store(backend, false);
    Store *s = x.s;
    StoreGame g = started(s, "g1");
    cr_assert_eq(g.seq, 2);
    StoreGame again = g;
    cr_assert_eq(store_join(s, &again, 1, JOINED, 1), STORE_CONFLICT, "the seat is taken");
    StoreGame r;
    store_read(s, "g1", &r, NULL);
    cr_assert(r.joined[1]);
    cr_assert_eq(r.status, GAME_ONGOING);
    cr_assert_eq(r.seq, 2);
    scratch_end(&x);
}

ON_BOTH(store, moves_in_order_and_expected_ply) {
    Scratch x = scratch_store(backend, false);
    Store *s = x.s;
    StoreGame g = started(s, "g");
    cr_assert_eq(play(s, &g, 0, "a1-a2"), STORE_OK);
    cr_assert_eq(play(s, &g, 1, "b1-b2"), STORE_OK);
    StoreGame stale = g;
    cr_assert_eq(play(s, &stale, 1, "c1-c2"), STORE_CONFLICT, "move 2 is already played");
    cr_assert_eq(play(s, &stale, 3, "c1-c2"), STORE_CONFLICT, "no gap");
    char(*moves)[STORE_MOVE_SIZE];
    StoreGame r;
    cr_assert_eq(store_read(s, "g", &r, &moves), STORE_OK);
    cr_assert_eq(r.ply, 2);
    cr_assert_str_eq(moves[0], "a1-a2");
    cr_assert_str_eq(moves[1], "b1-b2");
    free(moves);
    scratch_end(&x);
}

/* The unique key alone refuses a second move with the same number, even if
 * the row's check were bypassed: a row written with a stale seq. */
ON_BOTH(store, unique_move_number) {
    Scratch x = scratch_store(backend, false);
    Store *s = x.s;
    StoreGame g = started(s, "g");
    StoreGame copy = g;
    cr_assert_eq(play(s, &g, 0, "a1-a2"), STORE_OK);
    copy.seq = g.seq; /* as if the seq check passed */
    cr_assert_eq(play(s, &copy, 0, "z1-z2"), STORE_CONFLICT);
    StoreGame r;
    char(*moves)[STORE_MOVE_SIZE];
    store_read(s, "g", &r, &moves);
    cr_assert_str_eq(moves[0], "a1-a2");
    cr_assert_eq(r.seq, g.seq);
    free(moves);
    scratch_end(&x);
}

ON_BOTH(store, update_checks_seq) {
    Scratch x = scratch_store(backend, false);
    Store *s = x.s;
    StoreGame g = started(s, "g");
    StoreGame old = g;
    g.status = GAME_FINISHED;
    g.winner = 1;
    snprintf(g.reason, sizeof g.reason, "resign");
    StoreEvent end = {"end", "{}"};
    cr_assert_eq(store_update(s, &g, &end, 1), STORE_OK);
    cr_assert_eq(store_update(s, &old, &end, 1), STORE_CONFLICT, "written since it was read");
    StoreGame r;
    store_read(s, "g", &r, NULL);
    cr_assert_eq(r.status, GAME_FINISHED);
    cr_assert_str_eq(r.reason, "resign");
    cr_assert_eq(r.winner, 1);
    scratch_end(&x);
}

typedef struct {
    int n;
    int64_t seqs[16];
    char kinds[16][16];
} Seen;

static void collect(void *ctx, int64_t seq, const char *kind, const char *data) {
    (void)data;
    Seen *seen = ctx;
    seen->seqs[seen->n] = seq;
    snprintf(seen->kinds[seen->n], sizeof seen->kinds[0], "%s", kind);
    seen->n++;
}

ON_BOTH(store, events_after) {
    Scratch x = scratch_store(backend, false);
    Store *s = x.s;
    StoreGame g = started(s, "g");
    play(s, &g, 0, "a1-a2");
    Seen seen = {0};
    cr_assert_eq(store_events_after(s, "g", 1, collect, &seen), STORE_OK);
    cr_assert_eq(seen.n, 2);
    cr_assert_eq(seen.seqs[0], 2);
    cr_assert_str_eq(seen.kinds[0], "seats");
    cr_assert_eq(seen.seqs[1], 3);
    cr_assert_str_eq(seen.kinds[1], "move");
    Seen none = {0};
    store_events_after(s, "g", 3, collect, &none);
    cr_assert_eq(none.n, 0);
    scratch_end(&x);
}

ON_BOTH(store, touch_and_unfinished) {
    Scratch x = scratch_store(backend, false);
    Store *s = x.s;
    StoreGame g = started(s, "g");
    cr_assert_eq(store_touch(s, "g", 1, 12345), STORE_OK);
    cr_assert_eq(store_touch(s, "nope", 1, 12345), STORE_NOT_FOUND);
    StoreGame r;
    store_read(s, "g", &r, NULL);
    cr_assert_eq(r.last_seen_ms[1], 12345);
    cr_assert_eq(r.seq, g.seq, "no event");
    scratch_end(&x);
}

ON_BOTH(store, expire) {
    Scratch x = scratch_store(backend, false);
    Store *s = x.s;
    StoreGame done = started(s, "done");
    done.status = GAME_FINISHED;
    done.finished_ms = 5000;
    store_update(s, &done, NULL, 0);
    started(s, "live");
    StoreGame waiting = new_game("waiting");
    waiting.created_ms = 5500;
    store_create(s, &waiting, CREATED, 1);
    int deleted = -1;
    cr_assert_eq(store_expire(s, 4000, &deleted), STORE_OK);
    cr_assert_eq(deleted, 0, "nothing old enough");
    cr_assert_eq(store_expire(s, 6000, &deleted), STORE_OK);
    cr_assert_eq(deleted, 2, "the finished game and the one never joined");
    StoreGame r;
    cr_assert_eq(store_read(s, "done", &r, NULL), STORE_NOT_FOUND);
    cr_assert_eq(store_read(s, "waiting", &r, NULL), STORE_NOT_FOUND);
    cr_assert_eq(store_read(s, "live", &r, NULL), STORE_OK);
    Seen seen = {0};
    store_events_after(s, "done", 0, collect, &seen);
    cr_assert_eq(seen.n, 0, "its events went with it");
    scratch_end(&x);
}

Test(store_sqlite, file_is_wal_and_full_sync) {
    char path[64], err[256];
    temp_db(path, sizeof path);
    Store *s = store_open(path, err, sizeof err);
    cr_assert(s, "%s", err);
    store_close(s);
    sqlite3 *db;
    sqlite3_open(path, &db);
    sqlite3_stmt *st;
    sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &st, NULL);
    cr_assert_eq(sqlite3_step(st), SQLITE_ROW);
    cr_assert_str_eq((const char *)sqlite3_column_text(st, 0), "wal");
    sqlite3_finalize(st);
    sqlite3_close(db);
    remove_db(path);
}

/* Another process holds the write lock: the write waits, then is refused
 * with nothing changed. */
Test(store_sqlite, locked_store_is_unavailable) {
    char path[64], err[256];
    temp_db(path, sizeof path);
    Store *s = store_open(path, err, sizeof err);
    cr_assert(s, "%s", err);
    StoreGame g = started(s, "g");
    sqlite3 *other;
    sqlite3_open(path, &other);
    cr_assert_eq(sqlite3_exec(other, "BEGIN IMMEDIATE", NULL, NULL, NULL), SQLITE_OK);
    StoreGame before = g;
    cr_assert_eq(play(s, &g, 0, "a1-a2"), STORE_UNAVAILABLE);
    cr_assert_eq(g.seq, before.seq);
    sqlite3_exec(other, "ROLLBACK", NULL, NULL, NULL);
    sqlite3_close(other);
    StoreGame r;
    cr_assert_eq(store_read(s, "g", &r, NULL), STORE_OK);
    cr_assert_eq(r.ply, 0);
    cr_assert_eq(r.seq, before.seq);
    cr_assert_eq(play(s, &g, 0, "a1-a2"), STORE_OK, "and works once the lock is gone");
    store_close(s);
    remove_db(path);
}

Test(store_sqlite, read_only_store_is_unavailable) {
    char path[64], uri[128], err[256];
    temp_db(path, sizeof path);
    Store *s = store_open(path, err, sizeof err);
    started(s, "g");
    store_close(s);
    snprintf(uri, sizeof uri, "file:%s?mode=ro", path);
    s = store_open(uri, err, sizeof err);
    cr_assert(s, "%s", err);
    StoreGame g;
    cr_assert_eq(store_read(s, "g", &g, NULL), STORE_OK);
    cr_assert_eq(play(s, &g, 0, "a1-a2"), STORE_UNAVAILABLE);
    store_close(s);
    remove_db(path);
}

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

/* ---- batches: several games' writes in one commit ------------------------------ */

static int ply_of(Store *s, const char *id) {
    StoreGame g;
    cr_assert_eq(store_read(s, id, &g, NULL), STORE_OK);
    return g.ply;
}

/* Another connection sees none of a batch before its commit, all of it after. */
ON_BOTH(store, batch_commits_together) {
    char path[256];
    temp_store(backend, path, sizeof path);
    Store *s = open_file(path);
    StoreGame a = started(s, "a"), b = started(s, "b");
    Store *other = open_file(path);
    cr_assert_eq(store_batch_begin(s), STORE_OK);
    cr_assert_eq(play(s, &a, 0, "a1"), STORE_OK);
    cr_assert_eq(play(s, &b, 0, "b1"), STORE_OK);
    cr_assert_eq(ply_of(s, "a"), 1, "the batch reads its own writes");
    cr_assert_eq(ply_of(other, "a"), 0, "not durable yet: not seen outside");
    cr_assert_eq(ply_of(other, "b"), 0);
    cr_assert_eq(store_batch_commit(s), STORE_OK);
    cr_assert_eq(ply_of(other, "a"), 1);
    cr_assert_eq(ply_of(other, "b"), 1);
    cr_assert_eq(play(s, &a, 1, "a2"), STORE_OK, "after the batch, writes commit alone again");
    cr_assert_eq(ply_of(other, "a"), 2);
    store_close(other);
    store_close(s);
    remove_store(path);
}

/* A write refused in a batch leaves nothing of itself and undoes no other. */
ON_BOTH(store, batch_write_refused_alone) {
    Scratch x = scratch_store(backend, false);
    Store *s = x.s;
    StoreGame a = started(s, "a"), b = started(s, "b"), c = started(s, "c");
    cr_assert_eq(store_batch_begin(s), STORE_OK);
    cr_assert_eq(play(s, &a, 0, "a1"), STORE_OK);
    StoreGame stale = b;
    stale.ply = 5;
    StoreEvent ev = {"move", "b5"};
    cr_assert_eq(store_append_move(s, &stale, 4, "b5", &ev, 1), STORE_CONFLICT, "the expected ply decides");
    cr_assert_eq(play(s, &c, 0, "c1"), STORE_OK);
    cr_assert_eq(play(s, &a, 0, "again"), STORE_CONFLICT, "a game's ply 1 once, even in one batch");
    cr_assert_eq(play(s, &a, 1, "a2"), STORE_OK, "the same game twice in a batch: in order");
    cr_assert_eq(store_batch_commit(s), STORE_OK);
    StoreGame r;
    char(*moves)[STORE_MOVE_SIZE];
    cr_assert_eq(store_read(s, "a", &r, &moves), STORE_OK);
    cr_assert_eq(r.ply, 2);
    cr_assert_str_eq(moves[0], "a1");
    cr_assert_str_eq(moves[1], "a2");
    free(moves);
    cr_assert_eq(store_read(s, "b", &r, NULL), STORE_OK);
    cr_assert_eq(r.ply, 0);
    cr_assert_eq(r.seq, 2, "no event of the refused write");
    Seen seen = {0};
    store_events_after(s, "b", 0, collect, &seen);
    cr_assert_eq(seen.n, 2);
    cr_assert_eq(ply_of(s, "c"), 1);
    scratch_end(&x);
}

/* An aborted batch keeps nothing, even after reads inside it. */
ON_BOTH(store, batch_abort_keeps_nothing) {
    Scratch x = scratch_store(backend, false);
    Store *s = x.s;
    StoreGame a = started(s, "a");
    cr_assert_eq(store_batch_begin(s), STORE_OK);
    cr_assert_eq(store_batch_begin(s), STORE_UNAVAILABLE, "no batch in a batch");
    cr_assert_eq(play(s, &a, 0, "a1"), STORE_OK);
    cr_assert_eq(ply_of(s, "a"), 1); /* a read must not end the batch's transaction */
    Seen seen = {0};
    store_events_after(s, "a", 0, collect, &seen);
    cr_assert_eq(seen.n, 3);
    store_batch_abort(s);
    cr_assert_eq(ply_of(s, "a"), 0);
    scratch_end(&x);
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

/* A long game: every ply's write the same prepared statement (the store keeps
 * them), and every move read back in order. */
ON_BOTH(store, a_long_game, .timeout = 20) {
    Scratch x = scratch_store(backend, false);
    Store *s = x.s;
    StoreGame g = started(s, "long");
    for (int ply = 0; ply < 300; ply++) {
        char move[16];
        snprintf(move, sizeof move, "m%d", ply + 1);
        cr_assert_eq(play(s, &g, ply, move), STORE_OK, "move %d", ply + 1);
        cr_assert_eq(play(s, &g, ply, "again"), STORE_CONFLICT, "move %d twice", ply + 1);
    }
    StoreGame r;
    char(*moves)[STORE_MOVE_SIZE];
    cr_assert_eq(store_read(s, "long", &r, &moves), STORE_OK);
    cr_assert_eq(r.ply, 300);
    cr_assert_str_eq(moves[299], "m300");
    free(moves);
    scratch_end(&x);
}
