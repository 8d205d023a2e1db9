/* search.c: placeholder until the real search lands: plays the greedy move. */
#include "search.h"

#include "clock.h"
#include "greedy.h"

void engine_init(Engine *engine, void *hash_memory, size_t hash_bytes) {
    engine->level = DEFAULT_LEVEL;
    atomic_init(&engine->stop, false);
    engine->hash_memory = hash_memory;
    engine->hash_bytes = hash_bytes;
}

void engine_set_level(Engine *engine, int level) {
    engine->level = level < MIN_LEVEL ? MIN_LEVEL : level > MAX_LEVEL ? MAX_LEVEL : level;
}

void engine_new_game(Engine *engine) { (void)engine; }

SearchLimits search_limits_none(void) { return (SearchLimits){0, 0, -1, {-1, -1}, false}; }

Move engine_think(Engine *engine, const Game *game, const SearchLimits *limits, ReportFn report,
                  void *ctx) {
    (void)limits;
    (void)engine;
    int64_t start = clock_ms();
    Move best = greedy_move(&game->pos);
    if (report) {
        SearchReport r = {.depth = 1, .nodes = 1, .time_ms = clock_ms() - start, .pv_length = 1};
        r.pv[0] = best;
        report(ctx, &r);
    }
    return best;
}

void engine_stop(Engine *engine) { atomic_store(&engine->stop, true); }
