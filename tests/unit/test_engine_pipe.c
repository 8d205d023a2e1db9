/*
 * `halma engine` as other programs see it: a child process driven through
 * pipes, with timeouts so a hang fails the test instead of blocking it.
 */
#include "helpers.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct {
    pid_t pid;
    int in, out;     /* our ends: we write to `in`, read from `out` */
    char buf[1 << 20];
    size_t len;
} Child;

static Child *child;

static void start_engine(void) {
    const char *halma = getenv("HALMA") ? getenv("HALMA") : "build/halma";
    int to_child[2], from_child[2];
    cr_assert(pipe(to_child) == 0 && pipe(from_child) == 0);
    child = calloc(1, sizeof *child);
    child->pid = fork();
    cr_assert(child->pid >= 0);
    if (child->pid == 0) {
        dup2(to_child[0], 0);
        dup2(from_child[1], 1);
        close(to_child[1]);
        close(from_child[0]);
        execl(halma, halma, "engine", (char *)NULL);
        _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    child->in = to_child[1];
    child->out = from_child[0];
    signal(SIGPIPE, SIG_IGN);
}

static void stop_engine(void) {
    if (!child) return;
    if (child->in >= 0) close(child->in);
    kill(child->pid, SIGKILL);
    waitpid(child->pid, NULL, 0);
    close(child->out);
    free(child);
    child = NULL;
}

static void write_all(const char *data, size_t len) {
    while (len > 0) {
        ssize_t n = write(child->in, data, len);
        cr_assert(n > 0, "write to the engine failed");
        data += n;
        len -= (size_t)n;
    }
}

static void say(const char *line) {
    write_all(line, strlen(line));
    write_all("\n", 1);
}

static void sleep_ms(long ms) {
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

static long long now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000LL + t.tv_nsec / 1000000;
}

/* The next reply line, waiting at most `ms`; NULL on timeout or end. */
/* How long a reply that must come may take: only a hang guard, never a
 * measure of speed (a loaded machine may take seconds to start a search). */
enum { HANG_MS = 30000 };

static const char *hear_within(int ms) {
    static char line[1 << 20];
    long long deadline = now_ms() + ms;
    for (;;) {
        char *nl = memchr(child->buf, '\n', child->len);
        if (nl) {
            size_t n = (size_t)(nl - child->buf);
            memcpy(line, child->buf, n);
            line[n] = '\0';
            memmove(child->buf, nl + 1, child->len - n - 1);
            child->len -= n + 1;
            return line;
        }
        long long left = deadline - now_ms();
        if (left <= 0) return NULL;
        struct pollfd p = {child->out, POLLIN, 0};
        if (poll(&p, 1, (int)left) <= 0) continue;
        ssize_t got = read(child->out, child->buf + child->len, sizeof child->buf - child->len);
        if (got <= 0) return NULL;
        child->len += (size_t)got;
    }
}

static const char *hear(void) {
    const char *line = hear_within(10000);
    cr_assert(line, "the engine did not answer within 10 s");
    return line;
}

/* Skips info lines; returns the bestmove line. */
static const char *hear_bestmove(int ms) {
    for (const char *line; (line = hear_within(ms)) != NULL;)
        if (strncmp(line, "info ", 5)) return line;
    return NULL;
}

static int exit_status_within(int ms) {
    long long deadline = now_ms() + ms;
    int status;
    while (now_ms() < deadline) {
        if (waitpid(child->pid, &status, WNOHANG) == child->pid) return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
        sleep_ms(5);
    }
    return -1;
}

TestSuite(engine_pipe, .init = start_engine, .fini = stop_engine, .timeout = 60);

Test(engine_pipe, answers_hep_and_isready) {
    say("hep");
    cr_assert(!strncmp(hear(), "id name halma", 13));
    const char *line;
    while ((line = hear()) && !strncmp(line, "id ", 3)) {}
    while (!strncmp(line, "option ", 7)) line = hear();
    cr_assert_str_eq(line, "hepok");
    say("isready");
    cr_assert_str_eq(hear(), "readyok");
}

Test(engine_pipe, replies_come_in_the_order_of_the_commands) {
    say("legal");
    say("fly");
    say("fen");
    say("go depth 1");
    say("isready");
    cr_assert(!strncmp(hear(), "legal 40 ", 9));
    cr_assert(!strncmp(hear(), "error unknown command 'fly'", 27));
    cr_assert(!strncmp(hear(), "fen ", 4));
    cr_assert(!strncmp(hear_bestmove(10000), "bestmove ", 9));
    cr_assert_str_eq(hear(), "readyok");
}

Test(engine_pipe, stop_ends_an_infinite_search) {
    say("go infinite");
    sleep_ms(100);
    say("stop");
    const char *line = hear_bestmove(HANG_MS);
    cr_assert(line && !strncmp(line, "bestmove ", 9), "no bestmove after stop");
    say("isready");
    cr_assert_str_eq(hear(), "readyok");
}

/* The child's processor time so far, in clock ticks (/proc/PID/stat). */
static long cpu_ticks(void) {
    char path[64], stat[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)child->pid);
    FILE *f = fopen(path, "r");
    cr_assert(f);
    size_t n = fread(stat, 1, sizeof stat - 1, f);
    fclose(f);
    stat[n] = '\0';
    long utime = 0, stime = 0;
    const char *after_name = strrchr(stat, ')');
    cr_assert(after_name && sscanf(after_name + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %ld %ld", &utime, &stime) == 2);
    return utime + stime;
}

/* An infinite search that ends by itself (a win in one) answers only when
 * stopped, and waits without spinning. */
Test(engine_pipe, an_infinite_search_that_ends_waits_for_stop_without_spinning) {
    say("position variant 13 fen wwww12/wwww12/www13/w15/2w13/16/16/16/7b8/16/16/16/15b/13bbb/12bbbb/12bbbb w 50");
    say("go infinite");
    cr_assert(!strncmp(hear(), "info depth 1 score win 1 ", 25));
    long before = cpu_ticks();
    cr_assert_null(hear_within(500), "no bestmove before the stop");
    long spent = cpu_ticks() - before;
    cr_assert_leq(spent, sysconf(_SC_CLK_TCK) / 10, "waiting took %ld ticks of processor time", spent);
    say("stop");
    cr_assert_str_eq(hear_bestmove(HANG_MS), "bestmove c12-b13");
}

Test(engine_pipe, a_stop_sent_before_the_search_starts_is_not_lost) {
    write_all("go infinite\nstop\nisready\n", 25);
    const char *line = hear_bestmove(HANG_MS);
    cr_assert(line && !strncmp(line, "bestmove ", 9));
    cr_assert_str_eq(hear(), "readyok");
}

Test(engine_pipe, end_of_input_finishes_pending_work_and_exits) {
    say("position startpos moves l2-k3");
    say("go depth 2");
    close(child->in);
    child->in = -1;
    const char *line = hear_bestmove(10000);
    cr_assert(line && !strncmp(line, "bestmove ", 9));
    cr_assert_eq(exit_status_within(HANG_MS), 0);
}

Test(engine_pipe, end_of_input_stops_an_infinite_search) {
    say("go infinite");
    close(child->in);
    child->in = -1;
    const char *line = hear_bestmove(HANG_MS);
    cr_assert(line && !strncmp(line, "bestmove ", 9));
    cr_assert_eq(exit_status_within(HANG_MS), 0);
}

Test(engine_pipe, quit_exits_at_once) {
    say("quit");
    cr_assert_eq(exit_status_within(HANG_MS), 0);
}

Test(engine_pipe, quit_during_an_infinite_search_exits) {
    say("go infinite");
    sleep_ms(50);
    say("quit");
    cr_assert_eq(exit_status_within(HANG_MS), 0);
}

Test(engine_pipe, survives_long_lines_and_binary_junk) {
    size_t n = 200 * 1024;
    char *junk = malloc(n);
    memset(junk, 'x', n);
    write_all(junk, n);
    write_all("\n", 1);
    cr_assert(!strncmp(hear(), "error line longer", 17));
    unsigned seed = 12345;
    for (size_t i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        junk[i] = (char)(seed >> 16);
    }
    write_all(junk, n);
    free(junk);
    say("");
    say("isready");
    for (const char *line; (line = hear()) != NULL;) {
        if (!strcmp(line, "readyok")) break;
        cr_assert(!strncmp(line, "error ", 6) || !strncmp(line, "legal ", 6) || !strncmp(line, "fen ", 4) ||
                  !strncmp(line, "status ", 7) || !strncmp(line, "bestmove ", 9) || !strncmp(line, "info ", 5),
                  "unexpected reply to junk: %.80s", line);
    }
    say("fen");
    cr_assert(!strncmp(hear(), "fen bbbbb11/", 12));
}

Test(engine_pipe, accepts_crlf_line_endings) {
    write_all("isready\r\nfen\r\n", 14);
    cr_assert_str_eq(hear(), "readyok");
    cr_assert(!strncmp(hear(), "fen ", 4));
}

Test(engine_pipe, perft_answers_and_stop_interrupts_a_deep_one) {
    say("perft 3");
    cr_assert_str_eq(hear(), "perft 3 85440");
    say("perft 9");
    sleep_ms(100);
    say("stop");
    const char *line = hear_within(HANG_MS);
    cr_assert(line && !strncmp(line, "error perft 9 stopped", 21), "%s", line ? line : "(nothing)");
}

/* ---- abuse: what hostile or careless drivers send ---------------------- */

static void assert_alive_and_unchanged(const char *fen_prefix) {
    say("isready");
    for (const char *line; (line = hear()) != NULL;) {
        if (!strcmp(line, "readyok")) break;
    }
    say("fen");
    const char *fen = hear();
    cr_assert(!strncmp(fen, fen_prefix, strlen(fen_prefix)), "the position changed: %s", fen);
}

Test(engine_pipe, megabytes_of_random_bytes_change_nothing) {
    say("position startpos moves l2-k3");
    size_t n = 4 << 20;
    char *junk = malloc(n);
    unsigned seed = 777;
    for (size_t i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        junk[i] = (char)(seed >> 16);
        if (junk[i] == '\n' && (seed & 0x300)) junk[i] = 'q'; /* long lines too */
    }
    /* Written in chunks while the replies are drained, so neither pipe fills. */
    for (size_t off = 0; off < n; off += 65536) {
        write_all(junk + off, 65536);
        while (hear_within(0)) {}
    }
    free(junk);
    write_all("\n", 1);
    assert_alive_and_unchanged("fen bbbbb11/bbbbb11/bbbb12/bbb13/bb14/16/16/16/16/16/16/14ww/13www/10w1wwww/12wwww/11wwwww b 1");
}

Test(engine_pipe, absurd_go_limits_are_obeyed_or_refused) {
    const char *fine[] = {"go depth 0", "go nodes 1", "go movetime 0", "go movetime 1",
                          "go nodes 4611686018427387903 depth 1", "go wtime 0 btime 0", "go wtime -50 btime -50",
                          "go movetime 10 depth 99 nodes 99999999999"};
    for (size_t i = 0; i < sizeof fine / sizeof *fine; i++) {
        say(fine[i]);
        const char *line = hear_bestmove(HANG_MS);
        cr_assert(line && !strncmp(line, "bestmove ", 9) && strcmp(line, "bestmove none"), "'%s' -> %s", fine[i],
                  line ? line : "(nothing)");
    }
    const char *refused[] = {"go depth -1", "go nodes -5", "go movetime x", "go nodes 99999999999999999999999",
                             "go movetime", "go infinite infinite depth"};
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
        say(refused[i]);
        const char *line = hear_within(HANG_MS);
        cr_assert(line && !strncmp(line, "error ", 6), "'%s' -> %s", refused[i], line ? line : "(nothing)");
    }
    assert_alive_and_unchanged("fen bbbbb11/");
}

/* Limits too large to reach are obeyed like `infinite`: `stop` ends them. */
Test(engine_pipe, huge_limits_end_with_stop) {
    const char *huge[] = {"go movetime 999999999999", "go depth 1000", "go nodes 4611686018427387903"};
    for (size_t i = 0; i < sizeof huge / sizeof *huge; i++) {
        say(huge[i]);
        sleep_ms(200);
        say("stop");
        const char *line = hear_bestmove(HANG_MS);
        cr_assert(line && !strncmp(line, "bestmove ", 9), "'%s' did not stop", huge[i]);
    }
}

Test(engine_pipe, stop_at_any_time_never_loses_an_answer) {
    /* Stops sprinkled before, during and after searches: every go gets
     * exactly one bestmove, and nothing else goes missing. */
    const char *script[] = {"stop", "go infinite", "stop", "stop", "go depth 3", "stop", "go movetime 50",
                            "isready", "stop", "go nodes 5000", "stop", "stop", "legal"};
    for (size_t i = 0; i < sizeof script / sizeof *script; i++) say(script[i]);
    int bestmoves = 0, readyoks = 0;
    bool legal = false;
    for (const char *line; !legal && (line = hear_within(10000)) != NULL;) {
        bestmoves += !strncmp(line, "bestmove ", 9);
        readyoks += !strcmp(line, "readyok");
        legal = !strncmp(line, "legal ", 6);
        cr_assert(strncmp(line, "error", 5), "unexpected %s", line);
    }
    cr_assert(legal, "the last command was not answered");
    cr_assert_eq(bestmoves, 4);
    cr_assert_eq(readyoks, 1);
}

Test(engine_pipe, commands_out_of_order_are_answered_in_order) {
    /* A driver that forgets to wait: setup commands arrive during a search
     * and take effect after it, in the order sent. */
    say("go depth 4");
    say("position startpos moves l2-k3");
    say("fen");
    say("go depth 1");
    say("position garbage");
    say("fen");
    const char *first = hear_bestmove(10000);
    cr_assert(first && !strncmp(first, "bestmove ", 9));
    cr_assert(!strncmp(hear(), "fen ", 4));
    cr_assert(!strncmp(hear_bestmove(10000), "bestmove ", 9));
    cr_assert(!strncmp(hear(), "error ", 6));
    const char *fen = hear();
    cr_assert(strstr(fen, " b 1"), "a refused position changed the game: %s", fen);
}

Test(engine_pipe, four_players_through_the_pipe) {
    say("position players 4 startpos moves o4-n5 b4-c5");
    say("fen");
    say("legal");
    say("perft 2");
    say("status");
    say("board");
    cr_assert_str_eq(hear(), "fen bbbb8yyyy/bbbb8yyyy/bbb10yyy/bb12yy/16/16/16/16/16/16/16/2r10w2/r14w/rrr10www/"
                             "rrrr8wwww/rrrr8wwww b 2");
    cr_assert(!strncmp(hear(), "legal 32 ", 9));
    cr_assert_str_eq(hear(), "perft 2 1024");
    cr_assert_str_eq(hear(), "status ongoing");
    cr_assert(strstr(hear(), " a b c d e f g h i j k l m n o p"));
    cr_assert(strstr(hear(), "16  B B B B"));
}

Test(engine_pipe, three_and_four_player_lines_refused_and_nothing_changed) {
    say("position players 3 startpos moves o4-n5");
    say("position players 3 partners startpos");
    say("position variant 19 players 4 startpos");
    say("position players 3 startpos moves o4-n5 o13-n12");
    say("go movetime 50 rtime 100 ytime");
    say("fen");
    say("isready");
    cr_assert_str_eq(hear(), "error partners needs players 4 (White and Black against Red and Yellow)");
    cr_assert(!strncmp(hear(), "error three and four players play on 13-piece camps", 51));
    cr_assert(!strncmp(hear(), "error move 2 (o13-n12): ", 24));
    cr_assert_str_eq(hear(), "error go ytime needs a whole number");
    cr_assert(strstr(hear(), " r 1"), "a refused line changed the game");
    cr_assert_str_eq(hear(), "readyok");
}

Test(engine_pipe, three_and_four_players_search_and_stop) {
    say("position players 4 startpos moves o4-n5");
    say("go movetime 100 rtime 1000 ytime 1000");
    const char *line = hear_bestmove(HANG_MS);
    cr_assert(line && !strncmp(line, "bestmove ", 9), "no bestmove: %s", line ? line : "(none)");
    say("position players 3 startpos");
    say("go infinite");
    sleep_ms(150);
    say("stop");
    line = hear_bestmove(HANG_MS);
    cr_assert(line && !strncmp(line, "bestmove ", 9), "no bestmove after stop");
    say("position players 4 partners startpos");
    say("go wtime 3000 btime 3000 rtime 3000 ytime 3000");
    line = hear_bestmove(HANG_MS);
    cr_assert(line && !strncmp(line, "bestmove ", 9), "no bestmove on the clocks");
    say("isready");
    cr_assert_str_eq(hear(), "readyok");
}
