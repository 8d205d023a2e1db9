/* publisher.c: events to the streams (see publisher.h). */
#define _POSIX_C_SOURCE 200809L
#include "online/publisher.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "online/game_json.h"

/* An event held for a batch's commit. */
typedef struct Publication {
    struct Publication *next;
    char id[STORE_ID_SIZE];
    int64_t seq; /* the stored event's number; 0: presence, not stored */
    char text[];
} Publication;

struct Publisher {
    Hub *hub;
    Store *store;
    bool holding;
    Publication *held, **held_end;
};

Publisher *publisher_new(Hub *hub, Store *store) {
    Publisher *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->hub = hub;
    p->store = store;
    p->held_end = &p->held;
    return p;
}

void publisher_free(Publisher *p) {
    if (!p) return;
    publisher_release(p, false);
    free(p);
}

typedef struct {
    Publisher *p;
    const char *id;
} Replay;

static void publish_stored(void *ctx, int64_t seq, const char *kind, const char *data) {
    Replay *r = ctx;
    char *text = event_text(seq, kind, data);
    if (text) hub_publish_event(r->p->hub, r->id, seq, text);
    free(text);
}

/* A game deleted meanwhile has nothing to replay. */
bool publisher_replay(Publisher *p, const char *id, int64_t after) {
    Replay r = {p, id};
    return store_events_after(p->store, id, after, publish_stored, &r) != STORE_UNAVAILABLE;
}

bool publisher_catch_up(Publisher *p, const char *id, int64_t known) {
    int64_t lowest;
    return !hub_lowest_seq(p->hub, id, &lowest) || lowest >= known || publisher_replay(p, id, lowest);
}

static void send_event(Publisher *p, const char *id, int64_t seq, const char *text) {
    if (!seq) hub_publish(p->hub, id, text);
    else if (hub_publish_event(p->hub, id, seq, text)) publisher_catch_up(p, id, seq);
}

void publisher_committed(void *ctx, const Committed *list, int n) {
    for (int k = 0; k < n; k++)
        for (int e = 0; e < list[k].n; e++)
            if (list[k].text[e]) send_event(ctx, list[k].g.id, list[k].first + e, list[k].text[e]);
}

void publish(Publisher *p, const char *id, int64_t seq, const char *text) {
    if (!p->holding) {
        send_event(p, id, seq, text);
        return;
    }
    size_t n = strlen(text) + 1;
    Publication *e = malloc(sizeof *e + n);
    if (!e) return; /* as a stream too slow: its client catches up when it reconnects */
    e->next = NULL;
    snprintf(e->id, sizeof e->id, "%s", id);
    e->seq = seq;
    memcpy(e->text, text, n);
    *p->held_end = e;
    p->held_end = &e->next;
}

void publisher_hold(Publisher *p) { p->holding = true; }

void publisher_release(Publisher *p, bool send) {
    p->holding = false;
    for (Publication *e = p->held, *next; e; e = next) {
        next = e->next;
        if (send) send_event(p, e->id, e->seq, e->text);
        free(e);
    }
    p->held = NULL;
    p->held_end = &p->held;
}
