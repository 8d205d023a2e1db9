/*
 * web_server.c: the HTTP server (see web_server.h).
 *
 * libmicrohttpd parses HTTP and owns the sockets; this file decides what each
 * request gets.  It takes the raw request target itself, through the URI log
 * callback, before libmicrohttpd decodes it, so that one function with one
 * decoding (http_path.c) decides which file is meant.  static_files.c opens
 * the file and checks that it lies inside the root; the response cache
 * (response_cache.c) or the file's descriptor (responses.c) serve it.
 *
 * Limits, against clients that misbehave on purpose or not:
 *   - the request line and headers share a per-connection memory pool of
 *     CONNECTION_MEMORY_LIMIT bytes; beyond it libmicrohttpd answers 414 or
 *     431 and closes;
 *   - idle connections are closed after the timeout, and request headers
 *     must be complete within it however slowly they trickle (deadlines.c);
 *   - at most MAX_CONNECTIONS connections, MAX_CONNECTIONS_PER_IP from one
 *     client address (none behind a trusted proxy, the one address of all);
 *   - only GET and HEAD; a request body is never read;
 *   - except for the handler's requests (online play's API), which it
 *     answers itself, bodies and event streams included (handler.h).
 */
#define _GNU_SOURCE /* sched_getaffinity */
#include "http/web_server.h"

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "http/access_log.h"
#include "http/deadlines.h"
#include "http/epoll_batches.h"
#include "http/http_cache.h"
#include "http/http_path.h"
#include "http/monotonic.h"
#include "http/response_cache.h"
#include "http/responses.h"

enum {
    CONNECTION_MEMORY_LIMIT = 16 * 1024, /* request line and headers get about half of it */
    MAX_CONNECTIONS = 512,
    MAX_CONNECTIONS_PER_IP = 64,
    RESPONSE_SECONDS = 120,              /* to send one response, even a large file to a slow client */
    CACHE_FILE_MAX = 16 << 20,           /* larger files are sent from disk */
    CACHE_TOTAL_MAX = 64 << 20,
    LOG_TARGET_MAX = 200,                /* characters of the request target kept for the log */
    LOG_METHOD_MAX = 16,
};

struct WebServer {
    const StaticRoot *root;
    Deadlines *deadlines;
    ResponseCache *cache; /* NULL without the cache */
    Handler handler;      /* .owns NULL: none */
    struct MHD_Daemon *daemon;
};

/* One request, from its request line to the access log. */
typedef struct {
    double start;                 /* monotonic seconds */
    struct timespec when;         /* for the log */
    char client[INET6_ADDRSTRLEN];
    char method[ACCESS_LOG_ESCAPED_SIZE(LOG_METHOD_MAX)];
    char target[ACCESS_LOG_ESCAPED_SIZE(LOG_TARGET_MAX)];
    HttpPathResult path_result;
    bool is_dir;                  /* the target ended with '/' */
    bool head;                    /* a HEAD request: no body is sent */
    bool headers_seen;            /* the handler has been called */
    bool answered;                /* a response is queued */
    bool handled;                 /* the handler's */
    void *handler_request;        /* its state of the request */
    unsigned status;
    uint64_t bytes;
    char path[HTTP_PATH_MAX];
} Request;

/* ---- answering ------------------------------------------------------------- */

/* Queues r (with status) and records what was sent; takes r unless shared. */
static enum MHD_Result queue(struct MHD_Connection *c, Request *req, unsigned status, struct MHD_Response *r,
                             uint64_t body_size, bool shared) {
    req->status = status;
    req->bytes = req->head ? 0 : body_size;
    enum MHD_Result queued = MHD_queue_response(c, status, r);
    if (!shared) MHD_destroy_response(r);
    return queued;
}

