/*
 * test_seats.c: the seats of three and four (online/seats.h), their draws
 * (online/draws.h) and how a seat leaves a game (online/outcome.h), on
 * rows made here: the turn order, who plays each seat, the rematch's
 * rotation; an offer accepted by every person still playing, declined, or
 * lapsing when the turn is the offerer's again; a seat that leaves handed to
 * the computer, partners losing together, no person left: abandoned.
 */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <string.h>

#include "online/draws.h"
#include "online/game_json.h"
#include "online/outcome.h"
#include "online/seats.h"

static StoreGame row(int players, bool partners) {
    StoreGame g = {.players = players, .partners = partners, .status = GAME_ONGOING, .winner = -1, .draw_offer = -1,
                   .initial_ms = -1};
    for (int seat = 0; seat < players; seat++) g.joined[seat] = true;
    return g;
}

Test(seats, turn_order_white_red_black_yellow) {
    StoreGame four = row(4, false), three = row(3, false), two = row(2, false);
    const int order4[] = {0, 2, 1, 3, 0}, order3[] = {0, 2, 1, 0};
    for (int t = 0; t < 5; t++) cr_assert_eq(seat_at_turn(&four, t), order4[t], "four, turn %d", t);
    for (int t = 0; t < 4; t++) cr_assert_eq(seat_at_turn(&three, t), order3[t], "three, turn %d", t);
    cr_assert_eq(seat_at_turn(&two, 3), 1);
    StoreGame old = row(0, false); /* a row of the first stores */
    cr_assert_eq(game_players(&old), 2);
    cr_assert(!seat_in_play(&three, 3), "no Yellow of three");
    cr_assert_eq(seat_first_turn(&four, 1), 2, "Black moves third");
    cr_assert_eq(seat_next(&four, 3), 0);
    cr_assert_str_eq(seat_name(2), "r");
    cr_assert_eq(seat_named("y"), 3);
    cr_assert_eq(seat_named("x"), -1);
}

Test(seats, a_rematch_moves_people_one_seat_on_computers_stay) {
    StoreGame two = row(2, false);
    cr_assert_eq(seat_in_rematch(&two, 0), 1);
    cr_assert_eq(seat_in_rematch(&two, 1), 0);
    StoreGame four = row(4, false);
    four.level[2] = 5; /* Red is the computer's */
    cr_assert_eq(seat_in_rematch(&four, 0), 1, "White's person passes over Red, the computer's, to Black");
    cr_assert_eq(seat_in_rematch(&four, 1), 3);
    cr_assert_eq(seat_in_rematch(&four, 3), 0);
    four.level[1] = LEFT_LEVEL; /* Black's person left: a person's seat still, for the rematch */
    snprintf(four.left[1], sizeof four.left[1], "resign");
    cr_assert_eq(seat_in_rematch(&four, 0), 1);
    cr_assert(!seat_human(&four, 1) && !seat_made_computer(&four, 1) && seat_made_computer(&four, 2));
    cr_assert_eq(humans_playing(&four), 2);
}

Test(draws, of_four_every_person_accepts) {
    StoreGame g = row(4, false);
    cr_assert_eq(draw_act(&g, 0, DRAW_ACCEPT), DRAW_NONE);
    cr_assert_eq(draw_act(&g, 0, DRAW_OFFER), DRAW_CHANGED);
    cr_assert_eq(draw_act(&g, 0, DRAW_OFFER), DRAW_UNCHANGED);
    cr_assert_eq(draw_act(&g, 0, DRAW_ACCEPT), DRAW_NONE, "one's own");
    cr_assert_eq(draw_act(&g, 2, DRAW_ACCEPT), DRAW_CHANGED);
    cr_assert_eq(draw_act(&g, 2, DRAW_ACCEPT), DRAW_UNCHANGED);
    cr_assert_eq(draw_act(&g, 3, DRAW_OFFER), DRAW_CHANGED, "an offer accepts the one standing");
    cr_assert_eq(g.draw_accepted, 1u << 0 | 1u << 2 | 1u << 3);
    cr_assert_eq(draw_act(&g, 1, DRAW_ACCEPT), DRAW_AGREED);
    StoreGame h = row(4, false);
    h.level[3] = 4; /* the computer is not asked */
    draw_act(&h, 0, DRAW_OFFER);
    draw_act(&h, 1, DRAW_ACCEPT);
    cr_assert_eq(draw_act(&h, 2, DRAW_ACCEPT), DRAW_AGREED);
}

/* The seating says who plays alone against whom: of two the other seat,
 * whose invite a creator is given and whose offer is written as a seat. */
