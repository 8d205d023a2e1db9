/*
 * The rules of three and four players (RULES-MULTI.md), a test a rule:
 * seats and camps, the turn order, wins for a seat and for partners,
 * passes, draws, and the notation with its refusals.
 */
#include "helpers.h"

#define W_HOME "p1 o1 n1 m1 p2 o2 n2 m2 p3 o3 n3 p4 o4"
#define B_HOME "a16 b16 c16 d16 a15 b15 c15 d15 a14 b14 c14 a13 b13"
#define R_HOME "a1 b1 c1 d1 a2 b2 c2 d2 a3 b3 c3 a4 b4"
#define Y_HOME "p16 o16 n16 m16 p15 o15 n15 m15 p14 o14 n14 p13 o13"
#define MID_RANK_8 "a8 b8 c8 d8 e8 f8 g8 h8 i8 j8 k8 l8 m8"
#define MID_RANK_9 "a9 b9 c9 d9 e9 f9 g9 h9 i9 j9 k9 l9 m9"

static Game *game_of(const Position *start) {
    static Game game;
    game_from(&game, start, default_turn_limit(start->players));
    return &game;
}

static const char *fen_of(const Position *pos) {
    static char fen[FEN_TEXT_SIZE];
    Text t = text_on(fen, sizeof fen);
    text_fen(&t, pos);
    return fen;
}

static const char *fen_refusal(Seating seating, const char *fen) {
    Position pos;
    Refusal why;
    cr_assert_not(fen_parse_seating(fen, seating, VARIANT_13, &pos, &why), "'%s' accepted", fen);
    return refusal_english(&why);
}

/* ---- seats and camps ---- */

Test(multi_seats, each_has_a_13_piece_camp_in_its_corner_and_the_opposite_goal) {
    const char *homes[MAX_SEATS] = {W_HOME, B_HOME, R_HOME, Y_HOME};
    for (int seat = 0; seat < MAX_SEATS; seat++) {
        cr_assert(bb_equal(seat_camp(seat), squares(homes[seat])), "camp of %s", colour_name(seat));
        cr_assert_eq(bb_count(seat_camp(seat)), 13);
    }
    cr_assert(bb_equal(seat_goal(SEAT_WHITE), squares(B_HOME)));
    cr_assert(bb_equal(seat_goal(SEAT_RED), squares(Y_HOME)));
    cr_assert(bb_equal(seat_goal(SEAT_BLACK), squares(W_HOME)));
    cr_assert(bb_equal(seat_goal(SEAT_YELLOW), squares(R_HOME)));
}

Test(multi_seats, four_start_on_their_camps_three_leave_the_p16_camp_empty) {
    Position pos;
    position_start_seating(&pos, FOUR, VARIANT_13);
    cr_assert_str_eq(fen_of(&pos), START_FOUR);
    position_start_seating(&pos, THREE, VARIANT_13);
    cr_assert_str_eq(fen_of(&pos), START_THREE);
    cr_assert(bb_is_empty(bb_and(pos.occupied, squares(Y_HOME))));
    cr_assert_eq(pos.seat, SEAT_WHITE);
}

Test(multi_seats, only_four_may_play_as_partners) {
    cr_assert(seating_valid(THREE) && seating_valid(FOUR) && seating_valid(PARTNERS));
    cr_assert_not(seating_valid((Seating){3, true, 0}));
    cr_assert_not(seating_valid((Seating){2, false, 0}));
    cr_assert_not(seating_valid((Seating){5, false, 0}));
    cr_assert_eq(seat_partner(SEAT_WHITE), SEAT_BLACK);
    cr_assert_eq(seat_partner(SEAT_RED), SEAT_YELLOW);
}

Test(multi_seats, turns_go_white_red_black_yellow) {
    static Game game;
    game_start_seating(&game, FOUR, VARIANT_13, 800);
    const char *moves[] = {"o4-n5", "b4-c5", "b13-c12", "o13-n12"};
    const int next[] = {SEAT_RED, SEAT_BLACK, SEAT_YELLOW, SEAT_WHITE};
    for (int i = 0; i < 4; i++) {
        multi_play(&game, moves[i]);
        cr_assert_eq(game.pos.seat, next[i], "after %s", moves[i]);
        cr_assert_eq(game.pos.turns, i + 1);
    }
    game_start_seating(&game, THREE, VARIANT_13, 600);
    multi_play(&game, "o4-n5 b4-c5 b13-c12");
    cr_assert_eq(game.pos.seat, SEAT_WHITE);
    for (int seat = 0; seat < MAX_SEATS; seat++) {
        cr_assert_eq(seat_before(4, seat_after(4, seat)), seat);
        if (seat < 3) cr_assert_eq(seat_before(3, seat_after(3, seat)), seat);
    }
}

