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
        cr_assert_eq(proto->player.two.tt.mask + 1, ((size_t)mb << 20) / sizeof(TTBucket), "Hash %d", mb);
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

/* ---- three and four players (PROTOCOL.md, Three and four players) ---- */

#define FOUR_START "bbbb8yyyy/bbbb8yyyy/bbb10yyy/bb12yy/16/16/16/16/16/16/16/16/rr12ww/rrr10www/rrrr8wwww/rrrr8wwww"
#define RED_NEAR_HOME "bbbb8rrrr/bbbb8rrrr/bbb10rrr/bb13r/14r1/16/16/16/yyyyyyyyyyyyy3/16/16/16/14ww/13www/12wwww/12wwww r 40"
#define BLACK_NEAR_PARTNERS_WIN \
    "wwww12/wwww12/www13/ww14/16/16/16/yyyyyyyyyyyyy3/rrrrrrrrrrrrr3/16/16/16/12b1bb/14bb/12bbbb/12bbbb b 90"

Test(protocol, four_players_from_the_start) {
    cr_assert_str_eq(send("position players 4 startpos"), "");
    cr_assert_str_eq(send("fen"), "fen " FOUR_START " w 0");
    cr_assert(starts_with(send("legal"), "legal 32 "));
    cr_assert_str_eq(send("perft 2"), "perft 2 1024");
    cr_assert_str_eq(send("status"), "status ongoing");
    cr_assert_str_eq(send("position variant 13 players 4 startpos moves o4-n5 b4-c5"), "");
    cr_assert(strstr(send("fen"), " b 2"), "Black moves after White and Red");
    cr_assert_str_eq(send("position players 3 startpos moves o4-n5 b4-c5 b13-c12"), "");
    cr_assert(strstr(send("fen"), "bbbb12/bbb13/") && strstr(send("fen"), " w 3"));
}

Test(protocol, three_players_from_the_contract_position) {
    send("position players 3 fen b15/w15/1b1bb11/3b12/3bb3b7/5b10/16/6wb8/5w1w1r6/3r1rrbbw6/4r1rr8/2r1r5wwb3/"
         "2r2rr3w1w1w1/12w1w1/3r8w3/16 w 87");
    cr_assert(starts_with(send("legal"), "legal 136 "));
    cr_assert_str_eq(send("perft 2"), "perft 2 22737");
}

Test(protocol, status_names_the_winning_seat_or_partnership) {
    send("position players 4 fen " RED_NEAR_HOME);
    cr_assert_str_eq(send("status"), "status ongoing");
    send("position players 4 fen " RED_NEAR_HOME " moves o12-o13");
    cr_assert_str_eq(send("status"), "status win r");
    cr_assert_str_eq(send("go movetime 10"), "bestmove none");
    send("position players 4 partners fen " BLACK_NEAR_PARTNERS_WIN " moves m4-n3");
    cr_assert_str_eq(send("status"), "status win w b");
    send("position players 4 fen " BLACK_NEAR_PARTNERS_WIN);
    cr_assert_str_eq(send("status"), "status win w", "each for themselves, White home has won");
}

Test(protocol, a_partner_home_passes) {
    /* Black, then Yellow, then White, who is home. */
    send("position players 4 partners fen " BLACK_NEAR_PARTNERS_WIN " moves m4-l5 a9-a10");
    cr_assert(strstr(send("fen"), " w 92"));
    cr_assert_str_eq(send("legal"), "legal 1 pass");
    cr_assert_str_eq(send("position players 4 partners fen " BLACK_NEAR_PARTNERS_WIN " moves m4-l5 a9-a10 a16-b16"),
                     "error move 3 (a16-b16): White has all of its pieces on its goal camp, so it has no move and passes");
    cr_assert_str_eq(send("position players 4 partners fen " BLACK_NEAR_PARTNERS_WIN " moves m4-l5 a9-a10 pass"), "");
    cr_assert(strstr(send("fen"), " r 93"));
}

Test(protocol, draws_for_three_and_four) {
    send("position players 4 startpos moves o4-n5 b4-c5 b13-c12 o13-n12 n5-o4 c5-b4 c12-b13 n12-o13 "
         "o4-n5 b4-c5 b13-c12 o13-n12 n5-o4 c5-b4 c12-b13 n12-o13");
    cr_assert_str_eq(send("status"), "status draw repetition");
    send("setoption name TurnLimit value 3");
    send("position players 3 startpos moves o4-n5 b4-c5 b13-c12");
    cr_assert_str_eq(send("status"), "status draw turnlimit");
}

Test(protocol, the_turn_limit_is_200_a_seat_unless_set) {
    send("position players 4 fen " FOUR_START " w 799 moves o4-n5");
    cr_assert_str_eq(send("status"), "status draw turnlimit");
    send("position players 3 fen " FOUR_START " w 599");
    cr_assert(starts_with(send("status"), "status "), "the position was refused: three have no Yellow");
    send("position players 4 fen " FOUR_START " w 600 moves o4-n5");
    cr_assert_str_eq(send("status"), "status ongoing");
    send("setoption name TurnLimit value 601");
    cr_assert_str_eq(send("status"), "status draw turnlimit", "TurnLimit holds for every number of players once set");
}

