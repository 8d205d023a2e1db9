/* The engine protocol, driven in-process line by line. */
#include "helpers.h"

#include <stdio.h>
#include <stdlib.h>

#include "cli/protocol.h"

typedef struct {
    char lines[64][4096];
    int count;
} Replies;

static void capture(void *ctx, const char *line) {
    Replies *r = ctx;
    if (r->count < 64) {
        strncpy(r->lines[r->count], line, sizeof r->lines[0] - 1);
        r->lines[r->count][sizeof r->lines[0] - 1] = '\0';
    }
    r->count++;
}

static Protocol *proto;
static Replies *replies;

static void setup(void) {
    proto = malloc(sizeof *proto);
    replies = calloc(1, sizeof *replies);
    cr_assert(protocol_init(proto, capture, replies));
}

static void teardown(void) {
    protocol_free(proto);
    free(proto);
    free(replies);
}

/* Sends one line and returns the first reply ("" if none). */
static const char *send(const char *line) {
    replies->count = 0;
    protocol_execute(proto, line, strlen(line));
    return replies->count ? replies->lines[0] : "";
}

static bool starts_with(const char *s, const char *prefix) { return !strncmp(s, prefix, strlen(prefix)); }

TestSuite(protocol, .init = setup, .fini = teardown);

Test(protocol, hep_names_the_engine_and_its_options) {
    send("hep");
    cr_assert(starts_with(replies->lines[0], "id name halma "));
    cr_assert(starts_with(replies->lines[1], "id author "));
    bool level = false, hash = false;
    for (int i = 2; i < replies->count - 1; i++) {
        cr_assert(starts_with(replies->lines[i], "option name "), "%s", replies->lines[i]);
        level |= !strcmp(replies->lines[i], "option name Level type spin default 10 min 1 max 10");
        hash |= starts_with(replies->lines[i], "option name Hash type spin default ");
    }
    cr_assert(level && hash);
    cr_assert_str_eq(replies->lines[replies->count - 1], "hepok");
}

Test(protocol, isready_answers_readyok) { cr_assert_str_eq(send("isready"), "readyok"); }

Test(protocol, legal_lists_the_40_first_moves_with_shortest_paths) {
    const char *reply = send("legal");
    cr_assert(starts_with(reply, "legal 40 "), "%s", reply);
    cr_assert(strstr(reply, " n4-p6 ") || strstr(reply, " n4-p6"), "%s", reply);
    cr_assert(strstr(reply, " l2-k3 "));
}

Test(protocol, position_with_moves_and_fen) {
    cr_assert_str_eq(send("position startpos moves l2-k3 e15-f14"), "");
    cr_assert_str_eq(send("fen"),
                     "fen bbbbb11/bbbb12/bbbb1b10/bbb13/bb14/16/16/16/16/16/16/14ww/13www/10w1wwww/12wwww/11wwwww w 2");
    cr_assert_str_eq(send("position variant 13 startpos"), "");
    cr_assert_str_eq(send("fen"), "fen bbbb12/bbbb12/bbb13/bb14/16/16/16/16/16/16/16/16/14ww/13www/12wwww/12wwww w 0");
    /* Without "variant 13" the position is read as a 19-piece one. */
    cr_assert_str_eq(send("position fen bbbb12/bbbb12/bbb13/bb14/16/16/16/16/16/16/16/16/14ww/13www/12wwww/12wwww b 7"),
                     "error bad fen: White has 13 pieces; the 19-piece game needs 19");
    cr_assert_str_eq(send("position variant 13 fen bbbb12/bbbb12/bbb13/bb14/16/16/16/16/16/16/16/16/14ww/13www/12wwww/12wwww b 7 moves d16-e15"), "");
    cr_assert_str_eq(send("fen"), "fen bbb13/bbbbb11/bbb13/bb14/16/16/16/16/16/16/16/16/14ww/13www/12wwww/12wwww w 8");
}

Test(protocol, an_illegal_move_is_named_and_changes_nothing) {
    send("position startpos moves l2-k3");
    const char *before = "fen bbbbb11/bbbbb11/bbbb12/bbb13/bb14/16/16/16/16/16/16/14ww/13www/10w1wwww/12wwww/11wwwww b 1";
    cr_assert_str_eq(send("fen"), before);
    cr_assert_str_eq(send("position startpos moves n4-m5 m5-l6"),
                     "error move 2 (m5-l6): it is Black's turn, m5 holds a White piece");
    cr_assert_str_eq(send("fen"), before);
}

Test(protocol, bad_positions_are_refused) {
    send("position startpos moves l2-k3");
    const char *bad[] = {"position", "position sideways", "position variant 15 startpos", "position variant",
                         "position fen", "position fen 16 w", "position fen bbbbb11 w 0",
                         "position startpos moves", "position startpos then l2-k3",
                         "position startpos moves l2-k3 pass", "position startpos moves l2-k9"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        const char *reply = send(bad[i]);
        if (!strcmp(bad[i], "position startpos moves")) {
            cr_assert_str_eq(reply, "", "an empty move list is fine");
            send("position startpos moves l2-k3");
            continue;
        }
        cr_assert(starts_with(reply, "error "), "'%s' answered '%s'", bad[i], reply);
        cr_assert(strstr(send("fen"), " b 1"), "'%s' changed the position", bad[i]);
    }
}

