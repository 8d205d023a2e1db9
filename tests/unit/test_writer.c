/*
 * test_writer.c: the writer (online/writer.h) on a store in memory: what
 * it commits is handed to its subscribers in the order they subscribed,
 * at once alone, and in a batch only once the batch commits, as one list
 * in the order of its writes, its events numbered as stored.
 */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "online/events.h"
#include "online/publisher.h"
#include "online/store.h"
#include "online/writer.h"

typedef struct {
    char log[512];
} Heard;

static void heard(Heard *h, const char *who, const Committed *list, int n) {
    size_t len = strlen(h->log);
    snprintf(h->log + len, sizeof h->log - len, "%s:", who);
    for (int k = 0; k < n; k++) {
        len = strlen(h->log);
        snprintf(h->log + len, sizeof h->log - len, " %s@%lld+%d", list[k].g.id, (long long)list[k].first, list[k].n);
        for (int e = 0; e < list[k].n; e++) cr_assert_not_null(list[k].text[e]);
    }
    len = strlen(h->log);
    snprintf(h->log + len, sizeof h->log - len, ";");
}

static void first_sub(void *ctx, const Committed *list, int n) { heard(ctx, "1", list, n); }
static void second_sub(void *ctx, const Committed *list, int n) { heard(ctx, "2", list, n); }

typedef struct {
    Store *store;
    Hub *hub;
    Publisher *publisher;
    Writer *writer;
    Heard heard;
} Fixture;

static void fixture(Fixture *f) {
    char err[128];
    memset(f, 0, sizeof *f);
    f->store = store_open(":memory:", err, sizeof err);
    cr_assert_not_null(f->store, "%s", err);
    f->hub = hub_new(NULL, NULL);
    f->publisher = publisher_new(f->hub, f->store);
    f->writer = writer_new(f->store, f->publisher);
    cr_assert(writer_subscribe(f->writer, first_sub, &f->heard));
    cr_assert(writer_subscribe(f->writer, second_sub, &f->heard));
}

static void fixture_end(Fixture *f) {
    writer_free(f->writer);
    publisher_free(f->publisher);
    hub_free(f->hub);
    store_close(f->store);
}

static StoreGame row(const char *id) {
    StoreGame g = {.variant = 19, .players = 2, .turn_limit = 400, .initial_ms = -1, .status = GAME_WAITING,
                   .winner = -1, .draw_offer = -1, .rematch_by = -1};
    snprintf(g.id, sizeof g.id, "%s", id);
    return g;
}

static bool create(Fixture *f, StoreGame *g, int events) {
    OnlineEvent ev[2];
    for (int k = 0; k < events; k++) ev[k] = (OnlineEvent){"seats", json_pack("{s:i}", "k", k)};
    Write w = {.kind = WRITE_CREATE};
    OnlineAnswer a = {0};
    bool ok = writer_commit(f->writer, &w, g, ev, events, &a);
    json_decref(a.body);
    return ok;
}

Test(writer, a_commit_alone_is_handed_over_at_once_to_each_subscriber_in_turn) {
    Fixture f;
    fixture(&f);
    StoreGame g = row("a");
    cr_assert(create(&f, &g, 2));
    cr_assert_str_eq(f.heard.log, "1: a@1+2;2: a@1+2;");
    fixture_end(&f);
}

Test(writer, a_batch_is_handed_over_once_it_commits_as_one_list) {
    Fixture f;
    fixture(&f);
    cr_assert(writer_batch_begin(f.writer));
    StoreGame a = row("a"), b = row("b");
    cr_assert(create(&f, &a, 1));
    cr_assert(create(&f, &b, 2));
    StoreGame again = row("a"); /* the id taken: refused, not handed over */
    cr_assert(!create(&f, &again, 1));
    cr_assert_str_eq(f.heard.log, "", "nothing before the commit");
    cr_assert(writer_batch_commit(f.writer));
    cr_assert_str_eq(f.heard.log, "1: a@1+1 b@1+2;2: a@1+1 b@1+2;");
    fixture_end(&f);
}
