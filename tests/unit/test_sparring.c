/* The sparring partners of `halma match`: the stayer, greedy with random
 * ties, the plain and the convex alpha-beta, the Monte Carlo tree search. */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "core/game.h"
#include "core/movegen.h"
#include "engine/greedy.h"
#include "engine/mcts.h"
#include "engine/plain_search.h"
#include "engine/plainab.h"
#include "helpers.h"

Test(stayer, its_corner_squares_are_the_home_camps_deepest) {
    Bitboard three = home_corner_squares(VARIANT_19, WHITE, 3);
    cr_assert_eq(bb_count(three), 3);
    cr_assert(bb_has(&three, sq("p1")), "the corner itself");
    Bitboard camp = camp_of(VARIANT_19, WHITE);
    cr_assert(bb_equal(bb_and(three, camp), three), "all in the home camp");
    Bitboard all = home_corner_squares(VARIANT_13, BLACK, 19);
    cr_assert(bb_equal(all, camp_of(VARIANT_13, BLACK)), "never more than the camp");
}

/* Greedy would move the corner piece first when it gains most; kept, it
 * stays, and the best of the other moves is played. */
Test(stayer, keeps_its_pieces_while_it_has_another_move) {
    Game *game = malloc(sizeof *game);
    cr_assert(game);
    game_start(game, VARIANT_19, DEFAULT_TURN_LIMIT);
    Bitboard kept = home_corner_squares(VARIANT_19, WHITE, 5);
    for (int turn = 0; turn < 60 && game->result == RESULT_ONGOING; turn++) {
        Move m = game->pos.seat == WHITE ? greedy_move_keeping(&game->pos, kept) : greedy_move(&game->pos);
        if (game->pos.seat == WHITE) cr_assert(!bb_has(&kept, m.from), "turn %d moved a kept piece", turn);
        game_play(game, m);
    }
    cr_assert(bb_equal(bb_and(game->pos.pieces[WHITE], kept), kept), "the kept pieces are still home");
    /* With only kept pieces able to move, one of them moves. */
    Position lone = position_of(VARIANT_19, "p1", "a16", WHITE);
    Move m = greedy_move_keeping(&lone, squares("p1"));
    cr_assert(!move_is_pass(m) && m.from == sq("p1"));
    free(game);
}

/* A player of `size` bytes and its memory of `memory_bytes` (one at a time). */
static void *hash_memory;

static void *new_player(size_t size, size_t memory_bytes) {
    void *player = malloc(size);
    hash_memory = malloc(memory_bytes);
    cr_assert(player && hash_memory);
    return player;
}

static void free_player(void *player) {
    free(hash_memory);
    free(player);
}

static PlainAB *new_ab(void) {
    PlainAB *ab = new_player(sizeof *ab, 1 << 20);
    plainab_init(ab, hash_memory, 1 << 20, AB_EVAL_DISTANCE);
    return ab;
}

Test(plainab, takes_a_win_in_one) {
    Game *game = malloc(sizeof *game);
    cr_assert(game);
    Position pos = position_from_fen(VARIANT_13,
        "wwww12/wwww12/www13/w15/2w13/16/16/16/7b8/16/16/16/15b/13bbb/12bbbb/12bbbb w 50");
    game_from(game, &pos, DEFAULT_TURN_LIMIT);
    PlainAB *ab = new_ab();
    Move m = plainab_move(ab, game, 50);
    cr_assert(move_equal(m, read_move(&game->pos, "c12-b13")));
    free_player(ab);
    free(game);
}

/* Its evaluation is the distance alone: from the start it plays the move
 * that gains most, and it always answers with a legal move. */
Test(plainab, plays_legal_moves_that_advance) {
    Game *game = malloc(sizeof *game);
    cr_assert(game);
    game_start(game, VARIANT_19, DEFAULT_TURN_LIMIT);
    PlainAB *ab = new_ab();
    for (int i = 0; i < 20 && game->result == RESULT_ONGOING; i++) {
        Move m = plainab_move(ab, game, 10);
        cr_assert(move_is_legal(&game->pos, m), "move %d is legal", i);
        game_play(game, m);
    }
    int before = 0, after = 0;
    Position start;
    position_start(&start, VARIANT_19);
    for (Bitboard b = start.pieces[WHITE]; !bb_is_empty(b);) before += goal_distance(WHITE, bb_pop(&b));
    for (Bitboard b = game->pos.pieces[WHITE]; !bb_is_empty(b);) after += goal_distance(WHITE, bb_pop(&b));
    cr_assert_lt(after, before - 20, "White advanced: %d -> %d", before, after);
    free_player(ab);
    free(game);
}

