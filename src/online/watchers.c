/*
 * watchers.c: the games' watchers (see watchers.h), a hash table by game id
 * under a lock of its own, the innermost of all: the hub calls in with its
 * own lock held, the committer with the service's, and the thread takes
 * neither while holding this one (it publishes and announces after letting
 * it go).
 */
#define _POSIX_C_SOURCE 200809L
#include "online/watchers.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "online/game_clock.h"
#include "online/tokens.h"

enum {
    BUCKETS = 1024,
    SERVERS_HEARD = 8,        /* other servers whose counts of one game are kept */
    EVENT_EVERY_MS = 1000,    /* a game's watchers event at most this often */
    TELL_EVERY_MS = 1000,     /* a game's count told to the others at most this often... */
    RETELL_MS = 10 * 1000,    /* ...and again this often while it is not 0 */
    HEARD_FOR_MS = 25 * 1000, /* a count heard lapses unless told again within this */
    IDLE_WAIT_MS = 60 * 60 * 1000,
};

typedef struct {
    uint64_t server; /* 0: a free slot */
    int count;
    int64_t at;
} Heard;

typedef struct Entry {
    struct Entry *next;
    char id[STORE_ID_SIZE];
    int local;                    /* streams open here */
    Heard heard[SERVERS_HEARD];   /* and on the others */
    int shown;                    /* the count last sent to the game's streams */
    int64_t shown_at;
    int told;                     /* the local count last told to the others */
    int64_t told_at;
} Entry;

/* What the thread does once it has let the lock go. */
typedef struct {
    char id[STORE_ID_SIZE];
    int count;
    bool event; /* to the streams; else to the other servers */
} Chore;

struct Watchers {
    Hub *hub;
    Store *store;
    bool shared;
    uint64_t server;
    pthread_mutex_t lock;
    pthread_cond_t changed;
    bool stopping;
    Entry *bucket[BUCKETS];
    Chore *chores;
    size_t n_chores, cap_chores;
    pthread_t thread;
};

static unsigned bucket_of(const char *id) {
    uint32_t h = 2166136261u;
    for (const unsigned char *p = (const unsigned char *)id; *p; p++) h = (h ^ *p) * 16777619u;
    return h % BUCKETS;
}

/* Under the lock: game id's entry; with create, a new one if none (NULL if out of memory). */
static Entry *find(Watchers *w, const char *id, bool create) {
    unsigned b = bucket_of(id);
    for (Entry *e = w->bucket[b]; e; e = e->next)
        if (!strcmp(e->id, id)) return e;
    if (!create || strlen(id) >= STORE_ID_SIZE) return NULL;
    Entry *e = calloc(1, sizeof *e);
    if (!e) return NULL;
    snprintf(e->id, sizeof e->id, "%s", id);
    e->next = w->bucket[b];
    w->bucket[b] = e;
    return e;
}

/* Under the lock: the entry's watchers on every server, the counts heard
 * too long ago forgotten. */
static int total(Entry *e, int64_t now) {
    int n = e->local;
    for (int k = 0; k < SERVERS_HEARD; k++) {
        Heard *h = &e->heard[k];
        if (h->server && now - h->at > HEARD_FOR_MS) *h = (Heard){0};
        n += h->server ? h->count : 0;
    }
    return n;
}

static bool heard_any(const Entry *e) {
    for (int k = 0; k < SERVERS_HEARD; k++)
        if (e->heard[k].server) return true;
    return false;
}

/* Under the lock: something for the thread to do once it lets go. */
static void add_chore(Watchers *w, const Entry *e, int count, bool event) {
    if (w->n_chores == w->cap_chores) {
        size_t cap = w->cap_chores ? w->cap_chores * 2 : 64;
        Chore *more = realloc(w->chores, cap * sizeof *more);
        if (!more) return; /* the count goes out at the next change, or the next retelling */
        w->chores = more;
        w->cap_chores = cap;
    }
    Chore *c = &w->chores[w->n_chores++];
    snprintf(c->id, sizeof c->id, "%s", e->id);
    c->count = count;
    c->event = event;
}

static int64_t earlier(int64_t a, int64_t b) { return a < b ? a : b; }

/* Under the lock: what one game's entry calls for at now; the next moment
 * it will call for something, if before `next`; false if it may go. */
static bool tend(Watchers *w, Entry *e, int64_t now, int64_t *next) {
    int n = total(e, now);
    if (n != e->shown) {
        if (now - e->shown_at >= EVENT_EVERY_MS) {
            add_chore(w, e, n, true);
            e->shown = n;
            e->shown_at = now;
        } else {
            *next = earlier(*next, e->shown_at + EVENT_EVERY_MS);
        }
    }
    if (w->shared) {
        bool changed = e->local != e->told, due = now - e->told_at >= (changed ? TELL_EVERY_MS : RETELL_MS);
        if ((changed || e->local) && due) {
            add_chore(w, e, e->local, false);
            e->told = e->local;
            e->told_at = now;
        } else if (changed || e->local) {
            *next = earlier(*next, e->told_at + (changed ? TELL_EVERY_MS : RETELL_MS));
        }
    }
    if (heard_any(e)) *next = earlier(*next, now + HEARD_FOR_MS);
    return e->local || e->shown || e->told || heard_any(e);
}

