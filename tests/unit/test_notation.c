/* Squares, paths and positions as text, and the refusal of malformed text. */
#include "helpers.h"

Test(squares, corners_and_centre) {
    cr_assert_eq(sq("a1"), 0);
    cr_assert_eq(sq("p1"), 15);
    cr_assert_eq(sq("a16"), 240);
    cr_assert_eq(sq("p16"), 255);
    cr_assert_eq(sq("h10"), 9 * 16 + 7);
}

Test(squares, every_square_round_trips) {
    for (int s = 0; s < NUM_SQUARES; s++) {
        char name[8];
        Text t = text_on(name, sizeof name);
        text_square(&t, s);
        cr_assert_eq(square_parse(name, t.len), s, "%s", name);
    }
}

Test(squares, malformed_names_are_refused) {
    const char *bad[] = {"", "a", "1", "q1", "a0", "a17", "a01", "A1", "a1x", "aa", "a-1", "p99", "z9", " a1"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        cr_assert_eq(square_parse(bad[i], (int)strlen(bad[i])), -1, "'%s' accepted", bad[i]);
}

static const char *path_error(const char *text) {
    uint8_t path[MAX_PATH];
    Refusal why;
    cr_assert_eq(path_parse(text, (int)strlen(text), path, &why), 0, "'%s' accepted", text);
    const char *err = refusal_english(&why);
    cr_assert(err[0]);
    return err;
}

Test(paths, malformed_paths_say_what_is_wrong) {
    cr_assert(strstr(path_error("n4"), "at least two squares"));
    cr_assert(strstr(path_error("n4-"), "empty square name"));
    cr_assert(strstr(path_error("-n4"), "empty square name"));
    cr_assert(strstr(path_error("n4--m5"), "empty square name"));
    cr_assert(strstr(path_error("n4-x5"), "'x5' is not a square"));
    cr_assert(strstr(path_error("n4 m5"), "not a square"));
}

Test(paths, too_long_a_path_is_refused) {
    char text[MAX_PATH * 4 + 16] = "a1";
    for (int i = 0; i < MAX_PATH; i++) strcat(text, "-a1");
    cr_assert(strstr(path_error(text), "too many squares"));
}

Test(paths, a_chain_parses_in_order) {
    uint8_t path[MAX_PATH];
    Refusal why;
    cr_assert_eq(path_parse("n1-n3-l5-j5", 11, path, &why), 4);
    cr_assert_eq(path[0], sq("n1"));
    cr_assert_eq(path[3], sq("j5"));
}

static const char *fen_error(Variant variant, const char *fen) {
    Position pos;
    position_start(&pos, VARIANT_13);
    Position before = pos;
    Refusal why;
    cr_assert_not(fen_parse(fen, variant, &pos, &why), "'%s' accepted", fen);
    cr_assert_eq(memcmp(&pos, &before, sizeof pos), 0, "a refused fen changed the position");
    const char *err = refusal_english(&why);
    cr_assert(err[0]);
    return err;
}

#define START19 "bbbbb11/bbbbb11/bbbb12/bbb13/bb14/16/16/16/16/16/16/14ww/13www/12wwww/11wwwww/11wwwww"

Test(fen, malformed_positions_say_what_is_wrong) {
    cr_assert(strstr(fen_error(VARIANT_19, ""), "rank 16 has fewer"));
    cr_assert(strstr(fen_error(VARIANT_19, START19), "side to move"));
    cr_assert(strstr(fen_error(VARIANT_19, START19 " x 0"), "side to move"));
    cr_assert(strstr(fen_error(VARIANT_19, START19 " w"), "number of turns"));
    cr_assert(strstr(fen_error(VARIANT_19, START19 " w -1"), "number of turns"));
    cr_assert(strstr(fen_error(VARIANT_19, START19 " w 5x"), "number of turns"));
    cr_assert(strstr(fen_error(VARIANT_19, START19 " w 0 extra"), "number of turns"));
    cr_assert(strstr(fen_error(VARIANT_19, START19 " w 99999999999"), "number of turns"));
    cr_assert(strstr(fen_error(VARIANT_13, START19 " w 0"), "the 13-piece game needs 13"));
    cr_assert(strstr(fen_error(VARIANT_19, "bbbbb11/bbbbb11/bbbb12/bbb13/bb14/16/16/16/16/16/16/14ww/13www/12wwww/11wwwww w 0"),
                     "16 ranks"));
    cr_assert(strstr(fen_error(VARIANT_19, START19 "/16 w 0"), "more than 16 ranks"));
    cr_assert(strstr(fen_error(VARIANT_19, "bbbbb12/bbbbb11/bbbb12/bbb13/bb14/16/16/16/16/16/16/14ww/13www/12wwww/11wwwww/11wwwww w 0"),
                     "rank 16 has more than 16"));
    cr_assert(strstr(fen_error(VARIANT_19, "bbbbb10/bbbbb11/bbbb12/bbb13/bb14/16/16/16/16/16/16/14ww/13www/12wwww/11wwwww/11wwwww w 0"),
                     "rank 16 has fewer than 16"));
    cr_assert(strstr(fen_error(VARIANT_19, "bbbbb11/bbbbb11/bbbb12/bbb13/bb14/16/16/16/16/16/16/14ww/13www/12wwww/11wwwww/11wwwwx w 0"),
                     "unexpected 'x' in rank 1"));
    cr_assert(strstr(fen_error(VARIANT_19, "bbbbb11/bbbbb11/bbbb12/bbb13/bb14/16/16/16/16/16/16/14ww/13www/12wwww/11wwwww/011wwwww w 0"),
                     "unexpected '0'"));
    cr_assert(strstr(fen_error(VARIANT_19, "bbbbb11/bbbbb11/bbbb12/bbb13/bb14/16/16/16/16/16/16/14ww/13www/12wwww/11wwwww/99999999999999999999 w 0"),
                     "more than 16"));
    cr_assert(strstr(fen_error(VARIANT_19, "bbbbb11/bbbbb11/bbbb12/bbb13/bb14/16/16/16/16/16/16/14ww/13www/12wwww/11wwwww/11wwwwb w 0"),
                     "White has 18 pieces"));
}

Test(fen, both_sides_home_is_impossible) {
    /* Swapped armies: each side stands in its goal camp. */
    const char *fen = "wwwww11/wwwww11/wwww12/www13/ww14/16/16/16/16/16/16/14bb/13bbb/12bbbb/11bbbbb/11bbbbb w 0";
    cr_assert(strstr(fen_error(VARIANT_19, fen), "both sides"));
}

Test(fen, round_trips_through_random_games) {
    static Game game;
    for (unsigned seed = 1; seed <= 30; seed++) {
        Variant v = seed % 2 ? VARIANT_19 : VARIANT_13;
        random_game(&game, v, (int)(seed * 7), seed);
        char fen[FEN_TEXT_SIZE];
        Text t = text_on(fen, sizeof fen);
        text_fen(&t, &game.pos);
        Position back = position_from_fen(v, fen);
        cr_assert(position_same(&back, &game.pos), "%s", fen);
        cr_assert_eq(back.hash, game.pos.hash);
        cr_assert_eq(back.turns, game.pos.turns);
    }
}

Test(fen, extra_spaces_between_fields_are_accepted) {
    Position pos = position_from_fen(VARIANT_19, START19 "  b   12");
    cr_assert_eq(pos.seat, BLACK);
    cr_assert_eq(pos.turns, 12);
    cr_assert_eq(pos.hash, position_compute_hash(&pos));
}
