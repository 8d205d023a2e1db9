/*
 * api.c: the HTTP side of online play (see api.h).
 *
 * libmicrohttpd calls the handler once the headers are in, then with each
 * part of the body, then once more.  Everything that can be refused from the
 * headers alone (route, method, limits, origin, size, type) is refused at the
 * first call, before any body is read; the rest at the last.  Then the
 * request goes to the committer (online.h) and its connection is suspended
 * until the answer is durable: the server's threads never wait for a disk.
 */
#define _POSIX_C_SOURCE 200809L
#include "online/api.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "http/monotonic.h"
#include "http/security_headers.h"
#include "online/body.h"

enum {
    BODY_MAX = 4096,
    ADDRESS_SIZE = 64,
    ID_MAX = 40, /* longer is no id of ours: 404 */
};

struct Api {
    ApiConfig config;
    char trusted_proxy[ADDRESS_SIZE];
    RateLimiter *limiter;
    Hub *hub;
    Online *online;
    atomic_uint lobby_streams; /* numbers the lobby's streams, so that their heartbeats are spread */
};

typedef enum { ROUTE_NONE, ROUTE_GAMES, ROUTE_GAME, ROUTE_ACTION, ROUTE_EVENTS, ROUTE_LOBBY, ROUTE_LOBBY_EVENTS } RouteKind;

/* One request's state, from its first call to its end. */
typedef struct {
    RouteKind route;
    OnlineAction action;
    char id[ID_MAX + 1];
    char client[ADDRESS_SIZE];
    bool answered, too_large, streaming;
    bool submitted;  /* to the committer: the connection is suspended until it answers */
    OnlineCall call;
    json_t *json;    /* the body, read */
    Stream *stream;  /* to open */
    unsigned status;
    uint64_t bytes;
    size_t body_len;
    char body[BODY_MAX];
} ApiRequest;

/* ---- starting and stopping ---------------------------------------------------- */

static void stream_closed(void *ctx, const char *client) { ratelimit_stream_closed(ctx, client); }

Api *api_start(const ApiConfig *config, char *err, int err_size) {
    Api *api = calloc(1, sizeof *api);
    if (!api) return NULL;
    api->config = *config;
    snprintf(api->trusted_proxy, sizeof api->trusted_proxy, "%s", config->trusted_proxy ? config->trusted_proxy : "");
    api->limiter = ratelimit_new(&config->limits);
    api->hub = api->limiter ? hub_new(stream_closed, api->limiter) : NULL;
    OnlineConfig online = config->online;
    online.lobby_stream_closed = stream_closed;
    online.lobby_stream_closed_ctx = api->limiter;
    api->online = api->hub ? online_start(&online, api->hub, err, err_size) : NULL;
    if (!api->online) {
        if (!api->hub) snprintf(err, (size_t)err_size, "out of memory");
        api_stop(api);
        return NULL;
    }
    return api;
}

static void close_streams(void *ctx) {
    Api *api = ctx;
    online_quiesce(api->online); /* every request waiting answered, so none stays suspended */
    hub_close_all(api->hub);
    hub_close_all(online_lobby_hub(api->online));
}

void api_stop(Api *api) {
    if (!api) return;
    online_stop(api->online);
    hub_free(api->hub);
    ratelimit_free(api->limiter);
    free(api);
}

static bool owns(void *ctx, const char *target) {
    (void)ctx;
    return !strncmp(target, "/api/", 5) || !strcmp(target, "/api");
}

static HandlerSent sent(const void *request) {
    const ApiRequest *r = request;
    return (HandlerSent){.status = r->status, .bytes = r->bytes, .streaming = r->streaming};
}

static void request_finished(void *request) {
    ApiRequest *r = request;
    /* Answered by the committer but never sent: the server stopped first. */
    json_decref(r->call.answer.body);
    if (r->stream) stream_discard(r->stream);
    json_decref(r->json);
    free(r);
}

static bool wants_get(const ApiRequest *r);

/* ---- answers ------------------------------------------------------------------- */

