/* test_beginner.c: the beginner's levels (engine/beginner.h, levels.c). */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "core/game.h"
#include "core/movegen.h"
#include "engine/beginner.h"
#include "engine/eval.h"
#include "engine/greedy.h"
#include "engine/levels.h"
#include "engine/search.h"
#include "helpers.h"

static Engine *engine;
static void *hash;
static Game *game;

static void setup(void) {
    engine = malloc(sizeof *engine);
    hash = malloc(4 << 20);
    game = malloc(sizeof *game);
    cr_assert(engine && hash && game);
    engine_init(engine, hash, 4 << 20);
    engine_seed(engine, 11);
}

static void teardown(void) {
    free(engine);
    free(hash);
    free(game);
}

TestSuite(beginner, .init = setup, .fini = teardown);

/* A ladder of three hops, a1-c3-e5-g7: two hops are seen at sight 2, all
 * three at sight 3 and with every chain. */
Test(beginner, sees_chains_of_as_many_hops_as_its_sight) {
    Position pos = position_of(VARIANT_19, "a1 b2 d4 f6", "p16", WHITE);
    Bitboard two = beginner_destinations(&pos, sq("a1"), 2), three = beginner_destinations(&pos, sq("a1"), 3);
    cr_assert(bb_has(&two, sq("c3")) && bb_has(&two, sq("e5")) && !bb_has(&two, sq("g7")));
    cr_assert(bb_has(&three, sq("g7")));
    cr_assert(bb_equal(beginner_destinations(&pos, sq("a1"), 0), piece_destinations(&pos, sq("a1"))));
    cr_assert(bb_has(&two, sq("a2")), "steps are always seen");
}

/* The hops of a legal move's shortest chain (0 for a step). */
static int hops_of(const Position *pos, Move m) {
    if (bb_has(&NEIGHBOURS[m.from], m.to)) return 0;
    uint8_t path[MAX_PATH];
    return shortest_path(pos, m.from, m.to, path) - 1;
}

/* Is there a move `level` could have played instead that does not step
 * back: seen, not its last move undone, no position seen before? */
static bool forward_move_left(const Game *g, int sight, Move last) {
    MoveList list;
    generate_moves(&g->pos, &list);
    Side us = (Side)g->pos.seat;
    for (int i = 0; i < list.count; i++) {
        Move m = list.moves[i];
        Bitboard seen = beginner_destinations(&g->pos, m.from, sight);
        if (!move_is_pass(m) && bb_has(&seen, m.to) && !(m.from == last.to && m.to == last.from) &&
            game_occurrences_after(g, m) < 2 && goal_distance(us, m.to) <= goal_distance(us, m.from))
            return true;
    }
    return false;
}

/* A whole game of level 1 against greedy with random ties: before the
 * race, no chain longer than it sees; never a step back while another move
 * is left, never its last move undone, never a position seen before. */
Test(beginner, plays_plain_moves_and_misses_long_chains, .timeout = 60) {
    engine_set_level(engine, 1);
    game_start(game, VARIANT_19, DEFAULT_TURN_LIMIT);
    uint64_t rng = 3;
    int sight = level_params(1)->sight, chains_missed = 0;
    while (game->result == RESULT_ONGOING) {
        if (game->pos.seat == BLACK) {
            game_play(game, greedy_move_random(&game->pos, &rng));
            continue;
        }
        Move last = game->length >= 2 ? game->moves[game->length - 2] : MOVE_PASS;
        bool racing = race_is_separated(&game->pos), forward_left = forward_move_left(game, sight, last);
        atomic_store(&engine->stop, false);
        SearchLimits limits = search_limits_none();
        Move m = engine_think(engine, game, &limits, NULL, NULL);
        int turn = game->pos.turns;
        if (!racing) cr_assert_leq(hops_of(&game->pos, m), sight, "turn %d: %s", turn, move_text(&game->pos, m));
        if (forward_left)
            cr_assert_leq(goal_distance(WHITE, m.to), goal_distance(WHITE, m.from), "turn %d: stepped back", turn);
        cr_assert(!(m.from == last.to && m.to == last.from), "turn %d: undid its move", turn);
        cr_assert_eq(game_occurrences_after(game, m), 1, "turn %d: a position seen before", turn);
        MoveList list;
        generate_moves(&game->pos, &list);
        for (int i = 0; i < list.count && !racing; i++) chains_missed += hops_of(&game->pos, list.moves[i]) > sight;
        game_play(game, m);
    }
    cr_assert_gt(chains_missed, 0, "the game must offer chains longer than level 1 sees");
}

/* A lone army at level 1 crosses the board in at most 70 moves: in the race
 * every level sees every chain and looks four of its own moves ahead.  A
 * node budget stands in for the level's 100 ms, so that a slow or busy
 * machine (the sanitized build) searches as deep as a quick one. */
Test(beginner, a_lone_army_at_level_1_crosses_in_70_moves, .timeout = 60) {
    engine_set_level(engine, 1);
    for (int v = VARIANT_19; v <= VARIANT_13; v++) {
        Position pos;
        position_clear(&pos, (Variant)v);
        for (Bitboard camp = camp_of((Variant)v, WHITE); !bb_is_empty(camp);) position_put(&pos, bb_pop(&camp), WHITE);
        game_from(game, &pos, MAX_TURN_LIMIT);
        int moves = 0;
        while (game->result == RESULT_ONGOING && moves < 200) {
            atomic_store(&engine->stop, false);
            SearchLimits limits = search_limits_none();
            limits.nodes = UINT64_C(1) << 40; /* no time limit: the race's depth cap ends each search */
            game_play(game, engine_think(engine, game, &limits, NULL, NULL));
            moves++;
            if (game->result == RESULT_ONGOING) game_play(game, MOVE_PASS);
        }
        cr_assert_eq(game->result, RESULT_WHITE_WINS);
        cr_assert_leq(moves, 70, "%d pieces: %d moves", variant_pieces((Variant)v), moves);
    }
}

static SearchReport last_report;
static void keep_report(void *ctx, const SearchReport *r) {
    (void)ctx;
    last_report = *r;
}

/* In the race level 1 errs by at most a move: its score of a lone army's
 * first move, the best of every move's noisy score, is never more than a
 * move above the noiseless one (with its full noise of 2.5 moves it was). */
Test(beginner, in_the_race_it_errs_by_at_most_a_move) {
    Position pos;
    position_clear(&pos, VARIANT_19);
    for (Bitboard camp = camp_of(VARIANT_19, WHITE); !bb_is_empty(camp);) position_put(&pos, bb_pop(&camp), WHITE);
    game_from(game, &pos, MAX_TURN_LIMIT); /* a lone army: racing from the start */
    cr_assert(race_is_separated(&game->pos));
    SearchLimits limits = search_limits_none();
    limits.depth = 1;
    engine_set_level(engine, MAX_LEVEL);
    atomic_store(&engine->stop, false);
    engine_think(engine, game, &limits, keep_report, NULL);
    int clean = last_report.score, highest = clean;
    engine_set_level(engine, 1);
    for (uint64_t seed = 1; seed <= 20; seed++) {
        engine_seed(engine, seed);
        atomic_store(&engine->stop, false);
        engine_think(engine, game, &limits, keep_report, NULL);
        if (last_report.score > highest) highest = last_report.score;
    }
    cr_assert_leq(highest - clean, 100, "noiseless %d, noisy up to %d", clean, highest);
    cr_assert_gt(highest, clean, "it still errs");
}
