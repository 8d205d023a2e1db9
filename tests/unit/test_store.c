/*
 * test_store.c: the store of online games (src/online/store.h): every
 * operation, the expected-ply rule, batches, and a process killed with
 * SIGKILL in the middle of a write leaving the whole write or nothing, each
 * on SQLite (store_sqlite::) and on PostgreSQL (store_pg::, a fresh database
 * on HALMA_TEST_PG's server); then what is one backend's own: an SQLite file
 * locked or read-only, a PostgreSQL server that goes away and comes back.
 */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <libpq-fe.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "online/store.h"
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

/* ---- the lobby's games ------------------------------------------------------------- */

static StoreGame open_game(const char *id, const char *address) {
    StoreGame g = new_game(id);
    g.open = true;
    snprintf(g.open_by, sizeof g.open_by, "%s", address);
    return g;
}

typedef struct {
    int n;
    char ids[8][STORE_ID_SIZE];
} Ids;

static void collect_id(void *ctx, const StoreGame *g) {
    Ids *ids = ctx;
    if (ids->n < 8) snprintf(ids->ids[ids->n], STORE_ID_SIZE, "%s", g->id);
    ids->n++;
}

ON_BOTH(store, open_games_counted_per_address) {
    Scratch x = scratch_store(backend, false);
    StoreGame a1 = open_game("a1", "192.0.2.1"), a2 = open_game("a2", "192.0.2.1"), a3 = open_game("a3", "192.0.2.1");
    StoreGame b1 = open_game("b1", "2001:db8::1"), closed = new_game("c1");
    cr_assert_eq(store_create_open(x.s, &a1, 2, CREATED, 1), STORE_OK);
    cr_assert_eq(store_create_open(x.s, &a2, 2, NULL, 0), STORE_OK);
    cr_assert_eq(store_create_open(x.s, &a3, 2, CREATED, 1), STORE_LIMITED, "a third open game of one address");
    StoreGame r;
    cr_assert_eq(store_read(x.s, "a3", &r, NULL), STORE_NOT_FOUND, "nothing of it kept");
    cr_assert_eq(store_create_open(x.s, &b1, 2, NULL, 0), STORE_OK, "another address");
    cr_assert_eq(store_create(x.s, &closed, NULL, 0), STORE_OK, "a game not open is not counted");
    Ids ids = {0};
    cr_assert_eq(store_each_open(x.s, collect_id, &ids), STORE_OK);
    cr_assert_eq(ids.n, 3);
    cr_assert_eq(store_read(x.s, "a1", &r, NULL), STORE_OK);
    cr_assert(r.open);
    cr_assert_str_eq(r.open_by, "192.0.2.1");
    a1.open = false; /* it leaves the lobby: a place for another */
    a1.open_by[0] = '\0';
    cr_assert_eq(store_update(x.s, &a1, JOINED, 1), STORE_OK);
    cr_assert_eq(store_create_open(x.s, &a3, 2, CREATED, 1), STORE_OK);
    a2.status = GAME_ONGOING; /* so does a game whose seats are all taken */
    cr_assert_eq(store_update(x.s, &a2, JOINED, 1), STORE_OK);
    ids = (Ids){0};
    cr_assert_eq(store_each_open(x.s, collect_id, &ids), STORE_OK);
    cr_assert_eq(ids.n, 2, "b1 and a3");
    scratch_end(&x);
}

