/*
 * test_streams.c: a game's stream when another writer shares its store
 * (online.c): a second connection to the SQLite file stands for another
 * server, whose notices SQLite never sends.  The stream lacks that writer's
 * event when this server commits the next one: it is caught up from the
 * store then, and gets every event once and in order.  The stream has no
 * connection: stream_take reads it.
 */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "online/online.h"
#include "online/store.h"
#include "temp_db.h"

typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    bool done;
} Opened;

static void opened(OnlineCall *c) {
    Opened *w = c->ctx;
    pthread_mutex_lock(&w->lock);
    w->done = true;
    pthread_cond_signal(&w->cond);
    pthread_mutex_unlock(&w->lock);
}

/* Game id's stream, caught up after event `last` and attached. */
static Stream *open_at(Online *o, Hub *h, const char *id, int64_t last) {
    Stream *s = stream_new(h, NULL, id, "127.0.0.1");
    cr_assert_not_null(s);
    Opened w = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, false};
    OnlineCall c = {.id = id, .stream = s, .last_event_id = last, .done = opened, .ctx = &w};
    online_submit(o, &c);
    pthread_mutex_lock(&w.lock);
    while (!w.done) pthread_cond_wait(&w.cond, &w.lock);
    pthread_mutex_unlock(&w.lock);
    cr_assert(c.ok, "the stream opens: %u", c.answer.status);
    return s;
}

/* The numbers of the events in text, in order, as "2 3 4". */
static void ids_of(const char *text, char *out, size_t size) {
    out[0] = '\0';
    for (const char *p = text; (p = strstr(p, "id: ")); p += 4) {
        long long id = 0;
        sscanf(p + 4, "%lld", &id);
        size_t n = strlen(out);
        snprintf(out + n, size - n, "%s%lld", n ? " " : "", id);
    }
}

static json_t *answer_body(OnlineAnswer *a, unsigned status) {
    cr_assert_eq(a->status, status, "%u", a->status);
    return a->body;
}

Test(streams, an_event_written_elsewhere_comes_before_the_next_local_one_each_once) {
    char path[64];
    temp_db(path, sizeof path);
    Hub *hub = hub_new(NULL, NULL);
    OnlineConfig config = {.db_path = path, .keep_ms = 86400000, .abandon_ms = 1000, .online_ms = 30000,
                           .heartbeat_ms = 15000};
    char err[256];
    Online *o = online_start(&config, hub, err, sizeof err);
    cr_assert(o, "%s", err);

    /* White creates, black joins (seq 1: the join's seats event). */
    OnlineAnswer a;
    json_t *settings = json_pack("{s:s}", "seat", "w");
    online_do(o, ONLINE_CREATE, NULL, NULL, settings, &a);
    json_decref(settings);
    json_t *created = answer_body(&a, 201);
    char id[STORE_ID_SIZE], white[64];
    snprintf(id, sizeof id, "%s", json_string_value(json_object_get(created, "id")));
    snprintf(white, sizeof white, "%s", json_string_value(json_object_get(created, "token")));
    json_t *join = json_pack("{s:s}", "invite", json_string_value(json_object_get(created, "invite")));
    online_do(o, ONLINE_JOIN, id, NULL, join, &a);
    json_decref(answer_body(&a, 200));
    json_decref(join);
    json_decref(created);
    Stream *s = open_at(o, hub, id, 1);

    /* Another server: black offers a draw (event 2), unheard of here. */
    Store *other = store_open(path, err, sizeof err);
    cr_assert(other, "%s", err);
    StoreGame g;
    cr_assert_eq(store_read(other, id, &g, NULL), STORE_OK);
    cr_assert_eq(g.seq, 1);
    g.draw_offer = 1;
    StoreEvent offer = {"draw_offer", "{\"draw_offer\":\"b\"}"};
    cr_assert_eq(store_update(other, &g, &offer, 1), STORE_OK);
    store_close(other);

    /* Here, white moves, which declines it: events 3 (move) and 4 (draw_offer). */
    json_t *move = json_pack("{s:i, s:s}", "ply", 0, "move", "o2-m4");
    online_do(o, ONLINE_MOVE, id, white, move, &a);
    json_decref(answer_body(&a, 200));
    json_decref(move);

    char text[8192], ids[64];
    text[stream_take(s, text, sizeof text - 1)] = '\0';
    ids_of(text, ids, sizeof ids);
    cr_assert_str_eq(ids, "2 3 4", "the other writer's event first, then this server's, each once:\n%s", text);
    cr_assert(strstr(text, "id: 2\nevent: draw_offer\ndata: {\"draw_offer\":\"b\"}"), "%s", text);

    stream_discard(s);
    online_stop(o);
    hub_free(hub);
    remove_db(path);
}
