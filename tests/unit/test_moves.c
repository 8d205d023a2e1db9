/* Steps, hops, chains, the goal-camp rule, passes and the move checker. */
#include "helpers.h"

static void assert_destinations(const Position *pos, const char *from, const char *want) {
    Bitboard got = piece_destinations(pos, sq(from)), expected = squares(want);
    cr_assert(bb_equal(got, expected), "%s: got %d squares, wanted %d (%s)", from, bb_count(got),
              bb_count(expected), want);
}

Test(steps, go_to_all_eight_neighbours) {
    Position pos = position_of(VARIANT_19, "h8", "a16", WHITE);
    assert_destinations(&pos, "h8", "g7 h7 i7 g8 i8 g9 h9 i9");
}

Test(steps, stop_at_the_edges) {
    Position pos = position_of(VARIANT_19, "a1 p16 h1", "a16", WHITE);
    assert_destinations(&pos, "a1", "a2 b1 b2");
    assert_destinations(&pos, "h1", "g1 i1 g2 h2 i2");
}

Test(steps, never_land_on_a_piece) {
    Position pos = position_of(VARIANT_19, "h8 h9", "g7 i7 g8 i8 g9 i9", WHITE);
    Bitboard dests = piece_destinations(&pos, sq("h8"));
    cr_assert(bb_has(&dests, sq("h7")));
    cr_assert_not(bb_has(&dests, sq("h9")));
    cr_assert_not(bb_has(&dests, sq("i8")));
}

Test(hops, go_over_either_colour_and_capture_nothing) {
    Position pos = position_of(VARIANT_19, "h8 i8", "h9", WHITE);
    Bitboard jumps = jump_destinations(&pos, sq("h8"));
    cr_assert(bb_equal(jumps, squares("j8 h10")));
    Move m = read_move(&pos, "h8-h10");
    position_make(&pos, m);
    cr_assert_eq(pos.at[sq("h9")], BLACK, "the hopped piece stays");
    cr_assert_eq(pos.at[sq("h10")], WHITE);
    cr_assert_eq(pos.at[sq("h8")], NO_PIECE);
}

Test(hops, need_an_empty_landing_square) {
    Position pos = position_of(VARIANT_19, "h8 i8 j8", "", WHITE);
    Bitboard jumps = jump_destinations(&pos, sq("h8"));
    cr_assert(bb_is_empty(jumps));
    cr_assert(strstr(refusal(&pos, "h8-j8"), "lands on j8, which is occupied"));
}

Test(hops, go_in_all_eight_directions) {
    Position pos = position_of(VARIANT_19, "h8", "g7 h7 i7 g8 i8 g9 h9 i9", WHITE);
    assert_destinations(&pos, "h8", "f6 h6 j6 f8 j8 f10 h10 j10");
}

Test(chains, hop_on_over_pieces_of_both_colours) {
    Position pos = position_of(VARIANT_19, "a1 d4", "b2 f6", WHITE);
    assert_destinations(&pos, "a1", "a2 b1 c3 e5 g7");
    Move m = read_move(&pos, "a1-g7");
    cr_assert_eq(m.to, sq("g7"));
    cr_assert_str_eq(move_text(&pos, m), "a1-c3-e5-g7");
    read_move(&pos, "a1-c3-e5-g7");
    read_move(&pos, "a1-c3-e5");
}

Test(chains, are_written_with_a_shortest_path) {
    /* Two routes to g3: directly over f4, or round by g7 and i5. */
    Position pos = position_of(VARIANT_19, "e5 f6 h4", "h6 f4", WHITE);
    Move m = read_move(&pos, "e5-g7-i5-g3");
    cr_assert_eq(m.to, sq("g3"));
    cr_assert_str_eq(move_text(&pos, m), "e5-g3");
}

Test(chains, never_land_twice_nor_end_where_they_began) {
    Position pos = position_of(VARIANT_19, "e5 f6 h4", "h6 f4", WHITE);
    assert_destinations(&pos, "e5", "d4 e4 d5 d6 e6 f5 g7 i5 g3");
    cr_assert(strstr(refusal(&pos, "e5-g7-i5-g3-e5"), "where it started"));
    cr_assert(strstr(refusal(&pos, "e5-g7-i5-g7"), "lands on g7 twice"));
    cr_assert(strstr(refusal(&pos, "e5-g3-i5-g7-e5-g3"), "twice"));
}

