/* How games end: wins, threefold repetition, the turn limit; undo. */
#include "helpers.h"

/* A game (static: a Game is large) set up from a FEN. */
static Game *game_at(Variant variant, const char *fen) {
    static Game game;
    Position start = position_from_fen(variant, fen);
    game_from(&game, &start, DEFAULT_TURN_LIMIT);
    return &game;
}

static void play(Game *game, const char *moves) {
    char copy[2048];
    strncpy(copy, moves, sizeof copy - 1);
    copy[sizeof copy - 1] = '\0';
    char *rest = copy;
    for (char *m; (m = strtok_r(rest, " ", &rest)) != NULL;) {
        Refusal why;
        cr_assert(game_play_text(game, m, (int)strlen(m), &why), "%s refused: %s", m, refusal_english(&why));
    }
}

/* White needs one more piece home: its last piece stands on b11, next to
 * a12, the one empty square of its goal camp.  Black is in mid-board. */
#define ALMOST_WON_PLACEMENT \
    "wwwww11/wwwww11/wwww12/www13/1w14/1w14/16/16/4bbbbbbbbbb2/4bbbbbbbbb3/16/16/16/16/16/16"
static const char ALMOST_WON[] = ALMOST_WON_PLACEMENT " w 120";

Test(win, comes_the_moment_the_last_piece_arrives) {
    Game *game = game_at(VARIANT_19, ALMOST_WON);
    cr_assert_eq(game->result, RESULT_ONGOING);
    play(game, "b11-a12");
    cr_assert_eq(game->result, RESULT_WHITE_WINS);
    cr_assert_str_eq(result_text(game->result), "White wins");
}

Test(win, needs_every_piece_home) {
    Game *game = game_at(VARIANT_19, ALMOST_WON);
    play(game, "b11-c11");
    cr_assert_eq(game->result, RESULT_ONGOING);
}

Test(win, ends_the_game) {
    Game *game = game_at(VARIANT_19, ALMOST_WON);
    play(game, "b11-a12");
    Refusal why;
    cr_assert_not(game_play_text(game, "l1-k2", 5, &why));
    cr_assert(strstr(refusal_english(&why), "the game is over (White wins)"));
    cr_assert_eq(game->length, 1);
    cr_assert_not(game_play(game, MOVE_PASS));
}

Test(win, on_the_last_turn_beats_the_turn_limit) {
    Game *game = game_at(VARIANT_19, ALMOST_WON_PLACEMENT " w 399");
    play(game, "b11-a12");
    cr_assert_eq(game->result, RESULT_WHITE_WINS);
}

Test(win, for_black_in_the_short_game) {
    Game *game = game_at(VARIANT_13, "16/16/16/16/16/16/16/4wwwwwww5/4wwwwww6/16/16/16/14bb/12b1bb/12bbbb/12bbbb b 77");
    play(game, "m3-n3");
    cr_assert_eq(game->result, RESULT_BLACK_WINS);
}

Test(win, a_won_position_is_recognised_when_set_up) {
    Game *game = game_at(VARIANT_13, "16/16/16/16/16/16/16/4wwwwwww5/4wwwwww6/16/16/16/14bb/13bbb/12bbbb/12bbbb w 78");
    cr_assert_eq(game->result, RESULT_BLACK_WINS);
}

/* Shuffling back and forth: the start position recurs every 4 turns. */
static const char SHUFFLE[] = "l2-k3 e15-f14 k3-l2 f14-e15";

Test(repetition, the_start_position_counts_and_the_third_occurrence_draws) {
    static Game game;
    game_start(&game, VARIANT_19, DEFAULT_TURN_LIMIT);
    cr_assert_eq(game_occurrences(&game), 1);
    play(&game, SHUFFLE);
    cr_assert_eq(game_occurrences(&game), 2);
    cr_assert_eq(game.result, RESULT_ONGOING);
    play(&game, "l2-k3 e15-f14 k3-l2");
    cr_assert_eq(game.result, RESULT_ONGOING);
    cr_assert_eq(game_occurrences_after(&game, read_move(&game.pos, "f14-e15")), 3);
    play(&game, "f14-e15");
    cr_assert_eq(game.result, RESULT_DRAW_REPETITION);
    cr_assert_eq(game.length, 8);
}

