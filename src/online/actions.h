/*
 * actions.h: the requests of online play (docs/ONLINE-API.md, Endpoints),
 * each checked against the rules (the C core, core/table.h) and the game as
 * stored, its change committed before it is answered (what they act on:
 * acting.h).  Called by the committer, under
 * the service's lock, one request at a time.
 */
#ifndef HALMA_ACTIONS_H
#define HALMA_ACTIONS_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "online/acting.h"
#include "online/events.h"
#include "online/request.h"

/* `action` on game id (NULL for ONLINE_CREATE) for the holder of token
 * (NULL: none or malformed) with the body (NULL: empty), from the client
 * at address `client` (NULL: unknown). */
void actions_do(const Actions *acts, OnlineAction action, const char *id, const char *token, const json_t *body,
                const char *client, OnlineAnswer *answer);

/* Opens game id's event stream on s: the events after last_event_id (< 0,
 * or one from the future: the whole game instead), then its live events.
 * False with an error in *answer (404, 503), the stream then the caller's
 * to discard. */
bool actions_open_stream(const Actions *acts, const char *id, Stream *s, int64_t last_event_id,
                         OnlineAnswer *answer);

#endif
