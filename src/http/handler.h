/*
 * handler.h: a part of the site that answers its own requests (online
 * play's API): the HTTP server hands it every request whose target it owns,
 * and knows nothing of what it does with them.  The command wires it in.
 */
#ifndef HALMA_HANDLER_H
#define HALMA_HANDLER_H

#include <microhttpd.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What a request of the handler has sent: for the log and the deadlines. */
typedef struct {
    unsigned status; /* 0: nothing yet */
    uint64_t bytes;  /* of the body */
    bool streaming;  /* an event stream, open as long as the client stays: no deadline */
} HandlerSent;

typedef struct {
    void *ctx;
    /* Is this raw request target the handler's? */
    bool (*owns)(void *ctx, const char *target);
    /* libmicrohttpd's access handler for one of its requests, with the
     * target as logged and the client's address; *request starts NULL and is
     * the handler's own state of the request. */
    enum MHD_Result (*handle)(void *ctx, struct MHD_Connection *c, const char *method, const char *target,
                              const char *client, const char *upload, size_t *upload_size, void **request);
    HandlerSent (*sent)(const void *request);
    /* The request is over: its state is freed. */
    void (*finished)(void *request);
    /* Before the server stops: the handler answers what it holds
     * (suspended connections, streams), so that none is left waiting. */
    void (*close)(void *ctx);
} Handler;

#endif