Test(multi_seats, make_and_unmake_keep_everything_in_step) {
    Position pos;
    position_start_seating(&pos, FOUR, VARIANT_13);
    Position before = pos;
    Move white = multi_read(&pos, "o4-n5");
    position_make(&pos, white);
    Move red = multi_read(&pos, "b4-c5");
    position_make(&pos, red);
    position_make(&pos, MOVE_PASS);
    cr_assert_eq(pos.hash, position_compute_hash(&pos));
    cr_assert(pos.at[sq("c5")] == SEAT_RED && pos.at[sq("b4")] == NO_SEAT && pos.seat == SEAT_YELLOW);
    cr_assert_eq(pos.turns, 3);
    position_unmake(&pos, MOVE_PASS);
    position_unmake(&pos, red);
    position_unmake(&pos, white);
    cr_assert_eq(memcmp(&pos, &before, sizeof pos), 0);
}

/* ---- moves ---- */

Test(multi_moves, a_chain_hops_over_pieces_of_any_seat) {
    const char *at[MAX_SEATS] = {"h8", "", "h9", "h11"};
    Position pos = multi_position_of(FOUR, at, SEAT_WHITE);
    Move m = multi_read(&pos, "h8-h10-h12");
    cr_assert(m.from == sq("h8") && m.to == sq("h12"));
    cr_assert(move_is_legal(&pos, m));
    cr_assert(bb_has((Bitboard[]){piece_destinations(&pos, sq("h8"))}, sq("h12")));
    cr_assert_str_eq(multi_refusal(&pos, "h9-h10"), "it is White's turn, h9 holds a Red piece");
    cr_assert_str_eq(multi_refusal(&pos, "h11-h12"), "it is White's turn, h11 holds a Yellow piece");
}

Test(multi_moves, the_goal_camp_rule_holds_for_each_seat) {
    /* Red on m16 and Yellow on d1 stand in their goals; Red's piece on d2
     * stands in Yellow's goal, which is not its own. */
    const char *at[MAX_SEATS] = {"h8", "", "m16 d2", "d1"};
    Position pos = multi_position_of(FOUR, at, SEAT_RED);
    cr_assert_str_eq(multi_refusal(&pos, "m16-l16"),
                     "the piece on m16 has reached its goal camp and must end its move inside it");
    multi_read(&pos, "m16-m15");
    multi_read(&pos, "d2-e3");
    position_set_seat(&pos, SEAT_YELLOW);
    cr_assert_str_eq(multi_refusal(&pos, "d1-e1"),
                     "the piece on d1 has reached its goal camp and must end its move inside it");
    multi_read(&pos, "d1-c1");
}

Test(multi_moves, a_seat_with_no_move_passes_and_only_then) {
    const char *at[MAX_SEATS] = {"a2 b1 b2 a3 c1 c3", "", "a1", "h8"};
    Position pos = multi_position_of(FOUR, at, SEAT_RED);
    MoveList list;
    generate_moves(&pos, &list);
    cr_assert(list.count == 1 && move_is_pass(list.moves[0]));
    cr_assert(move_is_pass(multi_read(&pos, "pass")));
    position_start_seating(&pos, FOUR, VARIANT_13);
    cr_assert_str_eq(multi_refusal(&pos, "pass"), "pass is only allowed with no legal move, and White has 32 moves");
}

/* ---- each for themselves ---- */

/* Red has twelve pieces on its goal (Yellow's camp, p16) and its last on
 * o12, a step from o13; Yellow, with four, waits mid-board. */
static Position red_one_step_from_home(Seating seating) {
    const char *at[MAX_SEATS] = {W_HOME, B_HOME, "p16 o16 n16 m16 p15 o15 n15 m15 p14 o14 n14 p13 o12",
                                 seating.players == 4 ? MID_RANK_8 : ""};
    return multi_position_of(seating, at, SEAT_RED);
}

Test(multi_win, the_first_seat_home_wins_and_the_game_ends) {
    Position start = red_one_step_from_home(FOUR);
    Game *game = game_of(&start);
    cr_assert_eq(game->result, RESULT_ONGOING);
    multi_play(game, "o12-o13");
    cr_assert_eq(game->result, RESULT_RED_WINS);
    cr_assert_eq(result_winners(game->result), 1u << SEAT_RED);
    cr_assert_str_eq(result_text(game->result), "Red wins");
    Refusal why;
    cr_assert_not(game_play_text(game, "b13-c12", 7, &why));
    cr_assert_str_eq(refusal_english(&why), "the game is over (Red wins)");
    cr_assert_not(game_play(game, MOVE_PASS));
    cr_assert_eq(game->length, 1);
}

