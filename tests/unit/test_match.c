/* `halma match` for any seating: its players and the seatings each plays,
 * the tunables reaching the engine of the seating, the games a seed plays
 * and the seats rotating, and what it refuses. */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/match_player.h"
#include "cli/tuning.h"
#include "engine/greedy.h"
#include "engine/tune.h"
#include "halma_cli.h"

static MatchSpec parsed(const char *text) {
    MatchSpec spec;
    cr_assert(match_spec_parse(text, &spec), "%s is a player", text);
    cr_assert_str_eq(spec.label, text);
    return spec;
}

static bool plays(const char *text, TableKind kind) {
    MatchSpec spec = parsed(text);
    return match_spec_plays(&spec, kind);
}

Test(match_player, each_kind_says_which_seatings_it_plays) {
    static const char *const any[] = {"greedy", "stayer:3:20", "level:3", "level:3@50", "level:3#100", "level:3#100[tempo=2]"};
    static const char *const two[] = {"greedy:random", "ab", "ab@50", "convex@5", "mcts", "cmd:./x@50"};
    for (size_t i = 0; i < sizeof any / sizeof *any; i++)
        cr_assert(plays(any[i], TABLE_TWO) && plays(any[i], TABLE_MANY), "%s plays every seating", any[i]);
    for (size_t i = 0; i < sizeof two / sizeof *two; i++)
        cr_assert(plays(two[i], TABLE_TWO) && !plays(two[i], TABLE_MANY), "%s plays two seats only", two[i]);
    cr_assert(plays("plain@50", TABLE_MANY) && !plays("plain@50", TABLE_TWO), "plain plays three and four only");
    MatchSpec level = parsed("level:3"), ab = parsed("ab");
    cr_assert(match_spec_is_engine(&level) && !match_spec_is_engine(&ab), "the engine's claims are checked");
}

Test(match_player, reads_what_each_kind_is_given) {
    MatchSpec s = parsed("level:3#100[tempo=2,lateral=1]");
    cr_assert(s.level == 3 && s.nodes == 100 && s.movetime == -1);
    cr_assert_str_eq(s.tunables, "tempo=2,lateral=1");
    s = parsed("level:10@0");
    cr_assert(s.level == 10 && s.movetime == 0 && s.nodes == 0);
    s = parsed("cmd:./build/halma engine@50");
    cr_assert_str_eq(s.command, "./build/halma engine");
    cr_assert_eq(s.movetime, 50);
    s = parsed("cmd:./e@x");
    cr_assert_str_eq(s.command, "./e@x", "an @ that is no time belongs to the command");
    cr_assert_eq(s.movetime, 100);
    cr_assert(parsed("plain").movetime == 100 && parsed("mcts@7").movetime == 7);
    s = parsed("stayer:4:30");
    cr_assert(s.kept == 4 && s.keep_until == 30);
    static const char *const bad[] = {"nobody", "level", "level:0", "level:11", "level:3#0", "level:3@-1", "level:3x",
                                      "level:3[]", "level:3[tempo=1", "ab@0", "ab@", "plain@x", "greedy:rand",
                                      "greedyx", "stayer:0:5", "stayer:3", "cmd:", "mcts@1@2"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        MatchSpec spec;
        cr_assert(!match_spec_parse(bad[i], &spec), "%s is no player", bad[i]);
    }
}

