/* presence.c: who is online (see presence.h). */
#define _POSIX_C_SOURCE 200809L
#include "online/presence.h"

#include <stdlib.h>

#include "online/game_clock.h"
#include "online/game_json.h"

enum { TOUCH_EVERY_MS = 10 * 60 * 1000 }; /* presence is written to the store at most this often a seat */

struct Presence {
    LiveGames *live;
    Store *store;
    Hub *hub;
    Publisher *publisher;
    int64_t online_ms;
};

Presence *presence_new(LiveGames *live, Store *store, Hub *hub, Publisher *publisher, int64_t online_ms) {
    Presence *p = malloc(sizeof *p);
    if (p) *p = (Presence){live, store, hub, publisher, online_ms};
    return p;
}

void presence_free(Presence *p) { free(p); }

/* The later of what the row and the memory (l, or NULL) say. */
static int64_t last_seen(const StoreGame *g, const Live *l, int seat) {
    int64_t seen = g->last_seen_ms[seat];
    return l && l->seen[seat] > seen ? l->seen[seat] : seen;
}

int64_t presence_last_seen(Presence *p, const StoreGame *g, int seat) {
    return last_seen(g, live_find(p->live, g->id, false), seat);
}

static void online_now(const Presence *p, const StoreGame *g, const Live *l, bool online[STORE_SEATS]) {
    int64_t now = clock_now_ms();
    for (int seat = 0; seat < STORE_SEATS; seat++) {
        int64_t seen = last_seen(g, l, seat);
        online[seat] = g->joined[seat] && seen && now - seen < p->online_ms;
    }
}

void presence_online(Presence *p, const StoreGame *g, bool online[STORE_SEATS]) {
    online_now(p, g, live_find(p->live, g->id, false), online);
}

/* Says who of g is online (l: its memory, or NULL) to its streams. */
static void publish_presence(Presence *p, const StoreGame *g, const Live *l) {
    bool online[STORE_SEATS];
    online_now(p, g, l, online);
    json_t *seats = seats_json(g, online);
    char *data = json_dumps(seats, JSON_COMPACT);
    char *text = data ? event_text(-1, "seats", data) : NULL;
    if (text) publish(p->publisher, g->id, 0, text);
    free(text);
    free(data);
    json_decref(seats);
}

/* The seat of g (l, its memory) online from `now`, and said so (if `tell`)
 * if it was not. */
static void seen_now(Presence *p, Live *l, const StoreGame *g, int seat, int64_t now, bool tell) {
    l->seen[seat] = now;
    if (now - l->touched[seat] >= TOUCH_EVERY_MS && store_touch(p->store, g->id, seat, now) == STORE_OK)
        l->touched[seat] = now;
    if (!l->shown[seat] || now - l->announced[seat] >= p->online_ms / 4) {
        store_announce_seen(p->store, g->id, seat, now);
        l->announced[seat] = now;
    }
    if (l->shown[seat]) return;
    l->shown[seat] = true;
    live_due_sooner(p->live); /* its going offline is now due */
    if (tell) publish_presence(p, g, l);
}

void presence_seen(Presence *p, const StoreGame *g, int seat, int64_t now) {
    Live *l = live_find(p->live, g->id, true);
    if (l) seen_now(p, l, g, seat, now, true);
}

void presence_seated(Presence *p, const StoreGame *g, int seat, int64_t now) {
    Live *l = live_find(p->live, g->id, true);
    if (!l) return;
    l->touched[seat] = now; /* the write stored it */
    seen_now(p, l, g, seat, now, false);
}

/* Said to this server's streams if it was not online here (as seen_now
 * does).  After a join that says it twice (the join's event, then this),
 * which is harmless: the row cannot tell a join's last_seen_ms from
 * store_touch's. */
void presence_heard(Presence *p, const char *id, int seat, int64_t ms) {
    Live *l = seat >= 0 && seat < STORE_SEATS ? live_find(p->live, id, true) : NULL;
    if (!l || ms <= l->seen[seat]) return; /* old news, or this server's own */
    l->seen[seat] = ms;
    if (l->shown[seat] || clock_now_ms() - ms >= p->online_ms) return;
    l->shown[seat] = true;
    live_due_sooner(p->live); /* its going offline is now due */
    int64_t lowest;
    StoreGame g;
    if (hub_lowest_seq(p->hub, id, &lowest) && store_read(p->store, id, &g, NULL) == STORE_OK) publish_presence(p, &g, l);
}

int64_t presence_lapse(Presence *p, Live *l, int64_t now, int64_t next) {
    for (int seat = 0; seat < STORE_SEATS; seat++) {
        int64_t off_at = l->seen[seat] + p->online_ms;
        if (l->shown[seat] && off_at <= now) {
            l->shown[seat] = false;
            StoreGame g;
            if (store_read(p->store, l->id, &g, NULL) == STORE_OK) publish_presence(p, &g, l);
        } else if (l->shown[seat] && off_at < next) {
            next = off_at;
        }
    }
    return next;
}

/* Not shown online, and seen no later than the row's last touch could say. */
bool presence_forgettable(const Live *l, int64_t now) {
    for (int seat = 0; seat < STORE_SEATS; seat++)
        if (l->shown[seat] || now - l->seen[seat] <= TOUCH_EVERY_MS) return false;
    return true;
}
