/*
 * serve.c: `halma serve`, the web server of the game: serves the web page's
 * static files (build/web/ next to the executable) to a browser.
 *
 * libmicrohttpd does the HTTP; this file decides what each request gets.
 * It reads the raw request target itself (through the URI log callback,
 * before libmicrohttpd decodes it) so that one function, with one decoding,
 * decides which file is meant: http_path.c.  static_files.c opens it and
 * checks that it lies inside the root, mime.c names its type and cache
 * lifetime, http_cache.c answers conditional requests, deadlines.c cuts slow
 * clients.
 *
 * Limits, against clients that misbehave on purpose or not:
 *   - request line and headers share a per-connection memory pool
 *     (CONNECTION_MEMORY_LIMIT); larger ones get 414/431 from libmicrohttpd;
 *   - idle connections are closed after --timeout seconds, and a request's
 *     headers must be in within --timeout seconds (deadlines.c);
 *   - at most MAX_CONNECTIONS connections, MAX_CONNECTIONS_PER_IP per client
 *     address;
 *   - only GET and HEAD; a request body is never read.
 */
#define _POSIX_C_SOURCE 200809L
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <microhttpd.h>
#include <netdb.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "deadlines.h"
#include "http_cache.h"
#include "http_path.h"
#include "file_response.h"
#include "response_cache.h"
#include "security_headers.h"
#include "static_files.h"

static const char USAGE[] =
    "usage: halma serve [--host HOST] [--port N] [--root DIR] [--timeout SECONDS] [--no-cache]\n\n"
    "Serves the game's web page and prints its address; open it in a browser.\n"
    "Ctrl-C stops the server.\n"
    "  --host HOST        the address to listen on (default 127.0.0.1: this machine\n"
    "                     only; 0.0.0.0 or :: for the whole network)\n"
    "  --port N           the port (default 8080, or the next free one up to 8089;\n"
    "                     0 for any free port)\n"
    "  --root DIR         the folder to serve (default: web/ next to the executable,\n"
    "                     which 'make' builds)\n"
    "  --timeout SECONDS  how long a client may stay idle or take to send a request\n"
    "                     (default 10)\n"
    "  --no-cache         read every file from disk at every request, instead of\n"
    "                     keeping the page in memory (slower; for comparison)\n";

enum {
    DEFAULT_PORT = 8080,
    PORTS_TRIED = 10,                   /* 8080 to 8089 when --port is not given */
    CONNECTION_MEMORY_LIMIT = 16 * 1024, /* request line and headers must fit in about half of it */
    MAX_CONNECTIONS = 512,
    MAX_CONNECTIONS_PER_IP = 64,
    DEFAULT_TIMEOUT_SECONDS = 10,
    RESPONSE_SECONDS = 120,             /* to send one response, even a large file to a slow client */
    CACHE_FILE_MAX = 16 << 20,          /* larger files are sent from disk */
    CACHE_TOTAL_MAX = 64 << 20,
    LOG_TARGET_MAX = 200,               /* characters of the request target kept in the access log */
    LOG_METHOD_MAX = 16,
};

typedef struct {
    const char *host;
    long long port;
    bool port_given;
    const char *root;
    long long timeout;
    bool no_cache;
} ServeOptions;

typedef struct {
    StaticRoot root;
    Deadlines *deadlines;
    ResponseCache *cache; /* NULL with --no-cache */
} Server;

/* One request, from its request line to the access log. */
typedef struct {
    double start;                 /* monotonic seconds */
    struct timespec wall_start;   /* for the log */
    char client[INET6_ADDRSTRLEN];
    char method[LOG_METHOD_MAX * 4 + 4]; /* escaped for the log, like the target */
    char target[LOG_TARGET_MAX * 4 + 4];
    bool head;                    /* a HEAD request: no body is sent */
    HttpPathResult path_result;
    bool is_dir;
    bool headers_seen;            /* the handler has been called */
    bool answered;                /* a response is queued */
    char path[HTTP_PATH_MAX];
    unsigned status;
    uint64_t bytes;
} Request;

/* ---- error responses, built once and shared -------------------------------- */

typedef struct {
    unsigned status;
    const char *body;
    struct MHD_Response *response;
} ErrorResponse;

