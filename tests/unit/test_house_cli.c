/* The house rule nospoil (RULES-HOUSE.md) on the command line: `halma
 * perft --rules` and `halma match --rules`. */
#include <criterion/criterion.h>
#include <string.h>

#include "halma_cli.h"

static char out[1 << 16];

Test(house_cli, perft_counts_under_the_rule_asked) {
    cr_assert_eq(run_halma("perft --rules nospoil 3", out, sizeof out), 0, "%s", out);
    cr_assert(strstr(out, "perft 3: 83840 moves"), "%s", out);
    cr_assert_eq(run_halma("perft --rules nospoil --camps 13 3", out, sizeof out), 0, "%s", out);
    cr_assert(strstr(out, "perft 3: 43392 moves"), "%s", out);
    cr_assert_eq(run_halma("perft --rules standard 3", out, sizeof out), 0, "%s", out);
    cr_assert(strstr(out, "perft 3: 85440 moves"), "%s", out);
    cr_assert_eq(run_halma("perft --rules house 3", out, sizeof out), 2);
    cr_assert(strstr(out, "--rules must be standard or nospoil"), "%s", out);
}

Test(house_cli, a_match_plays_under_the_rule, .timeout = 120) {
    cr_assert_eq(run_halma("match --rules nospoil --games 2 --threads 1 --quiet level:1 greedy", out, sizeof out), 0,
                 "%s", out);
    cr_assert(strstr(out, "games won by level:1: 2"), "%s", out);
    /* An external engine is told the rules in its `position` line. */
    cr_assert_eq(run_halma("match --rules nospoil --games 2 --threads 1 --quiet greedy 'cmd:./build/halma engine@5'",
                           out, sizeof out), 0, "%s", out);
    cr_assert(!strstr(out, "illegal") && !strstr(out, "error"), "%s", out);
    cr_assert_eq(run_halma("match --rules house greedy greedy", out, sizeof out), 2, "%s", out);
}