Test(seats, a_lone_opponent_only_of_two) {
    StoreGame two = row(2, false), three = row(3, false), partners = row(4, true);
    cr_assert(seat_opponent(&two, 0) == 1 && seat_opponent(&two, 1) == 0);
    cr_assert_eq(seat_opponent(&three, 0), -1);
    cr_assert_eq(seat_opponent(&partners, 2), -1);
    two.players = 0; /* a row of the first stores */
    cr_assert_eq(seat_opponent(&two, 1), 0);
    draw_act(&two, 1, DRAW_OFFER);
    json_t *offer = draw_json(&two);
    cr_assert(json_is_string(offer) && !strcmp(json_string_value(offer), "b"), "of two, the offerer's seat");
    json_decref(offer);
    draw_act(&three, 2, DRAW_OFFER);
    offer = draw_json(&three);
    cr_assert(json_is_object(offer) && !strcmp(json_string_value(json_object_get(offer, "by")), "r"));
    json_decref(offer);
    three.draw_offer = -1;
    offer = draw_json(&three);
    cr_assert(json_is_null(offer));
    json_decref(offer);
}

Test(draws, declined_or_lapsing) {
    StoreGame g = row(3, false);
    draw_act(&g, 0, DRAW_OFFER);
    cr_assert_eq(draw_act(&g, 1, DRAW_DECLINE), DRAW_CHANGED);
    cr_assert_eq(g.draw_offer, -1);
    draw_act(&g, 0, DRAW_OFFER);
    for (g.ply = 1; g.ply < 3; g.ply++) cr_assert(!draw_after_move(&g), "ply %d", g.ply);
    cr_assert(draw_after_move(&g), "Black's move (ply 3): White to move again, the offer lapses");
    cr_assert_eq(g.draw_offer, -1);
    /* Of two the same rule: the offerer's own move keeps it, the opponent's lapses it. */
    StoreGame two = row(2, false);
    draw_act(&two, 0, DRAW_OFFER);
    two.ply = 1;
    cr_assert(!draw_after_move(&two), "of two, the offerer's own move keeps it");
    two.ply = 2;
    cr_assert(draw_after_move(&two), "the opponent's lapses it");
    StoreGame after = row(2, false); /* offered after its move, on the opponent's turn */
    after.ply = 1;
    draw_act(&after, 0, DRAW_OFFER);
    after.ply = 2;
    cr_assert(draw_after_move(&after), "the opponent's move lapses it");
    StoreGame old = row(2, false); /* the first stores: an offer and no accepted seats */
    old.draw_offer = 1;
    cr_assert_eq(draw_act(&old, 0, DRAW_ACCEPT), DRAW_AGREED);
}

Test(outcome, a_seat_leaving) {
    bool online[STORE_SEATS] = {true, true, true, true};
    OnlineEvent ev[2];
    int n = 0;
    StoreGame two = row(2, false);
    seat_leaves(&two, 0, "resign", 1000, online, ev, &n);
    cr_assert_eq(two.status, GAME_FINISHED);
    cr_assert_eq(two.winner, 1);
    cr_assert_eq(n, 1);
    cr_assert_str_eq(ev[0].kind, "end");
    json_decref(ev[0].data);

    n = 0;
    StoreGame partners = row(4, true);
    seat_leaves(&partners, 1, "time", 1000, online, ev, &n);
    cr_assert_eq(partners.status, GAME_FINISHED);
    cr_assert_eq(partners.winner & ~1, 2, "Red and Yellow win: %d", partners.winner);
    json_decref(ev[0].data);

    n = 0;
    StoreGame three = row(3, false);
    three.draw_offer = 0;
    three.draw_accepted = 1;
    seat_leaves(&three, 2, "abandoned", 1000, online, ev, &n);
    cr_assert_eq(three.status, GAME_ONGOING);
    cr_assert_eq(three.level[2], LEFT_LEVEL);
    cr_assert_str_eq(three.left[2], "abandoned");
    cr_assert_eq(three.draw_offer, -1, "an offer made before lapses");
    cr_assert_eq(n, 1);
    cr_assert_str_eq(ev[0].kind, "seats");
    json_decref(ev[0].data);
    n = 0;
    seat_leaves(&three, 0, "resign", 2000, online, ev, &n);
    cr_assert_eq(three.status, GAME_ONGOING, "Black plays on");
    json_decref(ev[0].data);
    n = 0;
    seat_leaves(&three, 1, "resign", 3000, online, ev, &n);
    cr_assert_eq(three.status, GAME_FINISHED, "no person left");
    cr_assert_eq(three.winner, -1);
    cr_assert_str_eq(three.reason, "abandoned");
    cr_assert_eq(n, 2);
    for (int k = 0; k < n; k++) json_decref(ev[k].data);
}