Test(repetition, is_a_draw_even_for_positions_after_the_start) {
    static Game game;
    game_start(&game, VARIANT_13, DEFAULT_TURN_LIMIT);
    play(&game, "m2-l3 d15-e14");
    for (int i = 0; i < 2; i++) play(&game, "l3-k4 e14-f13 k4-l3 f13-e14");
    cr_assert_eq(game.result, RESULT_DRAW_REPETITION);
}

Test(repetition, needs_the_same_side_to_move) {
    /* The same placement with the other side to move is another position:
     * White steps out and back in three moves (a triangle), so the placement
     * recurs with Black to move. */
    static Game game;
    game_start(&game, VARIANT_19, DEFAULT_TURN_LIMIT);
    play(&game, "l2-k3 e15-f14 k3-k4 f14-e15 k4-l3 e15-f14 l3-l2 f14-e15 l2-k3");
    cr_assert_eq(game.result, RESULT_ONGOING);
}

Test(repetition, is_undone_by_undo) {
    static Game game;
    game_start(&game, VARIANT_19, DEFAULT_TURN_LIMIT);
    play(&game, SHUFFLE);
    play(&game, SHUFFLE);
    cr_assert_eq(game.result, RESULT_DRAW_REPETITION);
    cr_assert(game_undo(&game));
    cr_assert_eq(game.result, RESULT_ONGOING);
    cr_assert_eq(game.length, 7);
}

Test(turn_limit, draws_when_the_last_turn_is_played) {
    static Game game;
    game_start(&game, VARIANT_19, 6);
    play(&game, "l2-k3 e15-f14 l1-l2 e16-e15 m3-l4");
    cr_assert_eq(game.result, RESULT_ONGOING);
    play(&game, "d16-e16");
    cr_assert_eq(game.pos.turns, 6);
    cr_assert_eq(game.result, RESULT_DRAW_TURN_LIMIT);
    cr_assert_str_eq(result_text(game.result), "draw by the turn limit");
}

Test(turn_limit, defaults_to_400_turns_counted_from_the_fen) {
    Game *game = game_at(VARIANT_19, "bbbbb11/bbbbb11/bbbb12/bbb13/bb14/16/16/16/16/16/16/14ww/13www/12wwww/11wwwww/11wwwww w 398");
    play(game, "l2-k3");
    cr_assert_eq(game->result, RESULT_ONGOING);
    play(game, "e15-f14");
    cr_assert_eq(game->result, RESULT_DRAW_TURN_LIMIT);
}

Test(turn_limit, is_configurable_and_rejudges_the_game) {
    static Game game;
    game_start(&game, VARIANT_13, DEFAULT_TURN_LIMIT);
    play(&game, "m2-l3 d15-e14");
    game_set_turn_limit(&game, 2);
    cr_assert_eq(game.result, RESULT_DRAW_TURN_LIMIT);
    game_set_turn_limit(&game, 3);
    cr_assert_eq(game.result, RESULT_ONGOING);
}

Test(undo, takes_back_moves_one_by_one) {
    static Game game;
    game_start(&game, VARIANT_19, DEFAULT_TURN_LIMIT);
    Position start = game.pos;
    play(&game, "l2-k3 e15-f14");
    cr_assert(game_undo(&game));
    cr_assert(game_undo(&game));
    cr_assert(position_same(&game.pos, &start));
    cr_assert_eq(game.pos.turns, 0);
    cr_assert_not(game_undo(&game));
}

Test(bad_input, leaves_the_game_as_it_was) {
    static Game game, before;
    game_start(&game, VARIANT_19, DEFAULT_TURN_LIMIT);
    play(&game, "l2-k3");
    memcpy(&before, &game, sizeof game);
    const char *bad[] = {"", "pass", "k3-j4", "e15", "e15-e13", "e15-f14-g13", "zz-top", "e15-f14x", "-", "e15--f14"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        Refusal why;
        cr_assert_not(game_play_text(&game, bad[i], (int)strlen(bad[i]), &why), "'%s' accepted", bad[i]);
        cr_assert(refusal_english(&why)[0], "'%s' refused without a reason", bad[i]);
        cr_assert_eq(memcmp(&game, &before, sizeof game), 0, "'%s' changed the game", bad[i]);
    }
}
