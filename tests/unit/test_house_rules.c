/*
 * The house rule against spoiling (RULES-HOUSE.md, `nospoil`): a test a
 * clause (no return home; Parlett's win for two, for partners, with the
 * owner's and a third seat's pieces on the goal) and the contract's perft
 * table.  The seeds' rules beside each, unchanged.
 */
#include "helpers.h"

#include "core/table.h"

#define W_HOME "p1 o1 n1 m1 p2 o2 n2 m2 p3 o3 n3 p4 o4"
#define MID_RANK_8 "a8 b8 c8 d8 e8 f8 g8 h8 i8 j8 k8 l8 m8"
#define MID_RANK_9 "a9 b9 c9 d9 e9 f9 g9 h9 i9 j9 k9 l9 m9"
/* Black's home (White's goal) but a13, the square White's a12 steps to. */
#define B_HOME_BUT_A13 "a16 b16 c16 d16 a15 b15 c15 d15 a14 b14 c14 b13"

static const Seating TWO_NOSPOIL = {2, false, RULES_NOSPOIL}, TWO_STANDARD = {2, false, RULES_STANDARD};
static const Seating FOUR_NOSPOIL = {4, false, RULES_NOSPOIL}, PARTNERS_NOSPOIL = {4, true, RULES_NOSPOIL};

/* A Table is large: one for the test. */
static Table table;

/* A table of the position's seating and rules, its game from the position
 * (whose armies may be incomplete, which no FEN allows). */
static Table *table_of(const Position *pos) {
    TableSeating seating = {pos->players, pos->partners, pos->variant == VARIANT_13 ? 13 : 19, pos->rules};
    cr_assert(table_start(&table, seating, 0));
    game_from(&table.game, pos, table_turn_limit(&table));
    return &table;
}

static bool lists(const Position *pos, const char *from, const char *to) {
    MoveList list;
    generate_moves(pos, &list);
    for (int i = 0; i < list.count; i++)
        if (move_equal(list.moves[i], (Move){(uint8_t)sq(from), (uint8_t)sq(to)})) return true;
    return false;
}

/* ---- no return home ---- */

/* White's l3 a step from m2 (its home, empty); a16 for Black. */
static Position white_beside_home(Seating seating) {
    const char *at[MAX_SEATS] = {"l3 p1", "a16", "", ""};
    return multi_position_of(seating, at, SEAT_WHITE);
}

Test(house_home, a_piece_outside_cannot_end_at_home) {
    Position pos = white_beside_home(TWO_NOSPOIL);
    Move m = {(uint8_t)sq("l3"), (uint8_t)sq("m2")};
    cr_assert_not(move_is_legal(&pos, m));
    cr_assert_not(lists(&pos, "l3", "m2"));
    Bitboard dests = piece_destinations(&pos, sq("l3"));
    cr_assert_not(bb_has(&dests, sq("m2")));
    cr_assert(lists(&pos, "l3", "l2"), "outside the camp it steps as ever");
    cr_assert_str_eq(refusal(&pos, "l3-m2"), "the move ends on m2, in its home camp, and under the house rule "
                                             "nospoil a piece that has left its home camp never returns to it");
    Position seeds = white_beside_home(TWO_STANDARD);
    cr_assert(move_is_legal(&seeds, m) && lists(&seeds, "l3", "m2"), "the seeds' rules allow it");
}

Test(house_home, a_piece_at_home_moves_inside_it_and_out) {
    Position pos = white_beside_home(TWO_NOSPOIL);
    cr_assert(lists(&pos, "p1", "o1"));
    cr_assert(move_is_legal(&pos, (Move){(uint8_t)sq("p1"), (uint8_t)sq("o2")}));
    read_move(&pos, "p1-o2");
    Position out = multi_position_of(TWO_NOSPOIL, (const char *[MAX_SEATS]){"m3", "a16", "", ""}, SEAT_WHITE);
    cr_assert_not(lists(&out, "m3", "m2"));
}

/* l4 hops over m3 to n2 (home), and over n3 on to n4 (outside). */
static Position chain_through_home(void) {
    const char *at[MAX_SEATS] = {"l4", "m3 n3", "", ""};
    return multi_position_of(TWO_NOSPOIL, at, SEAT_WHITE);
}

