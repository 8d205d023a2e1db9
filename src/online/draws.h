/*
 * draws.h: draw offers (docs/ONLINE-API.md, "draw"; of three or four,
 * "Draws").  Of two players an offer stands until the offerer's opponent
 * answers it or moves.  Of three or four it stands until every person still
 * playing has accepted (the game is then drawn), one of them declines, or
 * the turn comes back to the offerer; computer seats are not asked.  An
 * offer while another stands accepts it, as on the big sites.
 */
#ifndef HALMA_DRAWS_H
#define HALMA_DRAWS_H

#include <stdbool.h>

#include "online/store.h"

typedef enum { DRAW_OFFER, DRAW_ACCEPT, DRAW_DECLINE } DrawAction;

typedef enum {
    DRAW_CHANGED,   /* the offer changed (made, accepted by one more, declined) */
    DRAW_AGREED,    /* accepted by all: the game is drawn */
    DRAW_UNCHANGED, /* asked again what stands: nothing to do */
    DRAW_NONE,      /* nothing to accept or decline (409) */
} DrawOutcome;

/* `seat`'s action on g's offer, g changed accordingly (but for DRAW_AGREED,
 * whose end is the caller's). */
DrawOutcome draw_act(StoreGame *g, int seat, DrawAction action);

/* After a move (g->ply counting it): an offer whose turn has come back to
 * its offerer lapses, at any seating (of two: once the opponent has moved).
 * True if the offer changed. */
bool draw_after_move(StoreGame *g);

#endif
