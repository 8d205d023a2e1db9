/*
 * ratelimit.c: per-address limits (see ratelimit.h), in a hash table under
 * one lock.  Entries idle for an hour with no stream open are swept away
 * now and then, so that a scan of many addresses cannot fill the memory.
 */
#define _POSIX_C_SOURCE 200809L
#include "online/ratelimit.h"

#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { BUCKETS = 4096, SWEEP_EVERY = 4096, IDLE_SECONDS = 3600, ADDRESS_SIZE = 48 };

typedef struct Entry {
    struct Entry *next;
    char address[ADDRESS_SIZE];
    double requests, requests_at; /* tokens left, and when they were counted */
    double games, games_at;
    unsigned streams;
    double seen;
} Entry;

struct RateLimiter {
    RateLimits limits;
    pthread_mutex_t lock;
    unsigned inserts;
    Entry *table[BUCKETS];
};

RateLimiter *ratelimit_new(const RateLimits *limits) {
    RateLimiter *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->limits = *limits;
    pthread_mutex_init(&r->lock, NULL);
    return r;
}

void ratelimit_free(RateLimiter *r) {
    if (!r) return;
    for (int b = 0; b < BUCKETS; b++)
        while (r->table[b]) {
            Entry *e = r->table[b];
            r->table[b] = e->next;
            free(e);
        }
    pthread_mutex_destroy(&r->lock);
    free(r);
}

static unsigned bucket_of(const char *address) {
    uint32_t h = 2166136261u; /* FNV-1a */
    for (const unsigned char *p = (const unsigned char *)address; *p; p++) h = (h ^ *p) * 16777619u;
    return h % BUCKETS;
}

static void sweep(RateLimiter *r, double now) {
    for (int b = 0; b < BUCKETS; b++)
        for (Entry **p = &r->table[b]; *p;) {
            Entry *e = *p;
            if (e->streams == 0 && now - e->seen > IDLE_SECONDS) {
                *p = e->next;
                free(e);
            } else {
                p = &e->next;
            }
        }
}

/* The entry of address, made with full buckets if new; NULL if out of memory. */
static Entry *entry_of(RateLimiter *r, const char *address, double now) {
    unsigned b = bucket_of(address);
    for (Entry *e = r->table[b]; e; e = e->next)
        if (!strcmp(e->address, address)) return e;
    if (++r->inserts % SWEEP_EVERY == 0) sweep(r, now);
    Entry *e = calloc(1, sizeof *e);
    if (!e) return NULL;
    snprintf(e->address, sizeof e->address, "%s", address);
    e->requests = r->limits.requests_per_second;
    e->games = r->limits.games_per_hour;
    e->requests_at = e->games_at = e->seen = now;
    e->next = r->table[b];
    r->table[b] = e;
    return e;
}

/* Takes a token from a bucket of `capacity` refilled at `rate` a second. */
static unsigned take(double *tokens, double *at, double capacity, double rate, double now) {
    *tokens = fmin(capacity, *tokens + (now - *at) * rate);
    *at = now;
    if (*tokens >= 1) {
        *tokens -= 1;
        return 0;
    }
    return (unsigned)ceil((1 - *tokens) / rate);
}

unsigned ratelimit_request(RateLimiter *r, const char *address, double now) {
    if (!r->limits.requests_per_second) return 0;
    pthread_mutex_lock(&r->lock);
    Entry *e = entry_of(r, address, now);
    unsigned wait = 1; /* out of memory: refused */
    if (e) {
        e->seen = now;
        double rate = r->limits.requests_per_second;
        wait = take(&e->requests, &e->requests_at, rate, rate, now);
    }
    pthread_mutex_unlock(&r->lock);
    return wait;
}

unsigned ratelimit_game(RateLimiter *r, const char *address, double now) {
    if (!r->limits.games_per_hour) return 0;
    pthread_mutex_lock(&r->lock);
    Entry *e = entry_of(r, address, now);
    unsigned wait = 1;
    if (e) {
        double capacity = r->limits.games_per_hour;
        wait = take(&e->games, &e->games_at, capacity, capacity / 3600.0, now);
    }
    pthread_mutex_unlock(&r->lock);
    return wait;
}

bool ratelimit_stream_open(RateLimiter *r, const char *address) {
    pthread_mutex_lock(&r->lock);
    Entry *e = entry_of(r, address, 0);
    bool ok = e && (!r->limits.streams || e->streams < r->limits.streams);
    if (ok) e->streams++;
    pthread_mutex_unlock(&r->lock);
    return ok;
}

void ratelimit_stream_closed(RateLimiter *r, const char *address) {
    pthread_mutex_lock(&r->lock);
    unsigned b = bucket_of(address);
    for (Entry *e = r->table[b]; e; e = e->next)
        if (!strcmp(e->address, address) && e->streams > 0) {
            e->streams--;
            break;
        }
    pthread_mutex_unlock(&r->lock);
}