static enum MHD_Result queue_error(struct MHD_Connection *c, Request *req, unsigned status) {
    size_t body_size = 0;
    struct MHD_Response *r = response_error(status, &body_size);
    return r ? queue(c, req, status, r, body_size, true) : MHD_NO; /* MHD_NO closes the connection */
}

/* Writes path percent-encoded as a URL path, for a Location header. */
static void encode_path(const char *path, char *out, size_t out_size) {
    static const char HEX[] = "0123456789ABCDEF";
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)path; *p && n + 4 < out_size; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || strchr("/-._~", *p)) {
            out[n++] = (char)*p;
        } else {
            out[n++] = '%';
            out[n++] = HEX[*p >> 4];
            out[n++] = HEX[*p & 15];
        }
    }
    out[n] = '\0';
}

/* A folder asked for without its final '/', which the relative links of its
 * index.html need.  The location is built from the cleaned path, never from
 * the raw target, so it cannot point off-site ("//evil.example/"). */
static enum MHD_Result queue_redirect_to_folder(struct MHD_Connection *c, Request *req) {
    char location[HTTP_PATH_MAX * 3 + 4] = "/";
    encode_path(req->path, location + 1, sizeof location - 2);
    strcat(location, "/");
    struct MHD_Response *r = response_redirect(location);
    if (!r) return queue_error(c, req, MHD_HTTP_INTERNAL_SERVER_ERROR);
    return queue(c, req, MHD_HTTP_MOVED_PERMANENTLY, r, 0, false);
}

/* Serves an open file from disk: a 304 if the client's copy is current, else the file. */
static enum MHD_Result queue_file(struct MHD_Connection *c, Request *req, StaticFile *f, const CachedRequest *cr) {
    FileValidators v;
    file_validators(f, &v);
    if (http_not_modified(cr->if_none_match, cr->if_modified_since, v.etag, f->mtime_sec)) {
        close(f->fd);
        f->fd = -1;
        struct MHD_Response *r = response_not_modified(f, &v);
        return r ? queue(c, req, MHD_HTTP_NOT_MODIFIED, r, 0, false) : queue_error(c, req, MHD_HTTP_INTERNAL_SERVER_ERROR);
    }
    uint64_t size = f->size;
    struct MHD_Response *r = response_file_from_fd(f, &v);
    return r ? queue(c, req, MHD_HTTP_OK, r, size, false) : queue_error(c, req, MHD_HTTP_INTERNAL_SERVER_ERROR);
}

static enum MHD_Result queued_from_cache(Request *req, const CachedRequest *cr) {
    req->status = cr->status;
    req->bytes = cr->bytes;
    return cr->queued ? MHD_YES : MHD_NO;
}

/* A file found on disk: into the cache and from there, or straight from disk. */
static enum MHD_Result serve_file(WebServer *server, struct MHD_Connection *c, Request *req, StaticFile *f,
                                  CachedRequest *cr) {
    if (!server->cache || !response_cache_store(server->cache, cr->key, f)) return queue_file(c, req, f, cr);
    if (response_cache_serve(server->cache, c, cr)) return queued_from_cache(req, cr);
    return queue_error(c, req, MHD_HTTP_INTERNAL_SERVER_ERROR); /* only if the clock jumped a second */
}

