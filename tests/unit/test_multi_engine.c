/* The computer for three and four players: search, proof of wins, levels, sparring partners. */
#include "helpers.h"

#include <stdlib.h>

#include "engine/levels.h"
#include "engine/greedy.h"
#include "engine/multi_plain.h"
#include "engine/multi_proof.h"
#include "engine/multi_search.h"

enum { HASH_BYTES = 4 << 20 };

static MultiEngine *engine;
static void *hash;
static Game *game;

static void setup(void) {
    engine = malloc(sizeof *engine);
    hash = malloc(HASH_BYTES);
    game = malloc(sizeof *game);
    cr_assert(engine && hash && game);
    multi_engine_init(engine, hash, HASH_BYTES);
    multi_engine_seed(engine, 7);
}

static void teardown(void) {
    free(engine);
    free(hash);
    free(game);
}

TestSuite(multi_engine, .init = setup, .fini = teardown);

typedef struct {
    int reports;
    MultiReport last;
} Seen;

static void keep(void *ctx, const MultiReport *r) {
    Seen *seen = ctx;
    seen->reports++;
    seen->last = *r;
}

static Move think(const Position *pos, MultiLimits limits, Seen *seen) {
    game_from(game, pos, default_turn_limit(pos->players));
    *seen = (Seen){0};
    Move m = multi_engine_think(engine, game, &limits, keep, seen);
    cr_assert(seen->reports > 0, "no report");
    return m;
}

static const char *multi_text_move_s(const Position *pos, Move m) {
    static char text[MOVE_TEXT_SIZE];
    Text t = text_on(text, sizeof text);
    text_move(&t, pos, m);
    return text;
}

static MultiLimits depth_limit(int depth) {
    MultiLimits l = multi_limits_none();
    l.depth = depth;
    return l;
}

/* Red, Yellow at home; Black in the middle (White's goal is Black's home). */
#define RED_HOME "a1 b1 c1 d1 a2 b2 c2 d2 a3 b3 c3 a4 b4"
#define YELLOW_HOME "m16 n16 o16 p16 m15 n15 o15 p15 n14 o14 p14 o13 p13"
#define BLACK_MIDDLE "e8 f8 g8 h8 i8 j8 k8 e9 f9 g9 h9 i9 j9"
#define WHITE_GOAL_BUT_B13 "a16 b16 c16 d16 a15 b15 c15 d15 a14 b14 c14 a13"
#define WHITE_GOAL_BUT_TWO "a16 b16 c16 d16 a15 b15 c15 d15 a14 b14 c14"

static Position white_one_move_from_home(Seating seating) {
    const char *seats[MAX_SEATS] = {WHITE_GOAL_BUT_B13 " c12", BLACK_MIDDLE, RED_HOME, YELLOW_HOME};
    if (seating.players == 3) seats[SEAT_YELLOW] = "";
    return multi_position_of(seating, seats, SEAT_WHITE);
}

/* White's last two pieces a step from the last two squares, nobody near. */
static Position white_two_moves_from_home(Seating seating, const char *black) {
    const char *seats[MAX_SEATS] = {WHITE_GOAL_BUT_TWO " b12 c12", black, RED_HOME, YELLOW_HOME};
    if (seating.players == 3) seats[SEAT_YELLOW] = "";
    return multi_position_of(seating, seats, SEAT_WHITE);
}

Test(multi_engine, finds_and_claims_a_win_in_one) {
    Seating kinds[] = {FOUR, THREE};
    for (int k = 0; k < 2; k++) {
        Position pos = white_one_move_from_home(kinds[k]);
        Seen seen;
        Move m = think(&pos, depth_limit(4), &seen);
        cr_assert_str_eq(multi_text_move_s(&pos, m), "c12-b13");
        cr_assert_eq(seen.last.win_in, 1);
    }
}

Test(multi_engine, claims_a_win_in_two_moves_forced_against_everyone) {
    Seating kinds[] = {FOUR, THREE};
    for (int k = 0; k < 2; k++) {
        Position pos = white_two_moves_from_home(kinds[k], BLACK_MIDDLE);
        Seen seen;
        Move m = think(&pos, depth_limit(4), &seen);
        cr_assert_eq(seen.last.win_in, pos.players + 1, "a round of every seat and White's last move");
        /* The claimed move keeps the win: after it, and any replies, White finishes. */
        Position after = pos;
        position_make(&after, m);
        cr_assert_eq(multi_pieces_outside(&after, SEAT_WHITE), 1);
    }
}

