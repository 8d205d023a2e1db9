/*
 * The game for any seating (core/table.h): the seatings and their turn
 * limits, start and FEN, moves played, refused and taken back, and the one
 * verdict, for two, three, four and partners.
 */
#include "helpers.h"

#include "core/table.h"

#define W_HOME "p1 o1 n1 m1 p2 o2 n2 m2 p3 o3 n3 p4 o4"
#define B_HOME "a16 b16 c16 d16 a15 b15 c15 d15 a14 b14 c14 a13 b13"
#define R_HOME "a1 b1 c1 d1 a2 b2 c2 d2 a3 b3 c3 a4 b4"
#define MID_RANK_8 "a8 b8 c8 d8 e8 f8 g8 h8 i8 j8 k8 l8 m8"
#define MID_RANK_9 "a9 b9 c9 d9 e9 f9 g9 h9 i9 j9 k9 l9 m9"

static const TableSeating TWO_19 = {2, false, 19, 0}, TWO_13 = {2, false, 13, 0}, SEATS_3 = {3, false, 13, 0},
                          SEATS_4 = {4, false, 13, 0}, PARTNERS_4 = {4, true, 13, 0};

/* A Table is large: one for the test. */
static Table table;

static const char *fen_at(const Table *t, int k) {
    static char fen[FEN_TEXT_SIZE];
    Text out = text_on(fen, sizeof fen);
    table_text_fen(t, k, &out);
    return fen;
}

static const char *now_fen(const Table *t) { return fen_at(t, table_length(t)); }

static void play(Table *t, const char *moves) {
    char copy[512];
    strncpy(copy, moves, sizeof copy - 1);
    copy[sizeof copy - 1] = '\0';
    char *rest = copy;
    for (char *m; (m = strtok_r(rest, " ", &rest)) != NULL;) {
        Refusal why;
        cr_assert(table_play_text(t, m, (int)strlen(m), &why), "%s refused: %s", m, refusal_english(&why));
    }
}

static void start_from(Table *t, TableSeating seating, const char *fen) {
    Refusal why;
    cr_assert(table_from_fen(t, seating, fen, 0, &why), "%s refused: %s", fen, refusal_english(&why));
}

static const char *multi_fen(Seating seating, const char *const at[MAX_SEATS], int seat) {
    static char fen[FEN_TEXT_SIZE];
    Position pos = multi_position_of(seating, at, seat);
    Text out = text_on(fen, sizeof fen);
    text_fen(&out, &pos);
    return fen;
}

/* ---- seatings ---- */

Test(table_seating, the_variant_table) {
    TableSeating s = {3, false, 19, 0};
    cr_assert_eq(table_seating_check(&s), SEATING_OK);
    cr_assert_eq(s.camp, 13, "three play on camps of 13 whatever is asked");
    s = (TableSeating){2, false, 17, 0};
    cr_assert_eq(table_seating_check(&s), SEATING_CAMP);
    s = (TableSeating){2, true, 19, 0};
    cr_assert_eq(table_seating_check(&s), SEATING_PLAYERS);
    s = (TableSeating){3, true, 13, 0};
    cr_assert_eq(table_seating_check(&s), SEATING_PLAYERS);
    s = (TableSeating){5, false, 13, 0};
    cr_assert_eq(table_seating_check(&s), SEATING_PLAYERS);
    s = PARTNERS_4;
    cr_assert_eq(table_seating_check(&s), SEATING_OK);
    cr_assert_not(table_start(&table, (TableSeating){1, false, 19, 0}, 0));
}

Test(table_seating, default_turn_limits) {
    cr_assert_eq(table_default_turn_limit(2), 400);
    cr_assert_eq(table_default_turn_limit(3), 600);
    cr_assert_eq(table_default_turn_limit(4), 800);
    const TableSeating seatings[] = {TWO_19, SEATS_3, PARTNERS_4};
    const int limits[] = {400, 600, 800};
    for (int i = 0; i < 3; i++) {
        cr_assert(table_start(&table, seatings[i], 0));
        cr_assert_eq(table_turn_limit(&table), limits[i]);
        cr_assert(table_start(&table, seatings[i], -5));
        cr_assert_eq(table_turn_limit(&table), limits[i]);
        cr_assert(table_start(&table, seatings[i], 50));
        cr_assert_eq(table_turn_limit(&table), 50);
    }
}