/* A GET or HEAD: the file asked for, or why not. */
static enum MHD_Result answer(WebServer *server, struct MHD_Connection *c, Request *req) {
    switch (req->path_result) {
    case HTTP_PATH_OK: break;
    case HTTP_PATH_BAD: return queue_error(c, req, MHD_HTTP_BAD_REQUEST);
    case HTTP_PATH_HIDDEN: return queue_error(c, req, MHD_HTTP_NOT_FOUND);
    case HTTP_PATH_TOO_LONG: return queue_error(c, req, MHD_HTTP_URI_TOO_LONG);
    }
    /* Files the build compressed are sent compressed to clients that take
     * gzip (static_use_gzip).  The cache key tells "sub/" (its index.html)
     * from "sub" (a redirect), and the gzip answer (a leading \1, which no
     * cleaned path holds) from the plain one. */
    bool gzip = http_accepts_gzip(MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_ACCEPT_ENCODING));
    char key[HTTP_PATH_MAX + 3];
    snprintf(key, sizeof key, "%s%s%s", gzip ? "\1" : "", req->path, req->is_dir ? "/" : "");
    CachedRequest cr = {
        .key = key,
        .if_none_match = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_IF_NONE_MATCH),
        .if_modified_since = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_IF_MODIFIED_SINCE),
        .head = req->head,
    };
    if (server->cache && response_cache_serve(server->cache, c, &cr)) return queued_from_cache(req, &cr);

    StaticFile file;
    switch (static_open(server->root, req->path, req->is_dir, &file)) {
    case STATIC_FILE:
        if (gzip) static_use_gzip(server->root, &file);
        return serve_file(server, c, req, &file, &cr);
    case STATIC_DIRECTORY: return queue_redirect_to_folder(c, req);
    case STATIC_OUTSIDE_ROOT: return queue_error(c, req, MHD_HTTP_FORBIDDEN);
    case STATIC_ERROR: return queue_error(c, req, MHD_HTTP_INTERNAL_SERVER_ERROR);
    case STATIC_NOT_FOUND: break;
    }
    return queue_error(c, req, MHD_HTTP_NOT_FOUND);
}

/* ---- libmicrohttpd callbacks ------------------------------------------------ */

static void client_address(struct MHD_Connection *c, char out[INET6_ADDRSTRLEN]) {
    strcpy(out, "-");
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (!info || !info->client_addr) return;
    const struct sockaddr *a = info->client_addr;
    if (a->sa_family == AF_INET)
        inet_ntop(AF_INET, &((const struct sockaddr_in *)(const void *)a)->sin_addr, out, INET6_ADDRSTRLEN);
    else if (a->sa_family == AF_INET6)
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)(const void *)a)->sin6_addr, out, INET6_ADDRSTRLEN);
}

/* Called with the raw request target, before libmicrohttpd decodes it: the
 * request's record starts here, and its path is decided here, once. */
static void *request_started(void *cls, const char *uri, struct MHD_Connection *c) {
    WebServer *server = cls;
    Request *req = calloc(1, sizeof *req);
    if (!req) return NULL;
    req->start = monotonic_seconds();
    clock_gettime(CLOCK_REALTIME, &req->when);
    client_address(c, req->client);
    strcpy(req->method, "-");
    req->handled = server->handler.owns && server->handler.owns(server->handler.ctx, uri);
    if (req->handled) { /* logged without its query, where a careless client might put a token */
        char path[LOG_TARGET_MAX + 1];
        snprintf(path, sizeof path, "%.*s", (int)strcspn(uri, "?#"), uri);
        access_log_escape(path, LOG_TARGET_MAX, req->target);
    } else {
        access_log_escape(uri, LOG_TARGET_MAX, req->target);
    }
    req->path_result = http_path_from_target(uri, req->path, sizeof req->path, &req->is_dir);
    return req;
}

static DeadlineEntry *deadline_of(struct MHD_Connection *c) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? info->socket_context : NULL;
}

/* Does the request announce a body?  GET and HEAD have none worth reading. */
static bool has_body(struct MHD_Connection *c) {
    const char *length = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
    return (length && strcmp(length, "0")) ||
           MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_TRANSFER_ENCODING);
}

