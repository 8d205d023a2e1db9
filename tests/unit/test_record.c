/* Game records (docs/RECORD.md): reading the form, replaying by the rules. */
#include "helpers.h"

#include <stdio.h>

#include "core/record.h"

static Record record;
static Game game;
static RecordProblem problem;

static bool parse(const char *text) { return record_parse(text, (int)strlen(text), &record, &problem); }

static void assert_refused(const char *text, RecordError error, const char *detail) {
    cr_assert_not(parse(text), "'%s' was accepted", text);
    cr_assert_eq(problem.error, error, "'%s': error %s", text, record_error_code(problem.error));
    if (detail) cr_assert_str_eq(problem.detail, detail);
}


Test(record, reads_headers_numbers_comments_and_the_result) {
    const char *text = "[Game \"Halma\"]\n[Variant \"13\"]\n[TurnLimit \"300\"]\n[White \"You\"]\n\n"
                       "1. m2-l3 {first} d15-e14 ; a remark\n2.l3-k4 2... e14-f13 *\n";
    cr_assert(parse(text), "%s", record_error_code(problem.error));
    cr_assert_eq(record.variant, VARIANT_13);
    cr_assert_eq(record.turn_limit, 300);
    cr_assert_str_eq(record.fen, "");
    cr_assert_eq(record.move_count, 4);
    const char *want[] = {"m2-l3", "d15-e14", "l3-k4", "e14-f13"};
    for (int i = 0; i < 4; i++)
        cr_assert(!strncmp(text + record.moves[i].start, want[i], strlen(want[i])) &&
                  record.moves[i].length == (int)strlen(want[i]), "move %d", i + 1);
    cr_assert(record_replay(text, &record, &game, &problem), "%s", problem.reason);
    cr_assert_eq(game.length, 4);
    cr_assert_eq(game.turn_limit, 300);
}

Test(record, defaults_to_the_standard_game) {
    cr_assert(parse("1. n4-m5"));
    cr_assert_eq(record.variant, VARIANT_19);
    cr_assert_eq(record.turn_limit, DEFAULT_TURN_LIMIT);
    cr_assert(record_replay("1. n4-m5", &record, &game, &problem));
}

Test(record, accepts_crlf_and_headers_anywhere) {
    const char *text = "1. n4-m5\r\n[Variant \"19\"]\r\nb13-c12\r";
    cr_assert(parse(text));
    cr_assert_eq(record.move_count, 2);
}

Test(record, starts_from_a_fen_header) {
    const char *text = "[FEN \"wwwww11/wwwww11/wwww12/www13/1w14/1w14/16/16/4bbbbbbbbbb2/4bbbbbbbbb3/16/16/16/16/16/16   w 120\"]\n"
                       "61. b11-a12 1-0\n";
    cr_assert(parse(text));
    cr_assert_str_eq(record.fen, "wwwww11/wwwww11/wwww12/www13/1w14/1w14/16/16/4bbbbbbbbbb2/4bbbbbbbbb3/16/16/16/16/16/16 w 120");
    cr_assert(record_replay(text, &record, &game, &problem));
    cr_assert_eq(game.result, RESULT_WHITE_WINS);
}

Test(record, a_lone_fen_is_a_position_and_its_variant_is_counted) {
    cr_assert(parse("  bbbb12/bbbb12/bbb13/bb14/16/16/16/16/16/16/16/16/14ww/13www/12wwww/12wwww   b  7 \n"));
    cr_assert_eq(record.variant, VARIANT_13);
    cr_assert_eq(record.move_count, 0);
    cr_assert_str_eq(record.fen, "bbbb12/bbbb12/bbb13/bb14/16/16/16/16/16/16/16/16/14ww/13www/12wwww/12wwww b 7");
    cr_assert(record_replay("", &record, &game, &problem));
    cr_assert_eq(game.pos.seat, BLACK);
}

