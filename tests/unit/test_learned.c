/* test_learned.c: the learnt per-square corrections (learned.h) and how the
 * evaluation uses them. */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "engine/eval.h"
#include "engine/learned.h"

/* The classes number the triangle of distance pairs without gaps. */
Test(learned, classes_cover_the_triangle_once) {
    int seen[LEARNED_CLASSES] = {0};
    for (int near = 0; near < BOARD_SIZE; near++)
        for (int far = near; far < BOARD_SIZE; far++) {
            /* White's goal corner is a16: `near` files from it, `far` ranks */
            int c = learned_class(WHITE, square_at(near, BOARD_SIZE - 1 - far));
            cr_assert(c >= 0 && c < LEARNED_CLASSES, "class %d", c);
            seen[c]++;
        }
    for (int c = 0; c < LEARNED_CLASSES; c++) cr_assert_eq(seen[c], 1, "class %d", c);
}

/* The board turned half a turn swaps the sides; mirrored across the line
 * from camp to camp it is the same for both.  A class must not tell such
 * squares apart, or the evaluation would favour one colour or one wing. */
Test(learned, classes_respect_the_boards_symmetries) {
    for (int sq = 0; sq < NUM_SQUARES; sq++) {
        int file = square_file(sq), rank = square_rank(sq);
        int turned = square_at(BOARD_SIZE - 1 - file, BOARD_SIZE - 1 - rank);
        int mirrored = square_at(BOARD_SIZE - 1 - rank, BOARD_SIZE - 1 - file);
        for (int side = WHITE; side <= BLACK; side++) {
            cr_assert_eq(learned_class((Side)side, sq), learned_class((Side)(side ^ 1), turned), "square %d", sq);
            cr_assert_eq(learned_class((Side)side, sq), learned_class((Side)side, mirrored), "square %d", sq);
        }
    }
}

/* Every square's cost moves by its correction, scaled by the weight, and
 * by nothing else. */
Test(learned, the_weight_scales_each_squares_correction) {
    Evaluator *with = malloc(sizeof *with), *without = malloc(sizeof *without);
    cr_assert(with && without);
    EvalWeights w = tune_defaults().eval;
    cr_assert_eq(w.learned, 100, "on by default");
    w.learned = 50;
    eval_init(with, &w);
    w.learned = 0;
    eval_init(without, &w);
    int nonzero = 0;
    for (int v = VARIANT_19; v <= VARIANT_13; v++)
        for (int side = WHITE; side <= BLACK; side++)
            for (int sq = 0; sq < NUM_SQUARES; sq++) {
                int correction = learned_correction((Variant)v, (Side)side, sq);
                nonzero += correction != 0;
                cr_assert_eq(with->cost[v][side][sq] - without->cost[v][side][sq], 50 * correction / 100,
                             "variant %d side %d square %d", v, side, sq);
            }
    cr_assert_gt(nonzero, 0, "the table is not empty");
    free(with);
    free(without);
}
