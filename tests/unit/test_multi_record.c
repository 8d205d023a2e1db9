/* Game records of three and four players (docs/RECORD.md): the headers
 * that name the kind of game, lone FENs, results, and replay. */
#include "helpers.h"

#include <stdio.h>

#include "core/record.h"

static Record record;
static Game multi;
static Game game;
static RecordProblem problem;

static bool parse(const char *text) { return record_parse(text, (int)strlen(text), &record, &problem); }

static void assert_refused(const char *text, RecordError error, const char *detail) {
    cr_assert_not(parse(text), "'%s' was accepted", text);
    cr_assert_eq(problem.error, error, "'%s': error %s", text, record_error_code(problem.error));
    cr_assert_str_eq(problem.detail, detail);
}

Test(multi_record, names_its_players_seats_and_partners) {
    const char *text = "[Game \"Halma\"]\n[Players \"4\"]\n[Partners \"yes\"]\n[White \"Ann\"]\n[Red \"Bo\"]\n"
                       "[Black \"Cy\"]\n[Yellow \"Di\"]\n[Result \"*\"]\n\n"
                       "1. o4-n5 b4-c5 b13-c12 o13-n12\n2. n5-m6 *\n";
    cr_assert(parse(text), "%s", record_error_code(problem.error));
    cr_assert_eq(record.players, 4);
    cr_assert(record.partners);
    cr_assert_eq(record.variant, VARIANT_13);
    cr_assert_eq(record.turn_limit, 800, "200 turns a seat when no TurnLimit is given");
    cr_assert_eq(record.move_count, 5);
    cr_assert(record_replay(text, &record, &multi, &problem), "%s", problem.reason);
    cr_assert_eq(multi.length, 5);
    cr_assert(multi.pos.partners && multi.pos.players == 4);
    cr_assert_eq(multi.pos.seat, SEAT_RED);
}

Test(multi_record, three_players_and_their_turn_limit) {
    const char *text = "[Players \"3\"]\n[Variant \"13\"]\n[TurnLimit \"90\"]\n1. o4-n5 b4-c5 b13-c12 2. n5-m6\n";
    cr_assert(parse(text));
    cr_assert_eq(record.players, 3);
    cr_assert_eq(record.turn_limit, 90);
    cr_assert(record_replay(text, &record, &multi, &problem), "%s", problem.reason);
    cr_assert_eq(multi.turn_limit, 90);
    cr_assert(parse("[Players \"3\"]\n"));
    cr_assert_eq(record.turn_limit, 600);
}

Test(multi_record, results_of_each_seat_close_the_moves) {
    const char *scores[] = {"0-1-0-0", "1-0-1-0", "1/2-1/2-1/2-1/2", "0-0-1", "1/2-1/2-1/2"};
    for (size_t i = 0; i < sizeof scores / sizeof *scores; i++) {
        char text[128];
        snprintf(text, sizeof text, "[Players \"4\"]\n1. o4-n5 %s\n", scores[i]);
        cr_assert(parse(text), "'%s' refused", scores[i]);
        cr_assert_eq(record.move_count, 1);
    }
    assert_refused("[Players \"4\"]\n1. o4-n5 1-0-0-\n", RECORD_BAD_MOVE, "1-0-0-");
    assert_refused("[Players \"4\"]\n1. o4-n5 1-2-0\n", RECORD_BAD_MOVE, "1-2-0");
    assert_refused("[Players \"4\"]\n1. o4-n5 1-0-0-0-0\n", RECORD_BAD_MOVE, "1-0-0-0-0");
}

Test(multi_record, a_lone_fen_tells_its_kind_by_its_letters) {
    cr_assert(parse(START_FOUR));
    cr_assert(record.players == 4 && !record.partners && record.variant == VARIANT_13);
    cr_assert_eq(record.turn_limit, 800);
    cr_assert(parse(START_THREE));
    cr_assert_eq(record.players, 3);
    cr_assert(record_replay(START_THREE, &record, &multi, &problem));
    cr_assert_eq(multi.pos.players, 3);
    cr_assert(parse("bbbb12/bbbb12/bbb13/bb14/16/16/16/16/16/16/16/16/14ww/13www/12wwww/12wwww w 0"));
    cr_assert_eq(record.players, 2);
    cr_assert(parse("bbbb12/bbbb12/bbb13/bb14/16/16/16/16/16/16/16/16/14ww/13www/12wwww/12wwww r 0"));
    cr_assert_eq(record.players, 3, "a seat to move 'r' is three players");
    cr_assert_not(record_replay("", &record, &multi, &problem));
    cr_assert_eq(problem.error, RECORD_BAD_POSITION);
    cr_assert_str_eq(problem.reason, "Red has 0 pieces; the 13-piece game needs 13");
}