Test(table_seating, turn_order) {
    cr_assert(table_start(&table, SEATS_3, 0));
    const uint8_t *order = table_turn_order(&table);
    cr_assert(order[0] == SEAT_WHITE && order[1] == SEAT_RED && order[2] == SEAT_BLACK);
    cr_assert(table_start(&table, TWO_13, 0));
    order = table_turn_order(&table);
    cr_assert(order[0] == SEAT_WHITE && order[1] == SEAT_BLACK);
    /* Before any game, by the players alone: partners move as four do. */
    const uint8_t *four = table_players_turn_order(4);
    cr_assert(four[0] == SEAT_WHITE && four[1] == SEAT_RED && four[2] == SEAT_BLACK && four[3] == SEAT_YELLOW);
    cr_assert_eq(table_players_turn_order(3)[1], SEAT_RED);
    cr_assert_eq(table_players_turn_order(2)[1], SEAT_BLACK);
    cr_assert_eq(table_players_turn_order(7)[1], SEAT_BLACK, "of no such seating, two's");
}

/* ---- start, play, undo ---- */

/* Who faces whom: of two the other seat, alone; of partners no lone
 * opponent, but a seat leaving hands the game to the other side; of three
 * or four no one wins by it. */
Test(table_seating, who_faces_whom) {
    cr_assert_eq(table_seat_opponent(TWO_19, SEAT_WHITE), SEAT_BLACK);
    cr_assert_eq(table_seat_opponent(TWO_13, SEAT_BLACK), SEAT_WHITE);
    cr_assert_eq(table_seat_left_winner(TWO_19, SEAT_WHITE), SEAT_BLACK);
    cr_assert_eq(table_seat_left_winner(TWO_19, SEAT_BLACK), SEAT_WHITE);
    const int partner_winner[MAX_SEATS] = {SEAT_RED, SEAT_YELLOW, SEAT_WHITE, SEAT_BLACK};
    for (int seat = 0; seat < MAX_SEATS; seat++) {
        cr_assert_eq(table_seat_opponent(SEATS_3, seat), -1);
        cr_assert_eq(table_seat_opponent(SEATS_4, seat), -1);
        cr_assert_eq(table_seat_opponent(PARTNERS_4, seat), -1, "two opponents");
        cr_assert_eq(table_seat_left_winner(SEATS_3, seat), -1, "the others play on");
        cr_assert_eq(table_seat_left_winner(SEATS_4, seat), -1);
        cr_assert_eq(table_seat_left_winner(PARTNERS_4, seat), partner_winner[seat]);
        cr_assert(!(1u << table_seat_left_winner(PARTNERS_4, seat) & (1u << seat | 1u << seat_partner(seat))),
                  "the other side wins");
    }
    cr_assert_eq(table_seat_opponent(TWO_19, SEAT_RED), -1, "no such seat");
    cr_assert_eq(table_seat_opponent(TWO_19, -1), -1);
    cr_assert_eq(table_seat_left_winner((TableSeating){3, true, 13, 0}, SEAT_WHITE), -1, "no such seating");
}

Test(table_two, starts_plays_and_undoes) {
    cr_assert(table_start(&table, TWO_19, 0));
    cr_assert_eq(table_kind(&table), TABLE_TWO);
    Position start;
    position_start(&start, VARIANT_19);
    char fen[FEN_TEXT_SIZE];
    Text out = text_on(fen, sizeof fen);
    text_fen(&out, &start);
    cr_assert_str_eq(now_fen(&table), fen);
    play(&table, "l2-k3 e15-f14");
    cr_assert_eq(table_length(&table), 2);
    cr_assert_eq(table_seat_to_move(&table), SEAT_WHITE);
    cr_assert_str_eq(fen_at(&table, 0), fen);
    cr_assert(table_undo(&table));
    cr_assert(table_undo(&table));
    cr_assert_not(table_undo(&table));
    cr_assert_str_eq(now_fen(&table), fen);
}

