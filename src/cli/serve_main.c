/*
 * serve_main.c: `halma serve`, the web server of the game: serves the web
 * page's files (web/ next to the executable, which `make` builds) to a
 * browser, and referees and keeps online games (docs/ONLINE.md) under
 * /api/v1/.
 *
 * This is the command: options, the folder served, the store of games, the
 * listening socket, signals.  The HTTP server itself is src/http/, online
 * play src/online/; this file hands the one the other's API as its handler.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stddef.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "http/listener.h"
#include "http/static_files.h"
#include "http/web_server.h"
#include "online/api.h"

static const char USAGE[] =
    "usage: halma serve [--host HOST] [--port N] [--root DIR] [--timeout SECONDS] [--no-cache]\n"
    "                   [--db PATH] [online game limits...]\n\n"
    "Serves the game's web page and prints its address; open it in a browser.\n"
    "It also referees and keeps the games played online by link (docs/ONLINE.md).\n"
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
    "                     keeping the page in memory (slower; for comparison)\n"
    "  --db PATH          where the online games are kept, an SQLite file (default:\n"
    "                     $XDG_STATE_HOME/halma/halma-games.sqlite3, else\n"
    "                     ~/.local/state/halma/halma-games.sqlite3); :memory: keeps\n"
    "                     them in memory only, lost when the server stops;\n"
    "                     postgresql://USER@HOST/DB (or pg:KEY=VALUE...) for a\n"
    "                     PostgreSQL database that several servers share\n"
    "                     (docs/DEPLOY.md)\n"
    "Limits of online play (0: none), per client address unless said:\n"
    "  --games-per-hour N       games created (default 20)\n"
    "  --requests-per-second N  API requests (default 10)\n"
    "  --streams-per-address N  open event streams (default 16)\n"
    "  --max-streams N          open event streams in all (default 10000; 503 past it)\n"
    "  --trusted-proxy ADDR     read the client's address from X-Forwarded-For on\n"
    "                           connections from ADDR (a reverse proxy) only; lifts\n"
    "                           the 64 connections per address (the proxy limits them)\n"
    "  --keep-days N            days a finished or abandoned game is kept (default 30)\n"
    "  --abandon-seconds N      how long the side to move of an untimed game may be\n"
    "                           away before its opponent may claim (default 259200: 72 h)\n"
    "  --online-seconds N       a seat is online this long after its last request (30)\n"
    "  --heartbeat-seconds N    a comment on every event stream this often (15)\n"
    "  --batch-max N            requests whose writes share one commit at most\n"
    "                           (default 512; 1: each its own, for comparison)\n"
    "  --open-games-per-address N  games open in the lobby at once (default 5)\n"
    "  --lobby-away-seconds N   an open game leaves the lobby once its creator has\n"
    "                           been offline this long (default 60)\n"
    "  --lobby-seconds N        and in any case this long after it was created\n"
    "                           (default 7200: 2 h)\n"
    "  --computer-threads N     searches of the computer's seats at once (default and\n"
    "                           most: one fewer than the cores, at least one)\n"
    "  --computer-wait-ms N     new computer seats are refused (503) once a computer\n"
    "                           move could wait longer than this for a search thread\n"
    "                           beyond its think time (default 1000; docs/DEPLOY.md)\n";

enum {
    DEFAULT_PORT = 8080,
    PORTS_TRIED = 10, /* 8080 to 8089 when --port is not given */
    DEFAULT_TIMEOUT_SECONDS = 10,
    DEFAULT_MAX_STREAMS = 10000,
    /* Besides the streams: each player's page keeps a connection for its
     * moves (2,000 for 1,000 games), and past the limit libmicrohttpd
     * stops accepting, so that new connections wait seconds in the kernel. */
    PAGE_CONNECTIONS = 4096,
};

typedef struct {
    const char *host;
    long long port;
    bool port_given;
    const char *root;
    long long timeout;
    bool no_cache;
    const char *db;
    const char *trusted_proxy;
    long long games_per_hour, requests_per_second, streams_per_address, max_streams;
    long long keep_days, abandon_seconds, online_seconds, heartbeat_seconds, batch_max;
    long long open_games_per_address, lobby_away_seconds, lobby_seconds, computer_threads;
    long long computer_wait_ms;
} ServeOptions;

/* The options that take a number, with their bounds. */
typedef struct {
    const char *name;
    long long min, max;
    size_t offset;
} NumberOption;