static enum MHD_Result send_json(struct MHD_Connection *c, ApiRequest *r, unsigned status, json_t *body,
                                 unsigned retry_after) {
    char *text = body ? json_dumps(body, JSON_COMPACT) : NULL;
    json_decref(body);
    size_t n = text ? strlen(text) : 0;
    struct MHD_Response *resp = MHD_create_response_from_buffer(n, text ? text : (void *)"",
                                                                text ? MHD_RESPMEM_MUST_FREE : MHD_RESPMEM_PERSISTENT);
    if (!resp) {
        free(text);
        return MHD_NO;
    }
    add_security_headers(resp);
    if (text) MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, "application/json; charset=utf-8");
    MHD_add_response_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
    if (status == 405) MHD_add_response_header(resp, MHD_HTTP_HEADER_ALLOW, wants_get(r) ? "GET" : "POST");
    char seconds[16];
    if (retry_after) {
        snprintf(seconds, sizeof seconds, "%u", retry_after);
        MHD_add_response_header(resp, MHD_HTTP_HEADER_RETRY_AFTER, seconds);
    }
    r->answered = true;
    r->status = status;
    r->bytes = n;
    enum MHD_Result queued = MHD_queue_response(c, status, resp);
    MHD_destroy_response(resp);
    return queued;
}

static enum MHD_Result send_error(struct MHD_Connection *c, ApiRequest *r, unsigned status, const char *code,
                                  const char *message, unsigned retry_after) {
    OnlineAnswer a;
    online_error(&a, status, code, message);
    return send_json(c, r, status, a.body, retry_after);
}

/* ---- the route ----------------------------------------------------------------- */

static const struct {
    const char *name;
    OnlineAction action;
} ACTIONS[] = {
    {"join", ONLINE_JOIN},     {"moves", ONLINE_MOVE}, {"resign", ONLINE_RESIGN}, {"draw", ONLINE_DRAW},
    {"rematch", ONLINE_REMATCH}, {"ping", ONLINE_PING},  {"claim", ONLINE_CLAIM},   {"abort", ONLINE_ABORT},
};

/* /api/v1/games, /api/v1/games/{id}, /api/v1/games/{id}/{action},
 * /api/v1/lobby, /api/v1/lobby/events; the query is ignored. */
static void parse_route(const char *target, ApiRequest *r) {
    static const char BASE[] = "/api/v1/games";
    size_t end = strcspn(target, "?#");
    r->route = ROUTE_NONE;
    if (end == 13 && !strncmp(target, "/api/v1/lobby", 13)) r->route = ROUTE_LOBBY;
    if (end == 20 && !strncmp(target, "/api/v1/lobby/events", 20)) r->route = ROUTE_LOBBY_EVENTS;
    if (r->route != ROUTE_NONE) return;
    if (strncmp(target, BASE, sizeof BASE - 1) || end < sizeof BASE - 1) return;
    const char *p = target + sizeof BASE - 1, *stop = target + end;
    if (p == stop) {
        r->route = ROUTE_GAMES;
        r->action = ONLINE_CREATE;
        return;
    }
    if (*p++ != '/') return;
    size_t id_len = strcspn(p, "/?#");
    if (id_len == 0 || id_len > ID_MAX || p + id_len > stop) return;
    memcpy(r->id, p, id_len);
    r->id[id_len] = '\0';
    p += id_len;
    if (p == stop) {
        r->route = ROUTE_GAME;
        r->action = ONLINE_READ;
        return;
    }
    p++; /* the '/' */
    size_t name_len = (size_t)(stop - p);
    if (name_len == 6 && !strncmp(p, "events", 6)) {
        r->route = ROUTE_EVENTS;
        return;
    }
    for (size_t k = 0; k < sizeof ACTIONS / sizeof *ACTIONS; k++)
        if (strlen(ACTIONS[k].name) == name_len && !strncmp(p, ACTIONS[k].name, name_len)) {
            r->route = ROUTE_ACTION;
            r->action = ACTIONS[k].action;
        }
}

static bool wants_get(const ApiRequest *r) {
    return r->route == ROUTE_GAME || r->route == ROUTE_EVENTS || r->route == ROUTE_LOBBY || r->route == ROUTE_LOBBY_EVENTS;
}