/* Under the lock: every entry tended; the moment to look again. */
static int64_t tend_all(Watchers *w, int64_t now) {
    int64_t next = now + IDLE_WAIT_MS;
    for (int b = 0; b < BUCKETS; b++)
        for (Entry **p = &w->bucket[b]; *p;) {
            Entry *e = *p;
            if (tend(w, e, now, &next)) {
                p = &e->next;
            } else {
                *p = e->next;
                free(e);
            }
        }
    return next;
}

static void do_chore(Watchers *w, const Chore *c) {
    if (!c->event) {
        store_announce_watchers(w->store, w->server, c->id, c->count);
        return;
    }
    char text[96];
    snprintf(text, sizeof text, "event: watchers\ndata: {\"watchers\":%d}\n\n", c->count);
    hub_publish(w->hub, c->id, text);
}

static void *watchers_main(void *arg) {
    Watchers *w = arg;
    pthread_mutex_lock(&w->lock);
    while (!w->stopping) {
        int64_t next = tend_all(w, clock_now_ms());
        if (w->n_chores) {
            Chore *chores = w->chores;
            size_t n = w->n_chores;
            w->chores = NULL;
            w->n_chores = w->cap_chores = 0;
            pthread_mutex_unlock(&w->lock);
            for (size_t k = 0; k < n; k++) do_chore(w, &chores[k]);
            free(chores);
            pthread_mutex_lock(&w->lock);
            continue; /* things may have changed meanwhile */
        }
        struct timespec until = {.tv_sec = next / 1000, .tv_nsec = (next % 1000) * 1000000L};
        pthread_cond_timedwait(&w->changed, &w->lock, &until); /* CLOCK_REALTIME, as clock_now_ms */
    }
    pthread_mutex_unlock(&w->lock);
    return NULL;
}

Watchers *watchers_start(Hub *hub, Store *store) {
    Watchers *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    w->hub = hub;
    w->store = store;
    w->shared = store_shared(store);
    w->server = token_random_number();
    pthread_mutex_init(&w->lock, NULL);
    pthread_cond_init(&w->changed, NULL);
    if (pthread_create(&w->thread, NULL, watchers_main, w) == 0) return w;
    pthread_cond_destroy(&w->changed);
    pthread_mutex_destroy(&w->lock);
    free(w);
    return NULL;
}

void watchers_stop(Watchers *w) {
    if (!w) return;
    pthread_mutex_lock(&w->lock);
    w->stopping = true;
    pthread_cond_signal(&w->changed);
    pthread_mutex_unlock(&w->lock);
    pthread_join(w->thread, NULL);
    for (int b = 0; b < BUCKETS; b++)
        while (w->bucket[b]) {
            Entry *e = w->bucket[b];
            w->bucket[b] = e->next;
            free(e);
        }
    free(w->chores);
    pthread_cond_destroy(&w->changed);
    pthread_mutex_destroy(&w->lock);
    free(w);
}

void watchers_counted(void *ctx, const char *id, int delta) {
    Watchers *w = ctx;
    pthread_mutex_lock(&w->lock);
    Entry *e = find(w, id, delta > 0);
    if (e) {
        e->local += delta;
        if (e->local < 0) e->local = 0;
        pthread_cond_signal(&w->changed);
    }
    pthread_mutex_unlock(&w->lock);
}

void watchers_heard(Watchers *w, uint64_t server, const char *id, int count, int64_t now) {
    if (!server || server == w->server || count < 0) return;
    pthread_mutex_lock(&w->lock);
    Entry *e = find(w, id, count > 0);
    Heard *slot = NULL;
    for (int k = 0; e && k < SERVERS_HEARD && !slot; k++)
        if (e->heard[k].server == server) slot = &e->heard[k];
    for (int k = 0; e && k < SERVERS_HEARD && !slot; k++)
        if (!e->heard[k].server) slot = &e->heard[k];
    if (slot) {
        *slot = count ? (Heard){server, count, now} : (Heard){0};
        pthread_cond_signal(&w->changed);
    }
    pthread_mutex_unlock(&w->lock);
}

int watchers_count(Watchers *w, const char *id) {
    if (!w) return 0; /* not started yet */
    pthread_mutex_lock(&w->lock);
    Entry *e = find(w, id, false);
    int n = e ? total(e, clock_now_ms()) : 0;
    pthread_mutex_unlock(&w->lock);
    return n;
}

uint64_t watchers_server(const Watchers *w) { return w->server; }
