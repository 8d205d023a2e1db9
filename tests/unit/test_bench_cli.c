/* `halma bench` from the command line: its arguments, and the timed crossing. */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <string.h>

#include "halma_cli.h"

Test(bench_cli, movetime_goes_only_with_the_crossing) {
    char out[4096];
    cr_assert_eq(run_halma("bench --movetime 5", out, sizeof out), 2);
    cr_assert(strstr(out, "--movetime goes with --crossing"), "%s", out);
    cr_assert_eq(run_halma("bench --crossing --depth 3 --movetime 5", out, sizeof out), 2);
    cr_assert_eq(run_halma("bench --crossing --movetime 0", out, sizeof out), 2);
    cr_assert(strstr(out, "--movetime must be 1 to 60000 ms"), "%s", out);
}

/* No .timeout: with one, this test made Criterion's runner leak 48 bytes
 * under LeakSanitizer (twice in two full runs, never without it).  The
 * crossing cannot hang: every move is on a 20 ms clock. */
Test(bench_cli, a_timed_crossing_gets_home) {
    char out[4096];
    cr_assert_eq(run_halma("bench --crossing --movetime 20", out, sizeof out), 0, "%s", out);
    cr_assert(strstr(out, "19 pieces: White wins after"), "%s", out);
    cr_assert(strstr(out, "13 pieces: White wins after"), "%s", out);
    cr_assert(strstr(out, "20 ms a move"), "%s", out);
}

/* --level: the crossing at a level, on its own time (a few ms a move at
 * level 1); out of range it is refused. */
Test(bench_cli, a_crossing_at_a_level) {
    char out[4096];
    cr_assert_eq(run_halma("bench --crossing --level 1", out, sizeof out), 0, "%s", out);
    cr_assert(strstr(out, "19 pieces: White wins after"), "%s", out);
    cr_assert(strstr(out, "(level 1 on its own time"), "%s", out);
    cr_assert_eq(run_halma("bench --crossing --level 11", out, sizeof out), 2);
    cr_assert(strstr(out, "--level must be 1 to 10"), "%s", out);
}

/* --player: the crossing by a sparring partner.  Greedy breaking its ties
 * by the rear piece never gets home alone: its last piece steps back and
 * forth beside an open goal square (docs/DECISIONS.md). */
Test(bench_cli, a_crossing_by_greedy) {
    char out[4096];
    cr_assert_eq(run_halma("bench --crossing --player greedy", out, sizeof out), 0, "%s", out);
    cr_assert(strstr(out, "19 pieces: draw by threefold repetition after"), "%s", out);
    cr_assert(strstr(out, "13 pieces: draw by threefold repetition after"), "%s", out);
    cr_assert_eq(run_halma("bench --crossing --player greedy:random --seed 1", out, sizeof out), 0, "%s", out);
    cr_assert(strstr(out, "19 pieces: White wins after"), "%s", out);
    cr_assert_eq(run_halma("bench --crossing --player ab", out, sizeof out), 2);
}
