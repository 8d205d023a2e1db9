/* Board set-up, camps, make/unmake and hashing. */
#include "helpers.h"

static const char START_19[] =
    "bbbbb11/bbbbb11/bbbb12/bbb13/bb14/16/16/16/16/16/16/14ww/13www/12wwww/11wwwww/11wwwww w 0";
static const char START_13[] =
    "bbbb12/bbbb12/bbb13/bb14/16/16/16/16/16/16/16/16/14ww/13www/12wwww/12wwww w 0";

static const char *fen_of(const Position *pos) {
    static char fen[FEN_TEXT_SIZE];
    Text t = text_on(fen, sizeof fen);
    text_fen(&t, pos);
    return fen;
}

Test(camps, white_19_is_the_staircase_of_rules_md) {
    Bitboard want = squares("p1 o1 n1 m1 l1 p2 o2 n2 m2 l2 p3 o3 n3 m3 p4 o4 n4 p5 o5");
    cr_assert(bb_equal(camp_of(VARIANT_19, WHITE), want));
    cr_assert_eq(bb_count(want), 19);
}

Test(camps, white_13_is_the_staircase_of_rules_md) {
    Bitboard want = squares("p1 o1 n1 m1 p2 o2 n2 m2 p3 o3 n3 p4 o4");
    cr_assert(bb_equal(camp_of(VARIANT_13, WHITE), want));
}

Test(camps, black_camps_mirror_white_ones_through_the_centre) {
    for (int v = 0; v < 2; v++) {
        Bitboard white = camp_of((Variant)v, WHITE), black = camp_of((Variant)v, BLACK);
        cr_assert_eq(bb_count(white), variant_pieces((Variant)v));
        for (int s = 0; s < NUM_SQUARES; s++)
            cr_assert_eq(bb_has(&white, s), bb_has(&black, 255 - s), "square %d", s);
    }
}

Test(camps, each_side_aims_at_the_other_camp) {
    cr_assert(bb_equal(goal_of(VARIANT_19, WHITE), camp_of(VARIANT_19, BLACK)));
    cr_assert(bb_equal(goal_of(VARIANT_13, BLACK), camp_of(VARIANT_13, WHITE)));
}

Test(start, positions_match_rules_md) {
    Position pos;
    position_start(&pos, VARIANT_19);
    cr_assert_str_eq(fen_of(&pos), START_19);
    position_start(&pos, VARIANT_13);
    cr_assert_str_eq(fen_of(&pos), START_13);
    cr_assert_eq(pos.seat, WHITE);
    cr_assert_eq(pos.turns, 0);
}

Test(make, unmake_restores_everything_over_random_games) {
    static Game game;
    for (unsigned seed = 1; seed <= 20; seed++) {
        random_game(&game, seed % 2 ? VARIANT_19 : VARIANT_13, 150, seed);
        Position pos = game.pos;
        MoveList list;
        generate_moves(&pos, &list);
        for (int i = 0; i < list.count; i++) {
            Position before = pos;
            position_make(&pos, list.moves[i]);
            cr_assert_eq(pos.hash, position_compute_hash(&pos));
            cr_assert_eq(pos.turns, before.turns + 1);
            cr_assert_neq(pos.seat, before.seat);
            position_unmake(&pos, list.moves[i]);
            cr_assert_eq(memcmp(&pos, &before, sizeof pos), 0, "seed %u move %d", seed, i);
        }
    }
}

Test(make, views_of_the_placement_agree) {
    static Game game;
    random_game(&game, VARIANT_19, 300, 7);
    const Position *pos = &game.pos;
    for (int s = 0; s < NUM_SQUARES; s++) {
        int piece = bb_has(&pos->pieces[WHITE], s) ? WHITE : bb_has(&pos->pieces[BLACK], s) ? BLACK : NO_PIECE;
        cr_assert_eq(pos->at[s], piece);
        cr_assert_eq(bb_has(&pos->occupied, s), piece != NO_PIECE);
    }
    cr_assert_eq(bb_count(pos->pieces[WHITE]), 19);
    cr_assert_eq(bb_count(pos->pieces[BLACK]), 19);
}

Test(make, a_pass_only_changes_the_side_and_the_turn) {
    Position pos;
    position_start(&pos, VARIANT_19);
    Position before = pos;
    position_make(&pos, MOVE_PASS);
    cr_assert_eq(pos.seat, BLACK);
    cr_assert_eq(pos.turns, 1);
    cr_assert(bb_equal(pos.occupied, before.occupied));
    cr_assert_eq(pos.hash, position_compute_hash(&pos));
    position_unmake(&pos, MOVE_PASS);
    cr_assert_eq(memcmp(&pos, &before, sizeof pos), 0);
}

Test(hash, depends_on_the_side_to_move) {
    Position w = position_of(VARIANT_19, "a1", "p16", WHITE), b = position_of(VARIANT_19, "a1", "p16", BLACK);
    cr_assert_neq(w.hash, b.hash);
    cr_assert_not(position_same(&w, &b));
}

/* The keys as they were before one Position served every seating (c5913fc):
 * the transposition table indexes by them, so the search's node counts,
 * and the bench signature, depend on them. */
Test(hash, keys_are_those_of_the_two_positions_before_the_merge) {
    Position pos;
    position_start(&pos, VARIANT_19);
    cr_assert_eq(pos.hash, 0x54f6c9a929c6793eULL);
    position_make(&pos, MOVE_PASS);
    cr_assert_eq(pos.hash, 0xbe5838dbfc3d1f12ULL);
    position_make_for(&pos, MOVE_PASS, TWO_SEATS);
    cr_assert_eq(pos.hash, 0x54f6c9a929c6793eULL);
    position_start(&pos, VARIANT_13);
    cr_assert_eq(pos.hash, 0x889df217623e6865ULL);
    position_start_seating(&pos, (Seating){4, false, 0}, VARIANT_13);
    cr_assert_eq(pos.hash, 0xf1ed65eeb314cdacULL);
    position_make(&pos, MOVE_PASS);
    cr_assert_eq(pos.hash, 0x3976de250c487337ULL);
    cr_assert_eq(pos.hash, position_compute_hash(&pos));
    position_start_seating(&pos, (Seating){3, false, 0}, VARIANT_13);
    cr_assert_eq(pos.hash, 0xc8073219dd4de807ULL);
}