Test(chains, refuse_hops_over_nothing_and_crooked_hops) {
    Position pos = position_of(VARIANT_19, "a1 d4", "b2 f6", WHITE);
    cr_assert(strstr(refusal(&pos, "a1-c3-e3"), "no piece on d3 to hop over"));
    cr_assert(strstr(refusal(&pos, "a1-c3-f6"), "neither a step nor a hop"));
    cr_assert(strstr(refusal(&pos, "a1-c3-d3"), "is a step"));
    cr_assert(strstr(refusal(&pos, "a1-a2-a3"), "is a step"));
}

Test(move_checker, names_the_wrong_piece) {
    Position pos;
    position_start(&pos, VARIANT_19);
    cr_assert_str_eq(refusal(&pos, "b12-c11"), "it is White's turn, b12 holds a Black piece");
    cr_assert_str_eq(refusal(&pos, "h8-h9"), "it is White's turn, h8 is empty");
    cr_assert(strstr(refusal(&pos, "p1-o1"), "the step lands on o1, which is occupied"));
    cr_assert(strstr(refusal(&pos, "n4-j8"), "no chain of hops leads from n4 to j8"));
    cr_assert(strstr(refusal(&pos, "n4-n6"), "no piece on n5 to hop over"));
    cr_assert(strstr(refusal(&pos, "l1-l2-l3"), "is a step"));
    cr_assert(strstr(refusal(&pos, "x1-a2"), "not a square"));
    cr_assert(strstr(refusal(&pos, ""), "at least two squares"));
}

Test(move_checker, accepts_every_generated_move_and_nothing_else) {
    static Game game;
    for (unsigned seed = 1; seed <= 12; seed++) {
        random_game(&game, seed % 3 ? VARIANT_19 : VARIANT_13, (int)(seed * 17), seed);
        const Position *pos = &game.pos;
        Bitboard pieces = pos->pieces[pos->seat];
        while (!bb_is_empty(pieces)) {
            int from = bb_pop(&pieces);
            Bitboard legal = piece_destinations(pos, from);
            for (int to = 0; to < NUM_SQUARES; to++) {
                char text[16];
                Text t = text_on(text, sizeof text);
                text_square(&t, from);
                text_char(&t, '-');
                text_square(&t, to);
                Move m;
                Refusal why;
                bool ok = move_read(pos, text, t.len, &m, &why);
                cr_assert_eq(ok, bb_has(&legal, to), "seed %u: %s %s (%s)", seed, text,
                             ok ? "accepted" : "refused", ok ? "" : refusal_english(&why));
                if (ok) cr_assert(m.from == from && m.to == to);
            }
        }
    }
}

Test(move_checker, reads_back_every_generated_path) {
    static Game game;
    for (unsigned seed = 1; seed <= 20; seed++) {
        random_game(&game, seed % 2 ? VARIANT_19 : VARIANT_13, (int)(seed * 11), seed);
        MoveList list;
        generate_moves(&game.pos, &list);
        for (int i = 0; i < list.count; i++) {
            for (int j = 0; j < i; j++) cr_assert_not(move_equal(list.moves[i], list.moves[j]), "duplicate move");
            Move back = read_move(&game.pos, move_text(&game.pos, list.moves[i]));
            cr_assert(move_equal(back, list.moves[i]));
        }
        cr_assert_eq(count_moves(&game.pos), list.count);
    }
}

/* Black's camp, White's goal, in the 19-piece game:
 * a16-e16, a15-e15, a14-d14, a13-c13, a12-b12. */
Test(goal_camp, a_piece_inside_stays_inside) {
    Position pos = position_of(VARIANT_19, "c14", "p1", WHITE);
    assert_destinations(&pos, "c14", "b13 c13 b14 d14 b15 c15 d15");
    cr_assert(strstr(refusal(&pos, "c14-d13"), "has reached its goal camp and must end its move inside it"));
}

Test(goal_camp, a_chain_may_leave_and_come_back_in) {
    /* d15 hops out to f13, on to d13 and back in on b13. */
    Position pos = position_of(VARIANT_19, "d15 e13", "e14 c13", WHITE);
    Move m = read_move(&pos, "d15-f13-d13-b13");
    cr_assert_eq(m.to, sq("b13"));
    cr_assert_str_eq(move_text(&pos, m), "d15-f13-d13-b13");
    read_move(&pos, "d15-b13");
    cr_assert(strstr(refusal(&pos, "d15-f13"), "goal camp"));
    cr_assert(strstr(refusal(&pos, "d15-f13-d13"), "goal camp"));
    Bitboard dests = piece_destinations(&pos, sq("d15"));
    cr_assert(bb_has(&dests, sq("b13")));
    cr_assert_not(bb_has(&dests, sq("f13")));
    cr_assert_not(bb_has(&dests, sq("d13")));
}

