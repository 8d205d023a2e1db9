/*
 * deadlines.h: closes connections that take too long over a request.
 *
 * libmicrohttpd's connection timeout counts idle time only, so a client that
 * sends its request headers one byte every few seconds (a "slow loris") never
 * reaches it and holds a connection for as long as it likes.  This gives each
 * connection a deadline instead: its request headers must be in within
 * header_seconds of the connection opening (or of the previous response on a
 * kept-alive connection), and its response must be sent within
 * response_seconds.  A watchdog thread shuts down the overdue ones.
 */
#ifndef HALMA_DEADLINES_H
#define HALMA_DEADLINES_H

typedef struct Deadlines Deadlines;
typedef struct DeadlineEntry DeadlineEntry;

/* Starts the watchdog thread; NULL if it could not be. */
Deadlines *deadlines_start(unsigned header_seconds, unsigned response_seconds);

/* Stops the watchdog; call after the server, once no connection is left. */
void deadlines_stop(Deadlines *d);

/* A connection from client (an address, for the log) opened on socket fd:
 * its request headers are now due.  NULL if out of memory. */
DeadlineEntry *deadlines_add(Deadlines *d, int fd, const char *client);

/* Its request headers are in: now the response is due. */
void deadlines_request_started(Deadlines *d, DeadlineEntry *e);

/* Its response is an event stream, which may last as long as the client
 * likes: no deadline until the next request. */
void deadlines_request_streaming(Deadlines *d, DeadlineEntry *e);

/* Its response is sent: on a kept-alive connection the next request is due. */
void deadlines_request_done(Deadlines *d, DeadlineEntry *e);

/* The connection is closing; call before its socket is closed. */
void deadlines_remove(Deadlines *d, DeadlineEntry *e);

#endif
