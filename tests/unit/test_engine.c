/* test_engine.c: the computer player: search, limits, repetitions, race, levels. */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "clock.h"
#include "eval.h"
#include "game.h"
#include "greedy.h"
#include "movegen.h"
#include "notation.h"
#include "race.h"
#include "search.h"

static Engine *engine;
static void *hash;
static Game *game;

static void setup(void) {
    engine = malloc(sizeof *engine);
    hash = malloc(4 << 20);
    game = malloc(sizeof *game);
    cr_assert(engine && hash && game);
    engine_init(engine, hash, 4 << 20);
    engine_seed(engine, 7);
}

static void teardown(void) {
    free(engine);
    free(hash);
    free(game);
}

TestSuite(engine, .init = setup, .fini = teardown);

static void load(const char *fen, Variant variant) {
    Position pos;
    char err[256];
    Text t = text_on(err, sizeof err);
    cr_assert(fen_parse(fen, variant, &pos, &t), "%s", err);
    game_from(game, &pos, DEFAULT_TURN_LIMIT);
}

static Move think(const SearchLimits *limits) {
    atomic_store(&engine->stop, false);
    return engine_think(engine, game, limits, NULL, NULL);
}

static int max_depth_seen;
static void note_depth(void *ctx, const SearchReport *r) {
    (void)ctx;
    if (r->depth > max_depth_seen) max_depth_seen = r->depth;
}

/* White has twelve pieces home and steps in with the thirteenth. */
static const char *ONE_MOVE_WIN = "wwww12/www13/www1w11/ww14/16/16/16/4bbbbbbb5/4bbbbbb6/16/16/16/16/16/16/16 w 40";

Test(engine, finds_a_win_in_one) {
    load(ONE_MOVE_WIN, VARIANT_13);
    SearchLimits limits = search_limits_none();
    limits.depth = 3;
    engine->race_solver = false; /* the tree search itself must see it */
    Move m = think(&limits);
    game_play(game, m);
    cr_assert_eq(game->result, RESULT_WHITE_WINS);
}

Test(engine, race_solver_finds_the_win_too) {
    load(ONE_MOVE_WIN, VARIANT_13);
    SearchLimits limits = search_limits_none();
    limits.depth = 3;
    Move m = think(&limits);
    game_play(game, m);
    cr_assert_eq(game->result, RESULT_WHITE_WINS);
}

Test(engine, obeys_the_depth_limit) {
    game_start(game, VARIANT_19, DEFAULT_TURN_LIMIT);
    SearchLimits limits = search_limits_none();
    limits.depth = 3;
    max_depth_seen = 0;
    atomic_store(&engine->stop, false);
    engine_think(engine, game, &limits, note_depth, NULL);
    cr_assert_eq(max_depth_seen, 3);
}

Test(engine, obeys_the_node_limit) {
    game_start(game, VARIANT_19, DEFAULT_TURN_LIMIT);
    SearchLimits limits = search_limits_none();
    limits.nodes = 3000;
    Move m = think(&limits);
    cr_assert_leq(engine_nodes(engine), 3000);
    Bitboard dests = piece_destinations(&game->pos, m.from);
    cr_assert(bb_has(&dests, m.to), "a legal move");
}

Test(engine, obeys_movetime) {
    game_start(game, VARIANT_19, DEFAULT_TURN_LIMIT);
    for (int i = 0; i < 10; i++) game_play(game, greedy_move(&game->pos));
    SearchLimits limits = search_limits_none();
    limits.movetime = 60;
    /* The best of three: a loaded machine may deschedule any one of them. */
    int64_t best = 1 << 30;
    for (int i = 0; i < 3; i++) {
        int64_t start = clock_ms();
        think(&limits);
        if (clock_ms() - start < best) best = clock_ms() - start;
    }
    cr_assert_leq(best, 60 + 20);
}

Test(engine, stops_when_asked) {
    game_start(game, VARIANT_19, DEFAULT_TURN_LIMIT);
    SearchLimits limits = search_limits_none();
    limits.infinite = true;
    atomic_store(&engine->stop, true); /* a stop that came before the search */
    int64_t start = clock_ms();
    Move m = engine_think(engine, game, &limits, NULL, NULL);
    cr_assert_leq(clock_ms() - start, 50);
    cr_assert_neq(m.from, m.to);
}

Test(engine, same_search_same_nodes) {
    load("bbbb12/bbbb12/bbb13/bb14/16/16/16/16/16/16/16/16/14ww/13www/12wwww/12wwww w 0", VARIANT_13);
    SearchLimits limits = search_limits_none();
    limits.depth = 4;
    engine_new_game(engine);
    Move a = think(&limits);
    uint64_t first = engine_nodes(engine);
    engine_new_game(engine);
    Move b = think(&limits);
    cr_assert_eq(first, engine_nodes(engine));
    cr_assert(move_equal(a, b));
}

/* White is far ahead; its last piece has shuffled so that its natural step
 * forward (h9-g10) would bring a position back for the third time. */