static ErrorResponse ERRORS[] = {
    {MHD_HTTP_BAD_REQUEST, "400 Bad Request\n", NULL},
    {MHD_HTTP_FORBIDDEN, "403 Forbidden\n", NULL},
    {MHD_HTTP_NOT_FOUND, "404 Not Found\n", NULL},
    {MHD_HTTP_METHOD_NOT_ALLOWED, "405 Method Not Allowed: only GET and HEAD\n", NULL},
    {MHD_HTTP_URI_TOO_LONG, "414 URI Too Long\n", NULL},
    {MHD_HTTP_INTERNAL_SERVER_ERROR, "500 Internal Server Error\n", NULL},
};

static bool build_error_responses(void) {
    for (size_t i = 0; i < sizeof ERRORS / sizeof *ERRORS; i++) {
        ErrorResponse *e = &ERRORS[i];
        e->response = MHD_create_response_from_buffer(strlen(e->body), (void *)e->body, MHD_RESPMEM_PERSISTENT);
        if (!e->response) return false;
        add_security_headers(e->response);
        MHD_add_response_header(e->response, MHD_HTTP_HEADER_CONTENT_TYPE, "text/plain; charset=utf-8");
        MHD_add_response_header(e->response, MHD_HTTP_HEADER_CACHE_CONTROL, "no-cache");
        if (e->status == MHD_HTTP_METHOD_NOT_ALLOWED) MHD_add_response_header(e->response, MHD_HTTP_HEADER_ALLOW, "GET, HEAD");
        /* A client that sent a malformed target is not trusted with another request. */
        if (e->status == MHD_HTTP_BAD_REQUEST || e->status == MHD_HTTP_URI_TOO_LONG)
            MHD_add_response_header(e->response, MHD_HTTP_HEADER_CONNECTION, "close");
    }
    return true;
}

static void destroy_error_responses(void) {
    for (size_t i = 0; i < sizeof ERRORS / sizeof *ERRORS; i++) {
        if (ERRORS[i].response) MHD_destroy_response(ERRORS[i].response);
        ERRORS[i].response = NULL;
    }
}

static enum MHD_Result queue_error(struct MHD_Connection *c, Request *req, unsigned status) {
    for (size_t i = 0; i < sizeof ERRORS / sizeof *ERRORS; i++) {
        if (ERRORS[i].status != status) continue;
        req->status = status;
        req->bytes = req->head ? 0 : strlen(ERRORS[i].body);
        return MHD_queue_response(c, status, ERRORS[i].response);
    }
    return MHD_NO; /* not reached: every status used is in ERRORS */
}

/* ---- answering ------------------------------------------------------------- */

/* Appends path to out percent-encoded as a URL path, for a Location header. */
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

/* A folder asked for without its final '/': relative links in its index.html need it. */
static enum MHD_Result queue_redirect_to_folder(struct MHD_Connection *c, Request *req) {
    char location[HTTP_PATH_MAX * 3 + 4] = "/";
    encode_path(req->path, location + 1, sizeof location - 2);
    strcat(location, "/");
    struct MHD_Response *r = MHD_create_response_from_buffer(0, (void *)"", MHD_RESPMEM_PERSISTENT);
    if (!r) return queue_error(c, req, MHD_HTTP_INTERNAL_SERVER_ERROR);
    add_security_headers(r);
    MHD_add_response_header(r, MHD_HTTP_HEADER_LOCATION, location);
    MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-cache");
    req->status = MHD_HTTP_MOVED_PERMANENTLY;
    enum MHD_Result queued = MHD_queue_response(c, MHD_HTTP_MOVED_PERMANENTLY, r);
    MHD_destroy_response(r);
    return queued;
}

/* Serves an open file from disk: a 304 if the client's copy is current, else the file. */
static enum MHD_Result queue_file(struct MHD_Connection *c, Request *req, StaticFile *f, const CachedRequest *cr) {
    FileValidators v;
    file_validators(f, &v);
    bool not_modified = http_not_modified(cr->if_none_match, cr->if_modified_since, v.etag, f->mtime_sec);
    struct MHD_Response *r;
    if (not_modified) {
        close(f->fd);
        f->fd = -1;
        r = file_response_not_modified(f, &v);
    } else {
        r = file_response_from_fd(f, &v);
    }
    if (!r) return queue_error(c, req, MHD_HTTP_INTERNAL_SERVER_ERROR);
    req->status = not_modified ? MHD_HTTP_NOT_MODIFIED : MHD_HTTP_OK;
    req->bytes = not_modified || req->head ? 0 : f->size;
    enum MHD_Result queued = MHD_queue_response(c, req->status, r);
    MHD_destroy_response(r);
    return queued;
}

