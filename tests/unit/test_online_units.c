/*
 * test_online_units.c: the small modules of online play on their own:
 * tokens (randomness, alphabet, hashes), Fischer clocks, rate limits, the
 * players' names.
 */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <string.h>

#include "online/display_names.h"
#include "online/game_clock.h"
#include "online/ratelimit.h"
#include "online/tokens.h"

Test(tokens, random_base64url_of_the_right_length) {
    char a[TOKEN_SIZE], b[TOKEN_SIZE], id[GAME_ID_SIZE];
    cr_assert(token_random(TOKEN_BYTES, a));
    cr_assert(token_random(TOKEN_BYTES, b));
    cr_assert(token_random(GAME_ID_BYTES, id));
    cr_assert_eq(strlen(a), TOKEN_SIZE - 1);
    cr_assert_eq(strlen(id), GAME_ID_SIZE - 1);
    cr_assert_geq(TOKEN_BYTES * 8, 128);
    cr_assert_geq(GAME_ID_BYTES * 8, 60);
    cr_assert_str_neq(a, b);
    cr_assert_eq(strspn(a, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"), strlen(a));
    cr_assert(token_well_formed(a));
    cr_assert(!token_well_formed(id), "a game id is no token");
    cr_assert(!token_well_formed(""));
    a[3] = '+';
    cr_assert(!token_well_formed(a), "not URL-safe");
}

Test(tokens, hashes) {
    uint8_t h1[TOKEN_HASH_SIZE], h2[TOKEN_HASH_SIZE], h3[TOKEN_HASH_SIZE];
    cr_assert(token_hash("abc", h1));
    cr_assert(token_hash("abc", h2));
    cr_assert(token_hash("abd", h3));
    /* SHA-256("abc") begins ba7816bf */
    cr_assert_eq(h1[0], 0xba);
    cr_assert_eq(h1[1], 0x78);
    cr_assert(token_hash_equal(h1, h2));
    cr_assert(!token_hash_equal(h1, h3));
    h2[TOKEN_HASH_SIZE - 1] ^= 1;
    cr_assert(!token_hash_equal(h1, h2), "the last byte counts");
}

static StoreGame timed(int64_t initial, int64_t increment) {
    StoreGame g = {.initial_ms = initial, .increment_ms = increment, .status = GAME_ONGOING, .draw_offer = -1};
    g.clock_ms[0] = g.clock_ms[1] = initial;
    return g;
}

Test(game_clock, starts_with_whites_first_move) {
    StoreGame g = timed(10000, 1000);
    cr_assert_eq(clock_running(&g), -1);
    cr_assert_eq(clock_flag_at(&g), 0);
    cr_assert(clock_after_move(&g, 0, 5000));
    g.ply = 1;
    cr_assert_eq(g.clock_ms[0], 10000, "White's first move costs nothing and earns nothing");
    cr_assert_eq(clock_running(&g), 1);
    cr_assert_eq(clock_left(&g, 1, 7000), 8000);
    cr_assert_eq(clock_left(&g, 0, 7000), 10000);
    cr_assert_eq(clock_flag_at(&g), 15000);
}

Test(game_clock, fischer_increment_and_flag) {
    StoreGame g = timed(10000, 1000);
    clock_after_move(&g, 0, 1000); /* wall clock times: 0 means "not started" */
    g.ply = 1;
    cr_assert(clock_after_move(&g, 1, 4000));
    g.ply = 2;
    cr_assert_eq(g.clock_ms[1], 10000 - 3000 + 1000);
    cr_assert_eq(clock_running(&g), 0);
    cr_assert_eq(clock_flag_at(&g), 4000 + 10000);
    StoreGame before = g;
    cr_assert(!clock_after_move(&g, 0, 14000), "at zero, the move is too late");
    cr_assert_eq(memcmp(&g, &before, sizeof g), 0, "and nothing changed");
    cr_assert_eq(clock_left(&g, 0, 20000), 0, "never below zero");
    clock_stop(&g, 5000);
    cr_assert_eq(g.clock_ms[0], 9000);
    cr_assert_eq(clock_running(&g), -1);
}

Test(game_clock, correspondence_days_for_each_move) {
    StoreGame g = timed(2 * DAY_MS, 0);
    g.days_per_move = 2;
    clock_game_begins(&g, 1000);
    cr_assert_eq(clock_running(&g), 0, "from the start: White's first move has its days too");
    cr_assert_eq(clock_flag_at(&g), 1000 + 2 * DAY_MS);
    cr_assert(clock_after_move(&g, 0, 1000 + DAY_MS));
    g.ply = 1;
    cr_assert_eq(g.clock_ms[0], 2 * DAY_MS, "set again for the next move, nothing carried over");
    cr_assert_eq(clock_flag_at(&g), 1000 + 3 * DAY_MS);
    cr_assert(!clock_after_move(&g, 1, 1000 + 3 * DAY_MS), "two days gone: too late");
    StoreGame fischer = timed(10000, 1000);
    clock_game_begins(&fischer, 1000);
    cr_assert_eq(clock_running(&fischer), -1, "a clock of minutes still starts with White's first move");
}

Test(game_clock, untimed) {
    StoreGame g = timed(-1, 0);
    cr_assert(clock_after_move(&g, 0, 1000));
    cr_assert_eq(clock_running(&g), -1);
    cr_assert_eq(clock_flag_at(&g), 0);
}

Test(ratelimit, requests_a_second) {
    RateLimits limits = {.requests_per_second = 3, .games_per_hour = 2, .streams = 1};
    RateLimiter *r = ratelimit_new(&limits);
    for (int i = 0; i < 3; i++) cr_assert_eq(ratelimit_request(r, "1.2.3.4", 100.0), 0);
    cr_assert_eq(ratelimit_request(r, "1.2.3.4", 100.0), 1, "wait a second");
    cr_assert_eq(ratelimit_request(r, "5.6.7.8", 100.0), 0, "another address");
    cr_assert_eq(ratelimit_request(r, "1.2.3.4", 100.4), 0, "a third of a second refills one");
    ratelimit_free(r);
}

Test(ratelimit, games_an_hour_and_streams) {
    RateLimits limits = {.requests_per_second = 3, .games_per_hour = 2, .streams = 1};
    RateLimiter *r = ratelimit_new(&limits);
    cr_assert_eq(ratelimit_game(r, "a", 0), 0);
    cr_assert_eq(ratelimit_game(r, "a", 1), 0);
    unsigned wait = ratelimit_game(r, "a", 2);
    cr_assert(wait > 1000 && wait <= 1800, "half an hour for one more game: %u", wait);
    cr_assert(ratelimit_stream_open(r, "a"));
    cr_assert(!ratelimit_stream_open(r, "a"));
    ratelimit_stream_closed(r, "a");
    cr_assert(ratelimit_stream_open(r, "a"));
    ratelimit_free(r);
}

Test(ratelimit, zero_is_no_limit) {
    RateLimits limits = {0};
    RateLimiter *r = ratelimit_new(&limits);
    for (int i = 0; i < 100; i++) {
        cr_assert_eq(ratelimit_request(r, "a", 0), 0);
        cr_assert_eq(ratelimit_game(r, "a", 0), 0);
        cr_assert(ratelimit_stream_open(r, "a"));
    }
    ratelimit_free(r);
}

/* ---- the players' names (display_names.h) ---------------------------------------- */

static bool name_ok(const char *name) {
    char why[160];
    return display_name_valid(name, strlen(name), why, sizeof why);
}

Test(display_names, letters_of_any_script_marks_digits_and_four_signs) {
    const char *ok[] = {"Ada", "山田 太郎", "Ελένη", "محمد", "देवनागरी", "Nguyễn", "O'Brien-Smith_Jr.", "R2 D2", "x"};
    for (size_t k = 0; k < sizeof ok / sizeof *ok; k++) cr_assert(name_ok(ok[k]), "%s", ok[k]);
    const char *refused[] = {"", " ", "   ", "<b>", "a&b", "a\tb", "a\nb", "a\x7f", "a\xe2\x80\xae", /* RLO */
                             "a\xe2\x80\x8d" /* ZWJ */, "\xf0\x9f\x98\x80" /* an emoji */, "a\xc3", /* cut short */
                             "a\xc0\xaf\x62" /* overlong */, "a\"b", "a/b", "a\\b"};
    for (size_t k = 0; k < sizeof refused / sizeof *refused; k++) cr_assert(!name_ok(refused[k]), "%s", refused[k]);
}

/* ONLINE.md allows the space (U+0020) alone among the spaces: others look
 * the same and would let two names pass for one. */
Test(display_names, only_the_ascii_space) {
    const char *refused[] = {"a\xc2\xa0" "b" /* U+00A0 no-break */, "a\xe3\x80\x80" "b" /* U+3000 ideographic */,
                             "a\xe2\x80\x83" "b" /* U+2003 em */, "a\xe2\x80\xaf" "b" /* U+202F narrow no-break */,
                             "a\xe1\x9a\x80" "b" /* U+1680 ogham */};
    for (size_t k = 0; k < sizeof refused / sizeof *refused; k++) cr_assert(!name_ok(refused[k]), "%s", refused[k]);
    cr_assert(name_ok("a b"));
}

Test(display_names, counted_in_code_points_once_composed) {
    char name[256] = "";
    for (int k = 0; k < 24; k++) strcat(name, "e\xcc\x81"); /* e and a combining acute: one code point in NFC */
    cr_assert(name_ok(name), "24 once composed, 48 as given");
    strcat(name, "e\xcc\x81");
    cr_assert(!name_ok(name), "25 once composed");
    char why[160];
    cr_assert(!display_name_valid("abcdefghijklmnopqrstuvwxy", 25, why, sizeof why));
    cr_assert_str_eq(why, "a name has 24 characters at most");
    cr_assert(display_name_valid("abcdefghijklmnopqrstuvwx", 24, why, sizeof why));
    char big[1000];
    memset(big, 'x', sizeof big);
    cr_assert(!display_name_valid(big, sizeof big, why, sizeof why), "kilobytes");
}