Test(engine, never_repeats_a_third_time_when_ahead) {
    load("wwww12/www13/www13/ww14/16/16/7w8/16/16/16/bbbbbbb9/bbbbbb10/16/16/16/16 w 60", VARIANT_13);
    Move h10g10 = {square_at(7, 9), square_at(6, 9)}, g10h10 = {square_at(6, 9), square_at(7, 9)};
    Move g10h9 = {square_at(6, 9), square_at(7, 8)}, h9g10 = {square_at(7, 8), square_at(6, 9)};
    Move a6a7 = {square_at(0, 5), square_at(0, 6)}, a7a6 = {square_at(0, 6), square_at(0, 5)};
    Move line[] = {h10g10, a6a7, g10h10, a7a6, h10g10, a6a7, g10h9, a7a6};
    for (int i = 0; i < 8; i++) cr_assert(game_play(game, line[i]), "move %d", i);
    cr_assert_eq(game->result, RESULT_ONGOING);
    cr_assert_eq(game_occurrences_after(game, h9g10), 3, "the test needs a repeating move");
    SearchLimits limits = search_limits_none();
    for (int depth = 1; depth <= 5; depth++) {
        limits.depth = depth;
        Move m = think(&limits);
        cr_assert_lt(game_occurrences_after(game, m), 3, "at depth %d", depth);
    }
}

/* A small race: White's last piece is four diagonal steps from its square. */
Test(engine, race_solver_plans_a_small_endgame) {
    load("wwww12/www13/www13/ww14/16/7w8/16/16/16/16/9b6/16/15b/13bbb/12bbbb/12bbbb w 60", VARIANT_13);
    cr_assert(race_is_separated(&game->pos));
    RaceResult r = race_solve(&engine->race, &engine->eval, &game->pos, WHITE, 64, -1, NULL);
    cr_assert_eq(r.moves, 4);
    Position pos = game->pos;
    for (int i = 0; i < r.moves; i++) {
        Move m = engine->race.plan[i];
        Bitboard dests = piece_destinations(&pos, m.from);
        cr_assert(pos.at[m.from] == WHITE && bb_has(&dests, m.to), "plan move %d is legal", i);
        position_make(&pos, m);
        position_make(&pos, MOVE_PASS);
    }
    cr_assert(position_has_won(&pos, WHITE));
}

Test(engine, race_solver_plan_shrinks_move_by_move) {
    load("wwww12/www13/ww1w12/w15/16/4w11/16/6w9/16/16/9b6/16/15b/13bbb/12bbbb/12bbbb w 60", VARIANT_13);
    int previous = 1000;
    for (int turn = 0; turn < 20 && game->result == RESULT_ONGOING; turn++) {
        RaceResult r = race_solve(&engine->race, &engine->eval, &game->pos, WHITE, 32, -1, NULL);
        cr_log_info("turn %d: %d moves to go, result %d", turn, r.moves, game->result);
        cr_assert_gt(r.moves, 0);
        cr_assert_lt(r.moves, previous, "the moves still needed fall by one each move");
        previous = r.moves;
        game_play(game, r.first);
        if (game->result == RESULT_ONGOING) game_play(game, MOVE_PASS);
    }
    cr_assert_eq(game->result, RESULT_WHITE_WINS);
}

static void play_out(Engine *e, int level, Side engine_side) {
    engine_set_level(e, level);
    SearchLimits limits = search_limits_none();
    limits.movetime = 20;
    while (game->result == RESULT_ONGOING) {
        Move m = game->pos.side_to_move == engine_side ? (atomic_store(&e->stop, false),
                                                          engine_think(e, game, &limits, NULL, NULL))
                                                       : greedy_move(&game->pos);
        cr_assert(game_play(game, m));
    }
}

Test(engine, level_1_finishes_a_game_against_greedy, .timeout = 60) {
    game_start(game, VARIANT_13, DEFAULT_TURN_LIMIT);
    play_out(engine, 1, BLACK);
    cr_assert(game->result == RESULT_WHITE_WINS || game->result == RESULT_BLACK_WINS, "%s after %d turns",
              result_text(game->result), game->pos.turns);
}

Test(engine, top_level_beats_greedy, .timeout = 60) {
    game_start(game, VARIANT_13, DEFAULT_TURN_LIMIT);
    play_out(engine, MAX_LEVEL, WHITE);
    cr_assert_eq(game->result, RESULT_WHITE_WINS, "%s after %d turns", result_text(game->result), game->pos.turns);
}

Test(engine, evaluation_is_symmetric) {
    game_start(game, VARIANT_19, DEFAULT_TURN_LIMIT);
    cr_assert_eq(evaluate(&engine->eval, &game->pos, (Side)game->pos.side_to_move), engine->eval.weights.tempo);
    game_play(game, greedy_move(&game->pos));
    game_play(game, greedy_move(&game->pos));
    /* After one move each, mirror images: the side to move still leads by the tempo. */
    int score = evaluate(&engine->eval, &game->pos, (Side)game->pos.side_to_move);
    cr_assert_lt(score < 0 ? -score : score, 400);
}