Test(multi_win, needs_all_thirteen_home) {
    Position start = red_one_step_from_home(FOUR);
    Game *game = game_of(&start);
    multi_play(game, "o12-n13");
    cr_assert_eq(game->result, RESULT_ONGOING);
}

Test(multi_win, undo_takes_the_win_back) {
    Position start = red_one_step_from_home(THREE);
    cr_assert_eq(start.players, 3);
    Game *game = game_of(&start);
    multi_play(game, "o12-o13");
    cr_assert_eq(game->result, RESULT_RED_WINS);
    cr_assert(game_undo(game));
    cr_assert_eq(game->result, RESULT_ONGOING);
    cr_assert(position_same(&game->pos, &start));
    cr_assert_not(game_undo(game));
}

Test(multi_win, a_position_set_up_with_a_seat_home_is_won_by_it) {
    const char *at[MAX_SEATS] = {MID_RANK_8, W_HOME, R_HOME, MID_RANK_9}; /* Black on its goal, p1's camp */
    Position start = multi_position_of(FOUR, at, SEAT_RED);
    cr_assert_eq(game_of(&start)->result, RESULT_BLACK_WINS);
}

/* ---- partners ---- */

/* White home (on a16's camp); Black has twelve pieces on its goal, p1's
 * camp, and its last on m4, a step from n3, the goal's empty square. */
static Position black_one_step_from_partners_win(void) {
    const char *at[MAX_SEATS] = {B_HOME, "p1 o1 n1 m1 p2 o2 n2 m2 p3 o3 m4 p4 o4", MID_RANK_8, MID_RANK_9};
    return multi_position_of(PARTNERS, at, SEAT_BLACK);
}

Test(multi_partners, win_when_both_are_home) {
    Position start = black_one_step_from_partners_win();
    Game *game = game_of(&start);
    cr_assert_eq(game->result, RESULT_ONGOING, "White alone home is no win for partners");
    multi_play(game, "m4-n3");
    cr_assert_eq(game->result, RESULT_WHITE_BLACK_WIN);
    cr_assert_eq(result_winners(game->result), 1u << SEAT_WHITE | 1u << SEAT_BLACK);
    cr_assert_str_eq(result_text(game->result), "White and Black win");
}

Test(multi_partners, red_and_yellow_win_together) {
    const char *at[MAX_SEATS] = {MID_RANK_8, MID_RANK_9, "p16 o16 n16 m16 p15 o15 n15 m15 p14 o14 n14 p13 o12", R_HOME};
    Position start = multi_position_of(PARTNERS, at, SEAT_RED);
    Game *game = game_of(&start);
    multi_play(game, "o12-o13");
    cr_assert_eq(game->result, RESULT_RED_YELLOW_WIN);
    cr_assert_str_eq(result_text(game->result), "Red and Yellow win");
}

Test(multi_partners, a_seat_home_has_no_move_and_passes) {
    Position pos = black_one_step_from_partners_win();
    position_set_seat(&pos, SEAT_WHITE);
    MoveList list;
    generate_moves(&pos, &list);
    cr_assert(list.count == 1 && move_is_pass(list.moves[0]));
    cr_assert_eq(legal_count(&pos), 0);
    cr_assert_str_eq(multi_refusal(&pos, "b13-b12"),
                     "White has all of its pieces on its goal camp, so it has no move and passes");
    Game *game = game_of(&pos);
    multi_play(game, "pass");
    cr_assert_eq(game->pos.seat, SEAT_RED);
    cr_assert_eq(game->pos.turns, 1);
}

Test(multi_partners, each_for_themselves_the_same_position_is_won) {
    Position pos = black_one_step_from_partners_win();
    pos.partners = false;
    cr_assert_eq(position_result(&pos), RESULT_WHITE_WINS);
}

/* ---- draws ---- */

/* Every seat steps out and back: the start again, White to move. */
#define SHUFFLE_FOUR "o4-n5 b4-c5 b13-c12 o13-n12 n5-o4 c5-b4 c12-b13 n12-o13"

