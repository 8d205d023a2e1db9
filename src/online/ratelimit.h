/*
 * ratelimit.h: what one client address may do (docs/ONLINE-API.md, Limits):
 * requests a second and games an hour as token buckets, open event streams
 * as a count.  A limit of 0 is no limit.
 */
#ifndef HALMA_RATELIMIT_H
#define HALMA_RATELIMIT_H

#include <stdbool.h>

typedef struct {
    unsigned requests_per_second; /* also the burst allowed */
    unsigned games_per_hour;
    unsigned streams;             /* open at once */
} RateLimits;

typedef struct RateLimiter RateLimiter;

RateLimiter *ratelimit_new(const RateLimits *limits);
void ratelimit_free(RateLimiter *r);

/* Counts a request (or a game created) from address at `now` (monotonic
 * seconds): 0 if allowed, else the whole seconds to wait (Retry-After). */
unsigned ratelimit_request(RateLimiter *r, const char *address, double now);
unsigned ratelimit_game(RateLimiter *r, const char *address, double now);

/* A stream opens (false: one too many) and closes. */
bool ratelimit_stream_open(RateLimiter *r, const char *address);
void ratelimit_stream_closed(RateLimiter *r, const char *address);

#endif
