/*
 * events.c: the event streams (see events.h).
 *
 * Each stream has a buffer of text not yet sent.  libmicrohttpd pulls from it
 * through reader(); when it is empty the connection is suspended, and the
 * next publish or heartbeat resumes it.  Locks: the hub's, then a stream's.
 * The streams are indexed by game, so that publishing an event costs its
 * game's streams only, however many others are open.
 *
 * Each stream knows the number of the last stored event it was given, so
 * that several sources of the same events (a stream's catch-up, this
 * server's writes, the other servers' as the store announces them) give each
 * stream every event once and in order.
 */
#define _POSIX_C_SOURCE 200809L
#include "online/events.h"

#include <microhttpd.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "http/security_headers.h"
#include "online/hangups.h"

enum {
    PENDING_MAX = 256 * 1024, /* unsent text past which a client is too slow: the stream ends */
    READ_BLOCK = 4096,
    GAME_BUCKETS = 8192, /* the index of streams by game */
    BUCKET_BITS = 13,    /* GAME_BUCKETS is 1 << BUCKET_BITS: a hangup's key names its bucket */
};
_Static_assert(GAME_BUCKETS == 1 << BUCKET_BITS, "a stream's key holds its bucket");

struct Stream {
    Hub *hub;
    struct MHD_Connection *c;
    int fd;       /* c's socket, -1 without one (the tests') */
    uint64_t key; /* the hub's name for it, heard from its hangups: a number, then its bucket */
    Stream *prev, *next; /* under the hub's lock, while attached: all streams */
    Stream *game_prev, *game_next; /* the same: the streams of the same bucket */
    unsigned bucket;
    bool attached;
    int64_t seq; /* the same: the last stored event appended */
    char id[HUB_ID_SIZE];
    char client[48];
    pthread_mutex_t lock; /* the rest */
    char *buf;
    size_t len, cap;
    uint64_t *sent; /* NULL, or where the bytes libmicrohttpd takes are counted */
    bool suspended, closed;
};

struct Hub {
    pthread_mutex_t lock;
    Stream *head;
    size_t count;
    StreamClosedFn *closed;
    void *ctx;
    StreamCountFn *counted;
    void *counted_ctx;
    bool closing; /* the server stops: a stream attached now ends at once */
    Hangups *hangups; /* NULL until the threads start */
    uint64_t last_key;
    Stream *games[GAME_BUCKETS];
    /* The heartbeats' thread, and its own lock to sleep and be stopped on. */
    pthread_t beat;
    bool beating, beat_stop;
    pthread_mutex_t beat_lock;
    pthread_cond_t beat_wake;
    int64_t beat_ms;
    unsigned beat_slices;
};

static unsigned bucket_of(const char *id) {
    uint32_t h = 2166136261u;
    for (const unsigned char *p = (const unsigned char *)id; *p; p++) h = (h ^ *p) * 16777619u;
    return h % GAME_BUCKETS;
}

Hub *hub_new(StreamClosedFn *closed, void *ctx) {
    Hub *h = calloc(1, sizeof *h);
    if (!h) return NULL;
    pthread_mutex_init(&h->lock, NULL);
    pthread_mutex_init(&h->beat_lock, NULL);
    pthread_condattr_t monotonic;
    pthread_condattr_init(&monotonic);
    pthread_condattr_setclock(&monotonic, CLOCK_MONOTONIC);
    pthread_cond_init(&h->beat_wake, &monotonic);
    pthread_condattr_destroy(&monotonic);
    h->closed = closed;
    h->ctx = ctx;
    return h;
}

void hub_on_count(Hub *h, StreamCountFn *counted, void *ctx) {
    pthread_mutex_lock(&h->lock);
    h->counted = counted;
    h->counted_ctx = ctx;
    pthread_mutex_unlock(&h->lock);
}

void hub_free(Hub *h) {
    if (!h) return;
    hangups_stop(h->hangups);
    if (h->beating) {
        pthread_mutex_lock(&h->beat_lock);
        h->beat_stop = true;
        pthread_cond_signal(&h->beat_wake);
        pthread_mutex_unlock(&h->beat_lock);
        pthread_join(h->beat, NULL);
    }
    pthread_cond_destroy(&h->beat_wake);
    pthread_mutex_destroy(&h->beat_lock);
    pthread_mutex_destroy(&h->lock);
    free(h);
}

