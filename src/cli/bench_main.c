/*
 * bench_main.c: `halma bench`, the search's speed and signature.
 *
 * A fixed set of positions from engine games (opening, middle game, the
 * crossing, the race and the filling of the goal camp, both variants) is
 * searched to a fixed depth by the full-strength engine, single-threaded,
 * with the hash table cleared before each position.  Nothing depends on the
 * clock, so the total node count is the search's signature: it changes only
 * when the search does.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "cli/hash_memory.h"
#include "cli/tuning.h"
#include "core/game.h"
#include "core/notation.h"
#include "engine/levels.h"
#include "engine/greedy.h"
#include "engine/random.h"
#include "engine/search.h"

static const char USAGE[] =
    "usage: halma bench [--depth N] [--hash MB]\n"
    "       halma bench --crossing [--depth N | --movetime MS] [--level N]\n"
    "       halma bench --crossing --player greedy|greedy:random [--seed S]\n\n"
    "Searches the bench positions to a fixed depth (default %d) with the hash\n"
    "cleared before each, and prints a line per position and a last line\n"
    "  OVERALL: <nodes> nodes <ms> ms <nps> nps\n"
    "The node count is the search's signature.\n\n"
    "--crossing plays a lone army (no enemy pieces) from its camp into the opposite\n"
    "one, both variants, with the engine searching N of its own moves deep (default\n"
    "%d), or thinking MS milliseconds a move as in a game (then it also plans the\n"
    "race, see src/engine/race.h), and prints how many moves it took (a beam\n"
    "search found 44 and 38).  --level N plays it at level N (default %d), on the\n"
    "level's own think time unless --depth or --movetime is given.  --player plays\n"
    "it by a sparring partner of halma match instead (greedy:random's ties drawn\n"
    "from --seed, default 1); a crossing that repeats a position ends there.\n";

enum { DEFAULT_BENCH_DEPTH = 6, DEFAULT_CROSSING_DEPTH = 7 };

typedef struct {
    Variant variant;
    const char *name;
    const char *fen;
} BenchPosition;

static const BenchPosition POSITIONS[] = {
#include "cli/bench_positions.h"
};

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

enum { PLAYER_ENGINE, PLAYER_GREEDY, PLAYER_RANDOM_GREEDY };

/* A lone army crosses the board: the engine's race, measured (or a
 * sparring partner's, `player`). */
static int crossing(Engine *engine, Game *game, int depth, long long movetime, int player, uint64_t seed) {
    for (int v = VARIANT_19; v <= VARIANT_13; v++) {
        Position pos;
        position_clear(&pos, (Variant)v);
        Bitboard camp = camp_of((Variant)v, WHITE);
        while (!bb_is_empty(camp)) position_put(&pos, bb_pop(&camp), WHITE);
        game_from(game, &pos, MAX_TURN_LIMIT);
        engine_new_game(engine);
        double start = now_ms();
        int moves = 0;
        uint64_t rng = seed;
        while (game->result == RESULT_ONGOING) {
            SearchLimits limits = search_limits_none(); /* neither: the level's own time */
            if (movetime > 0) limits.movetime = movetime;
            else if (depth > 0) limits.depth = depth;
            atomic_store(&engine->stop, false);
            Move m = player == PLAYER_GREEDY          ? greedy_move(&game->pos)
                     : player == PLAYER_RANDOM_GREEDY ? greedy_move_random(&game->pos, &rng)
                                                      : engine_think(engine, game, &limits, NULL, NULL);
            game_play(game, m);
            moves++;
            if (game->result == RESULT_ONGOING) game_play(game, MOVE_PASS); /* no enemy: it passes */
        }
        if (player != PLAYER_ENGINE)
            printf("%d pieces: %s after %d moves (%s)\n", variant_pieces((Variant)v), result_text(game->result), moves,
                   player == PLAYER_GREEDY ? "greedy" : "greedy:random");
        else if (movetime > 0)
            printf("%d pieces: %s after %d moves (%lld ms a move, %.0f ms)\n", variant_pieces((Variant)v),
                   result_text(game->result), moves, movetime, now_ms() - start);
        else if (depth == 0)
            printf("%d pieces: %s after %d moves (level %d on its own time, %.0f ms)\n", variant_pieces((Variant)v),
                   result_text(game->result), moves, engine->level, now_ms() - start);
        else
            printf("%d pieces: %s after %d moves (%d of its own moves deep, %.0f ms)\n", variant_pieces((Variant)v),
                   result_text(game->result), moves, depth, now_ms() - start);
    }
    return 0;
}

