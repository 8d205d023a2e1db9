/* `halma play`: the terminal game of any seating, driven through its standard input. */
#include "helpers.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>

static char output[1 << 20];

/* Runs `halma play ARGS` with `input` on its standard input; the exit
 * status, the output in output[]. */
static int play(const char *args, const char *input) {
    const char *halma = getenv("HALMA") ? getenv("HALMA") : "build/halma";
    char path[] = "/tmp/halma-play-XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    FILE *in = fdopen(fd, "w");
    fputs(input, in);
    fclose(in);
    char command[2048];
    snprintf(command, sizeof command, "%s play %s < %s 2>&1", halma, args, path);
    FILE *out = popen(command, "r");
    cr_assert(out);
    size_t n = fread(output, 1, sizeof output - 1, out);
    output[n] = '\0';
    int status = pclose(out);
    remove(path);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

Test(play, a_person_and_three_computers, .timeout = 60) {
    int status = play("--players 4 --no-colour --level 1", "zz-b4\nmoves o4\nmoves a1\no4-n5\nfen\nquit\n");
    cr_assert_eq(status, 0, "%s", output);
    cr_assert(strstr(output, "White (bottom right) moves first, then Red, Black, Yellow.\n"), "%s", output);
    cr_assert(strstr(output, "White: a person") && strstr(output, "Red: the computer at level 1, beginner"), "%s", output);
    cr_assert(strstr(output, " 16  B B B B . . . . . . . . Y Y Y Y  16"), "the four camps: %s", output);
    cr_assert(strstr(output, "illegal: 'zz' is not a square"), "%s", output);
    cr_assert(strstr(output, "o4 can go to 4 squares: o4-n4 o4-n5 o4-o5 o4-p5"), "%s", output);
    cr_assert(strstr(output, "that piece is Red's; it is White's turn"), "%s", output);
    cr_assert(strstr(output, "Red plays ") && strstr(output, "Black plays ") && strstr(output, "Yellow plays "), "%s",
              output);
    cr_assert(strstr(output, " w 4\n"), "after a round White is to move again: %s", output);
}

Test(play, partners_undo_back_to_the_person, .timeout = 60) {
    int status = play("--players 4 --partners --no-colour --white human --black computer:2 --red computer:1 "
                      "--yellow computer:1",
                      "o4-n5\nundo\nfen\nquit\n");
    cr_assert_eq(status, 0, "%s", output);
    cr_assert(strstr(output, "as partners (White and Black against Red and Yellow)"), "%s", output);
    cr_assert(strstr(output, "Black: the computer at level 2, novice"), "%s", output);
    cr_assert(strstr(output, "rrrr8wwww w 0\n"), "undo went back to White's first turn: %s", output);
}

Test(play, the_computers_play_a_game_of_three_to_its_end, .timeout = 120) {
    int status = play("--players 3 --no-colour --white computer:1 --red computer:1 --black computer:1 --turn-limit 45", "");
    cr_assert_eq(status, 0, "%s", output);
    cr_assert(strstr(output, "White (bottom right) moves first, then Red, Black.\n"), "the turn order's seats: %s", output);
    cr_assert(strstr(output, "Game over after 45 turns: draw by the turn limit."), "%s", output);
}

Test(play, bad_options_are_refused) {
    const char *bad[] = {"--players 5", "--players 3 --partners", "--partners", "--players 3 --yellow human",
                         "--players 4 --red robot", "--players 4 --red computer:11", "--players 4 --level 0",
                         "--players 4 --turn-limit 0", "--players"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        cr_assert_eq(play(bad[i], "quit\n"), 2, "'%s' was accepted: %s", bad[i], output);
    cr_assert_eq(play("--players 4 --load /nonexistent/record", ""), 1);
}

Test(play, two_players_a_person_and_the_computer, .timeout = 60) {
    int status = play("--no-colour --level 1", "o3-n4\nmoves n4\nmoves a16\nhelp\nundo\nfen\nquit\n");
    cr_assert_eq(status, 0, "%s", output);
    cr_assert(strstr(output, "Halma, 19 pieces a side. White (bottom right) moves first."), "%s", output);
    cr_assert(strstr(output, "The computer plays at level 1, beginner."), "%s", output);
    cr_assert(strstr(output, "illegal: the step lands on n4, which is occupied"), "%s", output);
    cr_assert(strstr(output, "n4 can go to 4 squares: n4-m4 n4-m5 n4-n5 n4-p6"), "%s", output);
    cr_assert(strstr(output, "(that piece is Black's; it is White's turn)"), "%s", output);
    cr_assert(strstr(output, "undo        take back your last move (and the computer's reply)"), "%s", output);
    cr_assert(strstr(output, "nothing to undo"), "%s", output);
    cr_assert(strstr(output, "11wwwww/11wwwww w 0\n"), "%s", output);
}

Test(play, the_computers_play_a_game_of_two_to_its_end, .timeout = 120) {
    int status = play("--camps 13 --no-colour --white computer:1 --black computer:2 --turn-limit 30", "");
    cr_assert_eq(status, 0, "%s", output);
    cr_assert(strstr(output, "Game over after 30 turns: draw by the turn limit."), "%s", output);
    cr_assert(strstr(output, "White plays ") && strstr(output, "Black plays "), "%s", output);
}

/* A record under nospoil one move from Parlett's win: the end says which
 * win it was (the protocol's `status` says only who won). */
Test(play, a_parlett_win_is_said_as_such, .timeout = 60) {
    char path[] = "/tmp/halma-parlett-XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    FILE *record = fdopen(fd, "w");
    fputs("[Variant \"13\"]\n[Rules \"nospoil\"]\n"
          "[FEN \"bbbb11b/bbbb12/bbb13/1b14/w15/16/16/16/4wwwwwwww4/4wwww8/16/16/16/16/16/16 w 40\"]\n\n",
          record);
    fclose(record);
    char args[128];
    snprintf(args, sizeof args, "--no-colour --load %s", path);
    int status = play(args, "a12-a13\n");
    remove(path);
    cr_assert_eq(status, 0, "%s", output);
    cr_assert(strstr(output, "Game over after 41 turns: White wins, the goal full, one of its squares the winner's."),
              "%s", output);
}

Test(play, the_house_rule_nospoil_is_said_and_played, .timeout = 60) {
    int status = play("--rules nospoil --no-colour --level 1", "o4-n5\nn5-o4\nquit\n");
    cr_assert_eq(status, 0, "%s", output);
    cr_assert(strstr(output, "House rule nospoil: a piece that leaves its home never returns"), "%s", output);
    cr_assert(strstr(output, "illegal: the move ends on o4, in its home camp"), "%s", output);
    cr_assert_eq(play("--rules house", ""), 2, "%s", output);
    cr_assert(strstr(output, "--rules must be standard or nospoil"), "%s", output);
    play("--no-colour --level 1", "o4-n5\nn5-o4\nquit\n");
    cr_assert(!strstr(output, "House rule") && !strstr(output, "illegal"), "the seeds' rules: %s", output);
}
