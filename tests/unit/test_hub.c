/*
 * test_hub.c: the hub's event numbers (events.h): an event reaches each
 * stream once and in order, however often it is published, as when a
 * stream's catch-up overlaps a live event or a server hears of its own
 * writes; and the lowest number each game's streams have.  The streams have
 * no connection: nothing here suspends one, and stream_take reads them.
 */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "online/events.h"

/* What the stream has been given since last asked. */
static const char *taken(Stream *s) {
    static char text[4096];
    text[stream_take(s, text, sizeof text - 1)] = '\0';
    return text;
}

/* A stream of game id, caught up to seq. */
static Stream *attached(Hub *h, const char *id, int64_t seq) {
    Stream *s = stream_new(h, NULL, id, "127.0.0.1");
    cr_assert_not_null(s);
    stream_attach(h, s, seq);
    return s;
}

Test(hub, an_event_already_sent_is_not_sent_again) {
    Hub *h = hub_new(NULL, NULL);
    Stream *s = attached(h, "g1", 0);
    cr_assert_eq(hub_publish_event(h, "g1", 1, "id: 1\n\n"), 0);
    cr_assert_eq(hub_publish_event(h, "g1", 2, "id: 2\n\n"), 0);
    cr_assert_str_eq(taken(s), "id: 1\n\nid: 2\n\n");
    cr_assert_eq(hub_publish_event(h, "g1", 2, "id: 2\n\n"), 0, "a server hears of its own write");
    cr_assert_eq(hub_publish_event(h, "g1", 1, "id: 1\n\n"), 0);
    cr_assert_str_eq(taken(s), "", "each once");
    hub_publish(h, "g1", "presence\n\n");
    cr_assert_str_eq(taken(s), "presence\n\n", "what has no number always goes");
    stream_discard(s);
    hub_free(h);
}

Test(hub, a_catch_up_overlapping_live_events_gives_each_once) {
    Hub *h = hub_new(NULL, NULL);
    /* The catch-up pushed events 1 to 3 and attached at 3; the live events
     * 2 to 5 come after it (another server's, read again from the store). */
    Stream *s = stream_new(h, NULL, "g1", "127.0.0.1");
    cr_assert(stream_push(s, "id: 1\n\nid: 2\n\nid: 3\n\n"));
    stream_attach(h, s, 3);
    Stream *early = attached(h, "g1", 1); /* caught up before event 2 */
    char text[32];
    for (int seq = 2; seq <= 5; seq++) {
        snprintf(text, sizeof text, "id: %d\n\n", seq);
        cr_assert_eq(hub_publish_event(h, "g1", seq, text), 0);
    }
    cr_assert_str_eq(taken(s), "id: 1\n\nid: 2\n\nid: 3\n\nid: 4\n\nid: 5\n\n");
    cr_assert_str_eq(taken(early), "id: 2\n\nid: 3\n\nid: 4\n\nid: 5\n\n");
    stream_discard(early);
    stream_discard(s);
    hub_free(h);
}

Test(hub, an_event_after_a_missing_one_waits_for_it) {
    Hub *h = hub_new(NULL, NULL);
    Stream *behind = attached(h, "g1", 3), *ahead = attached(h, "g1", 4);
    /* Event 4 is another server's, not yet heard of: 5 would pass over it. */
    cr_assert_eq(hub_publish_event(h, "g1", 5, "id: 5\n\n"), 1, "one stream lacks an event before it");
    cr_assert_str_eq(taken(behind), "");
    cr_assert_str_eq(taken(ahead), "id: 5\n\n");
    /* The catch-up from the store, from the lowest: 4, 5. */
    int64_t lowest = -1;
    cr_assert(hub_lowest_seq(h, "g1", &lowest));
    cr_assert_eq(lowest, 3);
    cr_assert_eq(hub_publish_event(h, "g1", 4, "id: 4\n\n"), 0);
    cr_assert_eq(hub_publish_event(h, "g1", 5, "id: 5\n\n"), 0);
    cr_assert_str_eq(taken(behind), "id: 4\n\nid: 5\n\n");
    cr_assert_str_eq(taken(ahead), "");
    cr_assert(hub_lowest_seq(h, "g1", &lowest));
    cr_assert_eq(lowest, 5);
    stream_discard(behind);
    stream_discard(ahead);
    hub_free(h);
}

Test(hub, other_games_are_not_touched) {
    Hub *h = hub_new(NULL, NULL);
    Stream *a = attached(h, "g1", 0), *b = attached(h, "g2", 0);
    hub_publish_event(h, "g1", 1, "id: 1\n\n");
    cr_assert_str_eq(taken(b), "");
    cr_assert_eq(hub_publish_event(h, "g2", 1, "id: 1\n\n"), 0, "g2's own numbers");
    cr_assert_str_eq(taken(b), "id: 1\n\n");
    cr_assert_str_eq(taken(a), "id: 1\n\n");
    stream_discard(a);
    stream_discard(b);
    hub_free(h);
}

Test(hub, lowest_seq_of_a_game) {
    Hub *h = hub_new(NULL, NULL);
    int64_t lowest = -1;
    cr_assert(!hub_lowest_seq(h, "g1", &lowest), "no stream");
    Stream *a = attached(h, "g1", 7), *b = attached(h, "g1", 2), *c = attached(h, "g2", 1);
    cr_assert(hub_lowest_seq(h, "g1", &lowest));
    cr_assert_eq(lowest, 2);
    stream_discard(b);
    cr_assert(hub_lowest_seq(h, "g1", &lowest));
    cr_assert_eq(lowest, 7);
    stream_discard(a);
    cr_assert(!hub_lowest_seq(h, "g1", &lowest), "its streams gone");
    cr_assert(hub_lowest_seq(h, "g2", &lowest));
    cr_assert_eq(lowest, 1);
    stream_discard(c);
    hub_free(h);
}

Test(hub, every_game_with_streams_and_their_lowest) {
    enum { GAMES = 300 }; /* enough for games that share a bucket of the index */
    Hub *h = hub_new(NULL, NULL);
    static Stream *streams[GAMES][2];
    char id[HUB_ID_SIZE];
    for (int k = 0; k < GAMES; k++) {
        snprintf(id, sizeof id, "game%03d", k);
        streams[k][0] = attached(h, id, k + 10);
        streams[k][1] = attached(h, id, k);
    }
    HubGame *games = NULL;
    long n = hub_games(h, &games);
    cr_assert_eq(n, GAMES, "each game once");
    bool seen[GAMES] = {0};
    for (long i = 0; i < n; i++) {
        int k = atoi(games[i].id + 4);
        cr_assert(k >= 0 && k < GAMES && !seen[k], "%s", games[i].id);
        seen[k] = true;
        cr_assert_eq(games[i].seq, k, "%s: the lower of its two streams", games[i].id);
    }
    free(games);
    for (int k = 0; k < GAMES; k++) {
        stream_discard(streams[k][0]);
        stream_discard(streams[k][1]);
    }
    cr_assert_eq(hub_games(h, &games), 0);
    free(games);
    hub_free(h);
}
