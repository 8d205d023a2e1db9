/*
 * test_store_servers.c: two connections to one store (src/online/store.h), as two
 * servers: a write from a stale read refused, a batch of another holding a
 * game; and the notices each hears of the other's writes.
 * Each on SQLite (store_sqlite::) and on PostgreSQL (store_pg::, a fresh
 * database on HALMA_TEST_PG's server) unless its own backend's; the
 * fixtures in store_fixtures.h.
 */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_fixtures.h"

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

/* A server starting beside one in the middle of a write does not wait for it:
 * the schema, already there, is not created again (its index's creation
 * would lock the games table until the write ends, lock_timeout's 60 s). */
Test(store_pg, a_server_starting_beside_a_write_in_progress_does_not_wait_for_it, .timeout = 60) {
    watchdog(30);
    Scratch x = scratch_store(BACKEND_PG, true);
    StoreGame g = started(x.s, "g");
    cr_assert_eq(store_batch_begin(x.s), STORE_OK);
    cr_assert_eq(play(x.s, &g, 0, "a1"), STORE_OK);
    Store *starting = open_file(x.path);
    cr_assert_not_null(starting);
    cr_assert_eq(store_batch_commit(x.s), STORE_OK);
    store_close(starting);
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