static void *beat_main(void *arg) {
    Hub *h = arg;
    struct timespec at;
    clock_gettime(CLOCK_MONOTONIC, &at);
    long step_ns = (long)(h->beat_ms * 1000000 / h->beat_slices);
    pthread_mutex_lock(&h->beat_lock);
    for (unsigned slice = 0; !h->beat_stop; slice = (slice + 1) % h->beat_slices) {
        at.tv_nsec += step_ns % 1000000000L;
        at.tv_sec += step_ns / 1000000000L + at.tv_nsec / 1000000000L;
        at.tv_nsec %= 1000000000L;
        while (!h->beat_stop && pthread_cond_timedwait(&h->beat_wake, &h->beat_lock, &at) == 0) {
        }
        if (h->beat_stop) break;
        pthread_mutex_unlock(&h->beat_lock);
        hub_heartbeat(h, slice, h->beat_slices);
        pthread_mutex_lock(&h->beat_lock);
    }
    pthread_mutex_unlock(&h->beat_lock);
    return NULL;
}

static void wake(Stream *s);

/* The hangups' thread: the client of stream key has gone.  What it was
 * still to be sent is dropped, and the stream resumed to end: libmicrohttpd
 * then frees it, which gives back its place and its count at once. */
static void hung_up(void *ctx, uint64_t key) {
    Hub *h = ctx;
    pthread_mutex_lock(&h->lock);
    for (Stream *s = h->games[key & (GAME_BUCKETS - 1)]; s; s = s->game_next) {
        if (s->key != key) continue;
        pthread_mutex_lock(&s->lock);
        s->closed = true;
        s->len = 0;
        wake(s);
        pthread_mutex_unlock(&s->lock);
        break;
    }
    pthread_mutex_unlock(&h->lock);
}

bool hub_start_heartbeats(Hub *h, int64_t period_ms, unsigned slices) {
    h->beat_ms = period_ms > 0 ? period_ms : 1;
    h->beat_slices = slices ? slices : 1;
    Hangups *hangups = hangups_start(hung_up, h);
    pthread_mutex_lock(&h->lock);
    h->hangups = hangups;
    pthread_mutex_unlock(&h->lock);
    h->beating = hangups && pthread_create(&h->beat, NULL, beat_main, h) == 0;
    return h->beating;
}

Stream *stream_new(Hub *h, struct MHD_Connection *c, const char *id, const char *client) {
    Stream *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->hub = h;
    s->c = c;
    const union MHD_ConnectionInfo *info = c ? MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD) : NULL;
    s->fd = info ? info->connect_fd : -1;
    snprintf(s->id, sizeof s->id, "%s", id);
    s->bucket = bucket_of(s->id);
    snprintf(s->client, sizeof s->client, "%s", client);
    pthread_mutex_init(&s->lock, NULL);
    return s;
}

/* Under the stream's lock. */
static bool append(Stream *s, const char *text, size_t n) {
    if (s->closed) return false;
    if (s->len + n > PENDING_MAX) {
        s->closed = true; /* too slow a reader: better it reconnects and catches up */
        return false;
    }
    if (s->len + n > s->cap) {
        size_t cap = s->cap ? s->cap : 1024;
        while (cap < s->len + n) cap *= 2;
        char *buf = realloc(s->buf, cap);
        if (!buf) {
            s->closed = true;
            return false;
        }
        s->buf = buf;
        s->cap = cap;
    }
    memcpy(s->buf + s->len, text, n);
    s->len += n;
    return true;
}

/* Under the stream's lock: lets libmicrohttpd pull again. */
static void wake(Stream *s) {
    if (!s->suspended) return;
    s->suspended = false;
    MHD_resume_connection(s->c);
}

bool stream_push(Stream *s, const char *text) {
    pthread_mutex_lock(&s->lock);
    bool ok = append(s, text, strlen(text));
    wake(s);
    pthread_mutex_unlock(&s->lock);
    return ok;
}