Test(record, refuses_bad_forms_with_a_code) {
    assert_refused("", RECORD_EMPTY, NULL);
    assert_refused(" \n\t ", RECORD_EMPTY, NULL);
    assert_refused("[Variant \"15\"]\n1. n4-m5", RECORD_BAD_VARIANT, "15");
    assert_refused("[TurnLimit \"0\"]\n", RECORD_BAD_TURN_LIMIT, "0");
    assert_refused("[TurnLimit \"2001\"]\n", RECORD_BAD_TURN_LIMIT, "2001");
    assert_refused("[TurnLimit \"12a\"]\n", RECORD_BAD_TURN_LIMIT, "12a");
    assert_refused("[Variant \"19\"\n1. n4-m5", RECORD_BAD_HEADER, "[Variant \"19\"");
    assert_refused("1. n4-m5 z9-z10", RECORD_BAD_MOVE, "z9-z10");
    cr_assert_eq(problem.number, 2);
    assert_refused("1. n4-m5 <script>", RECORD_BAD_MOVE, "<script>");
    assert_refused("1. n4-m5 {never closed", RECORD_BAD_MOVE, "{never closed");
    assert_refused("1. n4-m5 \xc3\xa9", RECORD_BAD_MOVE, "??");
}

Test(record, refuses_what_is_too_long) {
    static char text[MAX_RECORD_TEXT + 2];
    memset(text, ' ', sizeof text - 1);
    text[sizeof text - 1] = '\0';
    assert_refused(text, RECORD_TOO_LONG, NULL);
    static char many[MAX_TURN_LIMIT * 6 + 16];
    Text t = text_on(many, sizeof many);
    for (int i = 0; i <= MAX_TURN_LIMIT; i++) text_str(&t, "pass ");
    assert_refused(many, RECORD_TOO_LONG, NULL);
}

Test(record, names_the_first_illegal_move_and_why) {
    const char *text = "1. n4-m5 b13-c12 2. m5-l6 c12-c11 3. l6-l9";
    cr_assert(parse(text));
    cr_assert_not(record_replay(text, &record, &game, &problem));
    cr_assert_eq(problem.error, RECORD_ILLEGAL_MOVE);
    cr_assert_eq(problem.number, 5);
    cr_assert_str_eq(problem.detail, "l6-l9");
    cr_assert(strstr(problem.reason, "no chain of hops leads from l6 to l9") || strstr(problem.reason, "hop"), "%s", problem.reason);
    cr_assert_eq(game.length, 4, "the game holds the moves before the illegal one");
}

Test(record, refuses_an_impossible_position) {
    const char *text = "[FEN \"16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 w 0\"]\n";
    cr_assert(parse(text));
    cr_assert_not(record_replay(text, &record, &game, &problem));
    cr_assert_eq(problem.error, RECORD_BAD_POSITION);
    cr_assert(strstr(problem.reason, "White has 0 pieces"));
}

Test(record, refuses_moves_after_the_end) {
    const char *text = "[FEN \"wwwww11/wwwww11/wwww12/www13/1w14/1w14/16/16/4bbbbbbbbbb2/4bbbbbbbbb3/16/16/16/16/16/16 w 120\"]\n"
                       "61. b11-a12 h9-h10\n";
    cr_assert(parse(text));
    cr_assert_not(record_replay(text, &record, &game, &problem));
    cr_assert_eq(problem.number, 2);
    cr_assert(strstr(problem.reason, "the game is over"));
}

/* The players' names are kept as written (blanks around them trimmed), so
 * that an imported game shows and exports them again. */
Test(record, keeps_the_players_names) {
    const char *text = "[White \"  Jiří Novák \"]\n[Black \"Computer, level 5\"]\n\n1. n4-m5 *\n";
    cr_assert(parse(text), "%s", record_error_code(problem.error));
    cr_assert_eq(record.white.length, (int)strlen("Jiří Novák"));
    cr_assert(!strncmp(text + record.white.start, "Jiří Novák", strlen("Jiří Novák")));
    cr_assert(!strncmp(text + record.black.start, "Computer, level 5", (size_t)record.black.length));
    cr_assert(parse("1. n4-m5"));
    cr_assert_eq(record.white.length, 0);
    cr_assert_eq(record.black.length, 0);
}