Test(goal_camp, a_piece_outside_may_pass_through_and_out) {
    Position pos = position_of(VARIANT_19, "f13 e13", "c13 b12", WHITE);
    Move m = read_move(&pos, "f13-d13-b13-b11");
    cr_assert_eq(m.to, sq("b11"));
    Bitboard dests = piece_destinations(&pos, sq("f13"));
    cr_assert(bb_has(&dests, sq("b11")));
    cr_assert(bb_has(&dests, sq("b13")));
}

Test(goal_camp, applies_to_black_and_to_the_short_game) {
    /* White's camp in the 13-piece game: p1-m1, p2-m2, p3-n3, p4-o4. */
    Position pos = position_of(VARIANT_13, "a16", "n3", BLACK);
    assert_destinations(&pos, "n3", "m2 n2 o2 o3 o4");
    cr_assert(strstr(refusal(&pos, "n3-n4"), "goal camp"));
}

/* White: 18 pieces fill its goal camp but for e16, held by Black; the last
 * White piece is walled in on p1. */
static const char PASS_WHITE[] =
    "a16 b16 c16 d16 a15 b15 c15 d15 e15 a14 b14 c14 d14 a13 b13 c13 a12 b12 p1";
static const char PASS_BLACK[] = "e16 o1 o2 p2 n1 n3 p3 h8 h9 h10 i8 i9 i10 j8 j9 j10 k8 k9 k10";

Test(pass, is_the_only_move_of_a_side_that_has_none) {
    Position pos = position_of(VARIANT_19, PASS_WHITE, PASS_BLACK, WHITE);
    MoveList list;
    generate_moves(&pos, &list);
    cr_assert_eq(list.count, 1);
    cr_assert(move_is_pass(list.moves[0]));
    cr_assert_eq(count_moves(&pos), 1);
    cr_assert(move_is_pass(read_move(&pos, "pass")));
    cr_assert_str_eq(move_text(&pos, MOVE_PASS), "pass");
    cr_assert_eq(perft(&pos, 1, NULL), 1);
}

Test(pass, counts_as_a_turn) {
    Position pos = position_of(VARIANT_19, PASS_WHITE, PASS_BLACK, WHITE);
    static Game game;
    game_from(&game, &pos, DEFAULT_TURN_LIMIT);
    Refusal why;
    cr_assert(game_play_text(&game, "pass", 4, &why), "%s", refusal_english(&why));
    cr_assert_eq(game.pos.turns, 1);
    cr_assert_eq(game.pos.seat, BLACK);
    cr_assert_eq(game.result, RESULT_ONGOING);
}

Test(pass, is_refused_while_a_move_exists) {
    Position pos;
    position_start(&pos, VARIANT_19);
    cr_assert_str_eq(refusal(&pos, "pass"), "pass is only allowed with no legal move, and White has 40 moves");
}

/* generate_moves and piece_destinations must agree, in the goal camp too. */
static void assert_generation_agrees(const Position *pos) {
    MoveList list;
    generate_moves(pos, &list);
    Bitboard pieces = pos->pieces[pos->seat];
    int total = 0;
    while (!bb_is_empty(pieces)) {
        int from = bb_pop(&pieces);
        Bitboard want = piece_destinations(pos, from), got = {{0, 0, 0, 0}};
        for (int i = 0; i < list.count; i++)
            if (list.moves[i].from == from && !move_is_pass(list.moves[i])) bb_add(&got, list.moves[i].to);
        cr_assert(bb_equal(got, want), "the moves of the piece on square %d differ", from);
        total += bb_count(want);
    }
    cr_assert_eq(list.count, total ? total : 1);
}

Test(goal_camp, generation_agrees_with_the_checker) {
    Position empty;
    position_clear(&empty, VARIANT_19);
    assert_generation_agrees(&empty); /* no pieces: a lone pass */
    Position in_goal = position_of(VARIANT_19, "c14 d15 e13 a16", "e14 c13 p1", WHITE);
    assert_generation_agrees(&in_goal);
    Position black = position_of(VARIANT_13, "a16 n4", "n3 o3 m1", BLACK);
    assert_generation_agrees(&black);
    Position passing = position_of(VARIANT_19, PASS_WHITE, PASS_BLACK, WHITE);
    assert_generation_agrees(&passing);
}