ON_BOTH(store, open_games_limited_inside_a_batch) {
    Scratch x = scratch_store(backend, false);
    cr_assert_eq(store_batch_begin(x.s), STORE_OK);
    StoreGame a1 = open_game("a1", "192.0.2.1"), a2 = open_game("a2", "192.0.2.1");
    cr_assert_eq(store_create_open(x.s, &a1, 1, NULL, 0), STORE_OK);
    cr_assert_eq(store_create_open(x.s, &a2, 1, NULL, 0), STORE_LIMITED, "the batch's own creation counts");
    cr_assert_eq(store_batch_commit(x.s), STORE_OK);
    Ids ids = {0};
    cr_assert_eq(store_each_open(x.s, collect_id, &ids), STORE_OK);
    cr_assert_eq(ids.n, 1);
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

/* The connection the store opens, caught as SQLite opens it (an
 * auto-extension runs on every new connection of this test's process). */
static sqlite3 *opened;

static int catch_connection(sqlite3 *db, char **err, const struct sqlite3_api_routines *api) {
    (void)err, (void)api;
    opened = db;
    return SQLITE_OK;
}

/* A pragma's value on the store's own connection. */
static void pragma_is(sqlite3 *db, const char *pragma, const char *want) {
    sqlite3_stmt *st;
    cr_assert_eq(sqlite3_prepare_v2(db, pragma, -1, &st, NULL), SQLITE_OK, "%s", pragma);
    cr_assert_eq(sqlite3_step(st), SQLITE_ROW, "%s", pragma);
    cr_assert_str_eq((const char *)sqlite3_column_text(st, 0), want, "%s", pragma);
    sqlite3_finalize(st);
}

/* WAL, and synchronous=FULL (2) on the connection that writes: a setting of
 * the connection, which another connection to the file would not show. */
Test(store_sqlite, file_is_wal_and_full_sync) {
    char path[64], err[256];
    temp_db(path, sizeof path);
    sqlite3_auto_extension((void (*)(void))catch_connection);
    Store *s = store_open(path, err, sizeof err);
    cr_assert(s, "%s", err);
    cr_assert(opened, "the store's connection was caught");
    pragma_is(opened, "PRAGMA journal_mode", "wal");
    pragma_is(opened, "PRAGMA synchronous", "2");
    store_close(s);
    sqlite3_reset_auto_extension();
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
    /* and no stray move row of the refused write: game b plays on past its ply */
    for (int ply = 0; ply < 5; ply++) {
        char move[8];
        snprintf(move, sizeof move, "b%d", ply + 1);
        cr_assert_eq(play(s, &b, ply, move), STORE_OK, "game b's move %d after the refused one", ply + 1);
    }
    cr_assert_eq(store_read(s, "b", &r, &moves), STORE_OK);
    cr_assert_str_eq(moves[4], "b5");
    free(moves);
    scratch_end(&x);
}

/* A read in a batch that the database refuses (an id that is not UTF-8, for
 * PostgreSQL) spoils nothing: the batch's commit says truly whether its
 * writes were kept, as another connection sees them. */
ON_BOTH(store, batch_commit_answers_truly_after_a_refused_read) {
    Scratch x = scratch_store(backend, true);
    StoreGame a = started(x.s, "a"), b = started(x.s, "b");
    Store *other = open_file(x.path);
    cr_assert_eq(store_batch_begin(x.s), STORE_OK);
    cr_assert_eq(play(x.s, &a, 0, "a1"), STORE_OK);
    StoreGame r;
    StoreStatus read = store_read(x.s, "\xff\xfe", &r, NULL);
    cr_assert_neq(read, STORE_OK);
    StoreStatus second = play(x.s, &b, 0, "b1");
    StoreStatus commit = store_batch_commit(x.s);
    int a_ply = ply_of(other, "a"), b_ply = ply_of(other, "b");
    if (commit == STORE_OK) {
        cr_assert_eq(a_ply, 1, "the batch answered OK: its first move is kept (read %d, second write %d)", read,
                     second);
        cr_assert_eq(b_ply, second == STORE_OK ? 1 : 0, "and its second if that was OK");
    } else {
        cr_assert_eq(a_ply, 0, "the batch failed: nothing kept");
        cr_assert_eq(b_ply, 0);
    }
    store_close(other);
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

/* ---- what is written is what is read ------------------------------------------ */

/* Every field of a game's row, each with a value of its own: numbers past
 * 32 bits and below zero, hashes with every byte value, the longest ids. */
static StoreGame every_field(void) {
    StoreGame g = new_game("abcdefghijklmnopqrstuvw");
    g.variant = 13;
    g.turn_limit = 250;
    g.initial_ms = 600000;
    g.increment_ms = 5000;
    for (int seat = 0; seat < STORE_SEATS; seat++)
        for (int i = 0; i < STORE_HASH_SIZE; i++) {
            g.token_hash[seat][i] = (uint8_t)(i * (seat + 1) + 255 * (seat & 1));
            g.invite_hash[seat][i] = (uint8_t)(i * 37 + 128 + seat);
        }
    g.joined[1] = true;
    g.joined[3] = true;
    g.status = GAME_ONGOING;
    g.clock_ms[0] = 5000000000LL;
    g.clock_ms[1] = -1234;
    g.clock_ms[2] = 7;
    g.clock_ms[3] = 6000000000LL;
    g.last_seen_ms[2] = 1764600000333LL;
    g.last_seen_ms[3] = 1764600000444LL;
    g.rematch_by = 1;
    g.open = true;
    g.creator = 3;
    snprintf(g.open_by, sizeof g.open_by, "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff");
    snprintf(g.name[0], sizeof g.name[0], "Zoë O'Brien-Smith_Jr.");
    snprintf(g.name[1], sizeof g.name[1], "山田 太郎");
    snprintf(g.name[3], sizeof g.name[3], "'quoted' \"both\" \\ and ; -- DROP TABLE games");
    g.turn_started_ms = 1764600000123LL;
    g.draw_offer = 1;
    snprintf(g.rematch, sizeof g.rematch, "rematch-0123456789abcde");
    snprintf(g.rematch_of, sizeof g.rematch_of, "of-0123456789abcdefghij");
    g.created_ms = 1764600000000LL;
    g.last_move_ms = 1764600000100LL;
    g.last_seen_ms[0] = 1764600000111LL;
    g.last_seen_ms[1] = 1764600000222LL;
    return g;
}

static void same_game(const StoreGame *r, const StoreGame *g) {
    cr_assert_str_eq(r->id, g->id);
    cr_assert_eq(r->variant, g->variant);
    cr_assert_eq(r->turn_limit, g->turn_limit);
    cr_assert_eq(r->initial_ms, g->initial_ms);
    cr_assert_eq(r->increment_ms, g->increment_ms);
    for (int seat = 0; seat < STORE_SEATS; seat++) {
        cr_assert_eq(memcmp(r->token_hash[seat], g->token_hash[seat], STORE_HASH_SIZE), 0, "token %d", seat);
        cr_assert_eq(memcmp(r->invite_hash[seat], g->invite_hash[seat], STORE_HASH_SIZE), 0, "invite %d", seat);
        cr_assert_eq(r->joined[seat], g->joined[seat], "joined %d", seat);
        cr_assert_eq(r->clock_ms[seat], g->clock_ms[seat], "clock %d", seat);
        cr_assert_eq(r->last_seen_ms[seat], g->last_seen_ms[seat], "seen %d", seat);
    }
    cr_assert_eq(r->rematch_by, g->rematch_by);
    cr_assert_eq(r->open, g->open);
    cr_assert_eq(r->creator, g->creator);
    cr_assert_str_eq(r->open_by, g->open_by);
    for (int seat = 0; seat < STORE_SEATS; seat++) cr_assert_str_eq(r->name[seat], g->name[seat], "name %d", seat);
    cr_assert_eq(r->status, g->status);
    cr_assert_eq(r->winner, g->winner);
    cr_assert_str_eq(r->reason, g->reason);
    cr_assert_eq(r->turn_started_ms, g->turn_started_ms);
    cr_assert_eq(r->draw_offer, g->draw_offer);
    cr_assert_str_eq(r->rematch, g->rematch);
    cr_assert_str_eq(r->rematch_of, g->rematch_of);
    cr_assert_eq(r->created_ms, g->created_ms);
    cr_assert_eq(r->last_move_ms, g->last_move_ms);
    cr_assert_eq(r->finished_ms, g->finished_ms);
    cr_assert_eq(r->ply, g->ply);
    cr_assert_eq(r->seq, g->seq);
}

typedef struct {
    int n;
    StoreGame games[8];
} Unfinished;

static void collect_game(void *ctx, const StoreGame *g) {
    Unfinished *u = ctx;
    if (u->n < 8) u->games[u->n] = *g;
    u->n++;
}

ON_BOTH(store, every_field_as_written) {
    Scratch x = scratch_store(backend, false);
    StoreGame g = every_field();
    cr_assert_eq(store_create(x.s, &g, CREATED, 1), STORE_OK);
    StoreGame r;
    cr_assert_eq(store_read(x.s, g.id, &r, NULL), STORE_OK);
    same_game(&r, &g);
    Unfinished u = {0};
    cr_assert_eq(store_each_unfinished(x.s, collect_game, &u), STORE_OK);
    cr_assert_eq(u.n, 1);
    same_game(&u.games[0], &g);
    g.status = GAME_FINISHED;
    g.winner = 1;
    snprintf(g.reason, sizeof g.reason, "threefold-reps");
    g.finished_ms = 1764600009999LL;
    g.draw_offer = -1;
    g.turn_started_ms = 0;
    cr_assert_eq(store_update(x.s, &g, NULL, 0), STORE_OK);
    cr_assert_eq(store_read(x.s, g.id, &r, NULL), STORE_OK);
    same_game(&r, &g);
    scratch_end(&x);
}

typedef struct {
    int n;
    char kinds[2][16];
    char data[2][256];
} Texts;

static void collect_text(void *ctx, int64_t seq, const char *kind, const char *data) {
    (void)seq;
    Texts *t = ctx;
    if (t->n < 2) {
        snprintf(t->kinds[t->n], sizeof t->kinds[0], "%s", kind);
        snprintf(t->data[t->n], sizeof t->data[0], "%s", data);
    }
    t->n++;
}

/* Events are opaque text: quotes, backslashes, dollars, percents and UTF-8
 * come back as they went, and an empty one; so does a move of the longest. */
ON_BOTH(store, event_and_move_text_as_written) {
    Scratch x = scratch_store(backend, false);
    StoreGame g = started(x.s, "g");
    const char *data = "{\"chat\":\"l'\\u00e9t\\u00e9 \\\\ $1 %s %% \\\"\xc3\xa9t\xc3\xa9 \xe2\x99\x9f\",\"n\":-0.5e3}";
    char move[STORE_MOVE_SIZE];
    memset(move, 'x', sizeof move - 1);
    move[sizeof move - 1] = '\0';
    memcpy(move, "p1-p2'\\", 7);
    StoreGame next = g;
    next.ply = 1;
    StoreEvent ev[2] = {{"move", data}, {"kind'\\", ""}};
    cr_assert_eq(store_append_move(x.s, &next, 0, move, ev, 2), STORE_OK);
    Texts t = {0};
    cr_assert_eq(store_events_after(x.s, "g", g.seq, collect_text, &t), STORE_OK);
    cr_assert_eq(t.n, 2);
    cr_assert_str_eq(t.kinds[0], "move");
    cr_assert_str_eq(t.data[0], data);
    cr_assert_str_eq(t.kinds[1], "kind'\\");
    cr_assert_str_eq(t.data[1], "");
    StoreGame r;
    char(*moves)[STORE_MOVE_SIZE];
    cr_assert_eq(store_read(x.s, "g", &r, &moves), STORE_OK);
    cr_assert_eq(r.ply, 1);
    cr_assert_str_eq(moves[0], move);
    free(moves);
    scratch_end(&x);
}

/* The games not finished, each once as it is: waiting and ongoing, not
 * finished, nor one expired. */
ON_BOTH(store, each_unfinished) {
    Scratch x = scratch_store(backend, false);
    Unfinished u = {0};
    cr_assert_eq(store_each_unfinished(x.s, collect_game, &u), STORE_OK);
    cr_assert_eq(u.n, 0, "none yet");
    StoreGame waiting = new_game("waiting");
    cr_assert_eq(store_create(x.s, &waiting, CREATED, 1), STORE_OK);
    StoreGame ongoing = started(x.s, "ongoing");
    cr_assert_eq(play(x.s, &ongoing, 0, "a1"), STORE_OK);
    StoreGame done = started(x.s, "done");
    done.status = GAME_FINISHED;
    done.finished_ms = 2000;
    cr_assert_eq(store_update(x.s, &done, NULL, 0), STORE_OK);
    cr_assert_eq(store_each_unfinished(x.s, collect_game, &u), STORE_OK);
    cr_assert_eq(u.n, 2);
    int w = strcmp(u.games[0].id, "waiting") ? 1 : 0;
    same_game(&u.games[w], &waiting);
    same_game(&u.games[1 - w], &ongoing);
    scratch_end(&x);
}

/* ---- two connections to one store: two servers ------------------------------- */

/* Both read a game; the second to write it from what it read is refused,
 * then goes on from the first's write. */
ON_BOTH(store, two_connections_one_game) {
    Scratch x = scratch_store(backend, true);
    Store *other = open_file(x.path);
    StoreGame g = started(x.s, "g"), h;
    cr_assert_eq(store_read(other, "g", &h, NULL), STORE_OK);
    cr_assert_eq(play(x.s, &g, 0, "a1"), STORE_OK);
    cr_assert_eq(play(other, &h, 0, "z1"), STORE_CONFLICT, "move 1 is played");
    StoreGame stale = h;
    stale.status = GAME_FINISHED;
    cr_assert_eq(store_update(other, &stale, NULL, 0), STORE_CONFLICT, "written since it was read");
    cr_assert_eq(store_read(other, "g", &h, NULL), STORE_OK);
    cr_assert_eq(h.ply, 1);
    cr_assert_eq(play(other, &h, 1, "b1"), STORE_OK);
    StoreGame r;
    char(*moves)[STORE_MOVE_SIZE];
    cr_assert_eq(store_read(x.s, "g", &r, &moves), STORE_OK);
    cr_assert_eq(r.ply, 2);
    cr_assert_eq(r.status, GAME_ONGOING);
    cr_assert_str_eq(moves[0], "a1");
    cr_assert_str_eq(moves[1], "b1");
    free(moves);
    store_close(other);
    scratch_end(&x);
}

/* Ends the test (killed by SIGALRM: a crash) if it hangs: Criterion's
 * .timeout does not always fire when tests run in parallel (--jobs 2). */
static void watchdog(unsigned seconds) { alarm(seconds); }

static double now_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

/* Another connection's batch holds the game (a server stuck in the middle of
 * its commit): a write waits, then is refused with nothing changed, rather
 * than wait for ever (docs/ONLINE.md: locked for over a second, 503).  Once
 * the batch commits, its move decides. */
ON_BOTH(store, a_write_held_by_another_connection_is_unavailable, .timeout = 60) {
    watchdog(60);
    Scratch x = scratch_store(backend, true);
    Store *other = open_file(x.path);
    StoreGame g = started(x.s, "g"), h = g;
    cr_assert_eq(store_batch_begin(other), STORE_OK);
    cr_assert_eq(play(other, &h, 0, "a1"), STORE_OK);
    double t0 = now_s();
    StoreGame mine = g;
    cr_assert_eq(play(x.s, &mine, 0, "z1"), STORE_UNAVAILABLE);
    double waited = now_s() - t0;
    cr_assert(waited < 10, "refused after %.1f s", waited);
    cr_assert_eq(mine.seq, g.seq);
    cr_assert_eq(store_batch_commit(other), STORE_OK);
    cr_assert_eq(play(x.s, &mine, 0, "z1"), STORE_CONFLICT, "the batch's move 1 was first");
    StoreGame r;
    char(*moves)[STORE_MOVE_SIZE];
    cr_assert_eq(store_read(x.s, "g", &r, &moves), STORE_OK);
    cr_assert_eq(r.ply, 1);
    cr_assert_str_eq(moves[0], "a1");
    free(moves);
    store_close(other);
    scratch_end(&x);
}

/* ---- notices: several servers on one store ------------------------------------- */

/* An SQLite file has one server: no notices. */
Test(store_sqlite, not_shared) {
    Scratch x = scratch_store(BACKEND_SQLITE, true);
    cr_assert(!store_shared(x.s));
    started(x.s, "g");
    store_announce_seen(x.s, "g", 1, 5);
    StoreNotice n;
    cr_assert_eq(store_next_notice(x.s, &n, 10), STORE_NOT_FOUND);
    scratch_end(&x);
}

typedef struct {
    int n;
    StoreNotice all[32];
} Notices;

/* The notices that come until none has for quiet_ms; the answer that ended it. */
static StoreStatus drain(Store *s, Notices *got, int quiet_ms) {
    StoreNotice n;
    StoreStatus st;
    got->n = 0;
    while ((st = store_next_notice(s, &n, quiet_ms)) == STORE_OK)
        if (got->n < 32) got->all[got->n++] = n;
    return st;
}

/* The last seq of the events notices for game id, or -1 if none came. */
static int64_t noticed_seq(const Notices *got, const char *id) {
    int64_t seq = -1;
    for (int i = 0; i < got->n; i++)
        if (got->all[i].kind == NOTICE_EVENTS && !strcmp(got->all[i].id, id) && got->all[i].seq > seq)
            seq = got->all[i].seq;
    return seq;
}

/* Another connection hears of each write once committed, never before nor
 * of a write refused or undone, and of a seat seen; not of its own. */
Test(store_pg, notices_of_another_connection, .timeout = 60) {
    Scratch x = scratch_store(BACKEND_PG, true);
    Store *other = open_file(x.path);
    cr_assert(store_shared(x.s) && store_shared(other));
    Notices got;
    cr_assert_eq(drain(other, &got, 200), STORE_NOT_FOUND);
    cr_assert_eq(got.n, 0, "nothing written yet");

    StoreGame g = started(x.s, "g");
    cr_assert_eq(drain(other, &got, 500), STORE_NOT_FOUND);
    cr_assert_eq(noticed_seq(&got, "g"), 2, "the creation's and the join's events");
    cr_assert_eq(drain(x.s, &got, 200), STORE_NOT_FOUND);
    cr_assert_eq(got.n, 0, "not its own writes");

    StoreGame stale = g;
    cr_assert_eq(play(x.s, &stale, 3, "z1"), STORE_CONFLICT);
    cr_assert_eq(drain(other, &got, 300), STORE_NOT_FOUND);
    cr_assert_eq(got.n, 0, "nothing of a refused write");

    StoreGame h = started(x.s, "h");
    drain(other, &got, 300);
    cr_assert_eq(store_batch_begin(x.s), STORE_OK);
    cr_assert_eq(play(x.s, &g, 0, "a1"), STORE_OK);
    cr_assert_eq(play(x.s, &h, 0, "a1"), STORE_OK);
    cr_assert_eq(play(x.s, &g, 1, "b1"), STORE_OK);
    cr_assert_eq(drain(other, &got, 300), STORE_NOT_FOUND);
    cr_assert_eq(got.n, 0, "nothing of a batch before its commit");
    cr_assert_eq(store_batch_commit(x.s), STORE_OK);
    cr_assert_eq(drain(other, &got, 500), STORE_NOT_FOUND);
    cr_assert_eq(noticed_seq(&got, "g"), 4);
    cr_assert_eq(noticed_seq(&got, "h"), 3);

    cr_assert_eq(store_batch_begin(x.s), STORE_OK);
    StoreGame undone = g;
    cr_assert_eq(play(x.s, &undone, 2, "c1"), STORE_OK);
    store_batch_abort(x.s);
    cr_assert_eq(drain(other, &got, 300), STORE_NOT_FOUND);
    cr_assert_eq(got.n, 0, "nothing of a batch aborted");

    store_announce_seen(x.s, "g", 1, 424242);
    cr_assert_eq(drain(other, &got, 500), STORE_NOT_FOUND);
    cr_assert_eq(got.n, 1);
    cr_assert_eq(got.all[0].kind, NOTICE_SEEN);
    cr_assert_str_eq(got.all[0].id, "g");
    cr_assert_eq(got.all[0].seat, 1);
    cr_assert_eq(got.all[0].ms, 424242);
    store_close(other);
    scratch_end(&x);
}

/* Stores on another database of the same server hear nothing of this one's. */
Test(store_pg, notices_stay_in_their_database, .timeout = 30) {
    Scratch x = scratch_store(BACKEND_PG, true), y = scratch_store(BACKEND_PG, true);
    Notices got;
    drain(y.s, &got, 100);
    started(x.s, "g");
    store_announce_seen(x.s, "g", 0, 7);
    cr_assert_eq(drain(y.s, &got, 500), STORE_NOT_FOUND);
    cr_assert_eq(got.n, 0);
    scratch_end(&y);
    scratch_end(&x);
}

/* ---- PostgreSQL's own ---------------------------------------------------------- */

/* store_open takes postgres:// as well as postgresql://, and "pg:" with a
 * key=value string: the same database each way. */
Test(store_pg, uri_and_keyword_forms) {
    Scratch x = scratch_store(BACKEND_PG, true);
    started(x.s, "g");
    char uri[300], keywords[512];
    snprintf(uri, sizeof uri, "postgres://%s", strstr(x.path, "://") + 3);
    pg_keywords(x.path, keywords, sizeof keywords);
    const char *forms[] = {uri, keywords};
    for (int i = 0; i < 2; i++) {
        Store *s = open_file(forms[i]);
        StoreGame r;
        cr_assert_eq(store_read(s, "g", &r, NULL), STORE_OK, "%s", forms[i]);
        cr_assert_eq(r.seq, 2);
        store_close(s);
    }
    char err[256] = "";
    char *bad = strstr(keywords, "dbname='");
    cr_assert(bad);
    memcpy(bad + 8, "zz", 2); /* t_... becomes zz..., a database that is not there */
    cr_assert_null(store_open(keywords, err, sizeof err));
    cr_assert_neq(err[0], '\0', "says why");
    scratch_end(&x);
}

/* A server starting while another holds the schema's lock for longer than a
 * move's write may wait (lock_timeout, a second) opens its store once the
 * lock is let go, rather than fail (as six servers started together on a
 * busy machine did). */
Test(store_pg, a_server_waits_for_another_making_the_tables, .timeout = 60) {
    watchdog(60);
    char path[256];
    temp_store(BACKEND_PG, path, sizeof path);
    PGconn *holder = PQconnectdb(path);
    cr_assert_eq(PQstatus(holder), CONNECTION_OK, "%s", PQerrorMessage(holder));
    /* The lock every server takes to make the tables ("halm"). */
    PQclear(PQexec(holder, "BEGIN"));
    PGresult *held = PQexec(holder, "SELECT pg_advisory_xact_lock(1751215213)");
    cr_assert_eq(PQresultStatus(held), PGRES_TUPLES_OK, "%s", PQerrorMessage(holder));
    PQclear(held);
    pid_t child = fork();
    cr_assert(child >= 0);
    if (child == 0) {
        char err[256];
        Store *s = store_open(path, err, sizeof err);
        if (!s) fprintf(stderr, "%s\n", err);
        _exit(s ? 0 : 3);
    }
    struct timespec wait = {1, 500000000};
    nanosleep(&wait, NULL);
    PQclear(PQexec(holder, "COMMIT"));
    int status;
    waitpid(child, &status, 0);
    PQfinish(holder);
    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the store opened after the wait (status %d)", status);
    remove_store(path);
}

/* Servers started together on an empty database: each opens its store (the
 * tables made once, not raced), and each sees the others' games. */
Test(store_pg, servers_starting_together_on_an_empty_database, .timeout = 60) {
    watchdog(60);
    char path[256];
    temp_store(BACKEND_PG, path, sizeof path);
    enum { SERVERS = 6 };
    pid_t pids[SERVERS];
    for (int k = 0; k < SERVERS; k++) {
        pids[k] = fork();
        cr_assert(pids[k] >= 0);
        if (pids[k] == 0) {
            char err[256], id[8];
            Store *s = store_open(path, err, sizeof err);
            if (!s) {
                fprintf(stderr, "server %d: %s\n", k, err);
                _exit(3);
            }
            snprintf(id, sizeof id, "s%d", k);
            StoreGame g = new_game(id);
            _exit(store_create(s, &g, CREATED, 1) == STORE_OK ? 0 : 4);
        }
    }
    for (int k = 0; k < SERVERS; k++) {
        int status;
        waitpid(pids[k], &status, 0);
        cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "server %d: status %d", k, status);
    }
    Store *s = open_file(path);
    for (int k = 0; k < SERVERS; k++) {
        char id[8];
        snprintf(id, sizeof id, "s%d", k);
        cr_assert_eq(ply_of(s, id), 0, "game %s is there", id);
    }
    store_close(s);
    remove_store(path);
}

/* A server of this test's own, stopped and started while other tests go on
 * on HALMA_TEST_PG's; stopped and removed however the test ends. */
static char own_dir[64];

static void own_server_stop(void) {
    if (*own_dir) pg_server("stop", own_dir);
}

/* Reads game id once the server is back: a store out of reach tries to
 * connect again at most every 250 ms (store_pg.c), the calls between failing
 * at once, so the first success may take that long, and no longer. */
static void read_when_back(Store *s, const char *id, StoreGame *r) {
    double t0 = now_s();
    StoreStatus st;
    while ((st = store_read(s, id, r, NULL)) == STORE_UNAVAILABLE && now_s() - t0 < 1)
        nanosleep(&(struct timespec){0, 20 * 1000000L}, NULL);
    cr_assert_eq(st, STORE_OK, "the same store works again within a second (%.2f s)", now_s() - t0);
}

/* The server goes away: every call answers STORE_UNAVAILABLE with nothing
 * changed (a batch then keeps nothing), no new store opens, the listening
 * side says so; once it is back the same stores work again within a moment,
 * and the first news is NOTICE_RESYNC. */
Test(store_pg, a_server_down_is_unavailable_until_it_is_back, .timeout = 120, .fini = own_server_stop) {
    watchdog(120);
    char url[256], err[256];
    pg_server_start(own_dir, sizeof own_dir, url, sizeof url);
    Store *s = open_file(url), *other = open_file(url);
    StoreGame g = started(s, "g");
    cr_assert_eq(play(s, &g, 0, "a1"), STORE_OK);
    Notices got;
    drain(other, &got, 300);

    pg_server("pause", own_dir);
    StoreGame before = g, r;
    cr_assert_eq(play(s, &g, 1, "b1"), STORE_UNAVAILABLE, "the server is down");
    cr_assert_eq(g.seq, before.seq);
    cr_assert_eq(store_read(s, "g", &r, NULL), STORE_UNAVAILABLE);
    cr_assert_eq(store_touch(s, "g", 0, 99), STORE_UNAVAILABLE);
    cr_assert_eq(store_batch_begin(s), STORE_UNAVAILABLE);
    StoreNotice n;
    StoreStatus st = STORE_NOT_FOUND;
    for (int i = 0; i < 10 && st == STORE_NOT_FOUND; i++) st = store_next_notice(other, &n, 200);
    cr_assert_eq(st, STORE_UNAVAILABLE, "the listening side finds the server gone (%d)", st);
    cr_assert_null(store_open(url, err, sizeof err), "no store opens");

    pg_server("resume", own_dir);
    read_when_back(s, "g", &r);
    cr_assert_eq(r.ply, 1);
    cr_assert_eq(r.seq, before.seq);
    cr_assert_eq(play(s, &g, 1, "b1"), STORE_OK);
    st = STORE_UNAVAILABLE;
    for (int i = 0; i < 50 && st != STORE_OK; i++) st = store_next_notice(other, &n, 200);
    cr_assert_eq(st, STORE_OK, "the listening side hears again");
    cr_assert_eq(n.kind, NOTICE_RESYNC, "first: news may have been missed");

    /* down between a batch's writes and its commit */
    cr_assert_eq(store_batch_begin(s), STORE_OK);
    StoreGame lost = g;
    cr_assert_eq(play(s, &lost, 2, "a2"), STORE_OK);
    pg_server("pause", own_dir);
    cr_assert_eq(store_batch_commit(s), STORE_UNAVAILABLE);
    pg_server("resume", own_dir);
    read_when_back(s, "g", &r);
    cr_assert_eq(r.ply, 2, "nothing of the batch");
    cr_assert_eq(r.seq, g.seq);
    cr_assert_eq(play(s, &g, 2, "a2"), STORE_OK);
    store_close(other);
    store_close(s);
}
