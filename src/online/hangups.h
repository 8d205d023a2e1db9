/*
 * hangups.h: hears at once when the client of an event stream goes.
 *
 * libmicrohttpd stops watching a suspended connection's socket, and an
 * event stream is suspended while it has nothing to send: without this, a
 * client gone would be found only by the next heartbeat's failed write,
 * 15 to 30 s later, its place in the per-address limit and the watchers
 * count held all that time.  A thread of its own waits (epoll) for the
 * peer's hangup or a reset on every stream's socket.
 */
#ifndef HALMA_HANGUPS_H
#define HALMA_HANGUPS_H

#include <stdbool.h>
#include <stdint.h>

typedef struct Hangups Hangups;

/* Called from the thread with the key of a socket whose peer has gone
 * (once; or not at all if the socket was closed here first). */
typedef void HangupFn(void *ctx, uint64_t key);

/* Starts the thread; NULL if it cannot. */
Hangups *hangups_start(HangupFn *fn, void *ctx);

/* Watches socket fd until it is closed (closing it is enough to forget it:
 * a key heard after its stream is gone must be ignored by fn). */
bool hangups_watch(Hangups *h, int fd, uint64_t key);

/* Stops the thread and frees h; fn is not called after it returns. */
void hangups_stop(Hangups *h);

#endif