static const NumberOption NUMBERS[] = {
    {"--games-per-hour", 0, 1000000, offsetof(ServeOptions, games_per_hour)},
    {"--requests-per-second", 0, 1000000, offsetof(ServeOptions, requests_per_second)},
    {"--streams-per-address", 0, 1000000, offsetof(ServeOptions, streams_per_address)},
    {"--max-streams", 1, 1000000, offsetof(ServeOptions, max_streams)},
    {"--keep-days", 1, 36500, offsetof(ServeOptions, keep_days)},
    {"--abandon-seconds", 1, 365LL * 86400, offsetof(ServeOptions, abandon_seconds)},
    {"--online-seconds", 1, 3600, offsetof(ServeOptions, online_seconds)},
    {"--heartbeat-seconds", 1, 3600, offsetof(ServeOptions, heartbeat_seconds)},
    {"--batch-max", 1, 100000, offsetof(ServeOptions, batch_max)},
    {"--open-games-per-address", 0, 1000000, offsetof(ServeOptions, open_games_per_address)},
    {"--lobby-away-seconds", 1, 86400, offsetof(ServeOptions, lobby_away_seconds)},
    {"--lobby-seconds", 1, 30LL * 86400, offsetof(ServeOptions, lobby_seconds)},
    {"--computer-threads", 1, 64, offsetof(ServeOptions, computer_threads)},
    {"--computer-wait-ms", 100, 3600000, offsetof(ServeOptions, computer_wait_ms)},
};

/* A number option at argv[*i]: 1 taken, 0 not one of them, -1 a usage error. */
static int number_option(int argc, char **argv, int *i, ServeOptions *o, int *status) {
    for (size_t k = 0; k < sizeof NUMBERS / sizeof *NUMBERS; k++) {
        const NumberOption *n = &NUMBERS[k];
        if (strcmp(argv[*i], n->name) || *i + 1 >= argc) continue;
        if (!cli_parse_int(argv[++*i], n->min, n->max, (long long *)((char *)o + n->offset))) {
            char message[96];
            snprintf(message, sizeof message, "%s must be %lld to %lld", n->name, n->min, n->max);
            *status = cli_usage_error("serve", message);
            return -1;
        }
        return 1;
    }
    return 0;
}

/* False when the command is over (help printed, or a usage error in *status). */
static bool parse_options(int argc, char **argv, ServeOptions *o, int *status) {
    *o = (ServeOptions){.host = "127.0.0.1", .port = DEFAULT_PORT, .timeout = DEFAULT_TIMEOUT_SECONDS,
                        .games_per_hour = 20, .requests_per_second = 10, .streams_per_address = 16,
                        .max_streams = DEFAULT_MAX_STREAMS, .keep_days = 30, .abandon_seconds = 72 * 3600,
                        .online_seconds = 30, .heartbeat_seconds = 15, .open_games_per_address = 5,
                        .lobby_away_seconds = 60, .lobby_seconds = 2 * 3600};
    for (int i = 1; i < argc; i++) {
        bool has_value = i + 1 < argc;
        int number = number_option(argc, argv, &i, o, status);
        if (number < 0) return false;
        if (number > 0) continue;
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
        } else if (!strcmp(argv[i], "--root") && has_value) {
            o->root = argv[++i];
        } else if (!strcmp(argv[i], "--timeout") && has_value) {
            if (!cli_parse_int(argv[++i], 1, 3600, &o->timeout)) {
                *status = cli_usage_error("serve", "--timeout must be 1 to 3600 seconds");
                return false;
            }
        } else if (!strcmp(argv[i], "--db") && has_value) {
            o->db = argv[++i];
        } else if (!strcmp(argv[i], "--trusted-proxy") && has_value) {
            o->trusted_proxy = argv[++i];
        } else if (!strcmp(argv[i], "--no-cache")) {
            o->no_cache = true;
        } else {
            *status = cli_usage_error("serve", "unexpected argument");
            return false;
        }
    }
    return true;
}

/* The default root: web/ in the folder of the running executable, wherever
 * it is run from (build/halma serves build/web/). */
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

/* Every connection holds a descriptor, and so may every response sent from
 * disk: twice the connections, which the usual soft limit of 1024 is not. */
static void raise_descriptor_limit(rlim_t wanted) {
    struct rlimit limit;
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur >= wanted) return;
    limit.rlim_cur = limit.rlim_max == RLIM_INFINITY || limit.rlim_max > wanted ? wanted : limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
}

/* mkdir -p, the folders private: the games' tokens are in there (hashed). */
static bool make_folders(char *path) {
    for (char *p = path + 1; *p; p++) {
        if (*p != '/') continue;
        *p = '\0';
        bool ok = mkdir(path, 0700) == 0 || errno == EEXIST;
        *p = '/';
        if (!ok) return false;
    }
    return mkdir(path, 0700) == 0 || errno == EEXIST;
}

