/*
 * player.h: the computer player of any seating, one way in.
 *
 * A Player holds the engine of the game's seating kind (core/table.h's
 * table_kind): the two-player Engine (search.h) or the MultiEngine of three
 * and four seats (multi_search.h), in the same memory, chosen once a game
 * (player_new_game) and made again only when a game of the other kind
 * comes.  One limits type, one report type, one think over the table's game.
 * The searches themselves are untouched: a Player only routes to them.
 *
 * As the engines: the caller gives the table's memory and the Player
 * allocates nothing; it is large (about 2 MB), so allocate it once,
 * statically or on the heap.
 */
#ifndef HALMA_PLAYER_H
#define HALMA_PLAYER_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/table.h"
#include "engine/multi_search.h"
#include "engine/search.h"

enum { PLAYER_MAX_PV = MAX_PV > MULTI_MAX_PV ? MAX_PV : MULTI_MAX_PV };

typedef struct {
    int depth;                /* plies (two) or layers (many); 0: no limit */
    uint64_t nodes;           /* 0: no limit */
    int64_t movetime;         /* ms for this move; < 0: none */
    int64_t clock[MAX_SEATS]; /* ms left on each seat's clock (seat numbers); < 0: none */
    bool infinite;            /* no time limit: the caller waits for its stop */
} PlayerLimits;

typedef struct {
    int depth;
    int score;                /* hundredths of a move, for the seat to move */
    int win_in;               /* > 0: a forced win in that many turns, < 0: a forced loss */
    uint64_t nodes;
    int64_t time_ms;
    int seats;                /* seats with a cost below: 0 for two players, else all of them */
    int costs[MAX_SEATS];     /* each seat's moves still needed at the root, in hundredths (seat numbers) */
    int pv_length;
    Move pv[PLAYER_MAX_PV];
} PlayerReport;

typedef void (*PlayerReportFn)(void *ctx, const PlayerReport *report);

typedef struct {
    TableKind kind;           /* the engine made, of the union below */
    int level;
    atomic_bool stop;         /* player_stop's; the many-seat engine watches it */
    void *hash_memory;
    size_t hash_bytes;
    union {
        Engine two;           /* TABLE_TWO */
        MultiEngine many;     /* TABLE_MANY */
    };
} Player;

/* A new Player, with the two-player engine made, at ENGINE_LEVEL (levels.h). */
void player_init(Player *p, void *hash_memory, size_t hash_bytes);

/* A new game of t's kind: the engine of that kind made if it is not the one
 * held, its table and plans cleared, and a seed drawn from the clock. */
void player_new_game(Player *p, const Table *t);

void player_set_level(Player *p, int level); /* clamped into range */
int player_level(const Player *p);

/* Seeds the level's randomness; after player_new_game, which draws one. */
void player_seed(Player *p, uint64_t seed);

/* Limits with nothing set: the level decides how long to think. */
PlayerLimits player_limits_none(void);

/* Chooses a move for the seat to move in t, a game not over (a pass when it
 * has none); reports progress through `report` (may be NULL).  For a table
 * of the other kind than the engine held, the engine of its kind is made
 * first (new, as engine_init makes it: no seed drawn from the clock). */
Move player_think(Player *p, const Table *t, const PlayerLimits *limits, PlayerReportFn report, void *ctx);

/* Asks a running player_think, from another thread, to return at once.
 * The stop stays until player_resume, so that it is never lost to a race
 * with the search's start; callers resume before each search. */
void player_stop(Player *p);
void player_resume(Player *p);
bool player_stopped(const Player *p);

/* The flag a stop sets, for work beside the searches (a perft) to watch. */
const atomic_bool *player_stop_flag(const Player *p);

/* The nodes searched by the last player_think. */
uint64_t player_nodes(const Player *p);

/* The think time of a level when no limit is given, for a seating kind. */
int player_think_ms(TableKind kind, int level);

#endif
