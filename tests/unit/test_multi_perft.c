/* Perft of three and four players: RULES-MULTI.md's reference counts at
 * small depths (the larger ones run in `make perft-check`). */
#include "helpers.h"

static const char FOUR_AFTER_112[] = "bb14/1b1b11y/2b10y2/13y2/3bbbb3y2y2/8y1yy4/8yy6/5b1b1y6/3b2bwyw6/9wr5/4rr1r2w5/"
                              "3rr5wwww2/3rrrr2w2w3/2r1r1y5ww2/1r13w/16 w 112";
static const char THREE_AFTER_87[] = "b15/w15/1b1bb11/3b12/3bb3b7/5b10/16/6wb8/5w1w1r6/3r1rrbbw6/4r1rr8/2r1r5wwb3/"
                              "2r2rr3w1w1w1/12w1w1/3r8w3/16 w 87";

static uint64_t perft_of(Seating seating, const char *fen, int depth) {
    Position pos;
    if (fen) pos = multi_from_fen(seating, fen);
    else position_start_seating(&pos, seating, VARIANT_13);
    Position before = pos;
    uint64_t count = perft(&pos, depth, NULL);
    cr_assert_eq(memcmp(&pos, &before, sizeof pos), 0, "perft changed the position");
    return count;
}

Test(multi_perft, four_player_start) {
    cr_assert_eq(perft_of(FOUR, NULL, 1), 32);
    cr_assert_eq(perft_of(FOUR, NULL, 2), 1024);
    cr_assert_eq(perft_of(FOUR, NULL, 3), 32768);
}

Test(multi_perft, three_player_start) {
    cr_assert_eq(perft_of(THREE, NULL, 1), 32);
    cr_assert_eq(perft_of(THREE, NULL, 2), 1024);
    cr_assert_eq(perft_of(THREE, NULL, 3), 32768);
}

Test(multi_perft, the_contract_positions) {
    cr_assert_eq(perft_of(FOUR, FOUR_AFTER_112, 1), 112);
    cr_assert_eq(perft_of(FOUR, FOUR_AFTER_112, 2), 15301);
    cr_assert_eq(perft_of(THREE, THREE_AFTER_87, 1), 136);
    cr_assert_eq(perft_of(THREE, THREE_AFTER_87, 2), 22737);
}

Test(multi_perft, partners_move_as_four_until_a_seat_is_home) {
    cr_assert_eq(perft_of(PARTNERS, NULL, 3), 32768);
    cr_assert_eq(perft_of(PARTNERS, FOUR_AFTER_112, 2), 15301);
}

Test(multi_perft, first_moves_sum_to_the_total) {
    static MoveList list;
    static uint64_t counts[MAX_MOVES];
    Position pos = multi_from_fen(FOUR, FOUR_AFTER_112);
    cr_assert_eq(perft_divide(&pos, 2, &list, counts), 15301);
    cr_assert_eq(list.count, 112);
    pos = multi_from_fen(THREE, THREE_AFTER_87);
    cr_assert_eq(perft_divide(&pos, 2, &list, counts), 22737);
}

Test(multi_perft, depth_0_is_one_and_a_stop_gives_up) {
    cr_assert_eq(perft_of(FOUR, NULL, 0), 1);
    Position pos;
    position_start_seating(&pos, FOUR, VARIANT_13);
    atomic_bool stop;
    atomic_init(&stop, true);
    cr_assert_lt(perft(&pos, 4, &stop), 1048576);
}
