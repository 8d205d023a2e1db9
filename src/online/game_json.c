/* game_json.c: the game as JSON (see game_json.h). */
#define _POSIX_C_SOURCE 200809L
#include "online/game_json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/notation.h"
#include "online/game_clock.h"

const char *seat_name(int seat) { return seat ? "b" : "w"; }

static const char *status_name(GameStatus status) {
    return status == GAME_WAITING ? "waiting" : status == GAME_ONGOING ? "ongoing" : "finished";
}

static json_t *seat_or_null(int seat) { return seat < 0 ? json_null() : json_string(seat_name(seat)); }

static json_t *fen_json(const Position *pos) {
    char buf[FEN_TEXT_SIZE];
    Text t = text_on(buf, sizeof buf);
    text_fen(&t, pos);
    return json_string(buf);
}

json_t *result_json(const StoreGame *g) {
    if (g->status != GAME_FINISHED) return json_null();
    return json_pack("{s:o, s:s}", "winner", seat_or_null(g->winner), "reason", g->reason);
}

static json_t *name_or_null(const char *name) { return name[0] ? json_string(name) : json_null(); }

json_t *seats_json(const StoreGame *g, const bool online[STORE_SEATS]) {
    json_t *seats = json_object();
    for (int seat = 0; seat < 2; seat++)
        json_object_set_new(seats, seat_name(seat),
                            json_pack("{s:b, s:b, s:o}", "joined", g->joined[seat], "online", online[seat], "name",
                                      name_or_null(g->name[seat])));
    return seats;
}

json_t *clock_json(const StoreGame *g, int64_t now) {
    if (g->initial_ms < 0) return json_null();
    json_t *clock = json_pack("{s:I, s:I, s:o}", "w_ms", (json_int_t)clock_left(g, 0, now), "b_ms",
                              (json_int_t)clock_left(g, 1, now), "running", seat_or_null(clock_running(g)));
    if (g->days_per_move) json_object_set_new(clock, "days_per_move", json_integer(g->days_per_move));
    return clock;
}

json_t *game_json(const StoreGame *g, char (*moves)[STORE_MOVE_SIZE], const Game *core, const GameNow *now) {
    json_t *list = json_array();
    for (int i = 0; i < g->ply; i++) json_array_append_new(list, json_string(moves[i]));
    json_t *game = json_pack("{s:s, s:i, s:i, s:o, s:o, s:i, s:o, s:s, s:s, s:o, s:o, s:o, s:o}", "id", g->id,
                             "variant", g->variant, "turn_limit", g->turn_limit, "start_fen", fen_json(&core->start),
                             "moves", list, "ply", g->ply, "fen", fen_json(&core->pos), "to_move",
                             seat_name(game_to_move(g)), "status", status_name(g->status), "result", result_json(g),
                             "seats", seats_json(g, now->online), "clock", clock_json(g, now->now), "draw_offer",
                             seat_or_null(g->draw_offer));
    json_object_set_new(game, "rematch", g->rematch[0] ? json_string(g->rematch) : json_null());
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