Test(multi_draw, the_third_occurrence_draws_for_everyone) {
    static Game game;
    game_start_seating(&game, FOUR, VARIANT_13, 800);
    multi_play(&game, SHUFFLE_FOUR);
    cr_assert_eq(game_occurrences(&game), 2);
    multi_play(&game, "o4-n5 b4-c5 b13-c12 o13-n12 n5-o4 c5-b4 c12-b13");
    cr_assert_eq(game.result, RESULT_ONGOING);
    cr_assert_eq(game_occurrences_after(&game, multi_read(&game.pos, "n12-o13")), 3);
    multi_play(&game, "n12-o13");
    cr_assert_eq(game.result, RESULT_DRAW_REPETITION);
    cr_assert_eq(result_winners(game.result), 0);
    cr_assert_str_eq(result_text(game.result), "draw by threefold repetition");
}

Test(multi_draw, a_repetition_needs_the_same_seat_to_move) {
    Position a, b;
    position_start_seating(&a, FOUR, VARIANT_13);
    b = a;
    position_set_seat(&b, SEAT_RED);
    cr_assert_not(position_same(&a, &b));
    cr_assert_neq(a.hash, b.hash);
    position_set_seat(&b, SEAT_WHITE);
    cr_assert(position_same(&a, &b) && a.hash == b.hash);
}

Test(multi_draw, repetitions_count_from_a_set_up_position_on) {
    static Game game;
    Position start = multi_from_fen(FOUR, "bbbb8yyyy/bbbb8yyyy/bbb10yyy/bb12yy/16/16/16/16/16/16/16/16/"
                                               "rr12ww/rrr10www/rrrr8wwww/rrrr8wwww w 40");
    game_from(&game, &start, 800);
    cr_assert_eq(game_occurrences(&game), 1);
    multi_play(&game, SHUFFLE_FOUR " o4-n5 b4-c5 b13-c12 o13-n12 n5-o4 c5-b4 c12-b13");
    cr_assert_eq(game.result, RESULT_ONGOING);
    multi_play(&game, "n12-o13");
    cr_assert_eq(game.result, RESULT_DRAW_REPETITION);
}

Test(multi_draw, the_turn_limit_is_200_a_seat_and_counts_from_the_fen) {
    cr_assert_eq(default_turn_limit(3), 600);
    cr_assert_eq(default_turn_limit(4), 800);
    static Game game;
    Position start = multi_from_fen(THREE, "bbbb12/bbbb12/bbb13/bb14/16/16/16/16/16/16/16/16/"
                                                "rr12ww/rrr10www/rrrr8wwww/rrrr8wwww w 598");
    game_from(&game, &start, default_turn_limit(3));
    multi_play(&game, "o4-n5");
    cr_assert_eq(game.result, RESULT_ONGOING);
    multi_play(&game, "b4-c5");
    cr_assert_eq(game.result, RESULT_DRAW_TURN_LIMIT);
    cr_assert_str_eq(result_text(game.result), "draw by the turn limit");
    game_set_turn_limit(&game, 700);
    cr_assert_eq(game.result, RESULT_ONGOING, "the limit is configurable, and re-judged");
}

Test(multi_draw, a_win_on_the_last_turn_is_a_win) {
    Position start = red_one_step_from_home(FOUR);
    start.turns = 799;
    Game *game = game_of(&start);
    multi_play(game, "o12-o13");
    cr_assert_eq(game->result, RESULT_RED_WINS);
}

/* ---- notation ---- */

Test(multi_fen, the_contract_positions_round_trip) {
    const char *fens[] = {
        START_FOUR,
        "bb14/1b1b11y/2b10y2/13y2/3bbbb3y2y2/8y1yy4/8yy6/5b1b1y6/3b2bwyw6/9wr5/4rr1r2w5/3rr5wwww2/3rrrr2w2w3/"
        "2r1r1y5ww2/1r13w/16 w 112",
    };
    for (size_t i = 0; i < sizeof fens / sizeof *fens; i++) {
        Position pos = multi_from_fen(FOUR, fens[i]);
        cr_assert_str_eq(fen_of(&pos), fens[i]);
        cr_assert_eq(pos.hash, position_compute_hash(&pos));
    }
    Position three = multi_from_fen(THREE, "b15/w15/1b1bb11/3b12/3bb3b7/5b10/16/6wb8/5w1w1r6/3r1rrbbw6/"
                                                "4r1rr8/2r1r5wwb3/2r2rr3w1w1w1/12w1w1/3r8w3/16 w 87");
    cr_assert_eq(three.turns, 87);
    cr_assert_eq(three.players, 3);
    Position red = multi_from_fen(THREE, "bbbb12/bbbb12/bbb13/bb14/16/16/16/16/16/16/16/16/"
                                              "rr12ww/rrr10www/rrrr8wwww/rrrr8wwww r 1");
    cr_assert_eq(red.seat, SEAT_RED);
    cr_assert_str_eq(fen_of(&red), "bbbb12/bbbb12/bbb13/bb14/16/16/16/16/16/16/16/16/"
                                   "rr12ww/rrr10www/rrrr8wwww/rrrr8wwww r 1");
}