/* Greedy with random ties: always a move that gains most, and each of the
 * tied moves in turn, where greedy would always take the rear piece's. */
Test(greedy_random, gains_most_and_breaks_ties_at_random) {
    Position pos = position_of(VARIANT_19, "h8 c12", "p1", WHITE);
    Move rear = read_move(&pos, "h8-g9"), front = read_move(&pos, "c12-b13");
    cr_assert(move_equal(greedy_move(&pos), rear), "greedy moves the rear piece");
    int rear_count = 0, front_count = 0;
    uint64_t rng = 1;
    for (int i = 0; i < 200; i++) {
        Move m = greedy_move_random(&pos, &rng);
        rear_count += move_equal(m, rear);
        front_count += move_equal(m, front);
    }
    cr_assert_eq(rear_count + front_count, 200, "only the two moves that gain 2");
    cr_assert(rear_count > 60 && front_count > 60, "each about half: %d and %d", rear_count, front_count);
}

Test(greedy_random, plays_whole_games) {
    Game *game = malloc(sizeof *game);
    cr_assert(game);
    game_start(game, VARIANT_13, DEFAULT_TURN_LIMIT);
    uint64_t rng = 5;
    while (game->result == RESULT_ONGOING) {
        Side us = (Side)game->pos.seat;
        Move m = greedy_move_random(&game->pos, &rng), g = greedy_move(&game->pos);
        cr_assert_eq(goal_distance(us, m.from) - goal_distance(us, m.to),
                     goal_distance(us, g.from) - goal_distance(us, g.to), "turn %d: as much as greedy",
                     game->pos.turns);
        cr_assert(game_play(game, m));
    }
    free(game);
}

static const char *WIN_IN_ONE_13 =
    "wwww12/wwww12/www13/w15/2w13/16/16/16/7b8/16/16/16/15b/13bbb/12bbbb/12bbbb w 50";

static Game *game_with_a_win_in_one(void) {
    Game *game = malloc(sizeof *game);
    cr_assert(game);
    Position pos = position_from_fen(VARIANT_13, WIN_IN_ONE_13);
    game_from(game, &pos, DEFAULT_TURN_LIMIT);
    return game;
}

/* A lone piece walked back and forth so that its best step, i8-h9, would
 * make a position's third occurrence. */
static void game_with_a_third_occurrence_ahead(Game *game) {
    Position pos = position_of(VARIANT_19, "h8", "a1", WHITE);
    game_from(game, &pos, DEFAULT_TURN_LIMIT);
    const char *moves[] = {"h8-h9", "a1-a2", "h9-i9", "a2-a1", "i9-h9", "a1-a2", "h9-i8", "a2-a1"};
    for (size_t i = 0; i < sizeof moves / sizeof *moves; i++) cr_assert(game_play(game, read_move(&game->pos, moves[i])));
    cr_assert_eq(game_occurrences_after(game, read_move(&game->pos, "i8-h9")), 3);
}

Test(convex, takes_a_win_in_one_and_avoids_a_third_occurrence) {
    Game *game = game_with_a_win_in_one();
    PlainAB *ab = new_ab();
    ab->evaluation = AB_EVAL_CONVEX;
    cr_assert(move_equal(plainab_move(ab, game, 50), read_move(&game->pos, "c12-b13")));
    game_with_a_third_occurrence_ahead(game);
    Move m = plainab_move(ab, game, 50);
    cr_assert(!move_equal(m, read_move(&game->pos, "i8-h9")));
    cr_assert(move_is_legal(&game->pos, m));
    free_player(ab);
    free(game);
}

/* The same advance counts more for the rear piece than for the front one,
 * where the distance sum sees the two equal. */
Test(convex, a_piece_left_behind_weighs_most) {
    Position rear_moved = position_of(VARIANT_13, "g5 e10", "p1", BLACK);
    Position front_moved = position_of(VARIANT_13, "h4 d11", "p1", BLACK);
    PlainAB *ab = new_ab();
    cr_assert_eq(plainab_evaluate(ab, &rear_moved), plainab_evaluate(ab, &front_moved), "the distances agree");
    ab->evaluation = AB_EVAL_CONVEX;
    int rear = plainab_evaluate(ab, &rear_moved), front = plainab_evaluate(ab, &front_moved);
    cr_assert_lt(rear, front, "for Black, White's rear piece advanced is worse: %d against %d", rear, front);
    free_player(ab);
}

