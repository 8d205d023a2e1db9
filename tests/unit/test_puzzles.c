/* The engine's puzzles (docs/PUZZLES.md): each solver on small positions
 * checked by hand, a puzzle's JSON line, the verifier refusing false
 * claims, generation's determinism, and the shipped file verified. */
#include "helpers.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>

#include "cli/puzzles.h"
#include "engine/puzzle_solve.h"
#include "halma_cli.h"

enum { TABLE_BYTES = 1 << 20, BUDGET = 1000000 };

/* White's goal in the 13-piece game (Black's camp, a16's corner) but d16,
 * and the three squares of Black's stones far away. */
#define GOAL_BUT_D16 "a16 b16 c16 a15 b15 c15 d15 a14 b14 c14 a13 b13"
#define GOAL_BUT_B13 "a16 b16 c16 d16 a15 b15 c15 d15 a14 b14 c14 a13"
/* Black's pieces all home but one (so Black has not won), and with four
 * of them out as stones. */
#define BLACK_NEAR_HOME "p1 o1 n1 m1 p2 o2 n2 m2 p3 o3 n3 p4 l5"

static int fill_moves(const Position *pos, int max_moves, Move line[FILL_MAX_MOVES]) {
    static char memory[TABLE_BYTES];
    FillSolver s;
    fill_solver_init(&s, memory, sizeof memory, BUDGET);
    return fill_solve(&s, pos, max_moves, line);
}

static int fill_within_moves(const Position *pos, int moves) {
    static char memory[TABLE_BYTES];
    FillSolver s;
    fill_solver_init(&s, memory, sizeof memory, BUDGET);
    return fill_within(&s, pos, moves);
}

Test(puzzle_fill, one_step_into_the_last_hole) {
    Position pos = position_of(VARIANT_13, GOAL_BUT_D16 " e15", "p1", WHITE);
    Move line[FILL_MAX_MOVES];
    cr_assert_eq(fill_moves(&pos, 5, line), 1);
    cr_assert(move_equal(line[0], (Move){(uint8_t)sq("e15"), (uint8_t)sq("d16")}));
}

/* One piece out, three steps from the hole and nothing to hop over: the
 * bound says 1, the proof 3 (no move of a piece in the goal helps). */
Test(puzzle_fill, three_steps_when_nothing_can_be_hopped) {
    Position pos = position_of(VARIANT_13, GOAL_BUT_B13 " e10", "p1", WHITE);
    Move line[FILL_MAX_MOVES];
    cr_assert_eq(pieces_outside_goal(&pos, WHITE), 1);
    cr_assert_eq(fill_moves(&pos, 6, line), 3);
    cr_assert_eq(fill_within_moves(&pos, 2), 0);
    cr_assert_eq(fill_within_moves(&pos, 3), 1);
    Position after = pos;
    for (int i = 0; i < 3; i++) {
        cr_assert(move_is_legal(&after, line[i]));
        fill_play(&after, line[i]);
    }
    cr_assert(position_has_won(&after, WHITE));
}

/* A stone of the other side on c12 makes it one hop. */
Test(puzzle_fill, a_stone_makes_it_one_hop) {
    Position pos = position_of(VARIANT_13, GOAL_BUT_B13 " d11", "c12", WHITE);
    Move line[FILL_MAX_MOVES];
    cr_assert_eq(fill_moves(&pos, 6, line), 1);
    cr_assert(move_equal(line[0], (Move){(uint8_t)sq("d11"), (uint8_t)sq("b13")}));
}

Test(puzzle_fill, none_within_the_bound_asked) {
    Position pos = position_of(VARIANT_13, GOAL_BUT_B13 " e10", "p1", WHITE);
    Move line[FILL_MAX_MOVES];
    cr_assert_eq(fill_moves(&pos, 2, line), PUZZLE_NONE);
}

/* a1-c3-e5-g3-e1 over b2, d4, f4, f2: four hops, found past the dead ends
 * and never landing twice on c3 or e5. */
Test(puzzle_chain, the_longest_of_the_chains) {
    Position pos = position_of(VARIANT_13, "a1 a16", "b2 d4 f4 f2", WHITE);
    ChainAnswer a;
    cr_assert(chain_longest(&pos, BUDGET, &a));
    cr_assert_eq(a.hops, 4);
    cr_assert_eq(a.path_length, 5);
    const char *want[] = {"a1", "c3", "e5", "g3", "e1"};
    for (int i = 0; i < 5; i++) cr_assert_eq(a.path[i], sq(want[i]), "square %d", i);
    cr_assert_eq(a.pieces, 1);
}