/* A Player's tunables go to the engine of the game it was last given. */
Test(match_tuning, reaches_the_engine_of_the_seating) {
    Player *p = malloc(sizeof *p);
    Table *t = malloc(sizeof *t);
    cr_assert(p && t);
    player_init(p, NULL, 0);
    char err[160] = "", spec[64];
    const char *name = tune_name(0);
    snprintf(spec, sizeof spec, "%s=77", name);
    cr_assert(tuning_apply_player(p, spec, err, sizeof err), "%s", err);
    Tune two = engine_tuning(&p->two);
    cr_assert_eq(*tune_field(&two, name, (int)strlen(name), TUNE_TWO_SEATS), 77);
    cr_assert(!tuning_apply_player(p, "leader_share=1", err, sizeof err), "the many-seat search's own");
    cr_assert(strstr(err, "'leader_share' is no tunable of two seats (engine/tune.h names them)"), "%s", err);

    cr_assert(table_start(t, (TableSeating){3, false, 13, 0}, 0));
    player_new_game(p, t);
    snprintf(spec, sizeof spec, "%s=55,leader_share=56", name);
    cr_assert(tuning_apply_player(p, spec, err, sizeof err), "%s", err);
    Tune many = multi_engine_tuning(&p->many);
    cr_assert_eq(*tune_field(&many, name, (int)strlen(name), TUNE_MANY_SEATS), 55);
    cr_assert_eq(many.multi_eval.leader_share, 56);
    cr_assert(!tuning_apply_player(p, "no_such=1", err, sizeof err));
    cr_assert(strstr(err, "'no_such' is no tunable of three and four seats (engine/tune.h names them)"), "%s", err);
    cr_assert(!tuning_apply_player(p, "aspiration_depth=1", err, sizeof err), "the two-seat search's own");
    Tune after = multi_engine_tuning(&p->many);
    cr_assert_eq(memcmp(&after, &many, sizeof after), 0, "a bad list changes nothing");
    free(t);
    free(p);
}

/* A stayer at a table of three (Red, between two greedy players) keeps its
 * K pieces nearest its home corner there until turn T, then lets them go. */
Test(match_player, a_stayer_of_three_keeps_its_pieces_home_until_its_turn) {
    enum { KEPT = 3, UNTIL = 90, STAYER = 1 };
    MatchSpec spec = parsed("stayer:3:90");
    Table *t = malloc(sizeof *t);
    MatchPlayer *pl = malloc(sizeof *pl);
    cr_assert(t && pl && table_start(t, (TableSeating){3, false, 13, 0}, 0));
    cr_assert(match_player_open(pl, &spec, t->seating, 1));
    match_player_new_game(pl, t, 1);
    Bitboard kept = home_corner_squares((Variant)t->game.pos.variant, STAYER, KEPT);
    cr_assert_eq(bb_count(kept), KEPT);
    bool moved_after = false;
    while (!table_verdict(t).over && !moved_after) {
        Move m;
        char err[64];
        if (table_seat_to_move(t) == STAYER) {
            cr_assert(match_player_move(pl, t, &m, err, sizeof err));
            moved_after = bb_has(&kept, m.from);
            cr_assert(!moved_after || table_turns(t) >= UNTIL, "turn %d moved a kept piece", table_turns(t));
        } else {
            m = greedy_move(&t->game.pos);
        }
        cr_assert(table_play(t, m));
    }
    cr_assert(moved_after, "after turn %d a kept piece moves (the game ended at %d)", UNTIL, table_turns(t));
    match_player_close(pl);
    free(pl);
    free(t);
}

/* The games of a seed, as the match of two played them before it was one
 * match for every seating: the openings, and the second player's lots
 * (greedy:random's ties) drawn from the seed as they were. */
Test(match_cli, a_seed_plays_the_same_games_of_two) {
    char out[8192];
    cr_assert_eq(run_halma("match --games 4 --threads 1 --seed 3 greedy greedy:random", out, sizeof out), 0, "%s", out);
    cr_assert(strstr(out, "game 1: greedy (White) vs greedy:random: Black wins after 278 turns; score 0-0-1\n"), "%s", out);
    cr_assert(strstr(out, "game 2: greedy:random (White) vs greedy: Black wins after 166 turns; score 1-0-1\n"), "%s", out);
    cr_assert(strstr(out, "game 4: greedy:random (White) vs greedy: White wins after 203 turns; score 1-0-3\n"), "%s", out);
    cr_assert(strstr(out, "result: +1 =0 -3 (score 25.0%)\n"), "%s", out);
}

/* Of three, each player takes each seat once in a run of three games, the
 * list's last player standing for the seats not named. */
