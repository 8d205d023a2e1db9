/*
 * test_lobby.c: the lobby (online/lobby.h): open games enter it, are shown
 * anew when they change and leave when they are no longer open, each change
 * an event to every lobby stream (open with the game, closed with its id);
 * its page lists the newest 200 (a batch's changes reach it only once the
 * batch commits: test_writer.c); a reload from the store makes it the store's.  The streams have no
 * connection (as in test_hub.c).
 */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "online/events.h"
#include "online/lobby.h"
#include "online/store.h"

/* A game as the tests' lobby shows it: its id, its names and when it was made. */
static json_t *render(void *ctx, const StoreGame *g) {
    (*(int *)ctx)++;
    return json_pack("{s:s, s:I, s:s}", "id", g->id, "created_ms", (json_int_t)g->created_ms, "w", g->name[0]);
}

static StoreGame open_row(const char *id, int64_t created_ms) {
    StoreGame g = {.status = GAME_WAITING, .open = true, .created_ms = created_ms};
    snprintf(g.id, sizeof g.id, "%s", id);
    return g;
}

/* What the stream was sent since last asked, once the lobby's sender has sent all. */
static Lobby *sender;
static const char *taken(Stream *s) {
    if (sender) lobby_flush(sender);
    static char text[1 << 16];
    text[stream_take(s, text, sizeof text - 1)] = '\0';
    return text;
}

typedef struct {
    Hub *hub;
    Stream *stream;
    Lobby *lobby;
    int rendered;
} Fixture;

static Fixture fixture(void) {
    Fixture f = {.hub = hub_new(NULL, NULL)};
    f.lobby = lobby_new(f.hub, render, &f.rendered);
    sender = f.lobby;
    f.stream = stream_new(f.hub, NULL, "lobby-0", "127.0.0.1");
    stream_attach(f.hub, f.stream, 0);
    return f;
}

static void fixture_end(Fixture *f) {
    sender = NULL;
    stream_discard(f->stream);
    lobby_free(f->lobby);
    hub_free(f->hub);
}

static char *page(Lobby *l) {
    size_t n;
    char *text = lobby_page(l, &n);
    cr_assert_not_null(text);
    cr_assert_eq(strlen(text), n);
    return text;
}

Test(lobby, games_enter_change_and_leave_with_their_events) {
    Fixture f = fixture();
    StoreGame g = open_row("g1", 1000);
    lobby_changed(f.lobby, &g);
    cr_assert_str_eq(taken(f.stream), "event: open\ndata: {\"id\":\"g1\",\"created_ms\":1000,\"w\":\"\"}\n\n");
    lobby_changed(f.lobby, &g);
    cr_assert_str_eq(taken(f.stream), "", "shown as it was: no event");
    snprintf(g.name[0], sizeof g.name[0], "Ada");
    lobby_changed(f.lobby, &g);
    cr_assert_str_eq(taken(f.stream), "event: open\ndata: {\"id\":\"g1\",\"created_ms\":1000,\"w\":\"Ada\"}\n\n");
    char *text = page(f.lobby);
    cr_assert_str_eq(text, "{\"games\":[{\"id\":\"g1\",\"created_ms\":1000,\"w\":\"Ada\"}]}");
    free(text);
    g.status = GAME_ONGOING; /* its seats all taken */
    lobby_changed(f.lobby, &g);
    cr_assert_str_eq(taken(f.stream), "event: closed\ndata: {\"id\":\"g1\"}\n\n");
    cr_assert_eq(lobby_size(f.lobby), 0);
    lobby_changed(f.lobby, &g);
    cr_assert_str_eq(taken(f.stream), "", "a game not in the lobby leaves it once");
    StoreGame closed = open_row("g2", 1000);
    closed.open = false;
    lobby_changed(f.lobby, &closed);
    cr_assert_str_eq(taken(f.stream), "", "a game not open never enters");
    text = page(f.lobby);
    cr_assert_str_eq(text, "{\"games\":[]}");
    free(text);
    fixture_end(&f);
}

Test(lobby, the_page_holds_the_newest_200) {
    Fixture f = fixture();
    for (int k = 0; k < 250; k++) {
        char id[16];
        snprintf(id, sizeof id, "g%03d", k);
        StoreGame g = open_row(id, 1000 + k / 2); /* two a millisecond: the id orders them */
        lobby_changed(f.lobby, &g);
    }
    cr_assert_eq(lobby_size(f.lobby), 250);
    char *text = page(f.lobby);
    json_t *p = json_loads(text, 0, NULL);
    json_t *games = json_object_get(p, "games");
    cr_assert_eq(json_array_size(games), 200);
    int64_t last = INT64_MAX;
    for (size_t k = 0; k < 200; k++) {
        int64_t t = json_integer_value(json_object_get(json_array_get(games, k), "created_ms"));
        cr_assert_leq(t, last, "newest first");
        last = t;
    }
    cr_assert_eq(last, 1000 + 50 / 2, "the 200 newest");
    json_decref(p);
    free(text);
    int rendered = f.rendered;
    free(page(f.lobby));
    cr_assert_eq(f.rendered, rendered, "the page is kept, not made again, until a change");
    fixture_end(&f);
}

static void collect(void *ctx, const StoreGame *g) { (*(int *)ctx) += g->open; }

Test(lobby, reloaded_as_the_store_has_it) {
    Fixture f = fixture();
    char err[128];
    Store *store = store_open(":memory:", err, sizeof err);
    cr_assert_not_null(store, "%s", err);
    StoreGame kept = open_row("kept", 1), gone = open_row("gone", 2), fresh = open_row("fresh", 3);
    lobby_changed(f.lobby, &kept);
    lobby_changed(f.lobby, &gone); /* left meanwhile, on another server: not in the store */
    cr_assert_eq(store_create_open(store, &kept, 5, NULL, 0), STORE_OK);
    cr_assert_eq(store_create_open(store, &fresh, 5, NULL, 0), STORE_OK);
    taken(f.stream);
    cr_assert(lobby_reload(f.lobby, store));
    const char *events = taken(f.stream);
    cr_assert(strstr(events, "event: closed\ndata: {\"id\":\"gone\"}"), "%s", events);
    cr_assert(strstr(events, "\"id\":\"fresh\""), "%s", events);
    cr_assert_eq(strstr(events, "\"id\":\"kept\""), NULL, "unchanged: no event");
    cr_assert_eq(lobby_size(f.lobby), 2);
    int open = 0;
    lobby_each(f.lobby, collect, &open);
    cr_assert_eq(open, 2);
    store_close(store);
    fixture_end(&f);
}
