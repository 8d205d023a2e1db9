/* Perft: the move generator's ground truth (depth 5 runs in `make perft-check`). */
#include "helpers.h"

static uint64_t perft_from_start(Variant variant, int depth) {
    Position pos;
    position_start(&pos, variant);
    return perft(&pos, depth, NULL);
}

Test(perft, standard_game_to_depth_4) {
    cr_assert_eq(perft_from_start(VARIANT_19, 1), 40);
    cr_assert_eq(perft_from_start(VARIANT_19, 2), 1600);
    cr_assert_eq(perft_from_start(VARIANT_19, 3), 85440);
    cr_assert_eq(perft_from_start(VARIANT_19, 4), 4562496);
}

Test(perft, short_game_to_depth_4) {
    cr_assert_eq(perft_from_start(VARIANT_13, 1), 32);
    cr_assert_eq(perft_from_start(VARIANT_13, 2), 1024);
    cr_assert_eq(perft_from_start(VARIANT_13, 3), 44416);
    cr_assert_eq(perft_from_start(VARIANT_13, 4), 1926544);
}

Test(perft, depth_0_is_one_and_leaves_the_position_alone) {
    Position pos;
    position_start(&pos, VARIANT_19);
    Position before = pos;
    cr_assert_eq(perft(&pos, 0, NULL), 1);
    cr_assert_eq(perft(&pos, 3, NULL), 85440);
    cr_assert_eq(memcmp(&pos, &before, sizeof pos), 0);
}

Test(perft, first_moves_sum_to_the_total_in_random_positions) {
    static Game game;
    for (unsigned seed = 1; seed <= 6; seed++) {
        random_game(&game, seed % 2 ? VARIANT_19 : VARIANT_13, (int)(seed * 23), seed);
        Position pos = game.pos;
        assert_divide_sums(&pos, 3);
    }
}

Test(perft, bulk_count_matches_the_move_list) {
    static Game game;
    for (unsigned seed = 1; seed <= 40; seed++) {
        random_game(&game, seed % 2 ? VARIANT_19 : VARIANT_13, (int)(seed * 9), seed);
        MoveList list;
        generate_moves(&game.pos, &list);
        cr_assert_eq(perft(&game.pos, 1, NULL), (uint64_t)list.count);
    }
}

Test(perft, stops_when_asked) {
    Position pos;
    position_start(&pos, VARIANT_19);
    atomic_bool stop;
    atomic_init(&stop, true);
    cr_assert_lt(perft(&pos, 4, &stop), 4562496);
}