/* A request of the handler's.  An event stream has no deadline. */
static enum MHD_Result hand_over(WebServer *server, struct MHD_Connection *c, Request *req, const char *url,
                                 const char *method, const char *upload_data, size_t *upload_data_size) {
    (void)url; /* decoded: the raw target is in the access log's record */
    if (!req->headers_seen) {
        req->headers_seen = true;
        access_log_escape(method, LOG_METHOD_MAX, req->method);
        deadlines_request_started(server->deadlines, deadline_of(c));
    }
    /* The target as logged: escaped, so an odd byte leaves no route. */
    const Handler *h = &server->handler;
    enum MHD_Result result =
        h->handle(h->ctx, c, method, req->target, req->client, upload_data, upload_data_size, &req->handler_request);
    if (!req->answered && req->handler_request && h->sent(req->handler_request).streaming) {
        req->answered = true;
        deadlines_request_streaming(server->deadlines, deadline_of(c));
    }
    return result;
}

/*
 * libmicrohttpd calls this once the headers are in, then again for each part
 * of a body, then once more at the end.  A response queued at the first call
 * makes it skip the body and close the connection afterwards; one queued at
 * the last call keeps the connection alive.  So refused methods and requests
 * with a body are answered at once, and ordinary GETs and HEADs at the end.
 */
static enum MHD_Result handle_request(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                                      const char *version, const char *upload_data, size_t *upload_data_size,
                                      void **con_cls) {
    (void)url, (void)version, (void)upload_data;
    WebServer *server = cls;
    Request *req = *con_cls;
    if (!req) return MHD_NO; /* out of memory when the request began: drop the connection */
    if (req->handled) return hand_over(server, c, req, url, method, upload_data, upload_data_size);
    if (!req->headers_seen) {
        req->headers_seen = true;
        access_log_escape(method, LOG_METHOD_MAX, req->method);
        deadlines_request_started(server->deadlines, deadline_of(c));
        req->head = !strcmp(method, MHD_HTTP_METHOD_HEAD);
        if (!req->head && strcmp(method, MHD_HTTP_METHOD_GET)) {
            req->answered = true;
            return queue_error(c, req, MHD_HTTP_METHOD_NOT_ALLOWED);
        }
        if (!has_body(c)) return MHD_YES;
        req->answered = true;
        return answer(server, c, req);
    }
    *upload_data_size = 0; /* a body is never read, only discarded */
    if (req->answered) return MHD_YES;
    req->answered = true;
    return answer(server, c, req);
}

static const char *termination_note(enum MHD_RequestTerminationCode code) {
    switch (code) {
    case MHD_REQUEST_TERMINATED_COMPLETED_OK: return "";
    case MHD_REQUEST_TERMINATED_TIMEOUT_REACHED: return "timeout";
    case MHD_REQUEST_TERMINATED_DAEMON_SHUTDOWN: return "shutdown";
    case MHD_REQUEST_TERMINATED_CLIENT_ABORT: return "client-abort";
    case MHD_REQUEST_TERMINATED_READ_ERROR: return "read-error";
    case MHD_REQUEST_TERMINATED_WITH_ERROR: return "error";
    }
    return "?";
}

static void request_completed(void *cls, struct MHD_Connection *c, void **con_cls,
                              enum MHD_RequestTerminationCode code) {
    WebServer *server = cls;
    Request *req = *con_cls;
    if (!req) return;
    if (req->handled && req->handler_request) {
        HandlerSent sent = server->handler.sent(req->handler_request);
        req->status = sent.status;
        req->bytes = sent.bytes;
        server->handler.finished(req->handler_request);
    }
    unsigned status = req->status;
    if (!status) { /* libmicrohttpd refused the request itself (431, 400...) */
        const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_HTTP_STATUS);
        status = info ? info->http_status : 0;
    }
    AccessLogLine line = {.when = req->when, .client = req->client, .method = req->method, .target = req->target,
                          .status = status, .bytes = req->bytes, .seconds = monotonic_seconds() - req->start,
                          .note = termination_note(code)};
    access_log_request(&line);
    deadlines_request_done(server->deadlines, deadline_of(c));
    free(req);
    *con_cls = NULL;
}