static enum MHD_Result cached(Request *req, const CachedRequest *cr) {
    req->status = cr->status;
    req->bytes = cr->bytes;
    return cr->queued ? MHD_YES : MHD_NO;
}

/* A file found on disk: into the cache and from there, or straight from disk. */
static enum MHD_Result serve_file(Server *server, struct MHD_Connection *c, Request *req, StaticFile *f,
                                  CachedRequest *cr) {
    if (!server->cache || !response_cache_store(server->cache, cr->key, f)) return queue_file(c, req, f, cr);
    if (response_cache_serve(server->cache, c, cr)) return cached(req, cr);
    return queue_error(c, req, MHD_HTTP_INTERNAL_SERVER_ERROR); /* only if the clock jumped a second */
}

/* A GET or HEAD: the file asked for, or why not. */
static enum MHD_Result answer(Server *server, struct MHD_Connection *c, Request *req) {
    switch (req->path_result) {
    case HTTP_PATH_OK: break;
    case HTTP_PATH_BAD: return queue_error(c, req, MHD_HTTP_BAD_REQUEST);
    case HTTP_PATH_HIDDEN: return queue_error(c, req, MHD_HTTP_NOT_FOUND);
    case HTTP_PATH_TOO_LONG: return queue_error(c, req, MHD_HTTP_URI_TOO_LONG);
    }
    /* The cache key tells "sub/" (its index.html) from "sub" (a redirect). */
    char key[HTTP_PATH_MAX + 2];
    snprintf(key, sizeof key, "%s%s", req->path, req->is_dir ? "/" : "");
    CachedRequest cr = {
        .key = key,
        .if_none_match = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_IF_NONE_MATCH),
        .if_modified_since = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_IF_MODIFIED_SINCE),
        .head = req->head,
    };
    if (server->cache && response_cache_serve(server->cache, c, &cr)) return cached(req, &cr);

    StaticFile file;
    switch (static_open(&server->root, req->path, req->is_dir, &file)) {
    case STATIC_FILE: return serve_file(server, c, req, &file, &cr);
    case STATIC_DIRECTORY: return queue_redirect_to_folder(c, req);
    case STATIC_OUTSIDE_ROOT: return queue_error(c, req, MHD_HTTP_FORBIDDEN);
    case STATIC_NOT_FOUND: break;
    }
    return queue_error(c, req, MHD_HTTP_NOT_FOUND);
}

/* ---- libmicrohttpd callbacks ------------------------------------------------ */

static double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

/* Copies s for the log: printable ASCII as is, the rest as \xHH, at most max characters. */
static void escape_for_log(const char *s, size_t max, char *out) {
    size_t n = 0;
    for (; *s && n < max; s++) {
        unsigned char b = (unsigned char)*s;
        if (b > 0x20 && b < 0x7f && b != '\\' && b != '"') {
            out[n++] = (char)b;
        } else {
            sprintf(out + n, "\\x%02x", b);
            n += 4;
        }
    }
    if (*s) {
        memcpy(out + n, "...", 3);
        n += 3;
    }
    out[n] = '\0';
}

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

/*
 * Called with the raw request target, before libmicrohttpd decodes it: the
 * request's record starts here, and the path is decided here, once.
 */
