/*
 * test_watchers.c: the games' watchers (online/watchers.h): the hub counts
 * each game's streams as they open and go, the other servers' counts add up
 * with this server's (its own number heard back is not counted twice), and
 * the game's streams are told the count once it settles, in one event for
 * a crowd.  The streams have no connection (as in test_hub.c).
 */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <string.h>
#include <time.h>

#include "online/events.h"
#include "online/game_clock.h"
#include "online/store.h"
#include "online/watchers.h"

static Store *memory_store(void) {
    char err[128];
    Store *s = store_open(":memory:", err, sizeof err);
    cr_assert_not_null(s, "%s", err);
    return s;
}

static Stream *attached(Hub *h, const char *id) {
    Stream *s = stream_new(h, NULL, id, "127.0.0.1");
    cr_assert_not_null(s);
    stream_attach(h, s, 0);
    return s;
}

static void pause_ms(int ms) {
    struct timespec t = {.tv_sec = ms / 1000, .tv_nsec = (long)(ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

/* Waits up to 3 s for the stream to have been given `want`. */
static void told(Stream *s, const char *want) {
    char text[4096];
    size_t n = 0;
    for (int tries = 0; tries < 60; tries++) {
        n += stream_take(s, text + n, sizeof text - 1 - n);
        text[n] = '\0';
        if (strstr(text, want)) return;
        pause_ms(50);
    }
    cr_assert_fail("no \"%s\" within 3 s; got \"%s\"", want, text);
}

Test(watchers, streams_counted_as_they_open_and_go) {
    Hub *h = hub_new(NULL, NULL);
    Store *store = memory_store();
    Watchers *w = watchers_start(h, store);
    hub_on_count(h, watchers_counted, w);
    cr_assert_eq(watchers_count(w, "g1"), 0);
    Stream *a = attached(h, "g1"), *b = attached(h, "g1"), *other = attached(h, "g2");
    cr_assert_eq(watchers_count(w, "g1"), 2);
    cr_assert_eq(watchers_count(w, "g2"), 1);
    told(a, "event: watchers\ndata: {\"watchers\":2}\n\n");
    stream_discard(b);
    cr_assert_eq(watchers_count(w, "g1"), 1);
    told(a, "{\"watchers\":1}");
    Stream *unattached = stream_new(h, NULL, "g1", "127.0.0.1");
    stream_discard(unattached);
    cr_assert_eq(watchers_count(w, "g1"), 1, "a stream that never opened is not counted");
    stream_discard(a);
    stream_discard(other);
    cr_assert_eq(watchers_count(w, "g1"), 0);
    hub_on_count(h, NULL, NULL);
    watchers_stop(w);
    store_close(store);
    hub_free(h);
}

Test(watchers, other_servers_counts_add_up) {
    Hub *h = hub_new(NULL, NULL);
    Store *store = memory_store();
    Watchers *w = watchers_start(h, store);
    hub_on_count(h, watchers_counted, w);
    Stream *a = attached(h, "g1");
    int64_t now = clock_now_ms();
    watchers_heard(w, 0x1234, "g1", 3, now);
    watchers_heard(w, 0x5678, "g1", 2, now);
    cr_assert_eq(watchers_count(w, "g1"), 6);
    told(a, "{\"watchers\":6}");
    watchers_heard(w, 0x1234, "g1", 1, now);
    cr_assert_eq(watchers_count(w, "g1"), 4, "a server's count replaces what it said before");
    watchers_heard(w, watchers_server(w), "g1", 10, now);
    cr_assert_eq(watchers_count(w, "g1"), 4, "this server's own notice is not another server's");
    watchers_heard(w, 0x5678, "g1", 0, now);
    watchers_heard(w, 0x1234, "g1", 2, now - 60 * 1000);
    cr_assert_eq(watchers_count(w, "g1"), 1, "a count not told again for a minute has lapsed");
    watchers_heard(w, 0x9abc, "g3", 5, now);
    cr_assert_eq(watchers_count(w, "g3"), 5, "a game with no stream here");
    stream_discard(a);
    hub_on_count(h, NULL, NULL);
    watchers_stop(w);
    store_close(store);
    hub_free(h);
}

Test(watchers, a_crowd_is_one_event) {
    Hub *h = hub_new(NULL, NULL);
    Store *store = memory_store();
    Watchers *w = watchers_start(h, store);
    hub_on_count(h, watchers_counted, w);
    Stream *first = attached(h, "g1");
    told(first, "{\"watchers\":1}");
    Stream *crowd[20];
    for (int k = 0; k < 20; k++) crowd[k] = attached(h, "g1");
    told(first, "{\"watchers\":21}");
    char rest[4096];
    rest[stream_take(first, rest, sizeof rest - 1)] = '\0';
    cr_assert_eq(strstr(rest, "watchers"), NULL, "nothing after the count settled: %s", rest);
    for (int k = 0; k < 20; k++) stream_discard(crowd[k]);
    stream_discard(first);
    hub_on_count(h, NULL, NULL);
    watchers_stop(w);
    store_close(store);
    hub_free(h);
}