Test(multi_engine, claims_nothing_a_seat_can_block) {
    /* Red's piece on a12 steps onto a13 or b13 before White's second move. */
    const char *seats[MAX_SEATS] = {WHITE_GOAL_BUT_TWO " b12 c12", BLACK_MIDDLE,
                                    "a12 b1 c1 d1 a2 b2 c2 d2 a3 b3 c3 a4 b4", YELLOW_HOME};
    Position pos = multi_position_of(FOUR, seats, SEAT_WHITE);
    Seen seen;
    think(&pos, depth_limit(4), &seen);
    cr_assert_eq(seen.last.win_in, 0);
    cr_assert_lt(seen.last.score, MULTI_FINISH_BOUND);
}

Test(multi_engine, claims_nothing_when_another_seat_finishes_first) {
    /* Yellow (goal a1's camp, Red's home) finishes with its turn before White's second move. */
    const char *seats[MAX_SEATS] = {WHITE_GOAL_BUT_TWO " b12 c12", BLACK_MIDDLE,
                                    "m14 n13 o12 p11 m12 n11 o10 p9 l13 k12 j11 i10 h9",
                                    "a1 b1 c1 d1 a2 b2 c2 d2 a3 b3 c3 a4 c5"};
    Position pos = multi_position_of(FOUR, seats, SEAT_WHITE);
    Seen seen;
    think(&pos, depth_limit(4), &seen);
    cr_assert_eq(seen.last.win_in, 0);
}

Test(multi_engine, partners_claim_only_once_the_partner_is_home) {
    /* White completes its goal at once, but Black is one piece short: no win for the partnership. */
    const char *short_seats[MAX_SEATS] = {WHITE_GOAL_BUT_B13 " c12", "p1 o1 n1 m1 p2 o2 n2 m2 p3 o3 n3 p4 k5",
                                          "e8 f8 g8 h8 i8 j8 k8 e9 f9 g9 h9 i9 j9", YELLOW_HOME};
    Position pos = multi_position_of(PARTNERS, short_seats, SEAT_WHITE);
    Seen seen;
    think(&pos, depth_limit(4), &seen);
    cr_assert_eq(seen.last.win_in, 0, "Black may never come home");
    /* Black a step from home too: the team search sees both finish, but that rests on Black. */
    const char *both_seats[MAX_SEATS] = {WHITE_GOAL_BUT_B13 " c12", "p1 o1 n1 m1 p2 o2 n2 m2 p3 o3 n3 p4 n5",
                                         "e8 f8 g8 h8 i8 j8 k8 e9 f9 g9 h9 i9 j9", YELLOW_HOME};
    pos = multi_position_of(PARTNERS, both_seats, SEAT_WHITE);
    Move m = think(&pos, depth_limit(4), &seen);
    cr_assert_eq(seen.last.win_in, 0, "Black's last step is Black's to play");
    cr_assert_str_eq(multi_text_move_s(&pos, m), "c12-b13");
    cr_assert(seen.last.score >= 100 && seen.last.score < MULTI_FINISH_BOUND,
              "a finish resting on the partner is reported as a lead, not as %d", seen.last.score);
    /* Black home: White's finish wins for both, in one turn or in a round and one. */
    const char *home_seats[MAX_SEATS] = {WHITE_GOAL_BUT_B13 " c12", "p1 o1 n1 m1 p2 o2 n2 m2 p3 o3 n3 p4 o4",
                                         "e8 f8 g8 h8 i8 j8 k8 e9 f9 g9 h9 i9 j9", YELLOW_HOME};
    pos = multi_position_of(PARTNERS, home_seats, SEAT_WHITE);
    think(&pos, depth_limit(4), &seen);
    cr_assert_eq(seen.last.win_in, 1);
    const char *two_seats[MAX_SEATS] = {WHITE_GOAL_BUT_TWO " b12 c12", "p1 o1 n1 m1 p2 o2 n2 m2 p3 o3 n3 p4 o4",
                                        "e8 f8 g8 h8 i8 j8 k8 e9 f9 g9 h9 i9 j9", YELLOW_HOME};
    pos = multi_position_of(PARTNERS, two_seats, SEAT_WHITE);
    think(&pos, depth_limit(4), &seen);
    cr_assert_eq(seen.last.win_in, 5, "White, Red, Black passing, Yellow, White");
}

