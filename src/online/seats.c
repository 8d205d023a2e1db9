/* seats.c: the seats of a game (see seats.h). */
#define _POSIX_C_SOURCE 200809L
#include "online/seats.h"

#include <string.h>

static const char *const NAMES[STORE_SEATS] = {"w", "b", "r", "y"};

const char *seat_name(int seat) { return seat >= 0 && seat < STORE_SEATS ? NAMES[seat] : "?"; }

int seat_named(const char *name) {
    for (int seat = 0; seat < STORE_SEATS; seat++)
        if (!strcmp(name, NAMES[seat])) return seat;
    return -1;
}

int game_players(const StoreGame *g) { return g->players == 3 || g->players == 4 ? g->players : 2; }

TableSeating game_seating(const StoreGame *g) { return (TableSeating){game_players(g), g->partners, g->variant, g->rules}; }

int seat_opponent(const StoreGame *g, int seat) { return table_seat_opponent(game_seating(g), seat); }

bool seat_in_play(const StoreGame *g, int seat) { return seat >= 0 && seat < game_players(g); }

int seat_at_turn(const StoreGame *g, int turn) {
    int n = game_players(g);
    return table_players_turn_order(n)[(turn % n + n) % n];
}

int game_to_move(const StoreGame *g) { return seat_at_turn(g, g->ply); }

int seat_first_turn(const StoreGame *g, int seat) {
    const uint8_t *order = table_players_turn_order(game_players(g));
    for (int k = 0; k < game_players(g); k++)
        if (order[k] == seat) return k;
    return -1;
}

int seat_next(const StoreGame *g, int seat) { return seat_at_turn(g, seat_first_turn(g, seat) + 1); }

bool seat_human(const StoreGame *g, int seat) { return seat_in_play(g, seat) && g->level[seat] == 0; }

bool seat_made_computer(const StoreGame *g, int seat) {
    return seat_in_play(g, seat) && g->level[seat] > 0 && !g->left[seat][0];
}

int humans_playing(const StoreGame *g) {
    int n = 0;
    for (int seat = 0; seat < game_players(g); seat++) n += seat_human(g, seat);
    return n;
}

bool humans_seated(const StoreGame *g) {
    for (int seat = 0; seat < game_players(g); seat++)
        if (!g->joined[seat]) return false;
    return true;
}

unsigned seat_side(const StoreGame *g, int seat) {
    return g->partners ? (1u << seat) | (1u << (seat ^ 1)) : 1u << seat;
}

int seat_in_rematch(const StoreGame *g, int seat) {
    int k = seat_first_turn(g, seat);
    for (int step = 1; step <= game_players(g); step++) {
        int next = seat_at_turn(g, k + step);
        if (!seat_made_computer(g, next)) return next;
    }
    return seat;
}
