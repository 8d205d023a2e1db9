/*
 * api.h: the HTTP side of online play, /api/v1/ (docs/ONLINE-API.md): the
 * routes, the body (JSON, 4 KiB at most), the same-origin check, the limits
 * per client address, and the answers as JSON.  The HTTP server hands it
 * every request under /api/ (api_handler); online.c does the rest.
 */
#ifndef HALMA_API_H
#define HALMA_API_H

#include "http/handler.h"
#include "online/online.h"
#include "online/ratelimit.h"

typedef struct {
    OnlineConfig online;
    RateLimits limits;
    const char *trusted_proxy; /* X-Forwarded-For is read from this address only; NULL: never */
    unsigned max_streams;      /* open event streams in all; 0: no limit */
} ApiConfig;

typedef struct Api Api;

/* Opens the store and starts the service; NULL with the reason in err. */
Api *api_start(const ApiConfig *config, char *err, int err_size);
void api_stop(Api *api);

/* The API as the HTTP server's handler: the requests under /api/.  Its
 * close ends the open streams, before the HTTP server stops. */
Handler api_handler(Api *api);

#endif
