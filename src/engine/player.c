/*
 * player.c: the computer player of any seating (see player.h).
 *
 * The one place above the searches that tells the two engines apart: a
 * table a kind (KINDS), and each kind's own way of making its engine,
 * clearing it, setting its level and searching with the one limits and
 * report.
 */
#include "engine/player.h"

#include <string.h>

#include "engine/levels.h"

/* A search's report, turned into the Player's for its caller. */
typedef struct {
    PlayerReportFn report;
    void *ctx;
    int players;
} Relay;

/* ---- two players (search.h) --------------------------------------------------------- */

static void two_make(Player *p) {
    engine_init(&p->two, p->hash_memory, p->hash_bytes);
}

/* The two-player engine reads its own flag, not the Player's: told both. */
static void two_stop(Player *p, bool stop) { atomic_store(&p->two.stop, stop); }

static void two_relay(void *ctx, const SearchReport *r) {
    const Relay *relay = ctx;
    PlayerReport out = {r->depth, r->score, r->win_in, r->nodes, r->time_ms, 0, {0}, r->pv_length, {{0}}};
    memcpy(out.pv, r->pv, (size_t)r->pv_length * sizeof *r->pv);
    relay->report(relay->ctx, &out);
}

static Move two_think(Player *p, const Table *t, const PlayerLimits *l, Relay *relay) {
    SearchLimits limits = {l->depth, l->nodes, l->movetime, {l->clock[SEAT_WHITE], l->clock[SEAT_BLACK]}, l->infinite};
    return engine_think(&p->two, &t->game, &limits, relay->report ? two_relay : NULL, relay);
}

/* ---- three and four (multi_search.h) ------------------------------------------------ */

static void many_make(Player *p) {
    multi_engine_init(&p->many, p->hash_memory, p->hash_bytes);
    multi_engine_watch(&p->many, &p->stop);
}

static void many_stop(Player *p, bool stop) { (void)p, (void)stop; /* it watches the Player's flag */ }

static void many_relay(void *ctx, const MultiReport *r) {
    const Relay *relay = ctx;
    PlayerReport out = {r->depth, r->score, r->win_in, r->nodes, r->time_ms, relay->players, {0}, r->pv_length, {{0}}};
    memcpy(out.costs, r->costs, sizeof out.costs);
    memcpy(out.pv, r->pv, (size_t)r->pv_length * sizeof *r->pv);
    relay->report(relay->ctx, &out);
}

static Move many_think(Player *p, const Table *t, const PlayerLimits *l, Relay *relay) {
    MultiLimits limits = {l->depth, l->nodes, l->movetime, {0}, l->infinite};
    memcpy(limits.clock, l->clock, sizeof limits.clock);
    return multi_engine_think(&p->many, &t->game, &limits, relay->report ? many_relay : NULL, relay);
}

/* ---- one table a kind ---------------------------------------------------------------- */

typedef struct {
    void (*make)(Player *p);
    void (*new_game)(Player *p);
    void (*set_level)(Player *p, int level);
    void (*seed)(Player *p, uint64_t seed);
    Move (*think)(Player *p, const Table *t, const PlayerLimits *l, Relay *relay);
    uint64_t (*nodes)(const Player *p);
    int (*think_ms)(int level);
    void (*stop)(Player *p, bool stop);
} Kind;

static void two_new_game(Player *p) { engine_new_game(&p->two); }
static void two_set_level(Player *p, int level) { engine_set_level(&p->two, level); }
static void two_seed(Player *p, uint64_t seed) { engine_seed(&p->two, seed); }
static uint64_t two_nodes(const Player *p) { return engine_nodes(&p->two); }
static int two_think_ms(int level) { return level_params(level)->think_ms; }

static void many_new_game(Player *p) { multi_engine_new_game(&p->many); }
static void many_set_level(Player *p, int level) { multi_engine_set_level(&p->many, level); }
static void many_seed(Player *p, uint64_t seed) { multi_engine_seed(&p->many, seed); }
static uint64_t many_nodes(const Player *p) { return multi_engine_nodes(&p->many); }
static int many_think_ms(int level) { return multi_level_params(level)->think_ms; }

static const Kind KINDS[TABLE_KINDS] = {
    [TABLE_TWO] = {two_make, two_new_game, two_set_level, two_seed, two_think, two_nodes, two_think_ms, two_stop},
    [TABLE_MANY] = {many_make, many_new_game, many_set_level, many_seed, many_think, many_nodes, many_think_ms, many_stop},
};

/* Makes the engine of `kind` in the Player's memory, at its level, and
 * passes on a stop already asked. */
static void make(Player *p, TableKind kind) {
    p->kind = kind;
    KINDS[kind].make(p);
    KINDS[kind].set_level(p, p->level);
    KINDS[kind].stop(p, atomic_load(&p->stop));
}

void player_init(Player *p, void *hash_memory, size_t hash_bytes) {
    p->hash_memory = hash_memory;
    p->hash_bytes = hash_memory ? hash_bytes : 0;
    p->level = ENGINE_LEVEL;
    atomic_init(&p->stop, false);
    make(p, TABLE_TWO);
}

void player_new_game(Player *p, const Table *t) {
    if (table_kind(t) != p->kind) make(p, table_kind(t));
    KINDS[p->kind].new_game(p);
}

void player_set_level(Player *p, int level) {
    p->level = level_clamp(level);
    KINDS[p->kind].set_level(p, p->level);
}

int player_level(const Player *p) { return p->level; }

void player_seed(Player *p, uint64_t seed) { KINDS[p->kind].seed(p, seed); }

PlayerLimits player_limits_none(void) {
    PlayerLimits l = {0};
    l.movetime = -1;
    for (int s = 0; s < MAX_SEATS; s++) l.clock[s] = -1;
    return l;
}

Move player_think(Player *p, const Table *t, const PlayerLimits *limits, PlayerReportFn report, void *ctx) {
    if (table_kind(t) != p->kind) make(p, table_kind(t)); /* new, as made; its seed the engine's first */
    Relay relay = {report, ctx, t->seating.players};
    return KINDS[p->kind].think(p, t, limits, &relay);
}

void player_stop(Player *p) {
    atomic_store(&p->stop, true);
    KINDS[p->kind].stop(p, true);
}

void player_resume(Player *p) {
    atomic_store(&p->stop, false);
    KINDS[p->kind].stop(p, false);
}

bool player_stopped(const Player *p) { return atomic_load(&p->stop); }

const atomic_bool *player_stop_flag(const Player *p) { return &p->stop; }

uint64_t player_nodes(const Player *p) { return KINDS[p->kind].nodes(p); }

int player_think_ms(TableKind kind, int level) {
    return KINDS[(unsigned)kind < TABLE_KINDS ? kind : TABLE_TWO].think_ms(level);
}