static void *request_started(void *cls, const char *uri, struct MHD_Connection *c) {
    (void)cls;
    Request *req = calloc(1, sizeof *req);
    if (!req) return NULL;
    req->start = now_seconds();
    clock_gettime(CLOCK_REALTIME, &req->wall_start);
    client_address(c, req->client);
    strcpy(req->method, "-");
    escape_for_log(uri, LOG_TARGET_MAX, req->target);
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

/*
 * libmicrohttpd calls this once the headers are in, then again for each part
 * of a body, then once more at the end.  A response queued at the first call
 * makes it skip the body and close the connection afterwards; one queued at
 * the last call keeps the connection alive.  So bodies and methods we refuse
 * are answered at once, and ordinary GET and HEAD at the end.
 */
static enum MHD_Result handle_request(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                                      const char *version, const char *upload_data, size_t *upload_data_size,
                                      void **con_cls) {
    (void)url, (void)version, (void)upload_data;
    Server *server = cls;
    Request *req = *con_cls;
    if (!req) return MHD_NO; /* out of memory when the request began: drop the connection */
    if (!req->headers_seen) {
        req->headers_seen = true;
        escape_for_log(method, LOG_METHOD_MAX, req->method);
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

static const char *termination_name(enum MHD_RequestTerminationCode code) {
    switch (code) {
    case MHD_REQUEST_TERMINATED_COMPLETED_OK: return "";
    case MHD_REQUEST_TERMINATED_TIMEOUT_REACHED: return " timeout";
    case MHD_REQUEST_TERMINATED_DAEMON_SHUTDOWN: return " shutdown";
    case MHD_REQUEST_TERMINATED_CLIENT_ABORT: return " client-abort";
    case MHD_REQUEST_TERMINATED_READ_ERROR: return " read-error";
    case MHD_REQUEST_TERMINATED_WITH_ERROR: return " error";
    }
    return " ?";
}

/* The access log: one line per request, written at once so that lines from
 * different threads never mix. */
static void log_request(const Request *req, unsigned status, enum MHD_RequestTerminationCode code) {
    struct tm t;
    gmtime_r(&req->wall_start.tv_sec, &t);
    char when[32], line[sizeof req->target + 256];
    strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &t);
    int n = snprintf(line, sizeof line, "%s %s %s %s %03u %llu %.1fms%s\n", when, req->client, req->method,
                     req->target, status, (unsigned long long)req->bytes, (now_seconds() - req->start) * 1000,
                     termination_name(code));
    if (n > 0 && write(STDERR_FILENO, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1) < 0) {
        /* nowhere left to report it */
    }
}

static void request_completed(void *cls, struct MHD_Connection *c, void **con_cls,
                              enum MHD_RequestTerminationCode code) {
    Server *server = cls;
    Request *req = *con_cls;
    if (!req) return;
    unsigned status = req->status;
    if (!status) { /* libmicrohttpd refused the request itself (431, 400...) */
        const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_HTTP_STATUS);
        status = info ? info->http_status : 0;
    }
    log_request(req, status, code);
    deadlines_request_done(server->deadlines, deadline_of(c));
    free(req);
    *con_cls = NULL;
}

static void connection_notified(void *cls, struct MHD_Connection *c, void **socket_context,
                                enum MHD_ConnectionNotificationCode code) {
    Server *server = cls;
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

static void log_library_message(void *cls, const char *format, va_list ap) {
    (void)cls;
    char message[512];
    vsnprintf(message, sizeof message, format, ap);
    size_t n = strlen(message);
    while (n > 0 && message[n - 1] == '\n') message[--n] = '\0';
    fprintf(stderr, "halma serve: libmicrohttpd: %s\n", message);
}

/* ---- starting and stopping -------------------------------------------------- */

/* Binds and listens on host:port; -1 with errno set (EADDRINUSE...) or *gai_error. */
static int listen_on(const char *host, int port, int *family, int *gai_error) {
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM, .ai_flags = AI_PASSIVE}, *list;
    char service[16];
    snprintf(service, sizeof service, "%d", port);
    *gai_error = getaddrinfo(host, service, &hints, &list);
    if (*gai_error) return -1;
    int fd = -1, saved_errno = 0;
    for (struct addrinfo *a = list; a && fd < 0; a = a->ai_next) {
        fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
        if (fd < 0) {
            saved_errno = errno;
            continue;
        }
        int one = 1;
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one); /* restart at once after a stop */
        if (bind(fd, a->ai_addr, a->ai_addrlen) != 0 || listen(fd, 128) != 0 ||
            fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) != 0) {
            saved_errno = errno;
            close(fd);
            fd = -1;
            continue;
        }
        *family = a->ai_family;
    }
    freeaddrinfo(list);
    errno = saved_errno;
    return fd;
}

