/*
 * events.h: the open event streams (Server-Sent Events) of online games.
 *
 * A stream is a response whose connection libmicrohttpd suspends while it
 * has nothing to send, and resumes when a game's event is published or a
 * heartbeat is due: no thread waits and nothing polls.
 */
#ifndef HALMA_EVENTS_H
#define HALMA_EVENTS_H

#include <stdbool.h>
#include <stddef.h>

struct MHD_Connection;
struct MHD_Response;

typedef struct Hub Hub;
typedef struct Stream Stream;

/* Called once a stream is gone (the client left, or the server stops). */
typedef void StreamClosedFn(void *ctx, const char *client);

Hub *hub_new(StreamClosedFn *closed, void *ctx);
/* Ends every stream; call before stopping the server, and hub_free after. */
void hub_close_all(Hub *h);
void hub_free(Hub *h);

/* A new stream of game `id` to the client at `client` on connection c, not
 * yet receiving the game's events; NULL if out of memory. */
Stream *stream_new(Hub *h, struct MHD_Connection *c, const char *id, const char *client);

/* Text to send first (the catch-up), before stream_attach. */
bool stream_push(Stream *s, const char *text);

/* From now on the stream receives its game's events; its response, for
 * MHD_queue_response, follows.  Before it is queued, stream_discard frees it. */
void stream_attach(Hub *h, Stream *s);
struct MHD_Response *stream_response(Stream *s);
void stream_discard(Stream *s);

/* Sends text to every stream of game id. */
void hub_publish(Hub *h, const char *id, const char *text);

/* Sends a comment line to the streams of one slice of the games (number
 * `slice` of `slices`), so that dead connections are found: one slice after
 * another, so that 10,000 streams do not all wake at once. */
void hub_heartbeat(Hub *h, unsigned slice, unsigned slices);

/* Streams open. */
size_t hub_count(Hub *h);

#endif