/* ---- headers --------------------------------------------------------------------- */

static const char *header(struct MHD_Connection *c, const char *name) {
    return MHD_lookup_connection_value(c, MHD_HEADER_KIND, name);
}

/* Keeps the last X-Forwarded-For header seen. */
static enum MHD_Result last_forwarded(void *cls, enum MHD_ValueKind kind, const char *key, const char *value) {
    (void)kind;
    if (value && !strcasecmp(key, "X-Forwarded-For")) *(const char **)cls = value;
    return MHD_YES;
}

/* The client's address: the connection's, or behind the trusted proxy the
 * last one its X-Forwarded-For names (the one it appended itself).  Of
 * several such headers the last: a proxy that adds its own header (HAProxy's
 * `option forwardfor`) leaves the client's before it. */
static void client_of(const Api *api, struct MHD_Connection *c, const char *peer, char out[ADDRESS_SIZE]) {
    snprintf(out, ADDRESS_SIZE, "%s", peer);
    const char *xff = NULL;
    if (api->trusted_proxy[0] && !strcmp(peer, api->trusted_proxy))
        MHD_get_connection_values(c, MHD_HEADER_KIND, last_forwarded, &xff);
    if (!xff) return;
    const char *last = strrchr(xff, ',');
    last = last ? last + 1 : xff;
    last += strspn(last, " \t");
    size_t n = strcspn(last, " \t");
    if (n > 0 && n < ADDRESS_SIZE) {
        memcpy(out, last, n);
        out[n] = '\0';
    }
}

/* A request that changes a game must come from a page of this server: a
 * browser names the page's origin, which must be this very host. */
static bool same_origin(struct MHD_Connection *c) {
    const char *site = header(c, "Sec-Fetch-Site");
    if (site && strcasecmp(site, "same-origin") && strcasecmp(site, "none")) return false;
    const char *origin = header(c, MHD_HTTP_HEADER_ORIGIN);
    if (!origin) return true; /* not a browser's cross-site request: those always name their origin */
    const char *host = header(c, MHD_HTTP_HEADER_HOST);
    const char *rest = strstr(origin, "://");
    return host && rest && !strcasecmp(rest + 3, host);
}

static bool has_body(struct MHD_Connection *c, bool *too_large) {
    const char *length = header(c, MHD_HTTP_HEADER_CONTENT_LENGTH);
    *too_large = length && strtoull(length, NULL, 10) > BODY_MAX;
    return (length && strcmp(length, "0")) || header(c, MHD_HTTP_HEADER_TRANSFER_ENCODING);
}

static bool is_json(const char *type) {
    static const char JSON[] = "application/json";
    if (!type || strncasecmp(type, JSON, sizeof JSON - 1)) return false;
    char next = type[sizeof JSON - 1];
    return next == '\0' || next == ';' || next == ' ';
}

/* ---- the first call: what the headers alone decide ---------------------------- */

static enum MHD_Result first_call(Api *api, struct MHD_Connection *c, const char *method, ApiRequest *r) {
    double now = monotonic_seconds();
    if (r->route == ROUTE_NONE) return send_error(c, r, 404, "not_found", "no such API request", 0);
    bool get = !strcmp(method, MHD_HTTP_METHOD_GET), post = !strcmp(method, MHD_HTTP_METHOD_POST);
    if (wants_get(r) ? !get : !post)
        return send_error(c, r, 405, "method_not_allowed", wants_get(r) ? "use GET" : "use POST", 0);
    unsigned wait = ratelimit_request(api->limiter, r->client, now);
    if (wait) return send_error(c, r, 429, "rate_limited", "too many requests: slow down", wait);
    bool too_large = false, body = has_body(c, &too_large);
    if (post && !same_origin(c))
        return send_error(c, r, 403, "forbidden", "a game is changed only from this server's own page", 0);
    if (too_large) return send_error(c, r, 413, "too_large", "the body is over 4 KiB", 0);
    if (body && !get && !is_json(header(c, MHD_HTTP_HEADER_CONTENT_TYPE)))
        return send_error(c, r, 415, "bad_type", "the body must be JSON (Content-Type: application/json)", 0);
    if (get && body) return send_error(c, r, 400, "bad_request", "a GET has no body", 0);
    if (r->route == ROUTE_GAMES && (wait = ratelimit_game(api->limiter, r->client, now)))
        return send_error(c, r, 429, "rate_limited", "too many games created from this address: wait", wait);
    return MHD_YES;
}