/* Listens on the port asked for, or on the first free default port. */
static int open_listener(const ServeOptions *o, int *family) {
    int tries = o->port_given ? 1 : PORTS_TRIED;
    for (int i = 0; i < tries; i++) {
        int gai_error = 0, port = (int)o->port + i;
        int fd = listen_on(o->host, port, family, &gai_error);
        if (fd >= 0) {
            if (i > 0) fprintf(stderr, "halma serve: port %lld is in use, using %d\n", o->port, port);
            return fd;
        }
        if (gai_error) {
            fprintf(stderr, "halma serve: cannot listen on '%s': %s\n", o->host, gai_strerror(gai_error));
            return -1;
        }
        if (errno != EADDRINUSE) {
            fprintf(stderr, "halma serve: cannot listen on %s port %d: %s\n", o->host, port, strerror(errno));
            return -1;
        }
    }
    if (o->port_given)
        fprintf(stderr,
                "halma serve: port %lld is already in use on %s (another halma serve?); "
                "choose another with --port N, or --port 0 for any free port\n",
                o->port, o->host);
    else
        fprintf(stderr, "halma serve: ports %d to %d are all in use on %s; choose one with --port N\n", DEFAULT_PORT,
                DEFAULT_PORT + PORTS_TRIED - 1, o->host);
    return -1;
}

static void print_address(int fd, const char *root) {
    struct sockaddr_storage a;
    socklen_t len = sizeof a;
    char host[INET6_ADDRSTRLEN] = "?";
    int port = 0;
    getsockname(fd, (struct sockaddr *)&a, &len);
    if (a.ss_family == AF_INET6) {
        const struct sockaddr_in6 *a6 = (const struct sockaddr_in6 *)&a;
        inet_ntop(AF_INET6, &a6->sin6_addr, host, sizeof host);
        port = ntohs(a6->sin6_port);
        printf("halma: serving the game at http://[%s]:%d/\n", host, port);
    } else {
        const struct sockaddr_in *a4 = (const struct sockaddr_in *)&a;
        inet_ntop(AF_INET, &a4->sin_addr, host, sizeof host);
        port = ntohs(a4->sin_port);
        printf("halma: serving the game at http://%s:%d/\n", host, port);
    }
    printf("       from %s (Ctrl-C stops)\n", root);
    fflush(stdout);
}

/* The default root: web/ in the folder of the running executable. */
static bool default_root(char *out, size_t out_size) {
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) return false;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash) return false;
    *slash = '\0';
    return (size_t)snprintf(out, out_size, "%s/web", exe) < out_size;
}

static bool parse_options(int argc, char **argv, ServeOptions *o, int *status) {
    *o = (ServeOptions){.host = "127.0.0.1", .port = DEFAULT_PORT, .timeout = DEFAULT_TIMEOUT_SECONDS};
    for (int i = 1; i < argc; i++) {
        bool has_value = i + 1 < argc;
        if (cli_is_help(argv[i])) {
            fputs(USAGE, stdout);
            *status = 0;
            return false;
        } else if (!strcmp(argv[i], "--host") && has_value) {
            o->host = argv[++i];
        } else if (!strcmp(argv[i], "--port") && has_value) {
            if (!cli_parse_int(argv[++i], 0, 65535, &o->port)) {
                *status = cli_usage_error("serve", "--port must be 0 to 65535");
                return false;
            }
            o->port_given = true;
        } else if (!strcmp(argv[i], "--no-cache")) {
            o->no_cache = true;
        } else if (!strcmp(argv[i], "--root") && has_value) {
            o->root = argv[++i];
        } else if (!strcmp(argv[i], "--timeout") && has_value) {
            if (!cli_parse_int(argv[++i], 1, 3600, &o->timeout)) {
                *status = cli_usage_error("serve", "--timeout must be 1 to 3600 seconds");
                return false;
            }
        } else {
            *status = cli_usage_error("serve", "unexpected argument");
            return false;
        }
    }
    return true;
}