/* The store's default place: $XDG_STATE_HOME/halma/, else ~/.local/state/halma/. */
static bool default_db(char *out, size_t size) {
    const char *state = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
    char dir[PATH_MAX];
    int n = state && state[0] == '/' ? snprintf(dir, sizeof dir, "%s/halma", state)
            : home && home[0]    ? snprintf(dir, sizeof dir, "%s/.local/state/halma", home)
                                 : -1;
    if (n < 0 || (size_t)n >= sizeof dir) {
        fprintf(stderr, "halma serve: neither XDG_STATE_HOME nor HOME is set; give the games' file with --db PATH\n");
        return false;
    }
    if (!make_folders(dir)) {
        fprintf(stderr, "halma serve: cannot create %s (%s); give the games' file with --db PATH\n", dir, strerror(errno));
        return false;
    }
    return (size_t)snprintf(out, size, "%s/halma-games.sqlite3", dir) < size;
}

static Api *start_api(const ServeOptions *o) {
    char default_path[PATH_MAX], err[PATH_MAX + 128];
    const char *db = o->db;
    if (!db && !default_db(default_path, sizeof default_path)) return NULL;
    if (!db) db = default_path;
    ApiConfig config = {
        .online = {.db_path = db, .keep_ms = o->keep_days * 86400000LL, .abandon_ms = o->abandon_seconds * 1000,
                   .online_ms = o->online_seconds * 1000, .heartbeat_ms = o->heartbeat_seconds * 1000,
                   .batch_max = (int)o->batch_max, .open_per_address = (int)o->open_games_per_address,
                   .lobby_away_ms = o->lobby_away_seconds * 1000, .lobby_ms = o->lobby_seconds * 1000,
                   .computer_threads = (int)o->computer_threads,
                   .computer_wait_ms = (int)o->computer_wait_ms},
        .limits = {.requests_per_second = (unsigned)o->requests_per_second, .games_per_hour = (unsigned)o->games_per_hour,
                   .streams = (unsigned)o->streams_per_address},
        .trusted_proxy = o->trusted_proxy,
        .max_streams = (unsigned)o->max_streams,
    };
    Api *api = api_start(&config, err, sizeof err);
    if (!api) {
        fprintf(stderr, "halma serve: cannot open the games' store %s\n", err);
        return NULL;
    }
    if (!strcmp(db, ":memory:"))
        printf("halma: online games kept in memory only (--db :memory:): they are lost when the server stops\n");
    else if (strstr(db, "://") || !strncmp(db, "pg:", 3))
        printf("halma: online games kept in PostgreSQL, shared with any other server on it\n"); /* never a password */
    else
        printf("halma: online games kept in %s\n", db);
    fflush(stdout);
    return api;
}

int serve_main(int argc, char **argv) {
    ServeOptions options;
    int status = 0;
    if (!parse_options(argc, argv, &options, &status)) return status;

    unsigned connections = PAGE_CONNECTIONS + (unsigned)options.max_streams;
    raise_descriptor_limit(2 * (rlim_t)connections + 64);
    /* Blocked before any thread starts (online play's start them: the
     * committer, the timer, the heartbeats...), so that every thread
     * inherits the mask and only the sigwait below receives them: a stop
     * signal sent to a thread that did not block it would kill the process
     * at once, its streams and requests waiting unanswered. */
    sigset_t stop_signals;
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGINT);
    sigaddset(&stop_signals, SIGTERM);
    sigaddset(&stop_signals, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &stop_signals, NULL);
    signal(SIGPIPE, SIG_IGN); /* a client gone mid-response is an error code, not a death */
    StaticRoot root;
    if (!open_root(&options, &root)) return 1;
    Api *api = start_api(&options);
    if (!api) {
        static_root_close(&root);
        return 1;
    }
    WebServerConfig config = {.root = &root, .timeout_seconds = (unsigned)options.timeout, .cache = !options.no_cache,
                              .handler = api_handler(api), .max_connections = connections,
                              .behind_proxy = options.trusted_proxy != NULL};
    config.listen_fd = listener_open(options.host, (int)options.port, options.port_given ? 1 : PORTS_TRIED, &config.family);
    if (config.listen_fd < 0) {
        api_stop(api);
        static_root_close(&root);
        return 1;
    }

    WebServer *server = web_server_start(&config);
    if (server) {
        listener_print_address(config.listen_fd, root.real_path);
        int signal_number = 0;
        sigwait(&stop_signals, &signal_number);
        fprintf(stderr, "halma serve: stopping (%s)\n", signal_number == SIGINT ? "interrupted" : "terminated");
        web_server_stop(server);
    }
    api_stop(api);
    static_root_close(&root);
    return server ? 0 : 1;
}