/* ---- the last call ------------------------------------------------------------- */

/* "Bearer <token>": the token, or NULL if none or malformed. */
static const char *bearer(struct MHD_Connection *c) {
    const char *auth = header(c, MHD_HTTP_HEADER_AUTHORIZATION);
    if (!auth || strncasecmp(auth, "Bearer ", 7)) return NULL;
    return auth + 7;
}

static int64_t last_event_id(struct MHD_Connection *c) {
    const char *v = header(c, "Last-Event-ID");
    if (!v || !*v || strlen(v) > 18 || strspn(v, "0123456789") != strlen(v)) return -1;
    return strtoll(v, NULL, 10);
}

/* Called by the committer: the answer is in; the handler is called again. */
static void call_done(OnlineCall *call) { MHD_resume_connection(call->ctx); }

/* Hands the request to the committer, the connection suspended meanwhile
 * (before, so that the answer cannot come first). */
static enum MHD_Result submit(Api *api, struct MHD_Connection *c, ApiRequest *r) {
    r->call.done = call_done;
    r->call.ctx = c;
    r->submitted = true;
    MHD_suspend_connection(c);
    online_submit(api->online, &r->call);
    return MHD_YES;
}

/* The limits of streams, in all and per address: true if one more may open,
 * else the refusal sent (and the per-address count not taken). */
static bool stream_allowed(Api *api, struct MHD_Connection *c, ApiRequest *r, enum MHD_Result *refused) {
    size_t open = hub_count(api->hub) + hub_count(online_lobby_hub(api->online));
    if (api->config.max_streams && open >= api->config.max_streams) {
        *refused = send_error(c, r, 503, "unavailable", "the server has all the event streams it can take; try later", 30);
        return false;
    }
    if (!ratelimit_stream_open(api->limiter, r->client)) {
        *refused = send_error(c, r, 429, "rate_limited", "too many event streams open from this address", 10);
        return false;
    }
    return true;
}

/* A stream's response queued: its connection never times out, as it is
 * quiet for 15 s at most (heartbeats); a peer that hangs up is heard at once
 * (hangups.h), a dead one when a write fails.  The log counts its bytes. */
static enum MHD_Result queue_stream(struct MHD_Connection *c, ApiRequest *r, Stream *s) {
    struct MHD_Response *resp = stream_response(s);
    if (!resp) {
        stream_discard(s);
        return MHD_NO;
    }
    MHD_set_connection_option(c, MHD_CONNECTION_OPTION_TIMEOUT, 0U);
    r->answered = r->streaming = true;
    r->status = 200;
    stream_count_sent(s, &r->bytes);
    enum MHD_Result queued = MHD_queue_response(c, 200, resp);
    MHD_destroy_response(resp); /* the connection holds it; freeing it frees the stream */
    return queued;
}

/* GET /lobby/events: live events only (no ids, no replay), so no committer:
 * the stream takes the lobby's events from the moment it is attached. */
static enum MHD_Result open_lobby_stream(Api *api, struct MHD_Connection *c, ApiRequest *r) {
    enum MHD_Result refused;
    if (!stream_allowed(api, c, r, &refused)) return refused;
    Hub *hub = online_lobby_hub(api->online);
    char id[32];
    snprintf(id, sizeof id, "lobby-%u", atomic_fetch_add(&api->lobby_streams, 1));
    Stream *s = stream_new(hub, c, id, r->client);
    if (!s) {
        ratelimit_stream_closed(api->limiter, r->client);
        return send_error(c, r, 503, "unavailable", "out of memory", 0);
    }
    stream_push(s, "retry: 2000\n\n");
    stream_attach(hub, s, 0);
    return queue_stream(c, r, s);
}