Test(house_home, a_chain_may_pass_through_home_and_end_outside) {
    Position pos = chain_through_home();
    Move through = read_move(&pos, "l4-n2-n4");
    cr_assert(move_equal(through, (Move){(uint8_t)sq("l4"), (uint8_t)sq("n4")}));
    cr_assert(lists(&pos, "l4", "n4"));
    cr_assert_not(lists(&pos, "l4", "n2"));
    cr_assert_str_eq(refusal(&pos, "l4-n2"), "the move ends on n2, in its home camp, and under the house rule "
                                             "nospoil a piece that has left its home camp never returns to it");
}

Test(house_home, the_table_plays_it_from_its_seating) {
    TableSeating seating = {2, false, 13, RULES_NOSPOIL};
    Position pos = chain_through_home();
    Table *t = table_of(&pos);
    cr_assert_eq(t->seating.rules, RULES_NOSPOIL);
    Refusal why;
    cr_assert_not(table_play_text(t, "l4-n2", 5, &why));
    cr_assert_eq(why.code, REFUSAL_RETURNS_HOME);
    cr_assert_eq(table_length(t), 0, "a refused move leaves the game as it was");
    cr_assert(table_play_text(t, "l4-n4", 5, &why));
    seating.rules = RULES_KINDS;
    cr_assert_eq(table_seating_check(&seating), SEATING_RULES);
    cr_assert_not(table_start(t, seating, 0));
    cr_assert_eq(table_length(t), 1, "a refused start leaves the table as it was");
}

Test(house_home, a_record_replayed_keeps_its_rules) {
    static Record record;
    RecordProblem problem;
    const char *text = "[Rules \"nospoil\"]\n1. o4-n5 b13-c12\n";
    cr_assert(record_parse(text, (int)strlen(text), &record, &problem));
    cr_assert(table_replay(&table, text, &record, &problem), "%s", problem.reason);
    cr_assert_eq(table.seating.rules, RULES_NOSPOIL);
    Refusal why;
    cr_assert_not(table_play_text(&table, "n5-o4", 5, &why));
    cr_assert_eq(why.code, REFUSAL_RETURNS_HOME);
}

/* ---- Parlett's win ---- */

/* White's a12 beside a13, and p1 at home; Black's and Red's pieces where
 * named (four: Yellow's on rank 9). */
static Position white_a_step_from_goal(Seating seating, const char *black, const char *red) {
    const char *at[MAX_SEATS] = {"a12 p1", black, red, seating.players == 4 ? MID_RANK_9 : ""};
    return multi_position_of(seating, at, SEAT_WHITE);
}

Test(house_win, two_players_the_goal_full_one_of_its_squares_the_movers) {
    Position pos = white_a_step_from_goal(TWO_NOSPOIL, B_HOME_BUT_A13, "");
    Table *t = table_of(&pos);
    cr_assert_not(table_verdict(t).over);
    Refusal why;
    cr_assert(table_play_text(t, "a12-a13", 7, &why));
    Verdict v = table_verdict(t);
    cr_assert(v.over);
    cr_assert_eq(v.winners, 1u << SEAT_WHITE);
    cr_assert_str_eq(v.reason, "parlett");
    cr_assert_str_eq(table_result_text(t), "White wins");
    cr_assert(table_undo(t) && !table_verdict(t).over, "undo takes it back");

    Position seeds = white_a_step_from_goal(TWO_STANDARD, B_HOME_BUT_A13, "");
    Game *game = &table_of(&seeds)->game;
    cr_assert(game_play(game, read_move(&game->pos, "a12-a13")));
    cr_assert_eq(game->result, RESULT_ONGOING, "the seeds' rules need every piece home");
}

Test(house_win, the_goal_full_of_the_owners_pieces_alone_is_no_win) {
    Position pos = white_a_step_from_goal(TWO_NOSPOIL, B_HOME_BUT_A13 " a13", "");
    cr_assert_not(position_goal_held(&pos, SEAT_WHITE));
    cr_assert_eq(position_result(&pos), RESULT_ONGOING);
}

Test(house_win, the_seeds_win_stays_a_goal_win) {
    const char *at[MAX_SEATS] = {B_HOME_BUT_A13 " a12", MID_RANK_8, "", ""};
    Position pos = multi_position_of(TWO_NOSPOIL, at, SEAT_WHITE);
    Table *t = table_of(&pos);
    Refusal why;
    cr_assert(table_play_text(t, "a12-a13", 7, &why));
    cr_assert_str_eq(table_verdict(t).reason, "goal");
}

