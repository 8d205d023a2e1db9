/*
 * request.h: a request of online play as the API hands it over (an action
 * on a game) and its answer (a status and its JSON), which every part of
 * online play speaks.
 */
#ifndef HALMA_REQUEST_H
#define HALMA_REQUEST_H

#include <jansson.h>

typedef enum {
    ONLINE_CREATE, /* POST /games */
    ONLINE_READ,   /* GET /games/{id} */
    ONLINE_JOIN,
    ONLINE_MOVE,
    ONLINE_RESIGN,
    ONLINE_DRAW,
    ONLINE_REMATCH,
    ONLINE_PING,
    ONLINE_CLAIM,
    ONLINE_ABORT,
    ONLINE_COMPUTER, /* a computer's move (computer.h): never from HTTP */
} OnlineAction;

/* An answer: its status and its JSON (NULL for 204), which the caller frees. */
typedef struct {
    unsigned status;
    json_t *body;
    unsigned retry_after; /* seconds, for a Retry-After header; 0: none */
} OnlineAnswer;

/* An error answer: {"error": code, "message": message}. */
void online_error(OnlineAnswer *answer, unsigned status, const char *code, const char *message);

#endif
