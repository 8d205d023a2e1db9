/*
 * test_store_games.c: the store of online games (src/online/store.h), one game at a
 * time: create, join, moves and the expected-ply rule, updates, events,
 * touch and expiry; and what is written is what is read, every field and
 * every text.
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

/* ---- what is written is what is read ------------------------------------------ */

/* Every field of a game's row, each with a value of its own: numbers past
 * 32 bits and below zero, hashes with every byte value, the longest ids. */
static StoreGame every_field(void) {
    StoreGame g = new_game("abcdefghijklmnopqrstuvw");
    g.variant = 13;
    g.rules = 1; /* nospoil */
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
    cr_assert_eq(r->rules, g->rules);
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
