/* test_engine.c: the computer player: search, limits, repetitions, race, levels. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/tuning.h"
#include "core/game.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "engine/clock.h"
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
    Refusal why;
    cr_assert(fen_parse(fen, variant, &pos, &why), "%s", refusal_english(&why));
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

static SearchReport last_report;
static void keep_report(void *ctx, const SearchReport *r) {
    (void)ctx;
    last_report = *r;
}

/* The armies have passed and Black needs a move for each of its pieces
 * outside its goal: the win is forced, and reported as one. */
Test(engine, finds_a_win_in_one) {
    load(ONE_MOVE_WIN, VARIANT_13);
    cr_assert(race_is_separated(&game->pos));
    SearchLimits limits = search_limits_none();
    limits.depth = 3;
    atomic_store(&engine->stop, false);
    Move m = engine_think(engine, game, &limits, keep_report, NULL);
    cr_assert_eq(last_report.win_in, 1);
    game_play(game, m);
    cr_assert_eq(game->result, RESULT_WHITE_WINS);
}

/* From a lost game: the armies have passed, White finishes in 13
 * own moves, Black fills its goal with its next move.  A race is won or lost
 * on the other side's moves too: no win, and a score below zero. */
Test(engine, a_race_the_opponent_finishes_first_is_scored_lost) {
    load("wwwww11/ww1ww11/wwww12/1w2w11/2w1ww10/5w10/16/16/16/16/16/14bb/12bbbb/13bbb/11bbbbb/11bbbbb w 130",
         VARIANT_19);
    cr_assert(race_is_separated(&game->pos));
    SearchLimits limits = search_limits_none();
    limits.depth = 8;
    atomic_store(&engine->stop, false);
    engine_think(engine, game, &limits, keep_report, NULL);
    cr_assert_eq(last_report.win_in, 0, "claimed a win in %d", last_report.win_in);
    cr_assert_lt(last_report.score, 0, "scored %d", last_report.score);
    cr_assert_eq(last_report.depth, 8, "a finish that is not forced does not end the deepening");
}

/* From the same game, turn 120: the finish the greedy model saw needed a
 * reply Black need not make (e14-f13).  No win is claimed, and against an
 * opponent that only moves a piece back and forth White fills its goal in
 * a few moves: four steps need no help. */