Test(house_win, four_each_for_themselves_the_owners_piece_counts_a_third_seats_blocks) {
    /* a13 empty, b13 the owner's (Black's): White's step fills the goal. */
    Position pos = white_a_step_from_goal(FOUR_NOSPOIL, B_HOME_BUT_A13, MID_RANK_8);
    Table *t = table_of(&pos);
    Refusal why;
    cr_assert(table_play_text(t, "a12-a13", 7, &why));
    cr_assert_eq(table_verdict(t).winners, 1u << SEAT_WHITE);
    cr_assert_str_eq(table_verdict(t).reason, "parlett");

    /* Red on b13 instead of Black: a third seat's piece blocks the win. */
    const char *black = "a16 b16 c16 d16 a15 b15 c15 d15 a14 b14 c14";
    pos = white_a_step_from_goal(FOUR_NOSPOIL, black, "b13 b8 c8 d8 e8 f8 g8 h8 i8 j8 k8 l8 m8");
    t = table_of(&pos);
    cr_assert(table_play_text(t, "a12-a13", 7, &why));
    cr_assert_not(table_verdict(t).over);
}

/* Partners: White's goal (Black's home) twelve of White's and b13 Black's,
 * a13 empty beside White's a12; Black's goal (White's home) twelve of
 * Black's and p1 White's.  White's step completes both. */
static Position partners_a_step_from_both(void) {
    const char *at[MAX_SEATS] = {"a16 b16 c16 d16 a15 b15 c15 d15 a14 b14 c14 a12 p1",
                                 "b13 o1 n1 m1 p2 o2 n2 m2 p3 o3 n3 p4 o4", MID_RANK_8, MID_RANK_9};
    return multi_position_of(PARTNERS_NOSPOIL, at, SEAT_WHITE);
}

Test(house_win, partners_win_when_both_goals_are_complete_by_either_win) {
    Position pos = partners_a_step_from_both();
    cr_assert(position_goal_complete(&pos, SEAT_BLACK), "Black's goal complete by Parlett's win");
    Table *t = table_of(&pos);
    cr_assert_not(table_verdict(t).over, "one partner's goal alone is no win");
    Refusal why;
    cr_assert(table_play_text(t, "a12-a13", 7, &why));
    Verdict v = table_verdict(t);
    cr_assert_eq(v.winners, 1u << SEAT_WHITE | 1u << SEAT_BLACK);
    cr_assert_str_eq(v.reason, "parlett");
    cr_assert_str_eq(table_result_text(t), "White and Black win");

    pos = partners_a_step_from_both();
    pos.rules = RULES_STANDARD;
    Game *game = &table_of(&pos)->game;
    cr_assert(game_play(game, read_move(&game->pos, "a12-a13")));
    cr_assert_eq(game->result, RESULT_ONGOING, "the seeds' rules need every piece home");
}

/* ---- the contract's perft table ---- */

static uint64_t nospoil_perft(int camp, const char *fen, int depth) {
    TableSeating seating = {2, false, camp, RULES_NOSPOIL};
    Refusal why;
    if (fen) cr_assert(table_from_fen(&table, seating, fen, 0, &why), "%s", refusal_english(&why));
    else cr_assert(table_start(&table, seating, 0));
    return table_perft(&table, depth, NULL);
}

Test(house_perft, the_contract_table) {
    static const char *third = "bbbb1b1b8/bbbb12/1bb1b11/bb1b12/b1b13/b15/16/16/16/16/15w/13www/14ww/11wwwww/13www/"
                               "11wwwww w 24";
    const uint64_t want[3][3] = {{40, 1600, 83840}, {32, 1024, 43392}, {64, 5184, 354294}};
    for (int depth = 1; depth <= 3; depth++) {
        cr_assert_eq(nospoil_perft(19, NULL, depth), want[0][depth - 1], "19-piece start, depth %d", depth);
        cr_assert_eq(nospoil_perft(13, NULL, depth), want[1][depth - 1], "13-piece start, depth %d", depth);
        cr_assert_eq(nospoil_perft(19, third, depth), want[2][depth - 1], "third position, depth %d", depth);
    }
    TableSeating seeds = {2, false, 19, RULES_STANDARD};
    Refusal why;
    cr_assert(table_from_fen(&table, seeds, third, 0, &why));
    cr_assert_eq(table_perft(&table, 3, NULL), 457548, "the seeds' count, unchanged");
}
