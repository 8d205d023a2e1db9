/*
 * test_store_backends.c: what is one backend's own in the store (src/online/store.h):
 * an SQLite file in WAL with synchronous FULL, locked or read-only; PostgreSQL's
 * URIs, servers starting together on an empty database, and a server that
 * goes away and comes back.
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

#include "store_fixtures.h"

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

/* SQL run on a store's file or database by a connection of the test's own. */
static void run_sql(Backend b, const char *path, const char *sql) {
    if (b == BACKEND_SQLITE) {
        sqlite3 *db;
        cr_assert_eq(sqlite3_open(path, &db), SQLITE_OK);
        char *err = NULL;
        cr_assert_eq(sqlite3_exec(db, sql, NULL, NULL, &err), SQLITE_OK, "%s: %s", sql, err ? err : "");
        sqlite3_close(db);
        return;
    }
    PGconn *db = PQconnectdb(path);
    cr_assert_eq(PQstatus(db), CONNECTION_OK, "%s", PQerrorMessage(db));
    PGresult *r = PQexec(db, sql);
    cr_assert_eq(PQresultStatus(r), PGRES_COMMAND_OK, "%s: %s", sql, PQerrorMessage(db));
    PQclear(r);
    PQfinish(db);
}

/* A store written before the house rule (its games table without the rules
 * column) opens: the column is added, the games already there read the
 * seeds' rules (0), and a new game keeps its own. */
ON_BOTH(store, a_store_before_the_rules_reads_standard) {
    char path[256];
    temp_store(backend, path, sizeof path);
    Store *s = open_file(path);
    StoreGame g = new_game("old");
    g.rules = 1;
    cr_assert_eq(store_create(s, &g, CREATED, 1), STORE_OK);
    store_close(s);
    run_sql(backend, path, "ALTER TABLE games DROP COLUMN rules");
    s = open_file(path);
    StoreGame r;
    cr_assert_eq(store_read(s, "old", &r, NULL), STORE_OK);
    cr_assert_eq(r.rules, 0, "a game of before the rules plays the seeds'");
    StoreGame house = new_game("new");
    house.rules = 1;
    cr_assert_eq(store_create(s, &house, CREATED, 1), STORE_OK);
    cr_assert_eq(store_read(s, "new", &r, NULL), STORE_OK);
    cr_assert_eq(r.rules, 1);
    store_close(s);
    s = open_file(path); /* and again, the column there */
    cr_assert_eq(store_read(s, "new", &r, NULL), STORE_OK);
    cr_assert_eq(r.rules, 1);
    store_close(s);
    remove_store(path);
}

/* A server starting beside others already serving, on a database whose
 * tables and columns are all there, alters nothing: it opens while another
 * session holds the games table (as any read does), where an ALTER TABLE
 * would wait for it (and fail after the schema's minute). */
Test(store_pg, an_up_to_date_store_opens_beside_a_reader_of_the_games, .timeout = 120) {
    watchdog(120);
    char path[256];
    temp_store(BACKEND_PG, path, sizeof path);
    store_close(open_file(path));
    PGconn *holder = PQconnectdb(path);
    cr_assert_eq(PQstatus(holder), CONNECTION_OK, "%s", PQerrorMessage(holder));
    PQclear(PQexec(holder, "BEGIN"));
    PGresult *held = PQexec(holder, "LOCK TABLE games IN ACCESS SHARE MODE");
    cr_assert_eq(PQresultStatus(held), PGRES_COMMAND_OK, "%s", PQerrorMessage(holder));
    PQclear(held);
    pid_t child = fork();
    cr_assert(child >= 0);
    if (child == 0) {
        char err[256];
        Store *s = store_open(path, err, sizeof err);
        if (!s) fprintf(stderr, "%s\n", err);
        _exit(s ? 0 : 3);
    }
    int status;
    waitpid(child, &status, 0);
    PQclear(PQexec(holder, "COMMIT"));
    PQfinish(holder);
    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the store opened with the table held (status %d)", status);
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
