/* outcome.c: the end of a game, and a seat leaving it (see outcome.h). */
#define _POSIX_C_SOURCE 200809L
#include "online/outcome.h"

#include <stdio.h>

#include "online/game_clock.h"
#include "online/game_json.h"
#include "online/seats.h"

void game_finish(StoreGame *g, int winner, const char *reason, int64_t at) {
    clock_stop(g, at);
    g->status = GAME_FINISHED;
    g->winner = winner;
    snprintf(g->reason, sizeof g->reason, "%s", reason);
    g->finished_ms = at;
    g->draw_offer = -1;
    g->draw_accepted = 0;
    g->open = false; /* no longer in the lobby */
    g->open_by[0] = '\0';
}

json_t *end_event(const StoreGame *g, int64_t at) {
    return json_pack("{s:o, s:o}", "result", result_json(g), "clock", clock_json(g, at));
}

/* The lowest seat of a set (one bit a seat); -1 for none. */
static int first_seat(unsigned seats) {
    for (int seat = 0; seat < STORE_SEATS; seat++)
        if (seats & (1u << seat)) return seat;
    return -1;
}

void game_judge(StoreGame *g, Verdict verdict, int64_t at) {
    if (verdict.over) game_finish(g, first_seat(verdict.winners), verdict.reason, at);
}

void seat_leaves(StoreGame *g, int seat, const char *reason, int64_t at, const bool online[STORE_SEATS],
                 OnlineEvent *ev, int *n) {
    int winner = table_seat_left_winner(game_seating(g), seat); /* of two sides, the other's */
    if (winner >= 0) {
        game_finish(g, winner, reason, at);
        ev[(*n)++] = (OnlineEvent){"end", end_event(g, at)};
        return;
    }
    /* Each for themselves: the seat has lost; the computer plays it on. */
    snprintf(g->left[seat], sizeof g->left[seat], "%s", reason);
    g->level[seat] = LEFT_LEVEL;
    g->draw_offer = -1; /* whatever stood was asked of a game that has changed */
    g->draw_accepted = 0;
    ev[(*n)++] = (OnlineEvent){"seats", seats_json(g, online)};
    if (humans_playing(g) == 0) {
        game_finish(g, -1, "abandoned", at);
        ev[(*n)++] = (OnlineEvent){"end", end_event(g, at)};
    }
}