static void connection_notified(void *cls, struct MHD_Connection *c, void **socket_context,
                                enum MHD_ConnectionNotificationCode code) {
    WebServer *server = cls;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
        char client[INET6_ADDRSTRLEN];
        client_address(c, client);
        *socket_context = info ? deadlines_add(server->deadlines, info->connect_fd, client) : NULL;
    } else {
        deadlines_remove(server->deadlines, *socket_context);
        *socket_context = NULL;
    }
}

/* ---- starting and stopping -------------------------------------------------- */

/* One thread per core the server may run on (taskset, a container's
 * cpuset), each with its own event loop on the shared socket. */
static unsigned worker_threads(void) {
    cpu_set_t cpus;
    long cores = sched_getaffinity(0, sizeof cpus, &cpus) == 0 ? CPU_COUNT(&cpus) : sysconf(_SC_NPROCESSORS_ONLN);
    return cores < 1 ? 1 : cores > 8 ? 8 : (unsigned)cores;
}

static struct MHD_Daemon *start_daemon(WebServer *server, const WebServerConfig *config) {
    /* Suspend and resume: for the handler's answers that wait (event streams). */
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ERROR_LOG | MHD_ALLOW_SUSPEND_RESUME;
    /* epoll only with its batches one short of full (epoll_batches.h). */
    flags |= MHD_is_feature_supported(MHD_FEATURE_EPOLL) && epoll_batches_short() ? MHD_USE_EPOLL : MHD_USE_POLL;
    if (config->family == AF_INET6) flags |= MHD_USE_IPv6;
    return MHD_start_daemon(flags, 0, NULL, NULL, handle_request, server,
                            MHD_OPTION_EXTERNAL_LOGGER, access_log_library_message, NULL, /* first, to catch all */
                            MHD_OPTION_LISTEN_SOCKET, config->listen_fd,
                            MHD_OPTION_THREAD_POOL_SIZE, worker_threads(),
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)CONNECTION_MEMORY_LIMIT,
                            MHD_OPTION_CONNECTION_LIMIT,
                            config->max_connections ? config->max_connections : (unsigned)MAX_CONNECTIONS,
                            /* Behind a proxy, its own per-client limit stands in (docs/DEPLOY.md). */
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, config->behind_proxy ? 0u : (unsigned)MAX_CONNECTIONS_PER_IP,
                            MHD_OPTION_CONNECTION_TIMEOUT, config->timeout_seconds,
                            MHD_OPTION_STRICT_FOR_CLIENT, 1, /* e.g. HTTP/1.1 without Host: 400 */
                            MHD_OPTION_URI_LOG_CALLBACK, request_started, server,
                            MHD_OPTION_NOTIFY_COMPLETED, request_completed, server,
                            MHD_OPTION_NOTIFY_CONNECTION, connection_notified, server,
                            MHD_OPTION_END);
}

WebServer *web_server_start(const WebServerConfig *config) {
    WebServer *server = calloc(1, sizeof *server);
    if (!server) return NULL;
    server->root = config->root;
    server->handler = config->handler;
    server->deadlines = deadlines_start(config->timeout_seconds, RESPONSE_SECONDS);
    if (config->cache) server->cache = response_cache_new(CACHE_FILE_MAX, CACHE_TOTAL_MAX);
    if (server->deadlines && (!config->cache || server->cache) && responses_init())
        server->daemon = start_daemon(server, config);
    if (!server->daemon) {
        fprintf(stderr, "halma serve: cannot start the server\n");
        close(config->listen_fd);
        web_server_stop(server);
        return NULL;
    }
    return server;
}

void web_server_stop(WebServer *server) {
    if (!server) return;
    /* No connection may be left suspended when the daemon stops. */
    if (server->handler.close) server->handler.close(server->handler.ctx);
    if (server->daemon) MHD_stop_daemon(server->daemon); /* closes the connections and the listening socket */
    if (server->deadlines) deadlines_stop(server->deadlines);
    response_cache_free(server->cache);
    responses_free();
    free(server);
}
