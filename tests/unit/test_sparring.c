/* The sparring partners of `halma match`: the stayer and the plain alpha-beta. */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "core/game.h"
#include "core/movegen.h"
#include "engine/greedy.h"
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
        Move m = game->pos.side_to_move == WHITE ? greedy_move_keeping(&game->pos, kept) : greedy_move(&game->pos);
        if (game->pos.side_to_move == WHITE) cr_assert(!bb_has(&kept, m.from), "turn %d moved a kept piece", turn);
        game_play(game, m);
    }
    cr_assert(bb_equal(bb_and(game->pos.pieces[WHITE], kept), kept), "the kept pieces are still home");
    /* With only kept pieces able to move, one of them moves. */
    Position lone = position_of(VARIANT_19, "p1", "a16", WHITE);
    Move m = greedy_move_keeping(&lone, squares("p1"));
    cr_assert(!move_is_pass(m) && m.from == sq("p1"));
    free(game);
}

static void *hash_memory;

static PlainAB *new_ab(void) {
    PlainAB *ab = malloc(sizeof *ab);
    hash_memory = malloc(1 << 20);
    cr_assert(ab && hash_memory);
    plainab_init(ab, hash_memory, 1 << 20);
    return ab;
}

static void free_ab(PlainAB *ab) {
    free(hash_memory);
    free(ab);
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
    free_ab(ab);
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
    free_ab(ab);
    free(game);
}
