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
#include <stdint.h>

struct MHD_Connection;
struct MHD_Response;

enum { HUB_ID_SIZE = 32 }; /* a game id and its NUL, at most */

typedef struct Hub Hub;
typedef struct Stream Stream;

/* Called once a stream is gone (the client left, or the server stops). */
typedef void StreamClosedFn(void *ctx, const char *client);

Hub *hub_new(StreamClosedFn *closed, void *ctx);

/* Called, under the hub's lock, with a game's id and +1 when one of its
 * streams starts taking its events (stream_attach), -1 when such a stream
 * goes; set before any stream opens (a stream already open is not
 * counted), and unset (NULL) before ctx goes. */
typedef void StreamCountFn(void *ctx, const char *id, int delta);
void hub_on_count(Hub *h, StreamCountFn *counted, void *ctx);
/* Ends every stream; call before stopping the server, and hub_free after. */
void hub_close_all(Hub *h);
void hub_free(Hub *h);

/* A new stream of game `id` to the client at `client` on connection c, not
 * yet receiving the game's events; NULL if out of memory. */
Stream *stream_new(Hub *h, struct MHD_Connection *c, const char *id, const char *client);

/* Text to send first (the catch-up), before stream_attach. */
bool stream_push(Stream *s, const char *text);

/* From now on the stream receives its game's events after number seq, the
 * last its catch-up sent (the snapshot's seq, or the last event replayed);
 * its response, for MHD_queue_response, follows.  Before it is queued,
 * stream_discard frees it. */
void stream_attach(Hub *h, Stream *s, int64_t seq);
struct MHD_Response *stream_response(Stream *s);
void stream_discard(Stream *s);

/* Adds to *bytes each byte libmicrohttpd takes from the stream from now on
 * (for the access log): *bytes must last as long as the request. */
void stream_count_sent(Stream *s, uint64_t *bytes);

/* Sends text to every stream of game id: for what is not a stored event
 * (presence), which has no number. */
void hub_publish(Hub *h, const char *id, const char *text);

/* Sends text to every stream of the hub (the lobby's, which are of no game). */
void hub_publish_all(Hub *h, const char *text);

/* Sends text, the stored event number seq of game id, to the streams of id
 * whose last event is seq - 1, which then have seq: an event reaches a
 * stream once and in order, however often it is published (a catch-up may
 * overlap a live event, and a server hears of its own writes too).  Returns
 * how many streams of id lack an event before seq (another server's, not
 * yet heard of): the caller catches them up from the store, in order. */
size_t hub_publish_event(Hub *h, const char *id, int64_t seq, const char *text);

/* The lowest last event among the open streams of game id; false if none. */
bool hub_lowest_seq(Hub *h, const char *id, int64_t *seq);

/* Every game with open streams, with the lowest last event among them. */
typedef struct {
    char id[HUB_ID_SIZE];
    int64_t seq;
} HubGame;

/* The games copied out (so the hub is not held while the caller reads the
 * store): *games from malloc, for the caller to free; -1 if out of memory. */
long hub_games(Hub *h, HubGame **games);

/* Sends a comment line to the streams of one slice of the games (number
 * `slice` of `slices`), so that dead connections are found: one slice after
 * another, so that 10,000 streams do not all wake at once. */
void hub_heartbeat(Hub *h, unsigned slice, unsigned slices);

/* Starts a thread of the hub's own that sends the heartbeats, each period
 * in `slices` turns: apart from the games' lock, so that they go on while a
 * store holds that up (a database slow to answer).  And one that ends a
 * stream as soon as its client hangs up (hangups.h), not at the next
 * heartbeat.  false if it cannot. */
bool hub_start_heartbeats(Hub *h, int64_t period_ms, unsigned slices);

/* Streams open. */
size_t hub_count(Hub *h);

/* Takes up to max bytes of what the stream has not sent yet, as
 * libmicrohttpd does through its response: for the tests, which have none. */
size_t stream_take(Stream *s, char *out, size_t max);

#endif
