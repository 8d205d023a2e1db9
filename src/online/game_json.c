/* game_json.c: the game as JSON (see game_json.h). */
#define _POSIX_C_SOURCE 200809L
#include "online/game_json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "online/game_clock.h"
#include "online/seats.h"

static const char *status_name(GameStatus status) {
    return status == GAME_WAITING ? "waiting" : status == GAME_ONGOING ? "ongoing" : "finished";
}

static json_t *seat_or_null(int seat) { return seat < 0 ? json_null() : json_string(seat_name(seat)); }

static json_t *text_or_null(const char *text) { return text[0] ? json_string(text) : json_null(); }

/* The seats of `side` (one bit a seat) as a list, in the seats' order. */
static json_t *seat_list(unsigned side) {
    json_t *list = json_array();
    for (int seat = 0; seat < STORE_SEATS; seat++)
        if (side & (1u << seat)) json_array_append_new(list, json_string(seat_name(seat)));
    return list;
}

json_t *result_json(const StoreGame *g) {
    if (g->status != GAME_FINISHED) return json_null();
    /* Partners win together: [seat, seat]; anyone else alone. */
    json_t *winner = g->winner < 0 ? json_null() : g->partners ? seat_list(seat_side(g, g->winner))
                                                                : json_string(seat_name(g->winner));
    return json_pack("{s:o, s:s}", "winner", winner, "reason", g->reason);
}

json_t *seats_json(const StoreGame *g, const bool online[STORE_SEATS]) {
    json_t *seats = json_object();
    for (int seat = 0; seat < game_players(g); seat++) {
        bool computer = g->level[seat] > 0;
        json_object_set_new(
            seats, seat_name(seat),
            json_pack("{s:b, s:b, s:o, s:s, s:o, s:o}", "joined", g->joined[seat], "online", online[seat] && !computer,
                      "name", text_or_null(g->name[seat]), "kind", computer ? "computer" : "human", "level",
                      computer ? json_integer(g->level[seat]) : json_null(), "left", text_or_null(g->left[seat])));
    }
    return seats;
}

json_t *clock_json(const StoreGame *g, int64_t now) {
    if (g->initial_ms < 0) return json_null();
    json_t *clock = json_object();
    for (int seat = 0; seat < game_players(g); seat++) {
        char key[8];
        snprintf(key, sizeof key, "%s_ms", seat_name(seat));
        json_object_set_new(clock, key, json_integer(clock_left(g, seat, now)));
    }
    json_object_set_new(clock, "running", seat_or_null(clock_running(g)));
    if (g->days_per_move) json_object_set_new(clock, "days_per_move", json_integer(g->days_per_move));
    return clock;
}

json_t *draw_json(const StoreGame *g) {
    if (g->draw_offer < 0) return json_null();
    if (seat_opponent(g, g->draw_offer) >= 0) return seat_or_null(g->draw_offer); /* one to answer it */
    return json_pack("{s:s, s:o}", "by", seat_name(g->draw_offer), "accepted", seat_list(g->draw_accepted));
}

json_t *game_json(const StoreGame *g, char (*moves)[STORE_MOVE_SIZE], const char *start_fen, const char *fen,
                  const GameNow *now) {
    json_t *list = json_array();
    for (int i = 0; i < g->ply; i++) json_array_append_new(list, json_string(moves[i]));
    json_t *game = json_pack("{s:s, s:i, s:i, s:b, s:i, s:s, s:o, s:i, s:s, s:s, s:s}", "id", g->id, "variant",
                             g->variant, "players", game_players(g), "partners", g->partners, "turn_limit",
                             g->turn_limit, "start_fen", start_fen, "moves", list, "ply", g->ply, "fen", fen, "to_move",
                             seat_name(game_to_move(g)), "status", status_name(g->status));
    json_object_set_new(game, "rules", json_string(rules_name(g->rules))); /* "standard" or "nospoil" */
    json_object_set_new(game, "result", result_json(g));
    json_object_set_new(game, "seats", seats_json(g, now->online));
    json_object_set_new(game, "clock", clock_json(g, now->now));
    json_object_set_new(game, "draw_offer", draw_json(g));
    json_object_set_new(game, "rematch", text_or_null(g->rematch));
    json_object_set_new(game, "rematch_by", g->rematch[0] ? seat_or_null(g->rematch_by) : json_null());
    json_object_set_new(game, "watchers", json_integer(now->watchers));
    json_object_set_new(game, "open", json_boolean(g->open && g->status == GAME_WAITING));
    json_object_set_new(game, "created_ms", json_integer(g->created_ms));
    return game;
}

char *event_text(int64_t seq, const char *kind, const char *data) {
    size_t n = strlen(kind) + strlen(data) + 64;
    char *text = malloc(n);
    if (!text) return NULL;
    if (seq >= 0)
        snprintf(text, n, "id: %lld\nevent: %s\ndata: %s\n\n", (long long)seq, kind, data);
    else
        snprintf(text, n, "event: %s\ndata: %s\n\n", kind, data);
    return text;
}
