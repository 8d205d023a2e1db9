/* test_guard.c: our goal kept closed to the opponent's returning pieces (engine/guard.h). */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "cli/tuning.h"
#include "core/game.h"
#include "core/movegen.h"
#include "engine/eval.h"
#include "engine/greedy.h"
#include "engine/guard.h"
#include "engine/search.h"
#include "helpers.h"

static Engine *engine;
static void *hash;
static Game *game;
static Guard guard;

static void setup(void) {
    engine = malloc(sizeof *engine);
    hash = malloc(16 << 20);
    game = malloc(sizeof *game);
    cr_assert(engine && hash && game);
    engine_init(engine, hash, 16 << 20);
    guard_init(&guard);
}

static void teardown(void) {
    free(engine);
    free(hash);
    free(game);
}

TestSuite(guard, .init = setup, .fini = teardown);

/* Black's home is White's goal (the top left).  A Black piece on e10 comes
 * back by a step, a hop, or a chain of hops over White's pieces. */
Test(guard, a_piece_comes_back_by_a_step_a_hop_or_a_chain) {
    Position step = position_of(VARIANT_13, "a16", "a12", WHITE);
    cr_assert(guard_return_possible(&step, BLACK), "a12-a13 or a12-b13");
    Position hop = position_of(VARIANT_13, "a16 d13", "e12", WHITE);
    cr_assert(guard_return_possible(&hop, BLACK), "e12-c14 over d13");
    Position chain = position_of(VARIANT_13, "a16 d13 e11", "e10", WHITE);
    cr_assert(guard_return_possible(&chain, BLACK), "e10-e12-c14");
    Position closed = position_of(VARIANT_13, "a16 d13 e11 c14", "e10", WHITE);
    cr_assert(!guard_return_possible(&closed, BLACK), "c14 is taken and nothing else is in reach");
    Position far = position_of(VARIANT_13, "a16", "h8", WHITE);
    cr_assert(!guard_return_possible(&far, BLACK));
    cr_assert(!guard_threat_near(&guard, &far, BLACK), "six king steps from b13");
    Position near = position_of(VARIANT_13, "a16", "e10", WHITE);
    cr_assert(guard_threat_near(&guard, &near, BLACK), "three king steps from b13");
    /* A piece in its own goal may not leave it: no threat from White's a16. */
    cr_assert(!guard_return_possible(&step, WHITE));
}

Test(guard, approaches_end_nearer_the_home_camp_and_outside_it) {
    Position pos = position_of(VARIANT_13, "p1", "e10 j3", BLACK);
    Move moves[64];
    int n = guard_approaches(&guard, &pos, moves, 64);
    cr_assert_gt(n, 0);
    Bitboard home = camp_of(VARIANT_13, BLACK);
    for (int i = 0; i < n; i++) {
        cr_assert_eq(moves[i].from, sq("e10"), "j3 is too far to be followed");
        cr_assert(!bb_has(&home, moves[i].to));
        cr_assert_lt(guard.home_distance[VARIANT_13][BLACK][moves[i].to], guard.home_distance[VARIANT_13][BLACK][sq("e10")]);
    }
}

/* Two empty squares of White's goal next to a Black piece on a12: each
 * costs White `returnable` in its own evaluation, and nothing in Black's. */
Test(guard, an_open_square_in_reach_of_a_piece_on_the_doorstep_costs) {
    Position pos = position_of(VARIANT_13, "a16 b16 c16 d16 a15 b15 c15 d15 a14 b14 c14 h4 h5", "a12 p1", WHITE);
    int with = evaluate(&engine->eval, &pos, WHITE), against = evaluate(&engine->eval, &pos, BLACK);
    Tune t = engine_tuning(engine);
    t.eval.returnable = 0;
    engine_tune(engine, &t);
    cr_assert_eq(evaluate(&engine->eval, &pos, WHITE), with + 2 * tune_defaults().eval.returnable, "a13 and b13");
    cr_assert_eq(evaluate(&engine->eval, &pos, BLACK), against, "White's goal is not Black's concern");
}

static void load(const char *fen) {
    Position pos = position_from_fen(VARIANT_13, fen);
    game_from(game, &pos, DEFAULT_TURN_LIMIT);
}

static SearchReport *report_into;
static void keep_report(void *ctx, const SearchReport *r) {
    (void)ctx;
    *report_into = *r;
}

static Move think_nodes(uint64_t nodes, SearchReport *last) {
    SearchLimits limits = search_limits_none();
    limits.nodes = nodes;
    atomic_store(&engine->stop, false);
    SearchReport ignored;
    report_into = last ? last : &ignored;
    return engine_think(engine, game, &limits, keep_report, NULL);
}