/* A piece in its goal may hop out and on, but must end in the goal: from
 * a16, a16-c14-e12 is no move, so the longest is the one hop to c14. */
Test(puzzle_chain, a_piece_in_its_goal_ends_there) {
    Position pos = position_of(VARIANT_13, "a16", "b15 d13", WHITE);
    ChainAnswer a;
    cr_assert(chain_longest(&pos, BUDGET, &a));
    cr_assert_eq(a.hops, 1);
    cr_assert_eq(a.path[1], sq("c14"));
    /* From outside the goal a chain ends anywhere: a12-c14-c12-a14. */
    Position out = position_of(VARIANT_13, "a12", "b13 c13", WHITE);
    cr_assert(chain_longest(&out, BUDGET, &a));
    cr_assert_eq(a.hops, 3);
}

Test(puzzle_chain, a_budget_too_small_is_no_answer) {
    Position pos = position_of(VARIANT_13, "a1 a16", "b2 d4 f4 f2", WHITE);
    ChainAnswer a;
    cr_assert_not(chain_longest(&pos, 2, &a));
}

Test(puzzle_win, the_one_move_that_wins) {
    Position pos = position_of(VARIANT_13, GOAL_BUT_D16 " e15", "p1", WHITE);
    WinAnswer a;
    cr_assert_eq(win_solve(&pos, 3, BUDGET, &a), 1);
    cr_assert_eq(a.winning_first_moves, 1);
    cr_assert(move_equal(a.first, (Move){(uint8_t)sq("e15"), (uint8_t)sq("d16")}));
}

/* Two pieces, two holes, each a step away: either goes first, so a win in
 * 2 with two winning first moves (no puzzle). */
Test(puzzle_win, two_first_moves_win) {
    Position pos = position_of(VARIANT_13, "a16 b16 c16 a15 b15 c15 d15 a14 b14 a13 b13 e15 d13", "p1", WHITE);
    WinAnswer a;
    cr_assert_eq(win_solve(&pos, 3, BUDGET, &a), 2);
    cr_assert_eq(a.winning_first_moves, 2);
}

/* Alone, White fills in two (e11-d11, then the hop over c12 to b13); with
 * Black defending (c12 steps away) there is no win in two. */
Test(puzzle_win, a_defence_the_fill_never_meets) {
    Position pos = position_of(VARIANT_13, GOAL_BUT_B13 " e11", "c12", WHITE);
    Move line[FILL_MAX_MOVES];
    WinAnswer a;
    cr_assert_eq(fill_moves(&pos, 4, line), 2);
    cr_assert_eq(win_solve(&pos, 2, BUDGET, &a), PUZZLE_NONE);
    cr_assert_eq(win_after(&pos, (Move){(uint8_t)sq("e11"), (uint8_t)sq("d11")}, 2, BUDGET, NULL), 0);
}

/* --- the file's lines --- */

static Puzzle puzzle_of(PuzzleKind kind, const char *white, const char *black, int target, const char *moves) {
    Puzzle p = {.kind = kind, .variant = VARIANT_13, .target = target, .rating = 1000};
    snprintf(p.id, sizeof p.id, "test-1");
    snprintf(p.source, sizeof p.source, "test");
    Position pos = position_of(VARIANT_13, white, black, WHITE);
    pos.turns = 100;
    Text t = text_on(p.fen, sizeof p.fen);
    text_fen(&t, &pos);
    char copy[512];
    snprintf(copy, sizeof copy, "%s", moves);
    for (char *m = strtok(copy, " "); m; m = strtok(NULL, " "))
        snprintf(p.solution[p.solution_length++], MOVE_TEXT_SIZE, "%s", m);
    return p;
}

static const char *verify_error(const Puzzle *p) {
    static char err[512];
    return puzzle_verify(p, err, sizeof err) ? NULL : err;
}