Test(protocol, go_answers_a_legal_bestmove) {
    send("position startpos moves l2-k3");
    send("go depth 2");
    const char *last = replies->lines[replies->count - 1];
    cr_assert(starts_with(last, "bestmove "), "%s", last);
    char position[256];
    snprintf(position, sizeof position, "position startpos moves l2-k3 %s", last + 9);
    cr_assert_str_eq(send(position), "", "the bestmove was refused");
    for (int i = 0; i < replies->count - 1; i++) cr_assert(starts_with(replies->lines[i], "info "));
}

Test(protocol, go_after_the_end_answers_bestmove_none) {
    send("position fen wwwww11/wwwww11/wwww12/www13/ww14/16/16/16/4bbbbbbbbbb2/4bbbbbbbbb3/16/16/16/16/16/16 b 100");
    cr_assert_str_eq(send("status"), "status win w");
    cr_assert_str_eq(send("go movetime 10"), "bestmove none");
}

Test(protocol, go_refuses_bad_limits) {
    const char *bad[] = {"go depth", "go depth x", "go movetime -5", "go nodes 1e9", "go sideways", "go depth 99999999999999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        cr_assert(starts_with(send(bad[i]), "error "), "'%s'", bad[i]);
}

Test(protocol, perft_counts) {
    cr_assert_str_eq(send("perft 3"), "perft 3 85440");
    send("position variant 13 startpos");
    cr_assert_str_eq(send("perft 2"), "perft 2 1024");
    cr_assert(starts_with(send("perft"), "error "));
    cr_assert(starts_with(send("perft -1"), "error "));
    cr_assert(starts_with(send("perft 99"), "error "));
}

Test(protocol, status_follows_the_game) {
    cr_assert_str_eq(send("status"), "status ongoing");
    send("position startpos moves l2-k3 e15-f14 k3-l2 f14-e15 l2-k3 e15-f14 k3-l2 f14-e15");
    cr_assert_str_eq(send("status"), "status draw repetition");
    send("setoption name TurnLimit value 3");
    send("position startpos moves l2-k3 e15-f14 k3-l2");
    cr_assert_str_eq(send("status"), "status draw turnlimit");
    cr_assert(starts_with(send("position startpos moves l2-k3 e15-f14 k3-l2 f14-e15"), "error move 4"));
}

Test(protocol, setoption_checks_names_and_values) {
    cr_assert_str_eq(send("setoption name Level value 3"), "");
    cr_assert_str_eq(send("setoption name level value 10"), "");
    cr_assert_str_eq(send("setoption name Hash value 2"), "");
    const char *bad[] = {"setoption name Level value 0", "setoption name Level value 11", "setoption name Level value x",
                         "setoption name Hash value 0", "setoption name Colour value 1", "setoption name Level",
                         "setoption Level 3", "setoption name TurnLimit value 0"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        cr_assert(starts_with(send(bad[i]), "error "), "'%s'", bad[i]);
}

Test(protocol, hash_option_gives_the_table_all_of_its_memory) {
    /* Memory handed over unaligned would cost the table half of it. */
    for (int mb = 1; mb <= 4; mb *= 2) {
        char line[64];
        snprintf(line, sizeof line, "setoption name Hash value %d", mb);
        cr_assert_str_eq(send(line), "");
        cr_assert_eq(proto->engine.tt.mask + 1, ((size_t)mb << 20) / sizeof(TTBucket), "Hash %d", mb);
    }
}

Test(protocol, newgame_goes_back_to_the_start) {
    send("position variant 13 startpos moves m2-l3");
    cr_assert_str_eq(send("newgame"), "");
    cr_assert_str_eq(send("fen"), "fen bbbb12/bbbb12/bbb13/bb14/16/16/16/16/16/16/16/16/14ww/13www/12wwww/12wwww w 0");
}

Test(protocol, board_draws_16_ranks) {
    send("board");
    cr_assert_eq(replies->count, 18);
    cr_assert(strstr(replies->lines[1], "16"));
}

Test(protocol, bad_lines_get_an_error_and_change_nothing) {
    send("position startpos moves l2-k3");
    cr_assert(starts_with(send("fly"), "error unknown command"));
    cr_assert(starts_with(send("legal now"), "error "));
    cr_assert(starts_with(send("fen\t"), "error "));
    cr_assert(starts_with(send("\x01\xff"), "error "));
    cr_assert_str_eq(send(""), "");
    cr_assert_str_eq(send("   "), "");
    char *huge = malloc(MAX_LINE + 2);
    memset(huge, 'a', MAX_LINE + 1);
    replies->count = 0;
    protocol_execute(proto, huge, MAX_LINE + 1);
    free(huge);
    cr_assert(starts_with(replies->lines[0], "error line longer"));
    cr_assert(strstr(send("fen"), " b 1"));
}

Test(protocol, words_may_be_separated_by_several_spaces) {
    cr_assert_str_eq(send("  position   startpos   moves  l2-k3  "), "");
    cr_assert(strstr(send("fen"), " b 1"));
}

Test(protocol, quit_ends_the_session) {
    cr_assert(protocol_execute(proto, "isready", 7));
    cr_assert_not(protocol_execute(proto, "quit", 4));
}