Test(multi_engine, the_proof_gives_up_within_its_budget) {
    Position pos = white_two_moves_from_home(FOUR, BLACK_MIDDLE);
    game_from(game, &pos, 800);
    MultiProof *proof = malloc(sizeof *proof);
    Move m;
    cr_assert_eq(multi_prove_win(proof, game, 100, &m), 0, "100 nodes prove nothing");
    cr_assert(proof->exhausted);
    cr_assert_eq(multi_prove_win(proof, game, 1000000, &m), 5);
    free(proof);
}

Test(multi_engine, passes_when_it_has_no_move) {
    /* White's camp full, two rings around it taken: no step, no hop lands. */
    const char *boxed[MAX_SEATS] = {"p1 o1 n1 m1 p2 o2 n2 m2 p3 o3 n3 p4 o4",
                                    "k1 k2 k3 k4 l1 l2 l3 l4 l5 m3 m4 m5 m6",
                                    "n4 n5 n6 o5 o6 p5 p6 a1 b1 c1 d1 a2 b2", YELLOW_HOME};
    Position pos = multi_position_of(FOUR, boxed, SEAT_WHITE);
    cr_assert_eq(legal_count(&pos), 0);
    Seen seen;
    cr_assert(move_is_pass(think(&pos, depth_limit(3), &seen)));
}

/* Every algorithm's move is legal, and the engine's tree leaves its position as it found it. */
Test(multi_engine, every_algorithm_plays_legal_moves) {
    Seating kinds[] = {THREE, FOUR, PARTNERS};
    for (int algorithm = MULTI_PARANOID; algorithm <= MULTI_BRS_PLUS; algorithm++) {
        Tune tune = tune_defaults();
        tune.multi_search.algorithm = algorithm;
        multi_engine_tune(engine, &tune);
        for (int k = 0; k < 3; k++) {
            game_start_seating(game, kinds[k], VARIANT_13, default_turn_limit(kinds[k].players));
            for (int turn = 0; turn < 40 && game->result == RESULT_ONGOING; turn++) {
                MultiLimits limits = depth_limit(3 + turn % 3);
                Move m = multi_engine_think(engine, game, &limits, NULL, NULL);
                cr_assert(move_is_pass(m) ? legal_count(&game->pos) == 0 : move_is_legal(&game->pos, m),
                          "algorithm %d, %d players, turn %d", algorithm, kinds[k].players, turn);
                cr_assert_eq(engine->search.pos.hash, game->pos.hash);
                MultiAcc fresh;
                multi_acc_init(&engine->eval, &game->pos, &fresh);
                cr_assert_eq(memcmp(&fresh, &engine->search.acc, sizeof fresh), 0);
                game_play(game, m);
            }
        }
    }
}

Test(multi_engine, incremental_sums_match_a_fresh_count) {
    Game *g = game;
    game_start_seating(g, FOUR, VARIANT_13, 800);
    MultiAcc acc;
    multi_acc_init(&engine->eval, &g->pos, &acc);
    unsigned seed = 3;
    for (int turn = 0; turn < 200 && g->result == RESULT_ONGOING; turn++) {
        MoveList list;
        generate_moves(&g->pos, &list);
        Move m = list.moves[test_random(&seed) % (unsigned)list.count];
        if (!move_is_pass(m)) multi_acc_move(&engine->eval, &acc, g->pos.seat, m.from, m.to);
        game_play(g, m);
        MultiAcc fresh;
        multi_acc_init(&engine->eval, &g->pos, &fresh);
        cr_assert_eq(memcmp(&fresh, &acc, sizeof fresh), 0, "turn %d", turn);
    }
}

Test(multi_engine, obeys_depth_and_node_limits) {
    Position pos = multi_from_fen(FOUR, START_FOUR);
    Seen seen;
    think(&pos, depth_limit(3), &seen);
    cr_assert_eq(seen.last.depth, 3);
    MultiLimits nodes = multi_limits_none();
    nodes.nodes = 5000;
    think(&pos, nodes, &seen);
    cr_assert_leq(multi_engine_nodes(engine), 5000);
    cr_assert_geq(multi_engine_nodes(engine), 4000);
}