Test(puzzle_file, a_line_has_every_field) {
    Puzzle p = puzzle_of(PUZZLE_CHAIN, "a1 " GOAL_BUT_D16, BLACK_NEAR_HOME, 1, "a1-c3");
    char *line = puzzle_to_json(&p);
    json_error_t error;
    json_t *o = json_loads(line, 0, &error);
    cr_assert(o, "%s", line);
    cr_assert_str_eq(json_string_value(json_object_get(o, "id")), "test-1");
    cr_assert_str_eq(json_string_value(json_object_get(o, "kind")), "chain");
    cr_assert_eq(json_integer_value(json_object_get(o, "variant")), 13);
    cr_assert_eq(json_integer_value(json_object_get(o, "players")), 2);
    cr_assert_str_eq(json_string_value(json_object_get(o, "fen")), p.fen);
    cr_assert_eq(json_array_size(json_object_get(o, "solution")), 1);
    cr_assert_str_eq(json_string_value(json_array_get(json_object_get(o, "solution"), 0)), "a1-c3");
    cr_assert_eq(json_integer_value(json_object_get(o, "hops")), 1);
    cr_assert_eq(json_integer_value(json_object_get(o, "rating")), 1000);
    json_decref(o);
    Puzzle back;
    char err[256];
    cr_assert(puzzle_from_json(line, &back, err, sizeof err), "%s", err);
    cr_assert_str_eq(back.fen, p.fen);
    cr_assert_eq(back.target, 1);
    free(line);
}

Test(puzzle_file, a_malformed_line_says_what_is_wrong) {
    Puzzle p;
    char err[256];
    cr_assert_not(puzzle_from_json("{\"id\":\"x\"", &p, err, sizeof err));
    cr_assert(strstr(err, "not JSON"), "%s", err);
    cr_assert_not(puzzle_from_json("{\"id\":\"x\",\"kind\":\"race\"}", &p, err, sizeof err));
    cr_assert(strstr(err, "\"kind\""), "%s", err);
    const char *three = "{\"id\":\"x\",\"kind\":\"win\",\"variant\":13,\"players\":3,\"fen\":\"f\",\"solution\":[\"a1-a2\"],"
                        "\"win_in\":1,\"rating\":900}";
    cr_assert_not(puzzle_from_json(three, &p, err, sizeof err));
    cr_assert(strstr(err, "\"players\" must be 2"), "%s", err);
    const char *no_target = "{\"id\":\"x\",\"kind\":\"win\",\"variant\":13,\"players\":2,\"fen\":\"f\",\"solution\":[\"a1-a2\"],"
                            "\"rating\":900}";
    cr_assert_not(puzzle_from_json(no_target, &p, err, sizeof err));
    cr_assert(strstr(err, "\"win_in\""), "%s", err);
}

Test(puzzle_verify, true_claims_pass) {
    Puzzle fill = puzzle_of(PUZZLE_FILL, GOAL_BUT_D16 " e15", BLACK_NEAR_HOME, 1, "e15-d16");
    cr_assert_null(verify_error(&fill), "%s", verify_error(&fill));
    Puzzle win = puzzle_of(PUZZLE_WIN, GOAL_BUT_D16 " e15", BLACK_NEAR_HOME, 1, "e15-d16");
    cr_assert_null(verify_error(&win), "%s", verify_error(&win));
    Puzzle chain = puzzle_of(PUZZLE_CHAIN, GOAL_BUT_D16 " a1", "p1 o1 n1 m1 p2 o2 n2 p3 o3 b2 d4 f4 f2", 4, "a1-c3-e5-g3-e1");
    cr_assert_null(verify_error(&chain), "%s", verify_error(&chain));
}

Test(puzzle_verify, false_claims_fail) {
    Puzzle longer = puzzle_of(PUZZLE_FILL, GOAL_BUT_D16 " e15", BLACK_NEAR_HOME, 2, "e15-e16 e16-d16");
    cr_assert_str_eq(verify_error(&longer), "a shorter fill exists");
    Puzzle unfilled = puzzle_of(PUZZLE_FILL, GOAL_BUT_D16 " e15", BLACK_NEAR_HOME, 1, "e15-e16");
    cr_assert_str_eq(verify_error(&unfilled), "the solution does not fill the goal");
    Puzzle illegal = puzzle_of(PUZZLE_FILL, GOAL_BUT_D16 " e15", BLACK_NEAR_HOME, 1, "e15-c16");
    cr_assert(strstr(verify_error(&illegal), "move 1 \"e15-c16\" is refused"), "%s", verify_error(&illegal));
    Puzzle shorter = puzzle_of(PUZZLE_CHAIN, GOAL_BUT_D16 " a1", "p1 o1 n1 m1 p2 o2 n2 p3 o3 b2 d4 f4 f2", 3, "a1-c3-e5-g3");
    cr_assert_str_eq(verify_error(&shorter), "the longest chain has 4 hops, not 3");
    Puzzle lost = puzzle_of(PUZZLE_WIN, GOAL_BUT_D16 " e15", BLACK_NEAR_HOME, 1, "e15-e16");
    cr_assert_str_eq(verify_error(&lost), "the main line does not win");
}

