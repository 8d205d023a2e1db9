/*
 * epoll_batches.h: keeps libmicrohttpd's epoll loop from sleeping on events
 * it has already taken.
 *
 * libmicrohttpd (0.9.75 to 1.0.1, daemon.c MHD_epoll) drains epoll 128
 * events at a time and, when a call returns a full 128, calls epoll_wait()
 * again with the same timeout before handling any of them.  If nothing
 * more comes, that second call sleeps until the earliest connection's idle
 * timeout (10 s by default), and the timeout pass then closes the
 * connections whose requests wait unread in the batch: a burst of exactly
 * 128 ready sockets on one thread is closed unanswered, with no log line
 * (docs/MEASUREMENTS.md, "Dropped streams by the ten thousand").  This
 * file's epoll_wait(), which the executable's symbols put before the C
 * library's, returns at most one event fewer than asked, so that loop never
 * calls twice.
 */
#ifndef HALMA_EPOLL_BATCHES_H
#define HALMA_EPOLL_BATCHES_H

#include <stdbool.h>

/* Whether libmicrohttpd's calls reach this file's epoll_wait() (they do
 * unless the executable does not export it); without it the server uses
 * poll(), whose loop has no second call. */
bool epoll_batches_short(void);

#endif