/* On a clock that moves a millisecond at each look (clock.h), so that the
 * search does the same work on any machine. */
Test(multi_engine, obeys_movetime) {
    engine->clock = (SearchClock){.step = 1};
    Position pos = multi_from_fen(FOUR, START_FOUR);
    MultiLimits limits = multi_limits_none();
    limits.movetime = 150;
    Seen seen;
    think(&pos, limits, &seen);
    cr_assert_leq(seen.last.time_ms, 150);
    cr_assert_geq(seen.last.depth, 3);
}

Test(multi_engine, a_seat_clock_bounds_the_move) {
    Position pos = multi_from_fen(FOUR, START_FOUR);
    MultiLimits limits = multi_limits_none();
    limits.clock[SEAT_WHITE] = 2000;
    limits.clock[SEAT_RED] = 0; /* not White's: ignored */
    engine->clock = (SearchClock){.step = 1};
    Seen seen;
    think(&pos, limits, &seen);
    cr_assert_leq(seen.last.time_ms, 500, "a quarter of the clock at most");
    cr_assert_geq(seen.last.depth, 2);
}

Test(multi_engine, same_search_same_nodes) {
    Position pos = multi_from_fen(THREE, START_THREE);
    Seen a, b;
    multi_engine_new_game(engine);
    Move first = think(&pos, depth_limit(5), &a);
    uint64_t nodes = multi_engine_nodes(engine);
    multi_engine_new_game(engine);
    Move second = think(&pos, depth_limit(5), &b);
    cr_assert(move_equal(first, second));
    cr_assert_eq(multi_engine_nodes(engine), nodes);
}

Test(multi_engine, the_reported_line_can_be_played) {
    Seating kinds[] = {FOUR, PARTNERS};
    for (int algorithm = MULTI_PARANOID; algorithm <= MULTI_BRS_PLUS; algorithm++) {
        Tune tune = tune_defaults();
        tune.multi_search.algorithm = algorithm;
        multi_engine_tune(engine, &tune);
        for (int k = 0; k < 2; k++) {
            Position pos = multi_from_fen(kinds[k], START_FOUR);
            Seen seen;
            think(&pos, depth_limit(5), &seen);
            cr_assert_gt(seen.last.pv_length, 0);
            for (int i = 0; i < seen.last.pv_length; i++) {
                Move m = seen.last.pv[i];
                cr_assert(move_is_pass(m) ? legal_count(&pos) == 0 : move_is_legal(&pos, m), "move %d", i);
                position_make(&pos, m);
            }
            if (kinds[k].partners || algorithm != MULTI_BRS) cr_assert_geq(seen.last.pv_length, 4, "a real line");
        }
    }
}

Test(multi_engine, levels_have_the_two_player_names_and_a_many_seat_table) {
    for (int level = MIN_LEVEL; level <= MAX_LEVEL; level++) {
        const MultiLevelParams *lp = multi_level_params(level);
        cr_assert_gt(lp->think_ms, 0);
        if (level > MIN_LEVEL) {
            const MultiLevelParams *below = multi_level_params(level - 1);
            bool stronger = lp->noise < below->noise || lp->shallow < below->shallow || (lp->max_depth == 0 && below->max_depth > 0) ||
                            lp->max_depth > below->max_depth;
            cr_assert(stronger, "level %d is no stronger than %d", level, level - 1);
        }
    }
    cr_assert_eq(multi_level_params(0), multi_level_params(MIN_LEVEL));
    cr_assert_eq(multi_level_params(99), multi_level_params(MAX_LEVEL));
}

/* A level capped in depth answers at once whatever the caller's time. */
Test(multi_engine, a_capped_level_keeps_to_its_depth) {
    int level = MAX_LEVEL - 1;
    cr_assert_gt(multi_level_params(level)->max_depth, 0);
    multi_engine_set_level(engine, level);
    Position pos = multi_from_fen(FOUR, START_FOUR);
    MultiLimits limits = multi_limits_none();
    limits.movetime = 5000;
    engine->clock = (SearchClock){.step = 1};
    Seen seen;
    think(&pos, limits, &seen);
    cr_assert_leq(seen.last.depth, multi_level_params(level)->max_depth);
    cr_assert_lt(seen.last.time_ms, 4000);
}