Test(engine, a_finish_that_needs_the_opponents_help_is_no_win) {
    load("wwww12/wwwww11/wwwwb11/www13/ww4w9/16/4b11/16/b1b13/16/12b3/7b8/9b5b/12b1bb/11bbb1b/11bbbb1 w 120",
         VARIANT_19);
    SearchLimits limits = search_limits_none();
    limits.depth = 7;
    atomic_store(&engine->stop, false);
    engine_think(engine, game, &limits, keep_report, NULL);
    cr_assert_eq(last_report.win_in, 0, "claimed a win in %d", last_report.win_in);
    Move shuffle = {(uint8_t)sq("a8"), (uint8_t)sq("a7")};
    int own_moves = 0;
    while (game->result == RESULT_ONGOING && own_moves < 8) {
        game_play(game, think(&limits));
        own_moves++;
        if (game->result != RESULT_ONGOING) break;
        Move back_and_forth = own_moves % 2 ? shuffle : (Move){shuffle.to, shuffle.from};
        cr_assert(move_is_legal(&game->pos, back_and_forth));
        game_play(game, back_and_forth);
    }
    cr_assert_eq(game->result, RESULT_WHITE_WINS, "after %d own moves: %s", own_moves, result_text(game->result));
    cr_assert_leq(own_moves, 5);
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
    /* A clock that moves a millisecond at each look (clock.h): the same
     * search on any machine, however busy. */
    engine->clock = (SearchClock){.step = 1, .now = 1000};
    think(&limits);
    cr_assert_leq(engine->clock.now - 1000, 60, "answered by the deadline");
    cr_assert_gt(engine_nodes(engine), 20 * 1024, "and used the time it had");
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

/* Plays the engine's race (the opponent passes) to the end; returns the
 * moves it took. */
static int race_out(int depth, int max_moves) {
    SearchLimits limits = search_limits_none();
    limits.depth = depth;
    int moves = 0;
    while (game->result == RESULT_ONGOING && moves < max_moves) {
        cr_assert(race_is_separated(&game->pos));
        Move m = think(&limits);
        cr_assert(move_is_legal(&game->pos, m), "move %d is legal", moves);
        game_play(game, m);
        moves++;
        if (game->result == RESULT_ONGOING) game_play(game, MOVE_PASS);
    }
    return moves;
}

/* A small race: White's last piece is four diagonal steps from its square,
 * and the search, counting its own moves, takes the four. */
Test(engine, race_search_plans_a_small_endgame) {
    load("wwww12/www13/www13/ww14/16/7w8/16/16/16/16/9b6/16/15b/13bbb/12bbbb/12bbbb w 60", VARIANT_13);
    cr_assert_eq(race_out(5, 20), 4);
    cr_assert_eq(game->result, RESULT_WHITE_WINS);
}

/* Four pieces out: a short race that must end in few moves. */
Test(engine, race_search_brings_four_pieces_home) {
    load("wwww12/www13/ww1w12/w15/16/4w11/16/6w9/16/16/9b6/16/15b/13bbb/12bbbb/12bbbb w 60", VARIANT_13);
    int moves = race_out(5, 40);
    cr_assert_eq(game->result, RESULT_WHITE_WINS);
    cr_assert_leq(moves, 12, "took %d moves", moves);
}

/* Far ahead, the engine races alone before the armies have passed (the
 * opponent passes in its search); in an even game it searches both sides. */
Test(engine, races_alone_when_far_ahead) {
    SearchLimits limits = search_limits_none();
    limits.depth = 2;
    /* twelve pieces home, the last one still behind Black's army */
    load("wwww12/www13/www13/ww14/16/16/16/16/16/16/bbbbbbb9/bbbbbb10/16/16/w15/16 w 60", VARIANT_13);
    cr_assert(!race_is_separated(&game->pos));
    think(&limits);
    cr_assert_eq(engine->search.solo_side, WHITE);
    int lead = engine->params.solo_lead_13;
    engine->params.solo_lead_13 = 0;
    think(&limits);
    cr_assert_eq(engine->search.solo_side, -1, "racing alone can be switched off");
    engine->params.solo_lead_13 = lead;
    game_start(game, VARIANT_13, DEFAULT_TURN_LIMIT);
    think(&limits);
    cr_assert_eq(engine->search.solo_side, -1, "an even game is searched for both sides");
}

/* Racing alone before the armies pass (19 pieces), the search assumes that
 * the opponent keeps advancing as greedy does, not that it stands still: its
 * replies in the principal variation are greedy's moves.  The 13-piece game
 * races as before, the opponent passing. */
Test(engine, racing_alone_it_expects_greedy_replies) {
    /* eighteen pieces home, the last one still behind Black's army */
    load("wwwww11/wwwww11/wwww12/www13/w15/16/16/16/16/bbbbbbb9/bbbbbbb9/bbbbb11/16/16/w15/16 w 60", VARIANT_19);
    cr_assert(!race_is_separated(&game->pos));
    SearchLimits limits = search_limits_none();
    limits.depth = 3;
    atomic_store(&engine->stop, false);
    engine_think(engine, game, &limits, keep_report, NULL);
    cr_assert_eq(engine->search.solo_side, WHITE);
    cr_assert_geq(last_report.pv_length, 4);
    Position pos = game->pos;
    position_make(&pos, last_report.pv[0]);
    Move reply = last_report.pv[1];
    cr_assert(!move_is_pass(reply), "Black replies");
    cr_assert(move_equal(reply, greedy_move(&pos)), "Black's reply is greedy's");
    position_make(&pos, reply);
    position_make(&pos, last_report.pv[2]);
    cr_assert(move_equal(last_report.pv[3], greedy_move(&pos)), "and so is the next");

    engine->params.greedy_reply_depth = 0;
    atomic_store(&engine->stop, false);
    engine_think(engine, game, &limits, keep_report, NULL);
    cr_assert(move_is_pass(last_report.pv[1]), "switched off, the opponent passes");


    load("wwww12/www13/www13/ww14/16/16/16/16/16/16/bbbbbbb9/bbbbbb10/16/16/w15/16 w 60", VARIANT_13);
    engine->params.greedy_reply_depth = 1;
    atomic_store(&engine->stop, false);
    engine_think(engine, game, &limits, keep_report, NULL);
    cr_assert_eq(engine->search.solo_side, WHITE);
    cr_assert(move_is_pass(last_report.pv[1]), "13 pieces: the opponent passes");
}

/* A self-play game at 100 ms a move, to turn 142: White, ahead, races alone
 * against Black's straggler on e11, which stands in its way.  Counting on
 * greedy replies (e11 moving on), White let the position repeat, and Black
 * repeated it a third time: a draw.  White must leave Black no repeating
 * reply now. */
static const char *REPEATED_GAME =
    "n2-l4 b12-c11 n4-m5 d14-d13 p2-n4-l6 b16-d14-b12-d10 o2-m4-m6-k6 a14-c12-c10-e10 n1-l3-l5-l7-j5 "
    "e10-f9 p1-n1-l3-l5-j7 a16-a14-c12-c10-e10-g8 m3-k5-k7-i7 g8-g7 o4-o2-m4-k4-i6-k8 "
    "e16-e14-c12-c10-e10-g8-g6 p5-n5-l5-l7-j9 c16-a14-c12-c10-e10-g8 m1-m3-k5-k7-k9-i9 "
    "a12-a14-c12-c10-e10 l6-j6-h8-f8-f10 d16-d14-d12 p4-n2-n4-l6-j6-j8-h10 "
    "e10-g10-i10-i8-i6-k4-m4-o2 l2-n2-n4-l6-j6-j8-j10 c13-e11-g9-i11-k9-k7 "
    "k6-i8-i10-g10-e10-c10-c12-a14-a16 c15-c13-e11-g9-i11-k9 o3-m3-k5-i5 a15-c13-e11-g9 p3-n1-l3 "
    "c14-a14-c12-c10-e10-g10-i10-i8-i6-k4 o1-o3-m3-k5 a13-c13-e11-c9 k8-i10-g10-e10-c10-c12-e12-c14 "
    "b13-c12 f10-e10 b15-b13-d11-d9-b9 o5-n6 e15-c15-c13-e13 l1-k2 b14-d14-f12 n3-l1-j3 "
    "d15-b13-d11-d9-f11 k2-i4-k6-k8-i10-g10-e12 f12-f10-f8-h6-j8-l6-n4 j10-h8-f10-f12-d14-b14 "
    "d12-f12-f10-h8-j6 l3-l5 b9-d9 l4-j4-h6-f8-f10 c12-c10-e8-g10-i10-i8-k6-m4-o4 m2-l3 j6-l4 "
    "m5-o3-o5-m7 f9-h9-f7-h5 j7-h7-f9 e13-e11-g11 n6-l8-j10-h8-f8 f11-h11-h9-f7-h7-j7-l7 "
    "j9-h9-h11-f11 g6-i4-k6-m4 l5-k6 g7-h7 i7-g7-e9 c11-c10 k6-i4-g6-i8-i10-g10 c10-e8 k5-k6 "
    "k7-k5-k3-m5-o3-o1 l3-l5-j7 g9-g7-i7-k7 j3-j4 c9-e11-g9-g7-i7 e9-e11-e13-c13-c15 g11-e9-g7 "
    "j4-j6-h8-f6 d13-e13 i5-g5-e7-g9-e11 g7-g9-e7-g5-i5-k5-k3-m5-o3 f10-f12-d14-b16 d9-f7-h9-j9-l9 "
    "f9-d11-f13-d13-b15-d15 g8-i6-i8-g6-i4 k6-k8-i6-g8 d10-e9 f6-g7 h5-j3-l5-n3-p1 m7-l8 e13-f12 "
    "g7-g9-g11-e13 e8-f7 l8-j10-h8 e9-g7 j5-i6 h7-j5-l3-n5-p3-n1 j7-h7-f9-d11-f13-d13-b15 "
    "f7-h7-j5-l3-n5-p3 e12-e14-c16-a14 l9-j9-h9-h7-j5-l3-n5-n3 i6-i8-i10 k7-j6 g10-e12-e14-c16 "
    "i7-k5-m3 f8-g9 l4-n2-p2 g8-g10-e12-e14 i4-j5 e11-d12 k9-j8 h8-f10 f12-e11 i10-g10-e12-c12 j8-i7 "
    "i9-g11 m4-m2 h10-f12-d10 j6-j4-l4-n2-l2 g11-e9-c11-c13-a15 g7-h8 f10-f12-d14-d16 "
    "h8-j6-j4-l4-n2-p4 f11-d11-b13 i7-j6 d10-f12-d14 j6-j4-l4-n2 e14-e15 j5-l3-l1 e10-e12-e14-e16 "
    "l7-m6 e13-c11-c13-a13 k4-l3 a13-a12 m6-n5 c12-b12 n5-o5 g9-f10 o5-p5 f10-g9 p5-o5 g9-f9 n3-p5";

Test(engine, racing_alone_it_leaves_no_repetition_to_the_side_behind) {
    game_start(game, VARIANT_19, DEFAULT_TURN_LIMIT);
    char text[200];
    for (const char *rest = REPEATED_GAME; sscanf(rest, "%199s", text) == 1; rest = strstr(rest, text) + strlen(text))
        cr_assert(game_play(game, read_move(&game->pos, text)), "%s", text);
    cr_assert_eq(game->pos.turns, 142);
    SearchLimits limits = search_limits_none();
    limits.depth = 4;
    cr_assert(game_play(game, think(&limits)));
    cr_assert_eq(engine->search.solo_side, WHITE, "White races alone");
    MoveList replies;
    generate_moves(&game->pos, &replies);
    for (int i = 0; i < replies.count; i++)
        cr_assert_lt(game_occurrences_after(game, replies.moves[i]), 3, "Black may draw with %s",
                     move_text(&game->pos, replies.moves[i]));
}

/* The sums the search keeps move by move agree with a fresh evaluation all
 * along a game, for both sides to move. */
Test(engine, incremental_evaluation_matches_a_fresh_one) {
    game_start(game, VARIANT_19, DEFAULT_TURN_LIMIT);
    EvalAcc acc;
    eval_acc_init(&engine->eval, &game->pos, &acc);
    unsigned seed = 5;
    for (int turn = 0; turn < 160 && game->result == RESULT_ONGOING; turn++) {
        MoveList list;
        generate_moves(&game->pos, &list);
        seed = seed * 1103515245u + 12345u;
        Move m = (seed >> 16) % 3 ? greedy_move(&game->pos) : list.moves[(seed >> 8) % (unsigned)list.count];
        if (!move_is_pass(m))
            eval_acc_move(&engine->eval, &acc, game->pos.variant, game->pos.seat, m.from, m.to);
        game_play(game, m);
        EvalAcc fresh;
        eval_acc_init(&engine->eval, &game->pos, &fresh);
        cr_assert_eq(acc.cost[0], fresh.cost[0]);
        cr_assert_eq(acc.cost[1], fresh.cost[1]);
        cr_assert_eq(acc.dist[0], fresh.dist[0]);
        cr_assert_eq(acc.mask[1], fresh.mask[1]);
        cr_assert_eq(acc.at_home[0], fresh.at_home[0]);
        cr_assert_eq(acc.at_home[1], fresh.at_home[1]);
        for (int side = 0; side < 2; side++)
            cr_assert_eq(evaluate_acc(&engine->eval, &game->pos, &acc, (Side)side),
                         evaluate(&engine->eval, &game->pos, (Side)side), "turn %d", turn);
    }
}

/* The legality check the search uses for the table's move and the killers
 * agrees with the generator on every (from, to) pair of some positions. */
Test(engine, move_is_legal_agrees_with_the_generator) {
    game_start(game, VARIANT_19, DEFAULT_TURN_LIMIT);
    for (int turn = 0; turn < 120 && game->result == RESULT_ONGOING; turn++) {
        if (turn % 10 == 0) {
            MoveList list;
            generate_moves(&game->pos, &list);
            bool legal[NUM_SQUARES][NUM_SQUARES] = {{false}};
            for (int i = 0; i < list.count; i++) legal[list.moves[i].from][list.moves[i].to] = !move_is_pass(list.moves[i]);
            for (int a = 0; a < NUM_SQUARES; a++)
                for (int b = 0; b < NUM_SQUARES; b++)
                    cr_assert_eq(move_is_legal(&game->pos, (Move){(uint8_t)a, (uint8_t)b}), legal[a][b], "%d-%d at turn %d", a, b, turn);
        }
        game_play(game, greedy_move(&game->pos));
    }
}

/* Greedy: the most ground gained, and among the moves that gain it, the
 * rear piece's (docs/DECISIONS.md), all along a game of greedy against itself. */
Test(engine, greedy_gains_most_and_moves_the_rear_piece_on_ties) {
    game_start(game, VARIANT_19, DEFAULT_TURN_LIMIT);
    int ties = 0;
    for (int turn = 0; turn < 100 && game->result == RESULT_ONGOING; turn++) {
        Side us = (Side)game->pos.seat;
        MoveList list;
        generate_moves(&game->pos, &list);
        int best_gain = -99, rear = -1, at_best = 0;
        for (int i = 0; i < list.count; i++) {
            Move m = list.moves[i];
            int gain = goal_distance(us, m.from) - goal_distance(us, m.to);
            if (gain > best_gain) best_gain = gain, rear = -1, at_best = 0;
            if (gain == best_gain && goal_distance(us, m.from) > rear) rear = goal_distance(us, m.from);
            at_best += gain == best_gain;
        }
        Move m = greedy_move(&game->pos);
        cr_assert_eq(goal_distance(us, m.from) - goal_distance(us, m.to), best_gain, "turn %d", turn);
        cr_assert_eq(goal_distance(us, m.from), rear, "turn %d", turn);
        ties += at_best > 1;
        game_play(game, m);
    }
    cr_assert_gt(ties, 10, "the game must have ties to test");
}

static void play_out(Engine *e, int level, Side engine_side) {
    engine_set_level(e, level);
    SearchLimits limits = search_limits_none();
    limits.movetime = 20;
    while (game->result == RESULT_ONGOING) {
        Move m = game->pos.seat == engine_side ? (atomic_store(&e->stop, false),
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
    cr_assert_eq(evaluate(&engine->eval, &game->pos, (Side)game->pos.seat), engine->eval.weights.tempo);
    game_play(game, greedy_move(&game->pos));
    game_play(game, greedy_move(&game->pos));
    /* After one move each, mirror images: the side to move still leads by the tempo. */
    int score = evaluate(&engine->eval, &game->pos, (Side)game->pos.seat);
    cr_assert_lt(score < 0 ? -score : score, 400);
}

/* The engine plays both sides, each move to `depth`, to the game's end. */
static void play_out_at_depth(int depth) {
    SearchLimits limits = search_limits_none();
    limits.depth = depth;
    while (game->result == RESULT_ONGOING) cr_assert(game_play(game, think(&limits)));
}

/* From a self-play game at 40,000 nodes a move: White is about to finish,
 * Black is far behind and has just jumped a piece back into its home camp,
 * White's goal (c13).  The engine then kept it there and shuffled its other
 * pieces until the position repeated for the third time: a draw by
 * spoiling.  Played out by the engine on both sides, White must win. */
Test(engine, the_side_behind_does_not_spoil_by_blocking_its_home_camp, .timeout = 60) {
    load("www1w11/wwwww11/wwww1w10/wwb13/ww1w12/16/16/16/16/16/16/14bb/13bbb/12bbbb/11b1bbb/11bbbbb w 150",
         VARIANT_19);
    play_out_at_depth(6);
    cr_assert_eq(game->result, RESULT_WHITE_WINS, "%s after %d turns", result_text(game->result), game->pos.turns);
}

/* White has filled its goal but for c13, where Black, far behind, holds a
 * piece in its home camp.  Leaving lets White win at once, so the engine used
 * to stay and vary its other pieces' moves until the turn limit drew the
 * game, as in a self-play game at 100 ms a move.  Played out by the engine on
 * both sides, White must win, and soon. */
Test(engine, the_side_behind_does_not_hold_the_last_goal_square_until_the_turn_limit, .timeout = 60) {
    load("wwwww11/wwwww11/wwww12/wwb13/ww1w12/16/16/16/8b7/7b8/6b9/16/15b/12bbbb/11bbbbb/11bbbbb b 300",
         VARIANT_19);
    play_out_at_depth(4);
    cr_assert_eq(game->result, RESULT_WHITE_WINS, "%s after %d turns", result_text(game->result), game->pos.turns);
    cr_assert_leq(game->pos.turns, 304);
}

/* Three positions of a game the engine lost to ab@100: the
 * opponent kept pieces at home, in our goal, while it raced the rest, and
 * the engine, counting those pieces as slow, scored turn 60 at +3441 (34
 * moves ahead).  They cross late in a few long ladders: the game was lost,
 * and none of the three may be scored as a lead. */
Test(engine, a_lost_race_is_not_scored_as_a_lead_for_the_pieces_the_opponent_keeps_at_home) {
    const char *fens[] = {
        "w2b12/1b1w12/2wb12/16/1bb4w8/3wbw1w8/6w9/5w2bw6/7w1w1w4/10b1w3/9w6/8b1bbw3/9wb1b1b1/10b5/10b1b3/12wbwb w 60",
        "w2b12/2bw12/2wb12/16/3w1w1w8/3w1w1w8/3w2w1w7/5w3wb5/7w8/9w2w3/7w2bwb3/8b1b5/10b1b1b1/15b/10b1b2b/12bbbb w 80",
        "w1w13/1wbww11/w1ww12/4w11/7w8/5w1w8/3w4w7/5w3w6/7w8/6ww8/12b3/10b5/10b2bbb/12bb1b/10b1bbbb/12bbbb w 100",
    };
    for (int i = 0; i < 3; i++) {
        load(fens[i], VARIANT_19);
        SearchLimits limits = search_limits_none();
        limits.depth = 6;
        atomic_store(&engine->stop, false);
        engine_think(engine, game, &limits, keep_report, NULL);
        cr_assert_lt(last_report.score, 0, "turn %d scored %d", game->pos.turns, last_report.score);
    }
}

/* The engine, Black, at depth 8 against stayer:1:150 as White, from the
 * loaded position: Black must win by turn 260. */
static void black_beats_stayer_1_150(void) {
    SearchLimits limits = search_limits_none();
    limits.depth = 8;
    while (game->result == RESULT_ONGOING && game->pos.turns < 260) {
        Bitboard kept = game->pos.turns < 150 ? home_corner_squares(VARIANT_19, WHITE, 1) : (Bitboard){{0, 0, 0, 0}};
        Move m = game->pos.seat == BLACK ? think(&limits) : greedy_move_keeping(&game->pos, kept);
        cr_assert(game_play(game, m));
    }
    cr_assert_eq(game->result, RESULT_BLACK_WINS, "%s after %d turns", result_text(game->result), game->pos.turns);
}

/* From a game against stayer:1:150 (greedy that keeps its corner piece p1
 * at home until turn 150): Black, far ahead, shuffled its last pieces by
 * that piece's only way out and, on turn 147, closed it.  The piece never
 * left and the game was drawn by repetition.  Played out by the engine at a
 * fixed depth against the stayer, Black must win; door_moves is set so that
 * the search crosses it from turn 140 on, as it did at 100 ms a move. */
Test(engine, the_leader_keeps_a_way_out_open_for_a_piece_kept_at_home, .timeout = 60) {
    load("w2ww11/w3ww10/w3w1w9/ww14/ww14/w1w13/1w1w12/2w13/16/16/16/12bbbb/13bbb/12b1bb/11bbbbb/11bbbbw b 141",
         VARIANT_19);
    engine->eval.weights.door_moves = 74;
    black_beats_stayer_1_150();
}

/* From another game against stayer:1:150: Black kept p1 walled in and
 * planned to open a way out a few moves later (against an opponent that
 * passes, later looks as good as now), until the turn the piece set out.
 * The move that walls a piece in is refused at the root. */
Test(engine, a_piece_kept_at_home_finds_its_way_out_open_when_it_sets_out, .timeout = 60) {
    load("wwww12/wwww12/wwww12/ww14/ww14/w15/w15/16/16/16/16/14bb/11bbbbb/12b1bb/11bbbbb/11bbbbw b 137", VARIANT_19);
    black_beats_stayer_1_150();
}

/* Black's move as a player who parks: the most ground gained by any piece
 * but those on `parked`, which never move. */
static Move parker_move(const Position *pos, Bitboard parked) {
    MoveList list;
    generate_moves(pos, &list);
    Side side = (Side)pos->seat;
    Move best = list.moves[0];
    int best_gain = -1000;
    for (int i = 0; i < list.count; i++) {
        Move m = list.moves[i];
        if (move_is_pass(m) || bb_has(&parked, m.from)) continue;
        int gain = goal_distance(side, m.from) - goal_distance(side, m.to);
        if (gain > best_gain) best_gain = gain, best = m;
    }
    return best;
}

static int pieces_in(const Position *pos, Side side, Bitboard area) {
    return bb_count(bb_and(pos->pieces[side], area));
}

#define PARKED "a16 b16 a15"

/* Black parks three pieces in its home camp, White's goal, for the whole
 * game: White cannot win, but it must still bring in every piece it can (16),
 * within 40 own moves after door_moves of its own (until then it keeps a way
 * out open for the parked pieces, eval.c; here it takes 36 with the greedy
 * replies shaping the play before, and took 1 without them).  The test fails
 * an engine that keeps the way out open for good, or that, in the race, puts
 * the last step in off move after move. */
Test(engine, against_a_parked_camp_it_still_finishes_what_it_can, .timeout = 60) {
    game_start(game, VARIANT_19, DEFAULT_TURN_LIMIT);
    SearchLimits limits = search_limits_none();
    limits.nodes = 20000;
    Bitboard parked = squares(PARKED);
    Bitboard goal = goal_of(VARIANT_19, WHITE);
    int filled_at = -1;
    while (game->result == RESULT_ONGOING) {
        Move m = game->pos.seat == WHITE ? think(&limits) : parker_move(&game->pos, parked);
        cr_assert(game_play(game, m));
        if (filled_at < 0 && pieces_in(&game->pos, WHITE, goal) == 16) filled_at = game->pos.turns;
    }
    cr_assert(game->result == RESULT_DRAW_TURN_LIMIT || game->result == RESULT_DRAW_REPETITION, "%s",
              result_text(game->result));
    cr_assert_eq(pieces_in(&game->pos, BLACK, parked), 3, "the parked pieces never moved");
    cr_assert(filled_at > 0 && filled_at <= 2 * engine->eval.weights.door_moves + 80,
              "White's last free goal square was filled at turn %d (-1: never; %d in at the end)", filled_at,
              pieces_in(&game->pos, WHITE, goal));
}

/* Four Black pieces are walled in at home by White pieces in their goal:
 * neither side can ever win.  For White, far ahead, that throws a win away,
 * so the evaluation shrinks its lead toward a draw; for Black, far behind,
 * the deadlock must be worth nothing, or the engine would learn to spoil
 * lost games by leaving pieces at home to be walled in.  Past door_moves
 * the pieces count as parked, and the deadlock costs the leader nothing. */
Test(engine, a_deadlock_costs_the_leader_and_never_helps_the_side_behind) {
    load("wwwww11/wbwbw11/wwwww11/wbwb12/wwww12/16/16/16/16/16/16/11b4/12bb1b/12bbbb/12bbbb/13bbb w 120", VARIANT_19);
    EvalWeights w = engine->eval.weights;
    w.deadlock_divisor = 1;
    Evaluator *plain = malloc(sizeof *plain);
    cr_assert(plain);
    eval_init(plain, &w);
    const Position *pos = &game->pos; /* White to move */
    int white_plain = evaluate(plain, pos, WHITE), black_plain = evaluate(plain, pos, BLACK);
    cr_assert_gt(white_plain, 0, "White leads");
    cr_assert_eq(evaluate(&engine->eval, pos, WHITE), white_plain / engine->eval.weights.deadlock_divisor);
    cr_assert_eq(evaluate(&engine->eval, pos, BLACK), black_plain, "the deadlock is worth nothing to Black");
    Position parked = *pos;
    parked.turns = 2 * (engine->eval.weights.door_moves + 1);
    cr_assert_gt(evaluate(plain, &parked, WHITE), 0, "White leads");
    cr_assert_eq(evaluate(&engine->eval, &parked, WHITE), evaluate(plain, &parked, WHITE), "parked: no way out kept");
    free(plain);
}

/* The straggler term alone (every other weight zero), along random games,
 * against its definition: each piece's distance beyond the average plus
 * the slack.  (The evaluation computes it from the move-by-move sums, with
 * vector instructions where it can.) */
Test(engine, the_straggler_term_matches_its_definition) {
    EvalWeights w = {.straggler = 7, .straggler_slack = 3, .their_share = 100, .deadlock_divisor = 1};
    Evaluator *only = malloc(sizeof *only);
    cr_assert(only);
    eval_init(only, &w);
    unsigned seed = 11;
    for (int g = 0; g < 6; g++) {
        game_start(game, g % 2 ? VARIANT_13 : VARIANT_19, DEFAULT_TURN_LIMIT);
        for (int turn = 0; turn < 150 && game->result == RESULT_ONGOING; turn++) {
            for (int side = WHITE; side <= BLACK; side++) {
                int n = 0, sum = 0, lag = 0;
                for (int sq = 0; sq < NUM_SQUARES; sq++)
                    if (game->pos.at[sq] == side) n++, sum += goal_distance((Side)side, sq);
                int limit = sum / n + w.straggler_slack;
                for (int sq = 0; sq < NUM_SQUARES; sq++) {
                    int d = goal_distance((Side)side, sq);
                    if (game->pos.at[sq] == side && d > limit) lag += d - limit;
                }
                cr_assert_eq(eval_side_cost(only, &game->pos, (Side)side, 100), lag * w.straggler, "game %d turn %d", g, turn);
            }
            MoveList list;
            generate_moves(&game->pos, &list);
            seed = seed * 1103515245u + 12345u;
            game_play(game, (seed >> 16) % 4 ? greedy_move(&game->pos) : list.moves[(seed >> 8) % (unsigned)list.count]);
        }
    }
    free(only);
}

/* The tuning hook of `halma match` and `halma bench --crossing`. */
Test(engine, tuning_overrides_change_only_what_they_name) {
    EvalWeights before = engine->eval.weights;
    SearchParams params = engine->params;
    char err[160] = "";
    cr_assert(tuning_apply(engine, NULL, err, sizeof err), "no spec, no change");
    cr_assert(tuning_apply(engine, "", err, sizeof err));
    cr_assert_eq(memcmp(&engine->eval.weights, &before, sizeof before), 0);
    cr_assert(tuning_apply(engine, "per_square=12,late_move_slope=3,,contempt=55", err, sizeof err), "%s", err);
    cr_assert_eq(engine->eval.weights.per_square, 12);
    cr_assert_eq(engine->params.late_move_slope, 3);
    cr_assert_eq(engine->params.contempt, 55);
    cr_assert_eq(engine->params.reduction_percent, params.reduction_percent);
    cr_assert_eq(engine->eval.weights.tempo, before.tempo);
    /* A bad item refuses the whole list and says which. */
    static const char *const bad[][2] = {
        {"tempo=1,no_such_weight=9", "'no_such_weight' is no tunable"},
        {"tempo=1,straggler", "'straggler' is not name=value"},
        {"tempo=1,lateral=x7", "lateral=x7 needs a whole number"},
        {"tempo=1,lateral=", "lateral= needs a whole number"},
        {"tempo=1,lateral=100001", "lateral=100001 needs a whole number"},
        {"tempo=1,knob1=3", "'knob1' is no tunable"},
        {"tempo=1,no_hop=3", "'no_hop' is no tunable"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        cr_assert(!tuning_apply(engine, bad[i][0], err, sizeof err), "%s", bad[i][0]);
        cr_assert(strstr(err, bad[i][1]), "%s: %s", bad[i][0], err);
        cr_assert_eq(engine->eval.weights.tempo, before.tempo, "%s changed nothing", bad[i][0]);
    }
    /* Every named tunable of the two-seat search can be set, and reads back. */
    for (int i = 0; tune_name(i); i++) {
        Tune probe = tune_defaults();
        if (!tune_field(&probe, tune_name(i), (int)strlen(tune_name(i)), TUNE_TWO_SEATS)) continue;
        char spec[64];
        snprintf(spec, sizeof spec, "%s=%d", tune_name(i), 7 + i);
        cr_assert(tuning_apply(engine, spec, err, sizeof err), "%s", err);
        Tune t = engine_tuning(engine);
        int *field = tune_field(&t, tune_name(i), (int)strlen(tune_name(i)), TUNE_TWO_SEATS);
        cr_assert(field && *field == 7 + i, "%s", tune_name(i));
    }
    Tune defaults = tune_defaults();
    engine_tune(engine, &defaults);
    cr_assert(tuning_apply(engine, "per_square=12", err, sizeof err));
    /* the per-square costs are rebuilt from the new weights */
    EvalWeights w = before;
    w.per_square = 12;
    Evaluator *expected = malloc(sizeof *expected);
    cr_assert(expected);
    eval_init(expected, &w);
    cr_assert_eq(memcmp(expected->cost, engine->eval.cost, sizeof expected->cost), 0);
    free(expected);
}

/* The one clamp (levels.c): every level outside the table becomes its
 * nearest end, and the engine plays the clamped level. */
Test(engine, levels_are_clamped_in_one_place_and_a_new_engine_plays_the_programs_default) {
    cr_assert_eq(engine->level, ENGINE_LEVEL);
    cr_assert_eq(level_clamp(MIN_LEVEL - 1), MIN_LEVEL);
    cr_assert_eq(level_clamp(MAX_LEVEL + 5), MAX_LEVEL);
    cr_assert_eq(level_clamp(PERSON_LEVEL), PERSON_LEVEL);
    cr_assert_eq(level_params(-3), level_params(MIN_LEVEL));
    cr_assert_eq(level_params(99), level_params(MAX_LEVEL));
    engine_set_level(engine, 0);
    cr_assert_eq(engine->level, MIN_LEVEL);
    engine_set_level(engine, MAX_LEVEL + 1);
    cr_assert_eq(engine->level, MAX_LEVEL);
    for (int level = MIN_LEVEL; level <= MAX_LEVEL; level++) {
        cr_assert(level_params(level)->name && level_params(level)->name[0]);
        cr_assert_gt(level_params(level)->think_ms, 0);
    }
}