Test(table_two, writes_its_moves) {
    cr_assert(table_start(&table, TWO_19, 0));
    play(&table, "l2-k3 e15-f14");
    char text[64];
    Text out = text_on(text, sizeof text);
    table_text_moves(&table, &out);
    cr_assert_str_eq(text, "l2-k3 e15-f14");
    out = text_on(text, sizeof text);
    table_text_move_at(&table, 1, &out);
    cr_assert_str_eq(text, "e15-f14");
}

Test(table_any, a_refused_move_leaves_the_game_unchanged) {
    const TableSeating seatings[] = {TWO_19, SEATS_3, SEATS_4, PARTNERS_4};
    for (int i = 0; i < 4; i++) {
        cr_assert(table_start(&table, seatings[i], 0));
        MoveList moves;
        table_generate(&table, &moves);
        char first[MOVE_TEXT_SIZE];
        Text out = text_on(first, sizeof first);
        table_text_move(&table, moves.moves[0], &out);
        play(&table, first);
        char before[FEN_TEXT_SIZE];
        strcpy(before, now_fen(&table));
        Refusal why;
        cr_assert_not(table_play_text(&table, "a1-p16", 6, &why));
        cr_assert_neq(why.code, REFUSAL_NONE);
        cr_assert_eq(table_length(&table), 1);
        cr_assert_str_eq(now_fen(&table), before);
        cr_assert_not(table_verdict(&table).over);
    }
}

Test(table_any, a_refused_fen_leaves_the_table_as_it_was) {
    cr_assert(table_start(&table, SEATS_3, 0));
    Refusal why;
    cr_assert_not(table_from_fen(&table, TWO_19, "not a fen", 0, &why));
    cr_assert_neq(why.code, REFUSAL_NONE);
    cr_assert_eq(table_kind(&table), TABLE_MANY);
    cr_assert_str_eq(now_fen(&table), START_THREE);
    cr_assert_not(table_from_fen(&table, (TableSeating){3, true, 13, 0}, START_THREE, 0, &why));
    cr_assert_eq(why.code, REFUSAL_NONE, "a seating that is no game is no refusal of the FEN");
}

Test(table_many, starts_from_a_fen_and_plays_in_turn_order) {
    start_from(&table, SEATS_4, START_FOUR);
    cr_assert_eq(table_kind(&table), TABLE_MANY);
    cr_assert_str_eq(now_fen(&table), START_FOUR);
    MoveList moves;
    for (int i = 0; i < 4; i++) {
        cr_assert_eq(table_seat_to_move(&table), table_turn_order(&table)[i]);
        table_generate(&table, &moves);
        cr_assert(table_legal(&table, moves.moves[0]));
        cr_assert(table_play(&table, moves.moves[0]));
    }
    cr_assert_eq(table_turns(&table), 4);
    cr_assert_eq(table_seat_to_move(&table), SEAT_WHITE);
    cr_assert_eq(table_occurrences(&table), 1);
}

Test(table_many, perft_of_the_start) {
    cr_assert(table_start(&table, SEATS_4, 0));
    MoveList moves;
    table_generate(&table, &moves);
    cr_assert_eq(table_perft(&table, 1, NULL), (uint64_t)moves.count);
}

/* ---- the verdict ---- */

/* White needs one more piece home (test_game.c's). */
static const char ALMOST_WON[] =
    "wwwww11/wwwww11/wwww12/www13/1w14/1w14/16/16/4bbbbbbbbbb2/4bbbbbbbbb3/16/16/16/16/16/16 w 120";

Test(table_verdict, two_goal) {
    start_from(&table, TWO_19, ALMOST_WON);
    cr_assert_not(table_verdict(&table).over);
    play(&table, "b11-a12");
    Verdict v = table_verdict(&table);
    cr_assert(v.over);
    cr_assert_eq(v.winners, 1u << SEAT_WHITE);
    cr_assert_str_eq(v.reason, "goal");
    cr_assert_eq(table_home(&table), 1u << SEAT_WHITE);
    Refusal why;
    cr_assert_not(table_play_text(&table, "pass", 4, &why));
    cr_assert_eq(why.code, REFUSAL_GAME_OVER);
    cr_assert(table_undo(&table));
    cr_assert_not(table_verdict(&table).over);
}