Test(multi_engine, a_noisy_level_varies_and_stays_legal) {
    multi_engine_set_level(engine, 1);
    Position pos = multi_from_fen(FOUR, START_FOUR);
    game_from(game, &pos, 800);
    bool differs = false;
    Move first = MOVE_PASS;
    for (int seed = 0; seed < 12; seed++) {
        multi_engine_seed(engine, (uint64_t)seed);
        MultiLimits none = multi_limits_none();
        Move m = multi_engine_think(engine, game, &none, NULL, NULL);
        cr_assert(move_is_legal(&pos, m));
        if (seed == 0) first = m;
        differs |= !move_equal(m, first);
    }
    cr_assert(differs, "level 1's noise never changed its move");
}

/* Level 8 searches about half its moves one layer deep (levels.c): over
 * many seeds some of its searches stop at one layer, some see three. */
Test(multi_engine, a_shallow_level_sometimes_skips_the_reply) {
    int level = 8;
    int shallow = multi_level_params(level)->shallow;
    cr_assert(shallow > 0 && shallow < 100);
    multi_engine_set_level(engine, level);
    Position pos = multi_from_fen(FOUR, START_FOUR);
    int one_layer = 0, searches = 40;
    for (int seed = 0; seed < searches; seed++) {
        multi_engine_seed(engine, (uint64_t)seed);
        Seen seen;
        think(&pos, multi_limits_none(), &seen);
        cr_assert(seen.last.depth == 1 || seen.last.depth == 3, "depth %d", seen.last.depth);
        one_layer += seen.last.depth == 1;
    }
    cr_assert(one_layer > searches * shallow / 200 && one_layer < searches - (searches * (100 - shallow)) / 200,
              "%d of %d searches one layer deep at %d%%", one_layer, searches, shallow);
}

Test(multi_engine, greedy_gains_most_and_moves_the_rear_piece_on_ties) {
    /* Red's pieces on a1 (the rear) and e5 can each step one square nearer p16. */
    const char *seats[MAX_SEATS] = {"p1", "a16", "a1 e5", ""};
    Position pos = multi_position_of((Seating){3, false, 0}, seats, SEAT_RED);
    Move m = greedy_move(&pos);
    cr_assert_eq(m.from, sq("a1"));
    cr_assert_eq(seat_goal_distance(SEAT_RED, m.from) - seat_goal_distance(SEAT_RED, m.to), 2);
    const char *jump[MAX_SEATS] = {"p1", "a16", "a1 b2 e5", ""};
    pos = multi_position_of((Seating){3, false, 0}, jump, SEAT_RED);
    m = greedy_move(&pos);
    cr_assert(m.from == sq("a1") && m.to == sq("c3"), "the hop over b2 gains 4");
}

/* The one greedy of any seating: its random ties and its stayer's corner for a seat of three. */
Test(multi_engine, greedy_breaks_ties_at_random_and_keeps_the_home_corner) {
    const char *seats[MAX_SEATS] = {"p1", "a16", "a1 e5", ""};
    Position pos = multi_position_of((Seating){3, false, 0}, seats, SEAT_RED);
    uint64_t rng = 1;
    int rear = 0, front = 0;
    for (int i = 0; i < 64; i++) {
        Move m = greedy_move_random(&pos, &rng);
        cr_assert_eq(seat_goal_distance(SEAT_RED, m.from) - seat_goal_distance(SEAT_RED, m.to), 2, "a move that gains most");
        rear += m.from == sq("a1"), front += m.from == sq("e5");
    }
    cr_assert(rear > 0 && front > 0 && rear + front == 64, "either of the two, %d and %d", rear, front);
    Bitboard corner = home_corner_squares(VARIANT_13, SEAT_RED, 1);
    cr_assert(bb_count(corner) == 1 && bb_has(&corner, sq("a1")), "Red's home corner");
    Move kept = greedy_move_keeping(&pos, corner);
    cr_assert_eq(kept.from, sq("e5"), "the corner piece stays while another moves");
}

