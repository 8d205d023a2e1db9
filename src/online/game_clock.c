/* game_clock.c: Fischer clocks (see game_clock.h). */
#define _POSIX_C_SOURCE 200809L
#include "online/game_clock.h"

#include <time.h>

int64_t clock_now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

int clock_running(const StoreGame *g) {
    if (g->initial_ms < 0 || g->status != GAME_ONGOING || !g->turn_started_ms) return -1;
    int seat = game_to_move(g);
    return seat_human(g, seat) ? seat : -1; /* the computer moves at once: its time is not counted */
}

int64_t clock_left(const StoreGame *g, int seat, int64_t now) {
    int64_t left = g->clock_ms[seat];
    if (clock_running(g) == seat && now > g->turn_started_ms) left -= now - g->turn_started_ms;
    return left > 0 ? left : 0;
}

int64_t clock_flag_at(const StoreGame *g) {
    int seat = clock_running(g);
    return seat < 0 ? 0 : g->turn_started_ms + g->clock_ms[seat];
}

bool clock_after_move(StoreGame *g, int seat, int64_t now) {
    if (g->initial_ms < 0) return true;
    if (clock_running(g) == seat) {
        int64_t left = g->clock_ms[seat] - (now - g->turn_started_ms);
        if (left <= 0) return false;
        /* Correspondence: the same days again for the seat's next move. */
        g->clock_ms[seat] = g->days_per_move ? g->initial_ms : left + g->increment_ms;
    }
    g->turn_started_ms = now; /* the first move starts the clocks; every other passes the turn */
    return true;
}

void clock_game_begins(StoreGame *g, int64_t now) {
    if (g->days_per_move && g->initial_ms >= 0) g->turn_started_ms = now;
}

void clock_stop(StoreGame *g, int64_t now) {
    int seat = clock_running(g);
    if (seat >= 0) g->clock_ms[seat] = clock_left(g, seat, now);
    g->turn_started_ms = 0;
}