Test(protocol, malformed_multi_positions_are_refused_and_change_nothing) {
    send("position players 4 startpos moves o4-n5");
    const char *bad[] = {"position players", "position players 5 startpos", "position players 1 startpos",
                         "position players 3 partners startpos", "position players 2 partners startpos",
                         "position partners startpos", "position variant 19 players 4 startpos",
                         "position players 4 variant 13 startpos", "position players 3 startpos moves o4-n5 o13-n12",
                         "position players 3 fen " FOUR_START " w 0", "position players 4 fen " FOUR_START " b",
                         "position players 4 fen " FOUR_START " x 0", "position players 4 startpos moves pass",
                         "position players 4 startpos then o4-n5",
                         "position players 4 fen " RED_NEAR_HOME " moves o12-o13 b13-c12"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        const char *reply = send(bad[i]);
        cr_assert(starts_with(reply, "error "), "'%s' answered '%s'", bad[i], reply);
        cr_assert(strstr(send("fen"), " r 1"), "'%s' changed the position", bad[i]);
    }
    cr_assert_str_eq(send("position players 4 fen " RED_NEAR_HOME " moves o12-o13 b13-c12"),
                     "error move 2 (b13-c12): the game is over (Red wins)");
    cr_assert_str_eq(send("position players 3 fen " FOUR_START " w 0"),
                     "error bad fen: unexpected 'y' in rank 16 (use w, r, b and counts of empty squares)");
}

/* The last reply of a go (its bestmove), after checking every info line's form. */
static const char *go_multi(const char *line, const char *seats) {
    send(line);
    cr_assert_gt(replies->count, 1, "'%s': no info before the bestmove", line);
    for (int i = 0; i < replies->count - 1; i++) {
        const char *info = replies->lines[i];
        cr_assert(starts_with(info, "info depth "), "%s", info);
        cr_assert(strstr(info, " score "), "%s", info);
        cr_assert(strstr(info, seats), "'%s' lacks the seats' figures %s", info, seats);
        cr_assert(strstr(info, " pv "), "%s", info);
    }
    const char *best = replies->lines[replies->count - 1];
    cr_assert(starts_with(best, "bestmove "), "%s", best);
    return best;
}

/* The bestmove's move is legal: the position takes it. */
static void assert_playable(const char *position, const char *bestmove) {
    char line[1024];
    snprintf(line, sizeof line, "%s%s %s", position, strstr(position, " moves ") ? "" : " moves", bestmove + 9);
    cr_assert_str_eq(send(line), "", "'%s' refused", line);
}

Test(protocol, go_with_three_or_four_players) {
    const char *four = "position players 4 startpos moves o4-n5";
    send(four);
    const char *best = go_multi("go depth 3", " seats w:3844,r:3870,b:3870,y:3870 ");
    cr_assert(strstr(replies->lines[replies->count - 2], "info depth 3 "), "the last iteration is depth 3");
    assert_playable(four, best);
    send(four);
    assert_playable(four, go_multi("go nodes 3000", " seats w:"));
    send(four);
    assert_playable(four, go_multi("go movetime 50 rtime 500 ytime 500", " seats w:"));
    send(four);
    assert_playable(four, go_multi("go wtime 1000 btime 1000 rtime 300 ytime 1000", " seats w:"));
    const char *three = "position players 3 startpos";
    send(three);
    assert_playable(three, go_multi("go depth 2", " seats w:3870,r:3870,b:3870 "));
    const char *partners = "position players 4 partners startpos moves o4-n5 b4-c5";
    send(partners);
    assert_playable(partners, go_multi("go depth 4", " seats w:"));
    cr_assert(starts_with(send("go rtime"), "error go rtime needs a whole number"));
    send("position startpos");
    cr_assert(starts_with(send("go rtime 500"), "error unknown go parameter 'rtime'"), "two players have no Red");
}

#define WHITE_LAST_PIECE "wwww8yyyy/wwww8yyyy/www10yyy/w13yy/2w13/16/16/4bbbbbb6/4bbbbbbb5/16/16/16/rr14/rrr13/rrrr12/rrrr12 w 60"
#define WHITE_BOXED "12yyyy/12yyyy/13yyy/14yy/16/16/16/16/16/16/12brrr/11bbrrr/10bbbrww/10bbbwww/rr8bbwwww/rrrr6bbwwww w 60"