int bench_main(int argc, char **argv) {
    long long depth = -1, hash_mb = 16, movetime = 0, level = 0, seed = 1;
    int player = PLAYER_ENGINE;
    bool cross = false;
    for (int i = 1; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            printf(USAGE, DEFAULT_BENCH_DEPTH, DEFAULT_CROSSING_DEPTH, MAX_LEVEL);
            return 0;
        } else if (!strcmp(argv[i], "--crossing")) {
            cross = true;
        } else if (!strcmp(argv[i], "--depth") && i + 1 < argc) {
            if (!cli_parse_int(argv[++i], 1, 30, &depth)) return cli_usage_error("bench", "--depth must be 1 to 30");
        } else if (!strcmp(argv[i], "--movetime") && i + 1 < argc) {
            if (!cli_parse_int(argv[++i], 1, 60000, &movetime))
                return cli_usage_error("bench", "--movetime must be 1 to 60000 ms");
        } else if (!strcmp(argv[i], "--level") && i + 1 < argc) {
            if (!cli_parse_int(argv[++i], MIN_LEVEL, MAX_LEVEL, &level))
                return cli_usage_error("bench", "--level must be " LEVEL_TEXT(MIN_LEVEL) " to " LEVEL_TEXT(MAX_LEVEL));
        } else if (!strcmp(argv[i], "--player") && i + 1 < argc) {
            i++;
            if (!strcmp(argv[i], "greedy")) player = PLAYER_GREEDY;
            else if (!strcmp(argv[i], "greedy:random")) player = PLAYER_RANDOM_GREEDY;
            else return cli_usage_error("bench", "--player must be greedy or greedy:random");
        } else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
            if (!cli_parse_int(argv[++i], 0, 1LL << 60, &seed)) return cli_usage_error("bench", "bad --seed");
        } else if (!strcmp(argv[i], "--hash") && i + 1 < argc) {
            if (!cli_parse_int(argv[++i], 1, 4096, &hash_mb)) return cli_usage_error("bench", "--hash must be 1 to 4096");
        } else {
            return cli_usage_error("bench", "unexpected argument");
        }
    }
    Engine *engine = malloc(sizeof *engine);
    size_t bytes = (size_t)hash_mb << 20;
    void *hash = hash_memory_alloc(bytes);
    Game *game = malloc(sizeof *game);
    if (!engine || !hash || !game) {
        fprintf(stderr, "halma bench: out of memory\n");
        return 1;
    }
    engine_init(engine, hash, bytes);
    engine_set_level(engine, level ? (int)level : MAX_LEVEL);
    if (movetime > 0 && (!cross || depth > 0)) {
        free(game);
        free(hash);
        free(engine);
        return cli_usage_error("bench", "--movetime goes with --crossing, instead of --depth");
    }
    if (cross) {
        int status = !tuning_from_env(engine, "HALMA_TUNE", "bench") ? 2 : crossing(engine, game, depth > 0 ? (int)depth : level || movetime ? 0 : DEFAULT_CROSSING_DEPTH, movetime, player, (uint64_t)seed * GOLDEN_GAMMA);
        free(game);
        free(hash);
        free(engine);
        return status;
    }
    if (depth < 0) depth = DEFAULT_BENCH_DEPTH;
    uint64_t total_nodes = 0;
    double total_ms = 0;
    int count = (int)(sizeof POSITIONS / sizeof *POSITIONS);
    for (int i = 0; i < count; i++) {
        const BenchPosition *b = &POSITIONS[i];
        Position pos;
        Refusal why;
        if (!fen_parse(b->fen, b->variant, &pos, &why)) {
            char err[256];
            Text t = text_on(err, sizeof err);
            refusal_write(&why, &t);
            fprintf(stderr, "halma bench: position %d: %s\n", i + 1, err);
            return 1;
        }
        game_from(game, &pos, DEFAULT_TURN_LIMIT);
        engine_new_game(engine);
        engine_seed(engine, 1);
        SearchLimits limits = search_limits_none();
        limits.depth = (int)depth;
        atomic_store(&engine->stop, false);
        double start = now_ms();
        Move best = engine_think(engine, game, &limits, NULL, NULL);
        double ms = now_ms() - start;
        uint64_t nodes = engine_nodes(engine);
        char move[MOVE_TEXT_SIZE];
        Text tm = text_on(move, sizeof move);
        text_move(&tm, &game->pos, best);
        printf("%2d %-2d %-22s %10llu nodes %8.0f ms  bestmove %s\n", i + 1, variant_pieces(b->variant), b->name,
               (unsigned long long)nodes, ms, move);
        total_nodes += nodes;
        total_ms += ms;
    }
    long long ms = (long long)(total_ms + 0.5);
    printf("OVERALL: %llu nodes %lld ms %llu nps\n", (unsigned long long)total_nodes, ms,
           (unsigned long long)(total_ms > 0 ? total_nodes * 1000.0 / total_ms : 0));
    free(game);
    free(hash);
    free(engine);
    return 0;
}
