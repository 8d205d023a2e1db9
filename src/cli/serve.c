/*
 * serve.c: `halma serve`, the web server of the game: serves the web page's
 * files (web/ next to the executable, which `make` builds) to a browser.
 *
 * This is the command: options, the folder served, the listening socket,
 * signals.  The HTTP server itself is web_server.c.
 */
#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "server/listener.h"
#include "server/static_files.h"
#include "server/web_server.h"

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
    PORTS_TRIED = 10, /* 8080 to 8089 when --port is not given */
    DEFAULT_TIMEOUT_SECONDS = 10,
    DESCRIPTORS_WANTED = 4096,
};

typedef struct {
    const char *host;
    long long port;
    bool port_given;
    const char *root;
    long long timeout;
    bool no_cache;
} ServeOptions;

/* False when the command is over (help printed, or a usage error in *status). */
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
        } else if (!strcmp(argv[i], "--root") && has_value) {
            o->root = argv[++i];
        } else if (!strcmp(argv[i], "--timeout") && has_value) {
            if (!cli_parse_int(argv[++i], 1, 3600, &o->timeout)) {
                *status = cli_usage_error("serve", "--timeout must be 1 to 3600 seconds");
                return false;
            }
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
 * disk: the usual soft limit of 1024 is too close to MAX_CONNECTIONS. */
static void raise_descriptor_limit(void) {
    struct rlimit limit;
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur >= DESCRIPTORS_WANTED) return;
    limit.rlim_cur = limit.rlim_max == RLIM_INFINITY || limit.rlim_max > DESCRIPTORS_WANTED ? DESCRIPTORS_WANTED
                                                                                           : limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
}

int serve_main(int argc, char **argv) {
    ServeOptions options;
    int status = 0;
    if (!parse_options(argc, argv, &options, &status)) return status;

    raise_descriptor_limit();
    StaticRoot root;
    if (!open_root(&options, &root)) return 1;
    WebServerConfig config = {.root = &root, .timeout_seconds = (unsigned)options.timeout, .cache = !options.no_cache};
    config.listen_fd = listener_open(options.host, (int)options.port, options.port_given ? 1 : PORTS_TRIED, &config.family);
    if (config.listen_fd < 0) {
        static_root_close(&root);
        return 1;
    }

    /* Blocked before any thread starts, so that every thread inherits the
     * mask and only the sigwait below receives them. */
    sigset_t stop_signals;
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGINT);
    sigaddset(&stop_signals, SIGTERM);
    sigaddset(&stop_signals, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &stop_signals, NULL);
    signal(SIGPIPE, SIG_IGN); /* a client gone mid-response is an error code, not a death */

    WebServer *server = web_server_start(&config);
    if (server) {
        listener_print_address(config.listen_fd, root.real_path);
        int signal_number = 0;
        sigwait(&stop_signals, &signal_number);
        fprintf(stderr, "halma serve: stopping (%s)\n", signal_number == SIGINT ? "interrupted" : "terminated");
        web_server_stop(server);
    }
    static_root_close(&root);
    return server ? 0 : 1;
}