Test(protocol, go_claims_a_forced_win_and_passes_without_a_move) {
    cr_assert_str_eq(send("position players 4 fen " WHITE_LAST_PIECE), "");
    const char *best = go_multi("go depth 3", " seats w:");
    cr_assert(strstr(replies->lines[0], " score win 1 "), "%s", replies->lines[0]);
    cr_assert_str_eq(best, "bestmove c12-b13");
    cr_assert_str_eq(send("position players 4 fen " WHITE_BOXED), "");
    cr_assert_str_eq(send("legal"), "legal 1 pass");
    cr_assert_str_eq(go_multi("go depth 3", " seats w:"), "bestmove pass");
}

Test(protocol, back_to_two_players_and_newgame_keeps_the_kind) {
    send("position players 3 startpos moves o4-n5");
    cr_assert_str_eq(send("newgame"), "");
    cr_assert_str_eq(send("fen"), "fen bbbb12/bbbb12/bbb13/bb14/16/16/16/16/16/16/16/16/rr12ww/rrr10www/rrrr8wwww/rrrr8wwww w 0");
    send("position startpos");
    cr_assert(starts_with(send("legal"), "legal 40 "));
    send("position players 2 startpos");
    cr_assert(starts_with(send("legal"), "legal 40 "));
}

Test(protocol, board_marks_four_camps_and_four_seats) {
    send("position players 4 startpos moves o4-n5 b4-c5 b13-c12 o13-n12");
    send("board");
    cr_assert_eq(replies->count, 18);
    cr_assert(strstr(replies->lines[1], "16  B B B B") && strstr(replies->lines[1], "Y Y Y Y  16"), "%s", replies->lines[1]);
    cr_assert(strstr(replies->lines[4], " B : ") && strstr(replies->lines[4], " : Y "), "%s", replies->lines[4]);
    cr_assert(strstr(replies->lines[13], " R : ") && strstr(replies->lines[13], " : W "), "%s", replies->lines[13]);
}

/* ---- the house rule against spoiling (RULES-HOUSE.md) ---- */

/* 13-piece camps: Black's home full but a13, White's a12 beside it. */
#define PARLETT_FEN "bbbb11b/bbbb12/bbb13/1b14/w15/16/16/16/4wwwwwwww4/4wwww8/16/16/16/16/16/16 w 40"

Test(protocol, rules_nospoil_follows_in_legal_perft_status_and_go) {
    cr_assert_str_eq(send("position rules nospoil startpos"), "");
    cr_assert_str_eq(send("perft 3"), "perft 3 83840");
    cr_assert(starts_with(send("legal"), "legal 40 "));
    cr_assert_str_eq(send("position rules nospoil startpos moves o4-n5 b13-c12 n5-o4"),
                     "error move 3 (n5-o4): the move ends on o4, in its home camp, and under the house rule nospoil "
                     "a piece that has left its home camp never returns to it");
    send("position rules nospoil startpos moves o4-n5 b13-c12");
    cr_assert(!strstr(send("legal"), " n5-o4"), "no way back home in the list");
    send("position variant 13 rules nospoil fen " PARLETT_FEN);
    cr_assert_str_eq(send("status"), "status ongoing");
    cr_assert(starts_with(send("go depth 1"), "info "));
    cr_assert_str_eq(replies->lines[replies->count - 1], "bestmove a12-a13", "the move that wins at once");
    send("position variant 13 rules nospoil fen " PARLETT_FEN " moves a12-a13");
    cr_assert_str_eq(send("status"), "status win w");
    cr_assert_str_eq(send("go depth 1"), "bestmove none");
    send("position variant 13 rules standard fen " PARLETT_FEN " moves a12-a13");
    cr_assert_str_eq(send("status"), "status ongoing", "the seeds' rules need every piece home");
    send("position players 4 partners rules nospoil startpos");
    cr_assert_str_eq(send("perft 2"), "perft 2 1024");
    send("position rules nospoil startpos");
    cr_assert_str_eq(send("newgame"), "");
    cr_assert_str_eq(send("fen"), "fen bbbbb11/bbbbb11/bbbb12/bbb13/bb14/16/16/16/16/16/16/14ww/13www/12wwww/"
                                  "11wwwww/11wwwww w 0");
    cr_assert_str_eq(send("perft 3"), "perft 3 83840", "newgame keeps the rules");
}

Test(protocol, an_unknown_rules_word_is_refused_and_changes_nothing) {
    send("position rules nospoil startpos moves o4-n5");
    const char *bad[] = {"position rules house startpos", "position rules", "position rules NOSPOIL startpos",
                         "position rules nospoil", "position rules nospoil players 3 startpos"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        cr_assert(starts_with(send(bad[i]), "error "), "'%s' accepted", bad[i]);
        cr_assert_str_eq(send("fen"), "fen bbbbb11/bbbbb11/bbbb12/bbb13/bb14/16/16/16/16/16/16/13www/13w1w/12wwww/"
                                      "11wwwww/11wwwww b 1", "'%s' changed the game", bad[i]);
    }
    cr_assert_str_eq(send("position rules house startpos"), "error rules must be standard or nospoil");
}