Test(match_cli, the_seats_rotate_in_a_game_of_three) {
    char out[8192], args[256], log[] = "/tmp/halma-test-match-XXXXXX";
    int fd = mkstemp(log);
    cr_assert(fd >= 0);
    snprintf(args, sizeof args, "match --players 3 --games 2 --threads 1 --log %s level:1#200 greedy", log);
    cr_assert_eq(run_halma(args, out, sizeof out), 0, "%s", out);
    cr_assert(strstr(out, "game 1: White level:1#200, Red greedy, Black greedy: "), "%s", out);
    cr_assert(strstr(out, "game 2: White greedy, Red level:1#200, Black greedy: "), "%s", out);
    cr_assert(strstr(out, "game 3: White greedy, Red greedy, Black level:1#200: "), "rounded up to a rotation: %s", out);
    cr_assert(strstr(out, "3 players each for themselves, 3 games: level:1#200 greedy greedy\n"), "%s", out);
    cr_assert(strstr(out, "greedy (2 seats): "), "one name, one line: %s", out);
    FILE *f = fdopen(fd, "r");
    char line[64];
    cr_assert(fgets(line, sizeof line, f));
    cr_assert(!strncmp(line, "game 1 White level:1#200 Red greedy Black greedy result \"", 57), "%s", line);
    fclose(f);
    remove(log);
}

/* One name is a whole list: of two, the player against itself. */
Test(match_cli, a_list_of_one_fills_every_seat) {
    char out[8192];
    cr_assert_eq(run_halma("match --games 2 --threads 1 --quiet greedy", out, sizeof out), 0, "%s", out);
    cr_assert(strstr(out, "greedy vs greedy, 19-piece game, 2 games\n"), "%s", out);
}

static void refused(const char *args, const char *says) {
    char out[8192];
    cr_assert_eq(run_halma(args, out, sizeof out), 2, "%s: %s", args, out);
    cr_assert(strstr(out, says), "%s: %s", args, out);
}

Test(match_cli, refuses_what_the_seating_does_not_play) {
    refused("match --players 3 level:1 ab", "ab does not play a game of this seating");
    refused("match plain greedy", "plain does not play a game of this seating");
    refused("match --players 3 --camps 19 greedy", "--camps is for two players; three and four play with 13 pieces");
    refused("match --players 3 --sprt 0,5 greedy", "--sprt is for a match of two players");
    refused("match --players 3 --partners greedy", "--players 2, 3 or 4 (--partners with 4 only)");
    refused("match --players 5 greedy", "unknown option or bad value");
    refused("match greedy greedy greedy", "more players than seats");
    refused("match --players 4 greedy greedy greedy greedy greedy", "more players than seats");
    refused("match --players 4", "no player named");
}

/* The tunables of the environment and a level's own, for each seating's
 * engine: a bad list stops the match before a game and says why. */
Test(match_cli, tunables_are_checked_against_the_seatings_engine) {
    char out[8192];
    run_halma("match --games 2 --threads 1 'level:1#200[no_such=1]' greedy", out, sizeof out);
    cr_assert(strstr(out, "halma match: level:1#200[no_such=1]: 'no_such' is no tunable of two seats (engine/tune.h names them)"), "%s", out);
    cr_assert(strstr(out, ", 0 games\n"), "%s", out);
    run_halma("match --players 3 --games 3 --threads 1 'level:1#200[no_such=1]' greedy", out, sizeof out);
    cr_assert(strstr(out, "'no_such' is no tunable of three and four seats (engine/tune.h names them)"), "%s", out);
    setenv("HALMA_TUNE", "bogus=1", 1);
    run_halma("match --games 2 --threads 1 level:1#200 greedy", out, sizeof out);
    cr_assert(strstr(out, "halma match: HALMA_TUNE: 'bogus' is no tunable"), "%s", out);
    unsetenv("HALMA_TUNE");
    cr_assert_eq(run_halma("match --games 2 --threads 1 --quiet 'level:1#200[tempo=3]' greedy", out, sizeof out), 0);
    cr_assert(strstr(out, "level:1#200[tempo=3] vs greedy, 19-piece game, 2 games\n"), "a level of two takes its own tunables: %s", out);
}
