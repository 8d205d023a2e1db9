/*
 * api.h: the HTTP side of online play, /api/v1/ (docs/ONLINE-API.md): the
 * routes, the body (JSON, 4 KiB at most), the same-origin check, the limits
 * per client address, and the answers as JSON.  web_server.c hands it every
 * request under /api/; online.c does the rest.
 */
#ifndef HALMA_API_H
#define HALMA_API_H

#include <microhttpd.h>
#include <stdbool.h>
#include <stdint.h>

#include "server/online.h"
#include "server/ratelimit.h"

typedef struct {
    OnlineConfig online;
    RateLimits limits;
    const char *trusted_proxy; /* X-Forwarded-For is read from this address only; NULL: never */
    unsigned max_streams;      /* open event streams in all; 0: no limit */
} ApiConfig;

typedef struct Api Api;

/* Opens the store and starts the service; NULL with the reason in err. */
Api *api_start(const ApiConfig *config, char *err, int err_size);
/* Ends the open streams: call before stopping the HTTP server. */
void api_close_streams(Api *api);
void api_stop(Api *api);

/* Is this request target the API's? */
bool api_owns(const char *target);

/* One request's state, from its first call to its end. */
typedef struct ApiRequest ApiRequest;

/* The libmicrohttpd access handler for the API's requests; *state starts NULL. */
enum MHD_Result api_handle(Api *api, struct MHD_Connection *c, const char *method, const char *target,
                           const char *client, const char *upload, size_t *upload_size, ApiRequest **state);

/* What was sent: the status (0: none yet), the body's bytes, and whether the
 * response is an event stream (which has no deadline). */
unsigned api_request_status(const ApiRequest *r);
uint64_t api_request_bytes(const ApiRequest *r);
bool api_request_streaming(const ApiRequest *r);
void api_request_free(ApiRequest *r);

#endif