/* GET /lobby: the page the lobby keeps made. */
static enum MHD_Result send_lobby(Api *api, struct MHD_Connection *c, ApiRequest *r) {
    size_t n = 0;
    char *text = lobby_page(online_lobby(api->online), &n);
    if (!text) return send_error(c, r, 503, "unavailable", "out of memory", 0);
    struct MHD_Response *resp = MHD_create_response_from_buffer(n, text, MHD_RESPMEM_MUST_FREE);
    if (!resp) {
        free(text);
        return MHD_NO;
    }
    add_security_headers(resp);
    MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, "application/json; charset=utf-8");
    MHD_add_response_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
    r->answered = true;
    r->status = 200;
    r->bytes = n;
    enum MHD_Result queued = MHD_queue_response(c, 200, resp);
    MHD_destroy_response(resp);
    return queued;
}

static enum MHD_Result open_stream(Api *api, struct MHD_Connection *c, ApiRequest *r) {
    enum MHD_Result refused;
    if (!stream_allowed(api, c, r, &refused)) return refused;
    r->stream = stream_new(api->hub, c, r->id, r->client);
    if (!r->stream) {
        ratelimit_stream_closed(api->limiter, r->client);
        return send_error(c, r, 503, "unavailable", "out of memory", 0);
    }
    r->call = (OnlineCall){.id = r->id, .stream = r->stream, .last_event_id = last_event_id(c)};
    return submit(api, c, r);
}

/* The stream opened, caught up and attached by the committer: its response. */
static enum MHD_Result stream_opened(struct MHD_Connection *c, ApiRequest *r) {
    Stream *s = r->stream;
    r->stream = NULL;
    if (!r->call.ok) {
        stream_discard(s);
        json_t *body = r->call.answer.body;
        r->call.answer.body = NULL;
        return send_json(c, r, r->call.answer.status, body, r->call.answer.retry_after);
    }
    return queue_stream(c, r, s);
}

static enum MHD_Result last_call(Api *api, struct MHD_Connection *c, ApiRequest *r) {
    if (r->submitted) { /* resumed: the committer has answered */
        if (r->route == ROUTE_EVENTS) return stream_opened(c, r);
        json_t *body = r->call.answer.body; /* send_json's from now on */
        r->call.answer.body = NULL;
        return send_json(c, r, r->call.answer.status, body, r->call.answer.retry_after);
    }
    if (r->too_large) return send_error(c, r, 413, "too_large", "the body is over 4 KiB", 0);
    if (r->route == ROUTE_EVENTS) return open_stream(api, c, r);
    if (r->route == ROUTE_LOBBY) return send_lobby(api, c, r);
    if (r->route == ROUTE_LOBBY_EVENTS) return open_lobby_stream(api, c, r);
    if (r->body_len) {
        char message[160];
        r->json = body_parse(r->body, r->body_len, message, sizeof message);
        if (!r->json) return send_error(c, r, 400, "bad_request", message, 0);
    }
    r->call = (OnlineCall){.action = r->action, .id = r->id, .token = bearer(c), .body = r->json, .client = r->client};
    return submit(api, c, r);
}

/* libmicrohttpd calls it for each request under /api/, through web_server.c. */
static enum MHD_Result handle(void *ctx, struct MHD_Connection *c, const char *method, const char *target,
                              const char *client, const char *upload, size_t *upload_size, void **state) {
    Api *api = ctx;
    ApiRequest *r = *state;
    if (!r) {
        r = *state = calloc(1, sizeof *r);
        if (!r) return MHD_NO;
        parse_route(target, r);
        client_of(api, c, client, r->client);
        return first_call(api, c, method, r);
    }
    if (*upload_size) { /* a part of the body, kept up to the limit */
        if (!r->answered && r->body_len + *upload_size <= BODY_MAX) {
            memcpy(r->body + r->body_len, upload, *upload_size);
            r->body_len += *upload_size;
        } else {
            r->too_large = true;
        }
        *upload_size = 0;
        return MHD_YES;
    }
    if (r->answered) return MHD_YES;
    return last_call(api, c, r);
}

Handler api_handler(Api *api) {
    return (Handler){.ctx = api, .owns = owns, .handle = handle, .sent = sent, .finished = request_finished,
                     .close = close_streams};
}