static bool open_root(const ServeOptions *o, StaticRoot *root) {
    char default_dir[PATH_MAX], error[PATH_MAX + 64];
    const char *dir = o->root;
    if (!dir) {
        if (!default_root(default_dir, sizeof default_dir)) {
            fprintf(stderr, "halma serve: cannot find the folder of the executable; give the page's folder with --root DIR\n");
            return false;
        }
        dir = default_dir;
    }
    if (!static_root_open(root, dir, error, sizeof error)) {
        if (o->root)
            fprintf(stderr, "halma serve: cannot serve %s\n", error);
        else
            fprintf(stderr, "halma serve: the web page is not built (%s); run 'make' first, or give a folder with --root DIR\n",
                    error);
        return false;
    }
    struct stat st;
    if (fstatat(root->dir_fd, "index.html", &st, 0) != 0)
        fprintf(stderr, "halma serve: warning: %s has no index.html\n", root->real_path);
    return true;
}

static unsigned worker_threads(void) {
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return cores < 1 ? 1 : cores > 8 ? 8 : (unsigned)cores;
}

static struct MHD_Daemon *start_daemon(Server *server, int listen_fd, int family, unsigned timeout) {
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ERROR_LOG;
    flags |= MHD_is_feature_supported(MHD_FEATURE_EPOLL) ? MHD_USE_EPOLL : MHD_USE_POLL;
    if (family == AF_INET6) flags |= MHD_USE_IPv6;
    return MHD_start_daemon(flags, 0, NULL, NULL, handle_request, server,
                            MHD_OPTION_EXTERNAL_LOGGER, log_library_message, NULL, /* first, to catch all */
                            MHD_OPTION_LISTEN_SOCKET, listen_fd,
                            MHD_OPTION_THREAD_POOL_SIZE, worker_threads(),
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)CONNECTION_MEMORY_LIMIT,
                            MHD_OPTION_CONNECTION_LIMIT, (unsigned)MAX_CONNECTIONS,
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)MAX_CONNECTIONS_PER_IP,
                            MHD_OPTION_CONNECTION_TIMEOUT, timeout,
                            MHD_OPTION_STRICT_FOR_CLIENT, 1,
                            MHD_OPTION_URI_LOG_CALLBACK, request_started, server,
                            MHD_OPTION_NOTIFY_COMPLETED, request_completed, server,
                            MHD_OPTION_NOTIFY_CONNECTION, connection_notified, server,
                            MHD_OPTION_END);
}

int serve_main(int argc, char **argv) {
    ServeOptions options;
    int status = 0;
    if (!parse_options(argc, argv, &options, &status)) return status;

    Server server = {.root = {.dir_fd = -1}};
    if (!open_root(&options, &server.root)) return 1;
    int family = AF_INET;
    int listen_fd = open_listener(&options, &family);
    if (listen_fd < 0) {
        static_root_close(&server.root);
        return 1;
    }

    /* Signals are blocked before any thread starts, so that every thread
     * inherits the mask and only sigwait below receives them. */
    sigset_t stop_signals;
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGINT);
    sigaddset(&stop_signals, SIGTERM);
    sigaddset(&stop_signals, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &stop_signals, NULL);
    signal(SIGPIPE, SIG_IGN);

    struct MHD_Daemon *daemon = NULL;
    server.deadlines = deadlines_start((unsigned)options.timeout, RESPONSE_SECONDS);
    if (!options.no_cache) server.cache = response_cache_new(CACHE_FILE_MAX, CACHE_TOTAL_MAX);
    if (server.deadlines && (options.no_cache || server.cache) && build_error_responses())
        daemon = start_daemon(&server, listen_fd, family, (unsigned)options.timeout);
    if (!daemon) {
        fprintf(stderr, "halma serve: cannot start the server\n");
        close(listen_fd);
    } else {
        print_address(listen_fd, server.root.real_path);
        int signal_number = 0;
        sigwait(&stop_signals, &signal_number);
        fprintf(stderr, "halma serve: stopping (%s)\n", signal_number == SIGINT ? "interrupted" : "terminated");
        MHD_stop_daemon(daemon); /* closes the connections and the listening socket */
    }
    if (server.deadlines) deadlines_stop(server.deadlines);
    response_cache_free(server.cache);
    destroy_error_responses();
    static_root_close(&server.root);
    return daemon ? 0 : 1;
}