Test(multi_engine, the_plain_search_takes_a_win_and_plays_legal_moves) {
    MultiPlain *plain = malloc(sizeof *plain);
    multi_plain_init(plain, hash, HASH_BYTES);
    Position pos = white_one_move_from_home(FOUR);
    game_from(game, &pos, 800);
    Move m = multi_plain_move(plain, game, 50);
    cr_assert(m.from == sq("c12") && m.to == sq("b13"));
    game_start_seating(game, PARTNERS, VARIANT_13, 800);
    for (int turn = 0; turn < 12; turn++) {
        m = multi_plain_move(plain, game, 5);
        cr_assert(move_is_legal(&game->pos, m));
        game_play(game, m);
    }
    free(plain);
}

/* As partners a seat's partner counts as itself: of White's stragglers on
 * l1 and p5, mirror images for White, it moves the one that is not Black's
 * stone, over which Black's last piece hops home (k1-m1 over l1); l1's
 * moves come first, so a White blind to its partner moves it. */
Test(multi_engine, partners_leave_the_partner_its_way_home) {
    const char *seats[MAX_SEATS] = {"a16 a15 b16 a14 b15 c16 a13 b14 c15 d16 b13 p5 l1",
                                    "p1 o1 n1 p2 o2 n2 m2 p3 o3 n3 p4 o4 k1", RED_HOME,
                                    "p6 n16 o16 p16 m15 n15 o15 p15 n14 o14 p14 o13 p13"};
    Position pos = multi_position_of(PARTNERS, seats, SEAT_WHITE);
    Seen seen;
    Move m = think(&pos, depth_limit(3), &seen);
    cr_assert_eq(m.from, sq("p5"), "White played %s, taking away Black's stone", multi_text_move_s(&pos, m));
    /* For White alone the two are worth the same. */
    Position alone = multi_position_of(FOUR, seats, SEAT_WHITE);
    MultiEvalRoot root = multi_eval_root(&engine->eval, &alone, SEAT_WHITE);
    cr_assert_eq(multi_move_gain(&engine->eval, &root, SEAT_WHITE, sq("p5"), sq("o6")),
                 multi_move_gain(&engine->eval, &root, SEAT_WHITE, sq("l1"), sq("k2")));
    cr_assert_eq(multi_move_gain(&engine->eval, &root, SEAT_WHITE, sq("p5"), sq("p7")),
                 multi_move_gain(&engine->eval, &root, SEAT_WHITE, sq("l1"), sq("j1")));
}

Test(multi_engine, the_partners_progress_is_ours_and_the_opponents_is_not) {
    Position pos = multi_from_fen(PARTNERS, START_FOUR);
    MultiEvalRoot root = multi_eval_root(&engine->eval, &pos, SEAT_WHITE);
    MultiAcc acc;
    multi_acc_init(&engine->eval, &pos, &acc);
    int before = multi_evaluate(&engine->eval, &root, &pos, &acc);
    MultiAcc partner = acc, opponent = acc;
    multi_acc_move(&engine->eval, &partner, SEAT_BLACK, sq("b13"), sq("c12"));
    multi_acc_move(&engine->eval, &opponent, SEAT_RED, sq("b4"), sq("c5"));
    cr_assert_gt(multi_evaluate(&engine->eval, &root, &pos, &partner), before, "Black's step forward helps White");
    cr_assert_lt(multi_evaluate(&engine->eval, &root, &pos, &opponent), before, "Red's step forward hurts White");
}

/* Yellow's last piece still at home, on Red's goal: Red's pieces on their
 * goal never leave, so filling p15 with p14 still taken walls it in for
 * good and Red can never finish (p13-p15 gains most, and was played). */
Test(multi_engine, never_walls_in_a_piece_on_its_goal) {
    const char *seats[MAX_SEATS] = {"a15 b16 b15 a14 c16 c14 d16 d15 e9 f9 g9 h9 i9",
                                    "p1 o1 n1 m1 p2 o2 n2 m2 e5 f5 g5 h5 i5",
                                    "m16 n16 o16 m15 n15 o15 n14 o14 p14 o13 p13 a16 a1",
                                    "p16 a2 b1 b2 a3 c1 c3 d1 d2 b3 c2 a4 b4"};
    Position pos = multi_position_of(FOUR, seats, SEAT_RED);
    Seen seen;
    Move m = think(&pos, depth_limit(4), &seen);
    position_make(&pos, m);
    Bitboard exits = piece_destinations(&pos, sq("p16"));
    cr_assert(!bb_is_empty(exits), "Red's %s walled Yellow in", multi_text_move_s(&game->pos, m));
}