void stream_attach(Hub *h, Stream *s, int64_t seq) {
    pthread_mutex_lock(&h->lock);
    s->seq = seq;
    s->next = h->head;
    if (h->head) h->head->prev = s;
    h->head = s;
    s->game_next = h->games[s->bucket];
    if (s->game_next) s->game_next->game_prev = s;
    h->games[s->bucket] = s;
    s->attached = true;
    h->count++;
    if (h->counted) h->counted(h->counted_ctx, s->id, +1);
    s->key = (++h->last_key << BUCKET_BITS) | s->bucket; /* watched once linked: a hangup heard at once finds it */
    if (!hangups_watch(h->hangups, s->fd, s->key)) s->key = 0;
    if (h->closing) {
        pthread_mutex_lock(&s->lock);
        s->closed = true;
        pthread_mutex_unlock(&s->lock);
    }
    pthread_mutex_unlock(&h->lock);
}

static void detach(Stream *s) {
    Hub *h = s->hub;
    pthread_mutex_lock(&h->lock);
    if (s->attached) {
        if (s->prev) s->prev->next = s->next;
        else h->head = s->next;
        if (s->next) s->next->prev = s->prev;
        if (s->game_prev) s->game_prev->game_next = s->game_next;
        else h->games[s->bucket] = s->game_next;
        if (s->game_next) s->game_next->game_prev = s->game_prev;
        h->count--;
        s->attached = false;
        if (h->counted) h->counted(h->counted_ctx, s->id, -1);
    }
    pthread_mutex_unlock(&h->lock);
}

void stream_discard(Stream *s) {
    detach(s);
    if (s->hub->closed) s->hub->closed(s->hub->ctx, s->client);
    pthread_mutex_destroy(&s->lock);
    free(s->buf);
    free(s);
}

/* Under the stream's lock: up to max bytes of the buffer, taken out. */
static size_t take(Stream *s, char *out, size_t max) {
    size_t k = s->len < max ? s->len : max;
    if (!k) return 0; /* buf may be NULL yet */
    memcpy(out, s->buf, k);
    memmove(s->buf, s->buf + k, s->len - k);
    s->len -= k;
    return k;
}

size_t stream_take(Stream *s, char *out, size_t max) {
    pthread_mutex_lock(&s->lock);
    size_t k = take(s, out, max);
    pthread_mutex_unlock(&s->lock);
    return k;
}

static ssize_t reader(void *cls, uint64_t pos, char *out, size_t max) {
    (void)pos;
    Stream *s = cls;
    pthread_mutex_lock(&s->lock);
    ssize_t n = 0;
    if (s->len) {
        n = (ssize_t)take(s, out, max);
        if (s->sent) *s->sent += (uint64_t)n;
    } else if (s->closed) {
        n = MHD_CONTENT_READER_END_OF_STREAM;
    } else {
        /* Nothing to send: off libmicrohttpd's loop until wake(). */
        s->suspended = true;
        MHD_suspend_connection(s->c);
    }
    pthread_mutex_unlock(&s->lock);
    return n;
}

static void freed(void *cls) { stream_discard(cls); }

void stream_count_sent(Stream *s, uint64_t *bytes) {
    pthread_mutex_lock(&s->lock);
    s->sent = bytes;
    pthread_mutex_unlock(&s->lock);
}

struct MHD_Response *stream_response(Stream *s) {
    struct MHD_Response *r = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, READ_BLOCK, reader, s, freed);
    if (!r) return NULL;
    add_security_headers(r);
    MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, "text/event-stream; charset=utf-8");
    MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
    MHD_add_response_header(r, "X-Accel-Buffering", "no"); /* a reverse proxy must not hold events back */
    return r;
}

void hub_publish(Hub *h, const char *id, const char *text) {
    size_t n = strlen(text);
    pthread_mutex_lock(&h->lock);
    for (Stream *s = h->games[bucket_of(id)]; s; s = s->game_next) {
        if (strcmp(s->id, id)) continue;
        pthread_mutex_lock(&s->lock);
        append(s, text, n);
        wake(s);
        pthread_mutex_unlock(&s->lock);
    }
    pthread_mutex_unlock(&h->lock);
}

void hub_publish_all(Hub *h, const char *text) {
    size_t n = strlen(text);
    pthread_mutex_lock(&h->lock);
    for (Stream *s = h->head; s; s = s->next) {
        pthread_mutex_lock(&s->lock);
        append(s, text, n);
        wake(s);
        pthread_mutex_unlock(&s->lock);
    }
    pthread_mutex_unlock(&h->lock);
}

