/* capacity.c: the computer seats the search threads can serve (see capacity.h). */
#define _POSIX_C_SOURCE 200809L
#include "online/capacity.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/table.h"
#include "engine/player.h"
#include "online/seats.h"

void capacity_init(Capacity *c, int threads, int wait_ms) {
    *c = (Capacity){.threads = threads > 0 ? threads : 1, .wait_ms = wait_ms > 0 ? wait_ms : CAPACITY_DEFAULT_WAIT_MS};
}

void capacity_free(Capacity *c) {
    free(c->games);
    c->games = NULL;
    c->n = c->size = 0;
}

int capacity_cost(const StoreGame *g) {
    if (g->status == GAME_FINISHED) return 0;
    TableKind kind = table_seating_kind((TableSeating){game_players(g), g->partners, g->variant});
    int cost = 0;
    for (int seat = 0; seat < game_players(g); seat++) {
        int think = g->level[seat] > 0 ? player_think_ms(kind, g->level[seat]) : 0;
        if (think > cost) cost = think;
    }
    return cost;
}

bool capacity_fits(int64_t sum_ms, int smallest_ms, int threads, int wait_ms) {
    return sum_ms - smallest_ms <= (int64_t)threads * wait_ms;
}

static int find(const Capacity *c, const char *id) {
    for (int k = 0; k < c->n; k++)
        if (!strcmp(c->games[k].id, id)) return k;
    return -1;
}

static void forget(Capacity *c, int k) { c->games[k] = c->games[--c->n]; }

/* Reservations whose commit never came (a store that refused it) dropped. */
static void drop_stale(Capacity *c, int64_t now) {
    for (int k = c->n - 1; k >= 0; k--)
        if (c->games[k].reserved_until && c->games[k].reserved_until < now) forget(c, k);
}

/* Game id counted at cost_ms; false if out of memory. */
static bool count(Capacity *c, const char *id, int cost_ms, int64_t reserved_until) {
    int k = find(c, id);
    if (k < 0) {
        if (c->n == c->size) {
            int size = c->size ? 2 * c->size : 64;
            CapacityGame *games = realloc(c->games, (size_t)size * sizeof *games);
            if (!games) return false;
            c->games = games;
            c->size = size;
        }
        k = c->n++;
        snprintf(c->games[k].id, sizeof c->games[k].id, "%s", id);
    }
    c->games[k].cost_ms = cost_ms;
    c->games[k].reserved_until = reserved_until;
    return true;
}

void capacity_note(Capacity *c, const StoreGame *g) {
    int cost = capacity_cost(g), k = find(c, g->id);
    if (!cost && k >= 0) forget(c, k);
    else if (cost) count(c, g->id, cost, 0); /* out of memory: uncounted, as a game another server wrote */
}

bool capacity_admit(Capacity *c, const StoreGame *g, int64_t now, int64_t reserve_ms) {
    int cost = capacity_cost(g);
    if (!cost) return true;
    drop_stale(c, now);
    int64_t sum = cost;
    int smallest = cost;
    for (int k = 0; k < c->n; k++) {
        if (!strcmp(c->games[k].id, g->id)) continue; /* counted again below at its new cost */
        sum += c->games[k].cost_ms;
        if (c->games[k].cost_ms < smallest) smallest = c->games[k].cost_ms;
    }
    return capacity_fits(sum, smallest, c->threads, c->wait_ms) && count(c, g->id, cost, now + reserve_ms);
}

int64_t capacity_load_ms(const Capacity *c) {
    int64_t sum = 0;
    for (int k = 0; k < c->n; k++) sum += c->games[k].cost_ms;
    return sum;
}
