/* store_fixtures.c: what the store's tests share (store_fixtures.h). */
#define _POSIX_C_SOURCE 200809L
#include "store_fixtures.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

Store *open_file(const char *path) {
    char err[256];
    Store *s = store_open(path, err, sizeof err);
    cr_assert(s, "%s: %s", path, err);
    return s;
}

Scratch scratch_store(Backend b, bool shared) {
    Scratch x;
    if (b == BACKEND_SQLITE && !shared)
        snprintf(x.path, sizeof x.path, ":memory:");
    else
        temp_store(b, x.path, sizeof x.path);
    x.s = open_file(x.path);
    return x;
}

void scratch_end(Scratch *x) {
    store_close(x->s);
    remove_store(x->path);
}

StoreGame new_game(const char *id) {
    StoreGame g = {.variant = 19, .turn_limit = 400, .initial_ms = -1, .winner = -1, .draw_offer = -1,
                   .created_ms = 1000};
    snprintf(g.id, sizeof g.id, "%s", id);
    g.joined[0] = true;
    memset(g.token_hash[0], 0xaa, STORE_HASH_SIZE);
    memset(g.invite_hash, 0xbb, STORE_HASH_SIZE);
    return g;
}

const StoreEvent CREATED[1] = {{"game", "{\"created\":1}"}};
const StoreEvent JOINED[1] = {{"seats", "{\"b\":1}"}};

StoreGame started(Store *s, const char *id) {
    StoreGame g = new_game(id);
    cr_assert_eq(store_create(s, &g, CREATED, 1), STORE_OK);
    g.joined[1] = true;
    g.status = GAME_ONGOING;
    cr_assert_eq(store_join(s, &g, 1, JOINED, 1), STORE_OK);
    return g;
}

StoreStatus play(Store *s, StoreGame *g, int expected, const char *move) {
    StoreGame next = *g;
    next.ply = expected + 1;
    StoreEvent ev = {"move", move};
    StoreStatus st = store_append_move(s, &next, expected, move, &ev, 1);
    if (st == STORE_OK) *g = next;
    return st;
}

int ply_of(Store *s, const char *id) {
    StoreGame g;
    cr_assert_eq(store_read(s, id, &g, NULL), STORE_OK);
    return g.ply;
}

void collect(void *ctx, int64_t seq, const char *kind, const char *data) {
    (void)data;
    Seen *seen = ctx;
    seen->seqs[seen->n] = seq;
    snprintf(seen->kinds[seen->n], sizeof seen->kinds[0], "%s", kind);
    seen->n++;
}

void watchdog(unsigned seconds) { alarm(seconds); }

double now_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

StoreStatus drain(Store *s, Notices *got, int quiet_ms) {
    StoreNotice n;
    StoreStatus st;
    got->n = 0;
    while ((st = store_next_notice(s, &n, quiet_ms)) == STORE_OK)
        if (got->n < 32) got->all[got->n++] = n;
    return st;
}