/* From a game drawn against ab@1000 (turn 109): White's piece on n5 steps
 * into o4 unless Black fills it, and Black's natural n3-o4 opens n3 to the
 * chain n5-l3-n1-n3.  Racing alone, the engine played n3-o4; now it fills
 * o4 without opening another square to White (m2-o4 does). */
static const char *DOOR_AJAR = "ww1w12/www1w11/www13/16/3w12/16/16/16/16/9w6/16/11b1w2/12b2b/13bbb/12bbbb/12b1bb b 109";

Test(guard, fills_the_goal_in_an_order_that_keeps_a_returning_piece_out) {
    load(DOOR_AJAR);
    cr_assert(guard_return_possible(&game->pos, WHITE), "n5-o4 is open to White now");
    Move m = think_nodes(300000, NULL);
    game_play(game, m);
    cr_assert(!guard_return_possible(&game->pos, WHITE), "%s let White back in", move_text(&game->start, m));
}

Test(guard, racing_alone_without_the_guard_it_let_the_piece_in) {
    load(DOOR_AJAR);
    char err[128];
    cr_assert(tuning_apply(engine, "guard_outside=0,returnable=0", err, sizeof err), "%s", err);
    game_play(game, think_nodes(300000, NULL));
    cr_assert(guard_return_possible(&game->pos, WHITE), "the test needs the old engine to fail");
}

/* A spoiler: it moves a piece back into its home camp whenever it can,
 * else makes a move after which it could (were the other side to pass),
 * else brings a piece nearer, else plays greedy's move, never moving a
 * piece out of its home camp while it has another. */
static Move spoiler_move(const Position *pos) {
    Variant v = (Variant)pos->variant;
    Side us = (Side)pos->seat;
    MoveList list;
    generate_moves(pos, &list);
    for (int i = 0; i < list.count; i++)
        if (guard_is_return(v, us, list.moves[i])) return list.moves[i];
    Bitboard home = camp_of(v, us);
    for (int i = 0; i < list.count; i++) {
        Move m = list.moves[i];
        if (move_is_pass(m) || bb_has(&home, m.from)) continue;
        Position next = *pos;
        position_make(&next, m);
        if (guard_return_possible(&next, us)) return m;
    }
    Move near[64];
    if (guard_approaches(&guard, pos, near, 64) > 0) return near[0];
    return greedy_move_keeping(pos, bb_and(pos->pieces[us], home));
}

/* From a game drawn against ab@100 (turn 119): a search of both sides
 * claimed win 9, then the next move, racing alone, let White's piece back
 * into n2.  A claimed win is now followed by searches of both sides until it
 * comes true, against a spoiler too, even with the guard off. */
static void claimed_win_comes_true(const char *tuning) {
    load("wwww12/wwww12/www13/w15/16/16/16/16/16/16/16/10b5/13bb1/11w1bbb/12b1bb/12bbbb b 119");
    char err[128];
    cr_assert(tuning_apply(engine, tuning, err, sizeof err), "%s", err);
    SearchReport report = {0};
    Move m = think_nodes(400000, &report);
    cr_assert_gt(report.win_in, 0, "the position's forced win is found");
    int claimed_by = game->pos.turns + report.win_in;
    game_play(game, m);
    /* ab's reply in the game; the spoiler below would not find it */
    Move back = {(uint8_t)sq("l3"), (uint8_t)sq("l2")};
    cr_assert(move_is_legal(&game->pos, back));
    game_play(game, back);
    game_play(game, think_nodes(400000, NULL));
    while (game->result == RESULT_ONGOING && game->pos.turns < claimed_by) {
        game_play(game, spoiler_move(&game->pos));
        if (game->result != RESULT_ONGOING) break;
        game_play(game, think_nodes(400000, NULL));
    }
    cr_assert_eq(game->result, RESULT_BLACK_WINS, "%s at turn %d, win claimed by turn %d", result_text(game->result),
                 game->pos.turns, claimed_by);
}

Test(guard, a_claimed_win_comes_true_against_a_spoiler) { claimed_win_comes_true(""); }

Test(guard, a_claimed_win_comes_true_without_the_guard) { claimed_win_comes_true("guard_outside=0,returnable=0"); }

/* Black's piece on a12 can step into a13 or b13, and White can fill only
 * one of them: a side that sees it draws whatever White plays.  White
 * still plays for the win and reports its lead, not the draw. */
Test(guard, where_the_piece_cannot_be_kept_out_it_plays_on) {
    Position pos = position_of(VARIANT_13, "a16 b16 c16 d16 a15 b15 c15 d15 a14 b14 c14 e10 f9",
                               "a12 p1 o1 n1 p2 o2 n2 m2 p3 o3 n3 p4 o4", WHITE);
    pos.turns = 120;
    game_from(game, &pos, DEFAULT_TURN_LIMIT);
    SearchReport report = {0};
    think_nodes(300000, &report);
    cr_assert_gt(report.score, 200, "scored %d", report.score);
}