Test(multi_record, refuses_kinds_that_cannot_be) {
    assert_refused("[Players \"5\"]\n", RECORD_BAD_PLAYERS, "5");
    assert_refused("[Players \"four\"]\n", RECORD_BAD_PLAYERS, "four");
    assert_refused("[Partners \"maybe\"]\n", RECORD_BAD_PARTNERS, "maybe");
    assert_refused("[Players \"3\"]\n[Partners \"yes\"]\n", RECORD_BAD_PARTNERS, "yes");
    assert_refused("[Partners \"yes\"]\n", RECORD_BAD_PARTNERS, "yes");
    assert_refused("[Variant \"19\"]\n[Players \"4\"]\n", RECORD_BAD_VARIANT, "19");
    assert_refused("[Players \"4\"]\n[Variant \"19\"]\n", RECORD_BAD_VARIANT, "19");
    const char *two = "[Players \"2\"]\n[Partners \"no\"]\n1. n4-m5\n";
    cr_assert(parse(two));
    cr_assert(record_replay(two, &record, &game, &problem), "%s", problem.reason);
    cr_assert_eq(game.length, 1);
}

Test(multi_record, is_replayed_as_a_game_of_its_own_seating) {
    const char *four = "[Players \"4\"]\n[Partners \"yes\"]\n1. o4-n5\n";
    cr_assert(parse(four));
    cr_assert(record_replay(four, &record, &game, &problem), "%s", problem.reason);
    cr_assert(game.pos.players == 4 && game.pos.partners && game.pos.seat == SEAT_RED && game.length == 1);
    cr_assert(parse("1. n4-m5\n"));
    cr_assert(record_replay("1. n4-m5\n", &record, &game, &problem), "%s", problem.reason);
    cr_assert(game.pos.players == 2 && game.pos.seat == SEAT_BLACK && game.length == 1);
}

Test(multi_record, names_the_first_illegal_move_and_stops_at_the_end) {
    const char *text = "[Players \"3\"]\n1. o4-n5 b13-c12\n";
    cr_assert(parse(text));
    cr_assert_not(record_replay(text, &record, &multi, &problem));
    cr_assert_eq(problem.error, RECORD_ILLEGAL_MOVE);
    cr_assert_eq(problem.number, 2);
    cr_assert_str_eq(problem.reason, "it is Red's turn, b13 holds a Black piece");
    cr_assert_eq(multi.length, 1);
    const char *over = "[Players \"3\"]\n[TurnLimit \"2\"]\n1. o4-n5 b4-c5 b13-c12\n";
    cr_assert(parse(over));
    cr_assert_not(record_replay(over, &record, &multi, &problem));
    cr_assert_str_eq(problem.reason, "the game is over (draw by the turn limit)");
}

/* ---- the house rule against spoiling (RULES-HOUSE.md) ---- */

Test(house_record, the_rules_header_is_read_and_the_moves_replayed_under_it) {
    /* White's o4-n5 leaves home; n5-o4 would come back to it. */
    const char *back = "[Rules \"nospoil\"]\n1. o4-n5 b13-c12 2. n5-o4\n";
    cr_assert(parse(back), "%s", record_error_code(problem.error));
    cr_assert_eq(record.rules, RULES_NOSPOIL);
    cr_assert_not(record_replay(back, &record, &game, &problem));
    cr_assert_eq(problem.error, RECORD_ILLEGAL_MOVE);
    cr_assert_eq(problem.number, 3);
    cr_assert_eq(problem.why.code, REFUSAL_RETURNS_HOME);

    const char *ok = "[Players \"4\"]\n[Rules \"nospoil\"]\n1. o4-n5 b4-c5 b13-c12 o13-n12\n";
    cr_assert(parse(ok));
    cr_assert(record_replay(ok, &record, &multi, &problem), "%s", problem.reason);
    cr_assert_eq(multi.pos.rules, RULES_NOSPOIL);

    cr_assert(parse("[Rules \"standard\"]\n1. o4-n5 b13-c12 2. n5-o4\n"));
    cr_assert_eq(record.rules, RULES_STANDARD);
    cr_assert(record_replay("[Rules \"standard\"]\n1. o4-n5 b13-c12 2. n5-o4\n", &record, &game, &problem));
    cr_assert(parse("1. o4-n5\n"));
    cr_assert_eq(record.rules, RULES_STANDARD, "no header: the seeds' rules");
    assert_refused("[Rules \"house\"]\n", RECORD_BAD_RULES, "house");
    cr_assert_str_eq(record_error_code(RECORD_BAD_RULES), "bad-rules");
}
