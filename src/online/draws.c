/* draws.c: draw offers (see draws.h). */
#define _POSIX_C_SOURCE 200809L
#include "online/draws.h"

#include "online/seats.h"

static void withdraw(StoreGame *g) {
    g->draw_offer = -1;
    g->draw_accepted = 0;
}

/* Every person still playing has accepted (the offerer has: the first
 * stores kept no accepted seats, only the offer). */
static bool all_accepted(const StoreGame *g) {
    for (int seat = 0; seat < game_players(g); seat++)
        if (seat_human(g, seat) && seat != g->draw_offer && !(g->draw_accepted & (1u << seat))) return false;
    return true;
}

DrawOutcome draw_act(StoreGame *g, int seat, DrawAction action) {
    bool standing = g->draw_offer >= 0, mine = g->draw_offer == seat;
    if (action == DRAW_OFFER && !standing) {
        g->draw_offer = seat;
        g->draw_accepted = 1u << seat; /* the offerer has */
        return all_accepted(g) ? DRAW_AGREED : DRAW_CHANGED;
    }
    if (action == DRAW_OFFER && mine) return DRAW_UNCHANGED;
    if (!standing || mine) return DRAW_NONE; /* one's own offer is no one else's to answer */
    if (action == DRAW_DECLINE) {
        withdraw(g);
        return DRAW_CHANGED;
    }
    /* accepted, or offered back */
    if (g->draw_accepted & (1u << seat)) return DRAW_UNCHANGED;
    g->draw_accepted |= 1u << seat;
    return all_accepted(g) ? DRAW_AGREED : DRAW_CHANGED;
}

bool draw_after_move(StoreGame *g) {
    if (g->draw_offer < 0) return false;
    bool lapses = game_to_move(g) == g->draw_offer;
    if (lapses) withdraw(g);
    return lapses;
}
