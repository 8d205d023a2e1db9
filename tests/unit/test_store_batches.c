/*
 * test_store_batches.c: batches of the store (src/online/store.h): several games'
 * writes in one commit, seen by another connection all at once, a refused
 * write or read undoing nothing else, an aborted batch keeping nothing; and a
 * long game's writes.
 * Each on SQLite (store_sqlite::) and on PostgreSQL (store_pg::, a fresh
 * database on HALMA_TEST_PG's server) unless its own backend's; the
 * fixtures in store_fixtures.h.
 */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>

#include "store_fixtures.h"

/* ---- batches: several games' writes in one commit ------------------------------ */

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
