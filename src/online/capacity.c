/* capacity.c: the computer seats the search threads can serve (see capacity.h). */
#define _POSIX_C_SOURCE 200809L
#include "online/capacity.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/player.h"
#include "online/seats.h"

enum {
    AVERAGE_WEIGHT = 8, /* each search timed moves the average an eighth of the way */
    COST_FACTOR = 2,    /* a level's cost, over its average: room for the slow searches */
    MIN_COST_MS = 1,
};

void capacity_init(Capacity *c, int threads, int wait_ms) {
    *c = (Capacity){.threads = threads > 0 ? threads : 1, .wait_ms = wait_ms > 0 ? wait_ms : CAPACITY_DEFAULT_WAIT_MS};
}

void capacity_free(Capacity *c) {
    free(c->games);
    c->games = NULL;
    c->n = c->size = 0;
}

static bool level_known(TableKind kind, int level) {
    return (unsigned)kind < TABLE_KINDS && level >= MIN_LEVEL && level <= MAX_LEVEL;
}

void capacity_observe(Capacity *c, TableKind kind, int level, int64_t ms) {
    if (!level_known(kind, level)) return;
    double *average = &c->average_ms[kind][level];
    double took = ms > 0 ? (double)ms : 0.5; /* under a millisecond: still timed */
    *average = *average ? *average + (took - *average) / AVERAGE_WEIGHT : took;
}

int capacity_level_cost(const Capacity *c, TableKind kind, int level) {
    if (!level_known(kind, level)) return 0;
    int think = player_think_ms(kind, level);
    double average = c->average_ms[kind][level];
    if (!average) return think;
    double cost = COST_FACTOR * average < think ? COST_FACTOR * average : think;
    if (cost < average) cost = average; /* searches that overrun their time, on a busy machine */
    return cost < MIN_COST_MS ? MIN_COST_MS : (int)cost;
}

static TableKind kind_of(const StoreGame *g) {
    return table_seating_kind((TableSeating){game_players(g), g->partners, g->variant, RULES_STANDARD});
}

/* The levels of g's computer seats, bit L for level L; 0 if over. */
static unsigned levels_of(const StoreGame *g) {
    unsigned levels = 0;
    if (g->status == GAME_FINISHED) return 0;
    for (int seat = 0; seat < game_players(g); seat++)
        if (g->level[seat] >= MIN_LEVEL && g->level[seat] <= MAX_LEVEL) levels |= 1u << g->level[seat];
    return levels;
}

static int cost_of(const Capacity *c, TableKind kind, unsigned levels) {
    int cost = 0;
    for (int level = MIN_LEVEL; level <= MAX_LEVEL; level++) {
        int each = levels & (1u << level) ? capacity_level_cost(c, kind, level) : 0;
        if (each > cost) cost = each;
    }
    return cost;
}

int capacity_cost(const Capacity *c, const StoreGame *g) { return cost_of(c, kind_of(g), levels_of(g)); }

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

/* Game g counted; false if out of memory. */
static bool count(Capacity *c, const StoreGame *g, unsigned levels, int64_t reserved_until) {
    int k = find(c, g->id);
    if (k < 0) {
        if (c->n == c->size) {
            int size = c->size ? 2 * c->size : 64;
            CapacityGame *games = realloc(c->games, (size_t)size * sizeof *games);
            if (!games) return false;
            c->games = games;
            c->size = size;
        }
        k = c->n++;
        snprintf(c->games[k].id, sizeof c->games[k].id, "%s", g->id);
    }
    c->games[k].kind = kind_of(g);
    c->games[k].levels = levels;
    c->games[k].reserved_until = reserved_until;
    return true;
}

void capacity_note(Capacity *c, const StoreGame *g) {
    unsigned levels = levels_of(g);
    int k = find(c, g->id);
    if (!levels && k >= 0) forget(c, k);
    else if (levels) count(c, g, levels, 0); /* out of memory: uncounted, as a game another server wrote */
}

bool capacity_admit(Capacity *c, const StoreGame *g, int64_t now, int64_t reserve_ms) {
    int cost = capacity_cost(c, g);
    if (!cost) return true;
    drop_stale(c, now);
    int64_t sum = cost;
    int smallest = cost;
    for (int k = 0; k < c->n; k++) {
        if (!strcmp(c->games[k].id, g->id)) continue; /* counted again below, as it is now */
        int each = cost_of(c, c->games[k].kind, c->games[k].levels);
        sum += each;
        if (each < smallest) smallest = each;
    }
    return capacity_fits(sum, smallest, c->threads, c->wait_ms) && count(c, g, levels_of(g), now + reserve_ms);
}

int64_t capacity_load_ms(const Capacity *c) {
    int64_t sum = 0;
    for (int k = 0; k < c->n; k++) sum += cost_of(c, c->games[k].kind, c->games[k].levels);
    return sum;
}