/* --- the command --- */


Test(puzzles_cli, the_same_seed_makes_the_same_file) {
    static char a[1 << 18], b[1 << 18], c[1 << 18];
    const char *args = "puzzles generate --seed 7 --count 4 --games 1 --quiet";
    cr_assert_eq(run_halma(args, a, sizeof a), 0);
    cr_assert_eq(run_halma(args, b, sizeof b), 0);
    cr_assert_str_eq(a, b);
    cr_assert(strstr(a, "\"kind\":\"fill\"") && strstr(a, "\"kind\":\"chain\"") && strstr(a, "\"kind\":\"win\""), "%s", a);
    cr_assert_eq(run_halma("puzzles generate --seed 8 --count 4 --games 1 --quiet", c, sizeof c), 0);
    cr_assert_str_neq(a, c);
}

/* The file the page serves: every claim proven again, and enough of each
 * kind.  (The page reads it from web/puzzles/, made by `make puzzles`.) */
Test(puzzles_cli, the_shipped_puzzles_verify) {
    static char out[1 << 16];
    int status = run_halma("puzzles verify web/puzzles/puzzles.jsonl 2>&1", out, sizeof out);
    cr_assert_eq(status, 0, "%s", out);
    int total, verified, fill, chain, win, failed;
    cr_assert_eq(sscanf(out, "%d puzzles, %d verified (%d fill, %d chain, %d win), %d failed", &total, &verified, &fill,
                        &chain, &win, &failed), 6, "%s", out);
    cr_assert_geq(total, 300);
    cr_assert_geq(fill, 50);
    cr_assert_geq(chain, 50);
    cr_assert_geq(win, 50);
    cr_assert_eq(failed, 0);
}

Test(puzzles_cli, verify_names_each_failing_puzzle) {
    char path[] = "/tmp/halma-puzzles-XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs("{\"id\":\"broken\"}\n\nnot json\n", f);
    fclose(f);
    static char out[4096];
    char args[128];
    snprintf(args, sizeof args, "puzzles verify %s", path);
    cr_assert_eq(run_halma(args, out, sizeof out), 1, "%s", out);
    remove(path);
    cr_assert(strstr(out, "line 1: FAIL: \"kind\" must be"), "%s", out);
    cr_assert(strstr(out, "line 3: FAIL: not JSON"), "%s", out);
    cr_assert(strstr(out, "2 puzzles, 0 verified"), "%s", out);
}

Test(puzzles_cli, export_keeps_one_kind_and_a_band_of_ratings) {
    static char out[1 << 17];
    cr_assert_eq(run_halma("puzzles export --kind win --min-rating 1500 web/puzzles/puzzles.jsonl", out, sizeof out), 0);
    int lines = 0;
    for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n"), lines++) {
        Puzzle p;
        char err[256];
        cr_assert(puzzle_from_json(line, &p, err, sizeof err), "%s: %s", err, line);
        cr_assert_eq(p.kind, PUZZLE_WIN);
        cr_assert_geq(p.rating, 1500);
    }
    cr_assert_gt(lines, 0);
}

Test(puzzles_cli, bad_arguments_are_refused) {
    static char out[4096];
    cr_assert_eq(run_halma("puzzles generate --count 0 2>&1", out, sizeof out), 2);
    cr_assert(strstr(out, "--count must be 1 to 1000"), "%s", out);
    cr_assert_eq(run_halma("puzzles export --kind race web/puzzles/puzzles.jsonl 2>&1", out, sizeof out), 2);
    cr_assert(strstr(out, "--kind must be fill, chain or win"), "%s", out);
    cr_assert_eq(run_halma("puzzles solve 2>&1", out, sizeof out), 2);
    cr_assert(strstr(out, "generate, verify or export"), "%s", out);
}
