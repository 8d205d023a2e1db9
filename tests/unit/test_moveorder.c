/* test_moveorder.c: the order in which the search tries a node's moves. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "engine/eval.h"
#include "engine/moveorder.h"
#include "helpers.h"

static Evaluator *ev;
static int16_t (*history)[NUM_SQUARES];

static void setup(void) {
    ev = malloc(sizeof *ev);
    history = calloc(NUM_SQUARES, sizeof *history);
    cr_assert(ev && history);
    EvalWeights w = tune_defaults().eval;
    eval_init(ev, &w);
}

static void teardown(void) {
    free(ev);
    free(history);
}

TestSuite(moveorder, .init = setup, .fini = teardown);

static OrderInputs inputs(const Position *pos, Move tt, Move killer1, Move killer2) {
    Side us = (Side)pos->seat;
    return (OrderInputs){ev->cost[pos->variant][us], ev->costlier[pos->variant][us],
                         (const int16_t(*)[NUM_SQUARES])history, {tt, killer1, killer2}};
}

/* Takes every move of `order`, checking that each legal move comes exactly
 * once and the scores never rise; returns how many were taken. */
static int take_all(MoveOrder *order, const Position *pos, Move taken[MAX_MOVES]) {
    MoveList legal;
    generate_moves(pos, &legal);
    cr_assert_eq(order->total, legal.count);
    static bool seen[NUM_SQUARES][NUM_SQUARES];
    memset(seen, 0, sizeof seen);
    int last = ORDER_TT_MOVE + 1;
    for (int i = 0; i < order->total; i++) {
        int32_t key = order_take(order);
        cr_assert_neq(key, ORDER_TAKEN, "only %d of %d moves taken", i, order->total);
        Move m = order_move(order, key);
        cr_assert_leq(order_score(key), last, "move %d scores more than the one before", i);
        last = order_score(key);
        cr_assert_not(seen[m.from][m.to], "move %d-%d taken twice", m.from, m.to);
        seen[m.from][m.to] = true;
        taken[i] = m;
    }
    cr_assert_eq(order_take(order), ORDER_TAKEN, "more moves than there are");
    for (int i = 0; i < legal.count; i++)
        cr_assert(seen[legal.moves[i].from][legal.moves[i].to] || move_is_pass(legal.moves[i]));
    return order->total;
}

/* Along random games of both variants, with random history and special
 * moves (legal or not), every legal move is taken once, best first: the
 * moves that lose ground, held back, included. */
Test(moveorder, takes_every_legal_move_once_best_first) {
    static Game game;
    static MoveOrder order;
    Move taken[MAX_MOVES];
    unsigned seed = 5;
    int positions = 0, losing = 0;
    for (int g = 0; g < 12; g++) {
        game_start(&game, g % 2 ? VARIANT_13 : VARIANT_19, DEFAULT_TURN_LIMIT);
        while (game.result == RESULT_ONGOING && game.pos.turns < 150) {
            for (int a = 0; a < NUM_SQUARES; a++)
                for (int b = 0; b < NUM_SQUARES; b++)
                    history[a][b] = (int16_t)((int)(test_random(&seed) % (2 * HISTORY_MAX + 1)) - HISTORY_MAX);
            MoveList legal;
            generate_moves(&game.pos, &legal);
            Move random = legal.moves[test_random(&seed) % (unsigned)legal.count];
            Move nowhere = {(uint8_t)(test_random(&seed) % 256), (uint8_t)(test_random(&seed) % 256)};
            OrderInputs in = inputs(&game.pos, random, nowhere, legal.moves[0]);
            order_moves(&order, &game.pos, &in);
            int n = take_all(&order, &game.pos, taken);
            const int16_t *cost = in.cost;
            for (int i = 0; i < n; i++) losing += !move_is_pass(taken[i]) && cost[taken[i].to] > cost[taken[i].from];
            positions++;
            cr_assert(game_play(&game, legal.moves[test_random(&seed) % (unsigned)legal.count]));
        }
    }
    cr_assert_gt(losing, positions, "the games had moves that lose ground to take");
}

/* The table's move comes first and the killers next, whatever they score,
 * even a move that loses ground (held back otherwise). */
Test(moveorder, the_table_move_and_the_killers_come_first) {
    Position pos;
    Game *game = malloc(sizeof *game);
    cr_assert(game);
    random_game(game, VARIANT_19, 30, 3);
    pos = game->pos;
    free(game);
    MoveList legal;
    generate_moves(&pos, &legal);
    const int16_t *cost = ev->cost[pos.variant][pos.seat];
    Move back = MOVE_PASS, worst = legal.moves[0];
    for (int i = 0; i < legal.count; i++) {
        Move m = legal.moves[i];
        if (cost[m.to] > cost[m.from]) back = m;
        if (cost[m.to] - cost[m.from] > cost[worst.to] - cost[worst.from]) worst = m;
    }
    cr_assert(!move_is_pass(back), "the position has a move that loses ground");
    Move forward = legal.moves[legal.count / 2];
    static MoveOrder order;
    OrderInputs in = inputs(&pos, back, worst, forward);
    order_moves(&order, &pos, &in);
    Move taken[MAX_MOVES];
    take_all(&order, &pos, taken);
    cr_assert(move_equal(taken[0], back));
    bool distinct = !move_equal(worst, back) && !move_equal(forward, back) && !move_equal(worst, forward);
    cr_assert(distinct);
    cr_assert(move_equal(taken[1], worst));
    cr_assert(move_equal(taken[2], forward));
}

/* A side with no move has the pass, and only it. */
Test(moveorder, a_side_without_moves_passes) {
    Position pos = position_of(VARIANT_19, "p1", "o1 o2 p2 n1 n3 p3", WHITE);
    static MoveOrder order;
    OrderInputs in = inputs(&pos, MOVE_PASS, MOVE_PASS, MOVE_PASS);
    order_moves(&order, &pos, &in);
    cr_assert_eq(order.total, 1);
    int32_t key = order_take(&order);
    cr_assert(move_is_pass(order_move(&order, key)));
    cr_assert_eq(order_take(&order), ORDER_TAKEN);
}