/* Under the hub's lock: whether stream s still takes events. */
static bool open_now(Stream *s) {
    pthread_mutex_lock(&s->lock);
    bool open = !s->closed;
    pthread_mutex_unlock(&s->lock);
    return open;
}

size_t hub_publish_event(Hub *h, const char *id, int64_t seq, const char *text) {
    size_t n = strlen(text), behind = 0;
    pthread_mutex_lock(&h->lock);
    for (Stream *s = h->games[bucket_of(id)]; s; s = s->game_next) {
        if (strcmp(s->id, id) || s->seq >= seq) continue; /* not this game's, or had it */
        if (s->seq < seq - 1) { /* this one now would pass over the one before */
            behind += open_now(s);
            continue;
        }
        s->seq = seq;
        pthread_mutex_lock(&s->lock);
        append(s, text, n); /* if it fails, the stream ends: its client catches up */
        wake(s);
        pthread_mutex_unlock(&s->lock);
    }
    pthread_mutex_unlock(&h->lock);
    return behind;
}

bool hub_lowest_seq(Hub *h, const char *id, int64_t *seq) {
    bool any = false;
    pthread_mutex_lock(&h->lock);
    for (Stream *s = h->games[bucket_of(id)]; s; s = s->game_next)
        if (!strcmp(s->id, id) && open_now(s) && (!any || s->seq < *seq)) {
            *seq = s->seq;
            any = true;
        }
    pthread_mutex_unlock(&h->lock);
    return any;
}

/* Under the hub's lock: s counted in games[from..*n), a new entry if its
 * game is not there yet (the games of one bucket are next to each other). */
static bool count_stream(const Stream *s, HubGame **games, long *n, long *cap, long from) {
    for (long k = from; k < *n; k++)
        if (!strcmp((*games)[k].id, s->id)) {
            if (s->seq < (*games)[k].seq) (*games)[k].seq = s->seq;
            return true;
        }
    if (*n == *cap) {
        long more = *cap ? *cap * 2 : 64;
        HubGame *bigger = realloc(*games, (size_t)more * sizeof *bigger);
        if (!bigger) return false;
        *games = bigger;
        *cap = more;
    }
    HubGame *g = &(*games)[(*n)++];
    snprintf(g->id, sizeof g->id, "%s", s->id);
    g->seq = s->seq;
    return true;
}

long hub_games(Hub *h, HubGame **games) {
    long n = 0, cap = 0;
    bool ok = true;
    *games = NULL;
    pthread_mutex_lock(&h->lock);
    for (unsigned b = 0; b < GAME_BUCKETS && ok; b++) {
        long from = n;
        for (Stream *s = h->games[b]; s && ok; s = s->game_next)
            if (open_now(s)) ok = count_stream(s, games, &n, &cap, from);
    }
    pthread_mutex_unlock(&h->lock);
    if (ok) return n;
    free(*games);
    *games = NULL;
    return -1;
}

void hub_close_all(Hub *h) {
    pthread_mutex_lock(&h->lock);
    h->closing = true;
    for (Stream *s = h->head; s; s = s->next) {
        pthread_mutex_lock(&s->lock);
        s->closed = true;
        wake(s);
        pthread_mutex_unlock(&s->lock);
    }
    pthread_mutex_unlock(&h->lock);
}

void hub_heartbeat(Hub *h, unsigned slice, unsigned slices) {
    static const char COMMENT[] = ": keep-alive\n\n";
    pthread_mutex_lock(&h->lock);
    for (unsigned b = slices ? slice % slices : 0; b < GAME_BUCKETS; b += slices ? slices : 1)
        for (Stream *s = h->games[b]; s; s = s->game_next) {
            pthread_mutex_lock(&s->lock);
            append(s, COMMENT, sizeof COMMENT - 1);
            wake(s);
            pthread_mutex_unlock(&s->lock);
        }
    pthread_mutex_unlock(&h->lock);
}

size_t hub_count(Hub *h) {
    pthread_mutex_lock(&h->lock);
    size_t n = h->count;
    pthread_mutex_unlock(&h->lock);
    return n;
}
