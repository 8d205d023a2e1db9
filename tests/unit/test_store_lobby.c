/*
 * test_store_lobby.c: the lobby's games in the store (src/online/store.h): open games
 * counted and limited per address, inside a batch too.
 * Each on SQLite (store_sqlite::) and on PostgreSQL (store_pg::, a fresh
 * database on HALMA_TEST_PG's server) unless its own backend's; the
 * fixtures in store_fixtures.h.
 */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <stdio.h>

#include "store_fixtures.h"

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