static Mcts *new_mcts(void) {
    Mcts *mcts = new_player(sizeof *mcts, 4 << 20);
    mcts_init(mcts, hash_memory, 4 << 20);
    return mcts;
}

Test(mcts, takes_a_win_in_one_and_avoids_a_third_occurrence) {
    Game *game = game_with_a_win_in_one();
    Mcts *mcts = new_mcts();
    cr_assert(move_equal(mcts_move(mcts, game, 0, 100), read_move(&game->pos, "c12-b13")));
    game_with_a_third_occurrence_ahead(game);
    Move m = mcts_move(mcts, game, 0, 2000);
    cr_assert(!move_equal(m, read_move(&game->pos, "i8-h9")));
    cr_assert(move_is_legal(&game->pos, m));
    free_player(mcts);
    free(game);
}

/* With an iteration budget nothing depends on the clock: the same seed
 * plays the same game; and its moves are legal and advance. */
Test(mcts, plays_legal_moves_that_advance_the_same_for_a_seed) {
    Game *games[2];
    Mcts *mcts = new_mcts();
    for (int g = 0; g < 2; g++) {
        games[g] = malloc(sizeof *games[g]);
        cr_assert(games[g]);
        game_start(games[g], VARIANT_19, DEFAULT_TURN_LIMIT);
        mcts_seed(mcts, 42);
        for (int i = 0; i < 30 && games[g]->result == RESULT_ONGOING; i++) {
            Move m = mcts_move(mcts, games[g], 0, 300);
            cr_assert(move_is_legal(&games[g]->pos, m), "move %d is legal", i);
            cr_assert_eq(mcts->iterations, 300);
            game_play(games[g], m);
        }
    }
    cr_assert_eq(games[0]->pos.hash, games[1]->pos.hash, "the same game twice");
    int before = 0, after = distance_sum(&games[0]->pos, WHITE);
    Position start;
    position_start(&start, VARIANT_19);
    before = distance_sum(&start, WHITE);
    cr_assert_lt(after, before - 40, "White advanced: %d -> %d", before, after);
    free(games[0]);
    free(games[1]);
    free_player(mcts);
}

Test(mcts, its_tree_stays_within_its_memory) {
    Mcts *mcts = malloc(sizeof *mcts);
    static MctsNode small[MCTS_WIDTH * 40];
    cr_assert(mcts);
    mcts_init(mcts, small, sizeof small);
    Game *game = malloc(sizeof *game);
    cr_assert(game);
    game_start(game, VARIANT_19, DEFAULT_TURN_LIMIT);
    Move m = mcts_move(mcts, game, 0, 5000);
    cr_assert(move_is_legal(&game->pos, m));
    cr_assert_leq(mcts->used, mcts->capacity);
    free(game);
    free(mcts);
}

/* What the plain searches of two and of many share: the table's move first,
 * then the largest gain towards the mover's goal, a pass last; a win's
 * distance kept relative to the node in the table. */
Test(plain_search, orders_the_tables_move_then_the_largest_gain) {
    Move pass = MOVE_PASS, one = {sq("p1"), sq("o1")}, three = {sq("p1"), sq("n2")}, back = {sq("o1"), sq("p1")};
    Move first = {sq("n1"), sq("n3")}; /* gains least but the table's */
    MoveList list = {.moves = {pass, one, back, three, first}, .count = 5};
    for (int i = 0; i < list.count; i++) plain_pick(&list, i, SEAT_WHITE, first);
    Move want[] = {first, three, one, pass, back};
    for (int i = 0; i < 5; i++) cr_assert(move_equal(list.moves[i], want[i]), "place %d", i);
    cr_assert_eq(plain_gain(SEAT_BLACK, back), 1, "White's step back is Black's gain");
    cr_assert_eq(plain_gain(SEAT_RED, pass), 0);
    int win = PLAIN_WIN - 7;
    cr_assert_eq(plain_score_from_tt(plain_score_to_tt(win, 3), 5), win + 3 - 5, "a win is as near as from the node");
    cr_assert_eq(plain_score_to_tt(-win, 3), -win - 3);
    cr_assert_eq(plain_score_to_tt(250, 9), 250, "other scores as they are");
}