Test(table_verdict, two_repetition) {
    cr_assert(table_start(&table, TWO_19, 0));
    play(&table, "l2-k3 e15-f14 k3-l2 f14-e15 l2-k3 e15-f14 k3-l2");
    cr_assert_eq(table_occurrences_after(&table, table_moves(&table)[3] /* f14-e15 */), 3);
    play(&table, "f14-e15");
    Verdict v = table_verdict(&table);
    cr_assert(v.over);
    cr_assert_eq(v.winners, 0);
    cr_assert_str_eq(v.reason, "repetition");
}

Test(table_verdict, turn_limit_for_two_and_three) {
    const TableSeating seatings[] = {TWO_13, SEATS_3};
    for (int i = 0; i < 2; i++) {
        cr_assert(table_start(&table, seatings[i], 1));
        MoveList moves;
        table_generate(&table, &moves);
        cr_assert(table_play(&table, moves.moves[0]));
        Verdict v = table_verdict(&table);
        cr_assert(v.over);
        cr_assert_eq(v.winners, 0);
        cr_assert_str_eq(v.reason, "turn_limit");
        cr_assert_not(table_play(&table, moves.moves[0]), "no move after the end");
    }
}

Test(table_verdict, three_goal) {
    const char *at[MAX_SEATS] = {W_HOME, B_HOME, "p16 o16 n16 m16 p15 o15 n15 m15 p14 o14 n14 p13 o12", ""};
    start_from(&table, SEATS_3, multi_fen(THREE, at, SEAT_RED));
    play(&table, "o12-o13");
    Verdict v = table_verdict(&table);
    cr_assert(v.over);
    cr_assert_eq(v.winners, 1u << SEAT_RED);
    cr_assert_str_eq(v.reason, "goal");
}

Test(table_verdict, four_goal_set_up) {
    const char *at[MAX_SEATS] = {MID_RANK_8, W_HOME, R_HOME, MID_RANK_9}; /* Black on its goal */
    start_from(&table, SEATS_4, multi_fen(FOUR, at, SEAT_RED));
    Verdict v = table_verdict(&table);
    cr_assert(v.over);
    cr_assert_eq(v.winners, 1u << SEAT_BLACK);
    cr_assert_eq(table_home(&table), 1u << SEAT_BLACK);
}

Test(table_verdict, partners_win_together) {
    const char *at[MAX_SEATS] = {B_HOME, "p1 o1 n1 m1 p2 o2 n2 m2 p3 o3 m4 p4 o4", MID_RANK_8, MID_RANK_9};
    start_from(&table, PARTNERS_4, multi_fen(PARTNERS, at, SEAT_BLACK));
    cr_assert_not(table_verdict(&table).over, "White alone home is no win for partners");
    cr_assert_eq(table_home(&table), 1u << SEAT_WHITE);
    play(&table, "m4-n3");
    Verdict v = table_verdict(&table);
    cr_assert(v.over);
    cr_assert_eq(v.winners, 1u << SEAT_WHITE | 1u << SEAT_BLACK);
    cr_assert_str_eq(v.reason, "goal");
}

/* One game for every seating: a record takes the table to its own. */
Test(table, a_record_replayed_takes_the_table_to_its_seating) {
    static Record record;
    RecordProblem problem;
    const char *four = "[Players \"4\"]\n[Partners \"yes\"]\n1. o4-n5\n";
    cr_assert(table_start(&table, TWO_19, 0));
    cr_assert(record_parse(four, (int)strlen(four), &record, &problem));
    cr_assert(table_replay(&table, four, &record, &problem), "%s", problem.reason);
    cr_assert(table.seating.players == 4 && table.seating.partners && table.seating.camp == 13);
    cr_assert_eq(table_kind(&table), TABLE_MANY);
    cr_assert_eq(table_seat_to_move(&table), SEAT_RED);
    cr_assert_eq(table_turn_order(&table)[3], SEAT_YELLOW);
    const char *two = "[Variant \"13\"]\n1. o4-n5\n";
    cr_assert(record_parse(two, (int)strlen(two), &record, &problem));
    cr_assert(table_replay(&table, two, &record, &problem), "%s", problem.reason);
    cr_assert(table.seating.players == 2 && table.seating.camp == 13 && table_kind(&table) == TABLE_TWO);
}
