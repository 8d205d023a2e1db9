/*
 * seating.h: who sits where (docs/ONLINE-API.md, Endpoints, "Three and four
 * seats", "The lobby"): a game created with its settings and its
 * creator's seat, the other seats taken by invite, by a seat of an open
 * game, or by the old game's token in a rematch; a rematch asked for (the
 * people rotated one seat on in turn order) and called off.  Called by
 * actions.c, under the service's lock.
 */
#ifndef HALMA_SEATING_H
#define HALMA_SEATING_H

#include <jansson.h>

#include "online/acting.h"

/* POST /games: 201 with the creator's seat, its token and the invites. */
void seating_create(const Actions *acts, const json_t *body, const char *client, OnlineAnswer *a);

/* POST /games/{id}/join. */
void seating_join(const Actions *acts, Loaded *l, const char *token, const json_t *body, OnlineAnswer *a);

/* POST /games/{id}/rematch: asked for (action "offer", the default) or called off ("cancel"). */
void seating_rematch(const Actions *acts, Loaded *l, const char *token, const json_t *body, OnlineAnswer *a);

#endif