Test(multi_fen, bad_positions_are_refused_with_a_reason) {
    cr_assert_str_eq(fen_refusal(THREE, START_FOUR), "unexpected 'y' in rank 16 (use w, r, b and counts of empty squares)");
    cr_assert_str_eq(fen_refusal(FOUR, "bbbb8yyyz/16 w 0"),
                     "unexpected 'z' in rank 16 (use w, r, b, y and counts of empty squares)");
    cr_assert_str_eq(fen_refusal(THREE, "bbbb12/bbbb12/bbb13/bb14/16/16/16/16/16/16/16/16/rr12ww/rrr10www/rrrr8wwww/"
                                        "rrrr8wwww y 0"),
                     "the seat to move must be 'w', 'r' or 'b' after the placement");
    cr_assert_str_eq(fen_refusal(FOUR, "bbbb8yyyy/bbbb8yyyy/bbb10yyy/bb12yy/16/16/16/16/16/16/16/16/rr12ww/rrr10www/"
                                       "rrrr8wwww/rrrr8wwww x 0"),
                     "the seat to move must be 'w', 'r', 'b' or 'y' after the placement");
    cr_assert_str_eq(fen_refusal(FOUR, "bbbb8yyyy/bbbb8yyyy/bbb10yyy/bb12yy/16/16/16/16/16/16/16/16/rr12ww/rrr10www/"
                                       "rrrr8wwww/rrr9wwww w 0"),
                     "Red has 12 pieces; the 13-piece game needs 13");
    cr_assert_str_eq(fen_refusal(THREE, "bbbb12/bbbb12/bbb13/bb14/16/16/16/16/16/16/16/16/14ww/13www/12wwww/12wwww w 0"),
                     "Red has 0 pieces; the 13-piece game needs 13");
    cr_assert_str_eq(fen_refusal(FOUR, "16/16 w 0"), "the placement needs 16 ranks separated by '/', found 2");
}

Test(multi_fen, no_game_reaches_two_seats_or_two_partnerships_home) {
    /* White on Black's camp and Black on White's: both home. */
    const char *both[MAX_SEATS] = {B_HOME, W_HOME, MID_RANK_8, MID_RANK_9};
    Position pos = multi_position_of(FOUR, both, SEAT_RED);
    char fen[FEN_TEXT_SIZE];
    strcpy(fen, fen_of(&pos));
    cr_assert_str_eq(fen_refusal(FOUR, fen), "two seats have filled their goal camps, which no game can reach");
    Position won = multi_from_fen(PARTNERS, fen);
    cr_assert_eq(position_result(&won), RESULT_WHITE_BLACK_WIN, "one partnership home is a won game");
    const char *all[MAX_SEATS] = {B_HOME, W_HOME, Y_HOME, R_HOME};
    pos = multi_position_of(PARTNERS, all, SEAT_RED);
    strcpy(fen, fen_of(&pos));
    cr_assert_str_eq(fen_refusal(PARTNERS, fen), "both partnerships have filled their goal camps, which no game can reach");
}

Test(multi_fen, seats_have_letters_and_names) {
    const char *names[] = {"White", "Black", "Red", "Yellow"};
    for (int seat = 0; seat < MAX_SEATS; seat++) {
        cr_assert_eq(seat_of_letter(colour_letter(seat)), seat);
        cr_assert_str_eq(colour_name(seat), names[seat]);
    }
    cr_assert_eq(seat_of_letter('x'), -1);
    cr_assert_eq(seat_of_letter('\0'), -1);
}

Test(multi_fen, moves_are_written_with_a_shortest_path) {
    const char *at[MAX_SEATS] = {"h8", "h13", "h9", "h11"};
    Position pos = multi_position_of(FOUR, at, SEAT_WHITE);
    Move m = multi_read(&pos, "h8-h12");
    char text[MOVE_TEXT_SIZE];
    Text t = text_on(text, sizeof text);
    text_move(&t, &pos, m);
    cr_assert_str_eq(text, "h8-h10-h12");
}
