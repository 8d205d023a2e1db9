/*
 * deadlines.c: the slow-client watchdog (see deadlines.h).
 *
 * The watchdog only calls shutdown() on an overdue socket: libmicrohttpd then
 * sees the connection end and closes it the usual way, from its own thread,
 * so nothing is freed or closed behind its back.  Entries leave the list
 * (under the lock) before libmicrohttpd closes their socket, so the watchdog
 * never shuts down a descriptor number that has been reused.
 *
 * A request moves its connection's deadline twice; that is one atomic store,
 * no lock, so the server threads never wait on the watchdog for it.
 */
#define _POSIX_C_SOURCE 200809L
#include "http/deadlines.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include "http/monotonic.h"

struct DeadlineEntry {
    DeadlineEntry *prev, *next;  /* under the lock */
    int fd;
    bool cut;                    /* shutdown() already called; under the lock */
    /* The deadline in monotonic milliseconds, shifted left by one, with what
     * is due in the low bit (1: the request, 0: the end of the response):
     * one word, so that both change together. */
    _Atomic int64_t due;
    char client[48];             /* for the log */
};

struct Deadlines {
    pthread_mutex_t lock;
    pthread_cond_t wake;
    pthread_t thread;
    bool stopping;
    unsigned header_seconds, response_seconds;
    DeadlineEntry *head;
};

static int64_t due_word(const Deadlines *d, bool awaiting_request) {
    unsigned seconds = awaiting_request ? d->header_seconds : d->response_seconds;
    return (monotonic_ms() + (int64_t)seconds * 1000) << 1 | awaiting_request;
}

static void cut_overdue(Deadlines *d) {
    int64_t now = monotonic_ms();
    for (DeadlineEntry *e = d->head; e; e = e->next) {
        int64_t due = atomic_load(&e->due);
        if (e->cut || now < due >> 1) continue;
        shutdown(e->fd, SHUT_RDWR);
        e->cut = true;
        bool awaiting_request = due & 1;
        fprintf(stderr, "halma serve: %s took over %u s to %s; connection closed\n", e->client,
                awaiting_request ? d->header_seconds : d->response_seconds,
                awaiting_request ? "send its request" : "take its response");
    }
}

/* Checks twice a second: a deadline is met to within half a second. */
static void *watchdog(void *arg) {
    Deadlines *d = arg;
    pthread_mutex_lock(&d->lock);
    while (!d->stopping) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 500000000L;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&d->wake, &d->lock, &until);
        cut_overdue(d);
    }
    pthread_mutex_unlock(&d->lock);
    return NULL;
}

Deadlines *deadlines_start(unsigned header_seconds, unsigned response_seconds) {
    Deadlines *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    d->header_seconds = header_seconds;
    d->response_seconds = response_seconds;
    pthread_mutex_init(&d->lock, NULL);
    pthread_cond_init(&d->wake, NULL);
    if (pthread_create(&d->thread, NULL, watchdog, d) != 0) {
        pthread_cond_destroy(&d->wake);
        pthread_mutex_destroy(&d->lock);
        free(d);
        return NULL;
    }
    return d;
}

void deadlines_stop(Deadlines *d) {
    pthread_mutex_lock(&d->lock);
    d->stopping = true;
    pthread_cond_signal(&d->wake);
    pthread_mutex_unlock(&d->lock);
    pthread_join(d->thread, NULL);
    while (d->head) { /* none should be left; free them all the same */
        DeadlineEntry *e = d->head;
        d->head = e->next;
        free(e);
    }
    pthread_cond_destroy(&d->wake);
    pthread_mutex_destroy(&d->lock);
    free(d);
}

static void set_due(Deadlines *d, DeadlineEntry *e, bool awaiting_request) {
    if (e) atomic_store(&e->due, due_word(d, awaiting_request));
}

DeadlineEntry *deadlines_add(Deadlines *d, int fd, const char *client) {
    DeadlineEntry *e = calloc(1, sizeof *e);
    if (!e) return NULL;
    e->fd = fd;
    atomic_init(&e->due, due_word(d, true));
    snprintf(e->client, sizeof e->client, "%s", client);
    pthread_mutex_lock(&d->lock);
    e->next = d->head;
    if (d->head) d->head->prev = e;
    d->head = e;
    pthread_mutex_unlock(&d->lock);
    return e;
}

void deadlines_request_started(Deadlines *d, DeadlineEntry *e) { set_due(d, e, false); }

void deadlines_request_done(Deadlines *d, DeadlineEntry *e) { set_due(d, e, true); }

void deadlines_request_streaming(Deadlines *d, DeadlineEntry *e) {
    (void)d;
    if (e) atomic_store(&e->due, INT64_MAX & ~(int64_t)1); /* never due; the low bit: a response */
}

void deadlines_remove(Deadlines *d, DeadlineEntry *e) {
    if (!e) return;
    pthread_mutex_lock(&d->lock);
    if (e->prev) e->prev->next = e->next;
    else d->head = e->next;
    if (e->next) e->next->prev = e->prev;
    pthread_mutex_unlock(&d->lock);
    free(e);
}
