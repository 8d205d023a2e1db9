/*
 * web_server.h: the HTTP server of `halma serve` on libmicrohttpd: what each
 * request gets, within which limits.
 */
#ifndef HALMA_WEB_SERVER_H
#define HALMA_WEB_SERVER_H

#include <stdbool.h>

#include "http/handler.h"
#include "http/static_files.h"

typedef struct {
    const StaticRoot *root;   /* what is served; must outlive the server */
    int listen_fd;            /* listening already; the server closes it */
    int family;               /* AF_INET or AF_INET6 */
    unsigned timeout_seconds; /* idle time allowed, and time to send a request */
    bool cache;               /* keep the files as ready-made responses in memory */
    Handler handler;          /* the requests it owns (.owns NULL: none); its ctx must outlive the server */
    unsigned max_connections; /* event streams included; 0: the default */
    bool behind_proxy;        /* every client comes through one address: no limit of connections per address */
} WebServerConfig;

typedef struct WebServer WebServer;

/* Starts serving on threads of its own; NULL (and a message) on failure. */
WebServer *web_server_start(const WebServerConfig *config);

/* Closes every connection and frees everything. */
void web_server_stop(WebServer *server);

#endif
