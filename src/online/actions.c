/*
 * actions.c: each request of the online API (docs/ONLINE-API.md,
 * Endpoints): its checks, in the order that gives the most useful error,
 * and its change, committed (writer.h) before it is answered; and the
 * opening of a game's event stream.  A refused request changes nothing.
 */
#define _POSIX_C_SOURCE 200809L
#include "online/actions.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/notation.h"
#include "core/refusal.h"
#include "online/game_clock.h"
#include "online/display_names.h"
#include "online/game_json.h"
#include "online/loaded.h"
#include "online/tokens.h"

enum {
    CLOCK_INITIAL_MIN_MS = 1000,
    CLOCK_INITIAL_MAX_MS = 3 * 60 * 60 * 1000, /* 3 hours, as lichess */
    CLOCK_INCREMENT_MAX_MS = 3 * 60 * 1000,
    DAYS_PER_MOVE_MAX = 14,                    /* correspondence, as lichess: 1 to 14 days a move */
    CREATE_TRIES = 4,                          /* ids are random: a collision is tried again */
};

/* ---- reading the body ------------------------------------------------------- */

static bool bad_request(OnlineAnswer *a, const char *message) {
    online_error(a, 400, "bad_request", message);
    return false;
}

/* An optional integer field in [lo, hi]; false (and 400) if ill-typed. */
static bool int_field(const json_t *body, const char *name, json_int_t lo, json_int_t hi, json_int_t *out,
                      OnlineAnswer *a) {
    const json_t *v = json_object_get(body, name);
    if (!v) return true;
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi) {
        char message[128];
        snprintf(message, sizeof message, "\"%s\" must be an integer from %lld to %lld", name, (long long)lo,
                 (long long)hi);
        return bad_request(a, message);
    }
    *out = json_integer_value(v);
    return true;
}

/* An optional boolean field; false (and 400) if present and not true or false. */
static bool bool_field(const json_t *body, const char *name, bool *out, OnlineAnswer *a) {
    const json_t *v = json_object_get(body, name);
    if (!v) return true;
    if (!json_is_boolean(v)) {
        char message[96];
        snprintf(message, sizeof message, "\"%s\" must be true or false", name);
        return bad_request(a, message);
    }
    *out = json_is_true(v);
    return true;
}

/* An optional string field; false (and 400) if present and not a string. */
static bool string_field(const json_t *body, const char *name, const char **out, OnlineAnswer *a) {
    const json_t *v = json_object_get(body, name);
    if (!v) return true;
    if (!json_is_string(v)) {
        char message[96];
        snprintf(message, sizeof message, "\"%s\" must be a string", name);
        return bad_request(a, message);
    }
    *out = json_string_value(v);
    return true;
}

/* An optional "name" (display_names.h): NULL if absent; false with 400 if
 * not a string, 422 bad_name if not a name. */
static bool name_field(const json_t *body, const char **name, OnlineAnswer *a) {
    *name = NULL;
    if (!string_field(body, "name", name, a)) return false;
    if (!*name) return true;
    char why[160];
    if (display_name_valid(*name, json_string_length(json_object_get(body, "name")), why, sizeof why)) return true;
    online_error(a, 422, "bad_name", why);
    return false;
}

static void set_name(StoreGame *g, int seat, const char *name) {
    if (name) snprintf(g->name[seat], sizeof g->name[seat], "%s", name);
}

/* ---- common checks ------------------------------------------------------------ */

static bool answer_refused(OnlineAnswer *a, unsigned status, const char *code, const char *message) {
    online_error(a, status, code, message);
    return false;
}

/* The seat the token proves (0, 1), or -1 with 401/403 in *a; a seat found
 * is online from now on. */
static int authenticate(const Actions *acts, const StoreGame *g, const char *token, OnlineAnswer *a) {
    uint8_t hash[TOKEN_HASH_SIZE];
    if (!token || !token_well_formed(token) || !token_hash(token, hash)) {
        online_error(a, 401, "no_token", "this needs a seat's token: Authorization: Bearer <token>");
        return -1;
    }
    /* Both compared, whatever the first gives, so the time says nothing. */
    bool w = g->joined[0] && token_hash_equal(hash, g->token_hash[0]);
    bool b = g->joined[1] && token_hash_equal(hash, g->token_hash[1]);
    if (!w && !b) {
        online_error(a, 403, "forbidden", "this token is not a seat of this game");
        return -1;
    }
    int seat = w ? 0 : 1;
    presence_seen(acts->presence, g, seat, clock_now_ms());
    return seat;
}

/* The game is on: not waiting for its second player, not over. */
static bool ongoing(const StoreGame *g, OnlineAnswer *a) {
    if (g->status == GAME_WAITING) return answer_refused(a, 409, "waiting", "the other seat is not taken yet");
    if (g->status == GAME_FINISHED) return answer_refused(a, 409, "game_over", "the game is over");
    return true;
}

/* The game is no longer open in the lobby (the address it came from forgotten). */
static void close_lobby(StoreGame *g) {
    g->open = false;
    g->open_by[0] = '\0';
}

static void finish(StoreGame *g, int winner, const char *reason, int64_t now) {
    close_lobby(g);
    clock_stop(g, now);
    g->status = GAME_FINISHED;
    g->winner = winner;
    snprintf(g->reason, sizeof g->reason, "%s", reason);
    g->finished_ms = now;
    g->draw_offer = -1;
}

static json_t *end_event(const StoreGame *g, int64_t now) {
    return json_pack("{s:o, s:o}", "result", result_json(g), "clock", clock_json(g, now));
}

static json_t *rematch_event(const StoreGame *g) {
    bool asked = g->rematch[0] != '\0';
    return json_pack("{s:o, s:o}", "rematch", asked ? json_string(g->rematch) : json_null(), "by",
                     asked && g->rematch_by >= 0 ? json_string(seat_name(g->rematch_by)) : json_null());
}

static json_t *draw_event(const StoreGame *g) {
    return json_pack("{s:o}", "draw_offer", g->draw_offer < 0 ? json_null() : json_string(seat_name(g->draw_offer)));
}

/* 200 with the game as it now is. */
static void answer_game(const Actions *acts, const Loaded *l, OnlineAnswer *a) {
    a->status = 200;
    a->body = loaded_json(l, acts->presence, acts->watchers, 0);
}

/* Commits an update of l->g to g, then answers with the game as it now is. */
static void commit_and_answer(const Actions *acts, Loaded *l, StoreGame *g, const Write *w, OnlineEvent *ev, int n,
                              OnlineAnswer *a) {
    if (!writer_commit(acts->writer, w, g, ev, n, a)) return;
    l->g = *g;
    answer_game(acts, l, a);
}

/* ---- POST /games ---------------------------------------------------------------- */

/* A correspondence clock, {"days_per_move": D}: D days for each move. */
static bool read_days(const json_t *clock, StoreGame *g, OnlineAnswer *a) {
    if (json_object_get(clock, "initial_ms") || json_object_get(clock, "increment_ms"))
        return bad_request(a, "a clock has \"days_per_move\", or \"initial_ms\" and \"increment_ms\", not both");
    json_int_t days = 0;
    if (!int_field(clock, "days_per_move", 1, DAYS_PER_MOVE_MAX, &days, a)) return false;
    g->days_per_move = (int)days;
    g->initial_ms = days * DAY_MS;
    g->increment_ms = 0;
    return true;
}

static bool read_clock(const json_t *body, StoreGame *g, OnlineAnswer *a) {
    const json_t *clock = json_object_get(body, "clock");
    g->initial_ms = -1;
    if (!clock || json_is_null(clock)) return true;
    if (!json_is_object(clock))
        return bad_request(a, "\"clock\" must be null, {\"initial_ms\", \"increment_ms\"} or {\"days_per_move\"}");
    if (json_object_get(clock, "days_per_move")) return read_days(clock, g, a);
    json_int_t initial = -1, increment = 0;
    if (!int_field(clock, "initial_ms", CLOCK_INITIAL_MIN_MS, CLOCK_INITIAL_MAX_MS, &initial, a) ||
        !int_field(clock, "increment_ms", 0, CLOCK_INCREMENT_MAX_MS, &increment, a))
        return false;
    if (initial < 0) return bad_request(a, "\"clock\" needs \"initial_ms\" (or \"days_per_move\")");
    g->initial_ms = initial;
    g->increment_ms = increment;
    return true;
}

/* The settings of a new game from the body; false with 400. */
static bool read_settings(const json_t *body, StoreGame *g, int *seat, OnlineAnswer *a) {
    json_int_t variant = 19, turn_limit = DEFAULT_TURN_LIMIT;
    const char *seat_text = "w";
    if (!int_field(body, "variant", 13, 19, &variant, a) || !int_field(body, "turn_limit", 1, MAX_TURN_LIMIT, &turn_limit, a) ||
        !string_field(body, "seat", &seat_text, a) || !read_clock(body, g, a) || !bool_field(body, "open", &g->open, a))
        return false;
    if (variant != 13 && variant != 19) return bad_request(a, "\"variant\" must be 19 or 13");
    if (!strcmp(seat_text, "random")) *seat = (int)token_random_below(2);
    else if (!strcmp(seat_text, "w") || !strcmp(seat_text, "b")) *seat = seat_text[0] == 'b';
    else return bad_request(a, "\"seat\" must be \"w\", \"b\" or \"random\"");
    g->variant = (int)variant;
    g->turn_limit = (int)turn_limit;
    return true;
}

/* A new game row with the settings of `like`, no seat taken. */
static bool new_row(const StoreGame *like, StoreGame *g, int64_t now) {
    *g = (StoreGame){.variant = like->variant, .turn_limit = like->turn_limit, .initial_ms = like->initial_ms,
                     .increment_ms = like->increment_ms, .days_per_move = like->days_per_move, .winner = -1,
                     .draw_offer = -1, .created_ms = now};
    for (int seat = 0; seat < STORE_SEATS; seat++) g->clock_ms[seat] = like->initial_ms;
    g->rematch_by = -1;
    if (!token_random(GAME_ID_BYTES, g->id)) return false;
    for (int seat = 0; seat < STORE_SEATS; seat++) { /* invites nobody holds, until one is given */
        char unused[TOKEN_SIZE];
        if (!token_random(TOKEN_BYTES, unused) || !token_hash(unused, g->invite_hash[seat])) return false;
    }
    return true;
}

/* Takes a seat: a new token, whose hash only is kept. */
static bool take_seat(StoreGame *g, int seat, char token[TOKEN_SIZE]) {
    if (!token_random(TOKEN_BYTES, token) || !token_hash(token, g->token_hash[seat])) return false;
    g->joined[seat] = true;
    return true;
}

/* Creates g with a fresh id, again if the id is taken; an open game only if
 * its address has fewer open than the limit (429 otherwise). */
static bool create_row(const Actions *acts, StoreGame *g, OnlineAnswer *a) {
    Write w = {.kind = g->open && acts->max_open ? WRITE_CREATE_OPEN : WRITE_CREATE, .max_open = acts->max_open};
    for (int tries = 0; tries < CREATE_TRIES; tries++) {
        if (writer_commit(acts->writer, &w, g, NULL, 0, a)) return true;
        if (a->status != 409) return false;
        json_decref(a->body);
        a->body = NULL;
        if (!token_random(GAME_ID_BYTES, g->id)) break;
    }
    return answer_refused(a, 503, "unavailable", "the server could not make a new game now; try again");
}

static void create(const Actions *acts, const json_t *body, const char *client, OnlineAnswer *a) {
    StoreGame settings = {0}, g;
    int seat = 0;
    const char *name;
    if (!read_settings(body, &settings, &seat, a) || !name_field(body, &name, a)) return;
    int64_t now = clock_now_ms();
    char token[TOKEN_SIZE], invite[TOKEN_SIZE];
    if (!new_row(&settings, &g, now) || !take_seat(&g, seat, token) || !token_random(TOKEN_BYTES, invite) ||
        !token_hash(invite, g.invite_hash[1 - seat])) {
        answer_refused(a, 503, "unavailable", "the server could not make a token now; try again");
        return;
    }
    g.last_seen_ms[seat] = now;
    set_name(&g, seat, name);
    g.creator = seat;
    g.open = settings.open;
    if (g.open) snprintf(g.open_by, sizeof g.open_by, "%s", client ? client : "");
    if (!create_row(acts, &g, a)) return;
    presence_seated(acts->presence, &g, seat, now);
    a->status = 201;
    a->body = json_pack("{s:s, s:s, s:s, s:s}", "id", g.id, "seat", seat_name(seat), "token", token, "invite", invite);
}

/* ---- POST /games/{id}/join ------------------------------------------------------ */

/* The seat asked for in an open game, which anyone may take (or, not
 * named, the first seat free); -1 with an error. */
static int open_seat(const Loaded *l, const json_t *body, OnlineAnswer *a) {
    const char *name = NULL;
    if (!string_field(body, "seat", &name, a)) return -1;
    if (!name && !l->g.open)
        return bad_request(a, "a join needs \"invite\", \"from\" and the old game's token, or an open game"), -1;
    int seat = -1;
    if (!name) {
        for (int k = 0; k < 2 && seat < 0; k++)
            if (!l->g.joined[k]) seat = k;
    } else if (!strcmp(name, "w") || !strcmp(name, "b")) {
        seat = name[0] == 'b';
    } else {
        return bad_request(a, "\"seat\" must be \"w\" or \"b\""), -1;
    }
    /* Taken first: whoever was a moment too late for a game just filled hears so. */
    if (seat < 0 || l->g.joined[seat]) return answer_refused(a, 409, "seat_taken", "that seat is taken"), -1;
    if (!l->g.open) return answer_refused(a, 403, "forbidden", "the game is not open: it takes an invite"), -1;
    return seat;
}

/* The seat an invite or a rematch's old token entitles the caller to; -1 with an error. */
static int seat_to_take(const Actions *acts, const Loaded *l, const json_t *body, const char *token, OnlineAnswer *a) {
    const char *invite = NULL, *from = NULL;
    if (!string_field(body, "invite", &invite, a) || !string_field(body, "from", &from, a)) return -1;
    if (invite) {
        uint8_t hash[TOKEN_HASH_SIZE];
        /* Either seat's: the first stores kept the one invite as Black's, whoever it was for. */
        bool hashed = token_hash(invite, hash);
        bool white = hashed && token_hash_equal(hash, l->g.invite_hash[0]);
        bool black = hashed && token_hash_equal(hash, l->g.invite_hash[1]);
        bool valid = white || black;
        if (!valid) return answer_refused(a, 403, "forbidden", "this is not the game's invite"), -1;
        for (int seat = 0; seat < 2; seat++)
            if (!l->g.joined[seat]) return seat;
        return answer_refused(a, 409, "seat_taken", "the invite has been used"), -1;
    }
    if (!from) return open_seat(l, body, a);
    if (strcmp(from, l->g.rematch_of)) return answer_refused(a, 403, "forbidden", "this game is no rematch of that one"), -1;
    Loaded old;
    if (!loaded_read(acts->store, from, &old, a)) return -1;
    int old_seat = authenticate(acts, &old.g, token, a);
    loaded_free(&old);
    if (old_seat < 0) return -1;
    if (l->g.joined[1 - old_seat]) return answer_refused(a, 409, "seat_taken", "that seat is taken"), -1;
    return 1 - old_seat; /* seats swapped */
}

static void join(const Actions *acts, Loaded *l, const char *token, const json_t *body, OnlineAnswer *a) {
    const char *name;
    if (!name_field(body, &name, a)) return;
    int seat = seat_to_take(acts, l, body, token, a);
    if (seat < 0) return;
    if (l->g.status == GAME_FINISHED) { /* an aborted rematch, or a waiting game aborted */
        answer_refused(a, 409, "game_over", "the game is over");
        return;
    }
    StoreGame g = l->g;
    char new_token[TOKEN_SIZE];
    if (!take_seat(&g, seat, new_token)) {
        answer_refused(a, 503, "unavailable", "the server could not make a token now; try again");
        return;
    }
    int64_t now = clock_now_ms();
    g.last_seen_ms[seat] = now;
    set_name(&g, seat, name);
    if (g.joined[0] && g.joined[1]) {
        g.status = GAME_ONGOING;
        close_lobby(&g); /* every seat taken: it leaves the lobby */
        clock_game_begins(&g, now);
        g.last_move_ms = now; /* the first turn begins: the abandonment rule counts from here */
    }
    bool online[STORE_SEATS];
    presence_online(acts->presence, &g, online);
    online[seat] = true;
    OnlineEvent ev[] = {{"seats", seats_json(&g, online)}};
    Write w = {.kind = WRITE_JOIN, .seat = seat};
    if (!writer_commit(acts->writer, &w, &g, ev, 1, a)) return;
    presence_seated(acts->presence, &g, seat, now);
    a->status = 200;
    a->body = json_pack("{s:s, s:s}", "seat", seat_name(seat), "token", new_token);
}

/* ---- POST /games/{id}/moves ------------------------------------------------------ */

/* The body of a move: its ply, and a move written as RULES.md says. */
static bool read_move(const json_t *body, json_int_t *ply, const char **move, OnlineAnswer *a) {
    *ply = -1;
    *move = NULL;
    if (!int_field(body, "ply", 0, MAX_TURN_LIMIT, ply, a) || !string_field(body, "move", move, a)) return false;
    if (*ply < 0 || !*move) return bad_request(a, "a move is {\"ply\": <moves played>, \"move\": \"<move>\"}");
    size_t len = strlen(*move);
    if (len >= STORE_MOVE_SIZE) return bad_request(a, "the move is too long");
    if (!strcmp(*move, "pass")) return true;
    uint8_t path[MAX_PATH];
    Refusal why;
    if (path_parse(*move, (int)len, path, &why)) return true;
    char err[160];
    Text t = text_on(err, sizeof err);
    refusal_write(&why, &t);
    return bad_request(a, err);
}

/* The move resent after it was accepted (its answer lost): the same text at
 * the same number, by the same seat. */
static bool already_played(const Loaded *l, json_int_t ply, const char *move, int seat) {
    return ply < l->g.ply && ply % 2 == seat && !strcmp(l->moves[ply], move);
}

static void ply_error(OnlineAnswer *a, unsigned status, const char *code, const char *message, int ply) {
    online_error(a, status, code, message);
    json_object_set_new(a->body, "ply", json_integer(ply));
}

/* Ends the game on time (the timer may not have run yet); answers 409. */
static void flag_fell(const Actions *acts, Loaded *l, int seat, OnlineAnswer *a) {
    StoreGame g = l->g;
    int64_t at = clock_flag_at(&g);
    g.clock_ms[seat] = 0;
    finish(&g, 1 - seat, "time", at);
    OnlineEvent ev[] = {{"end", end_event(&g, at)}};
    Write w = {.kind = WRITE_UPDATE};
    if (writer_commit(acts->writer, &w, &g, ev, 1, a)) online_error(a, 409, "game_over", "your time ran out: the game is over");
}

static void core_result(StoreGame *g, Result r, int64_t now) {
    switch (r) {
    case RESULT_ONGOING: return;
    case RESULT_WHITE_WINS: finish(g, 0, "goal", now); return;
    case RESULT_BLACK_WINS: finish(g, 1, "goal", now); return;
    case RESULT_DRAW_REPETITION: finish(g, -1, "repetition", now); return;
    case RESULT_DRAW_TURN_LIMIT: finish(g, -1, "turn_limit", now); return;
    }
}

/* The move is legal: its row, and its events (move, a declined draw offer, the end). */
static void play(const Actions *acts, Loaded *l, int seat, const char *move, int64_t now, OnlineAnswer *a) {
    StoreGame g = l->g;
    g.ply++;
    g.last_move_ms = now;
    g.last_seen_ms[seat] = now;
    OnlineEvent ev[3];
    int n = 0;
    ev[n++] = (OnlineEvent){"move", json_pack("{s:i, s:s, s:s, s:o}", "ply", g.ply, "move", move, "seat",
                                              seat_name(seat), "clock", clock_json(&g, now))};
    if (g.draw_offer == 1 - seat) { /* moving declines the opponent's offer */
        g.draw_offer = -1;
        ev[n++] = (OnlineEvent){"draw_offer", draw_event(&g)};
    }
    core_result(&g, l->core->result, now);
    if (g.status == GAME_FINISHED) ev[n++] = (OnlineEvent){"end", end_event(&g, now)};
    Write w = {.kind = WRITE_MOVE, .expected_ply = l->g.ply, .move = move};
    if (!writer_commit(acts->writer, &w, &g, ev, n, a)) return;
    snprintf(l->moves[l->g.ply], STORE_MOVE_SIZE, "%s", move);
    l->g = g;
    answer_game(acts, l, a);
}

/* Is it this seat's move number ply + 1?  If not, why (409). */
static bool seat_may_move(const Loaded *l, json_int_t ply, int seat, OnlineAnswer *a) {
    if (!ongoing(&l->g, a)) return false;
    if (ply != l->g.ply) {
        ply_error(a, 409, "stale", "the game has moved on: read it again", l->g.ply);
        return false;
    }
    if (game_to_move(&l->g) != seat) {
        ply_error(a, 409, "not_your_turn", "it is the other side's turn", l->g.ply);
        return false;
    }
    return true;
}

static void move(const Actions *acts, Loaded *l, const char *token, const json_t *body, OnlineAnswer *a) {
    json_int_t ply;
    const char *text;
    if (!read_move(body, &ply, &text, a)) return;
    int seat = authenticate(acts, &l->g, token, a);
    if (seat < 0) return;
    if (already_played(l, ply, text, seat)) {
        answer_game(acts, l, a);
        return;
    }
    if (!seat_may_move(l, ply, seat, a)) return;
    int64_t now = clock_now_ms();
    StoreGame timed = l->g;
    if (!clock_after_move(&timed, seat, now)) {
        flag_fell(acts, l, seat, a);
        return;
    }
    Refusal why;
    if (!game_play_text(l->core, text, (int)strlen(text), &why)) {
        char err[200];
        Text t = text_on(err, sizeof err);
        refusal_write(&why, &t);
        online_error(a, 422, "illegal", err);
        return;
    }
    l->g = timed; /* play() reads the clocks from l->g; on failure l is thrown away */
    play(acts, l, seat, text, now, a);
}

/* ---- resign, draw, rematch, ping, claim ---------------------------------------- */

static void resign(const Actions *acts, Loaded *l, const char *token, OnlineAnswer *a) {
    int seat = authenticate(acts, &l->g, token, a);
    if (seat < 0 || !ongoing(&l->g, a)) return;
    int64_t now = clock_now_ms();
    StoreGame g = l->g;
    finish(&g, 1 - seat, "resign", now);
    OnlineEvent ev[] = {{"end", end_event(&g, now)}};
    Write w = {.kind = WRITE_UPDATE};
    commit_and_answer(acts, l, &g, &w, ev, 1, a);
}

static void draw(const Actions *acts, Loaded *l, const char *token, const json_t *body, OnlineAnswer *a) {
    const char *action = NULL;
    if (!string_field(body, "action", &action, a)) return;
    if (!action || (strcmp(action, "offer") && strcmp(action, "accept") && strcmp(action, "decline"))) {
        bad_request(a, "\"action\" must be \"offer\", \"accept\" or \"decline\"");
        return;
    }
    int seat = authenticate(acts, &l->g, token, a);
    if (seat < 0 || !ongoing(&l->g, a)) return;
    StoreGame g = l->g;
    bool offered = g.draw_offer == 1 - seat; /* by the opponent */
    int64_t now = clock_now_ms();
    OnlineEvent ev[2];
    int n = 0;
    if (!strcmp(action, "offer") && !offered) {
        if (g.draw_offer == seat) {
        answer_game(acts, l, a);
        return;
    } /* offered already */
        g.draw_offer = seat;
        ev[n++] = (OnlineEvent){"draw_offer", draw_event(&g)};
    } else if (!offered) {
        answer_refused(a, 409, "stale", "there is no draw offer to answer");
        return;
    } else if (!strcmp(action, "decline")) {
        g.draw_offer = -1;
        ev[n++] = (OnlineEvent){"draw_offer", draw_event(&g)};
    } else { /* accepted, or offered back */
        finish(&g, -1, "agreement", now);
        ev[n++] = (OnlineEvent){"draw_offer", draw_event(&g)};
        ev[n++] = (OnlineEvent){"end", end_event(&g, now)};
    }
    Write w = {.kind = WRITE_UPDATE};
    commit_and_answer(acts, l, &g, &w, ev, n, a);
}

/* Whether the rematch named is no more: aborted by its cancellation (whose
 * second write, the old game's, failed), or deleted. */
static bool called_off(const Actions *acts, const char *id) {
    StoreGame g;
    StoreStatus st = store_read(acts->store, id, &g, NULL);
    return st == STORE_NOT_FOUND || (st == STORE_OK && g.status == GAME_FINISHED && !strcmp(g.reason, "aborted"));
}

/* The rematch asked for: a new game of the same settings, its seats for the
 * old game's tokens only. */
static void ask_rematch(const Actions *acts, Loaded *l, int seat, OnlineAnswer *a) {
    if (l->g.rematch[0] && !called_off(acts, l->g.rematch)) {
        answer_game(acts, l, a);
        return;
    } /* asked for already, by either player */
    StoreGame next;
    int64_t now = clock_now_ms();
    if (!new_row(&l->g, &next, now)) {
        answer_refused(a, 503, "unavailable", "the server could not make a new game now; try again");
        return;
    }
    snprintf(next.rematch_of, sizeof next.rematch_of, "%s", l->g.id);
    for (int s = 0; s < 2; s++) set_name(&next, 1 - s, l->g.name[s]); /* the same players, seats swapped */
    if (!create_row(acts, &next, a)) return;
    StoreGame g = l->g;
    snprintf(g.rematch, sizeof g.rematch, "%s", next.id);
    g.rematch_by = seat;
    OnlineEvent ev[] = {{"rematch", rematch_event(&g)}};
    Write w = {.kind = WRITE_UPDATE};
    commit_and_answer(acts, l, &g, &w, ev, 1, a);
}

/* The rematch withdrawn by its asker, or declined by the other player: the
 * new game, if nobody has moved in it, ends aborted, and the old one names
 * none (either player may ask again: a new game again).  Once the rematch
 * has begun it is a game like any other: 409 too_late. */
static void cancel_rematch(const Actions *acts, Loaded *l, OnlineAnswer *a) {
    if (!l->g.rematch[0]) {
        answer_refused(a, 409, "stale", "there is no rematch to cancel");
        return;
    }
    Loaded next;
    if (!loaded_read(acts->store, l->g.rematch, &next, a)) {
        if (a->status != 404) return;
        json_decref(a->body); /* deleted meanwhile: nothing to end */
        a->body = NULL;
    } else {
        bool begun = next.g.status == GAME_ONGOING && next.g.ply > 0;
        int64_t now = clock_now_ms();
        bool ended = true;
        if (begun) {
            answer_refused(a, 409, "too_late", "the rematch has begun: resign it or offer a draw instead");
            ended = false;
        } else if (next.g.status != GAME_FINISHED) {
            StoreGame g = next.g;
            finish(&g, -1, "aborted", now);
            OnlineEvent ev[] = {{"end", end_event(&g, now)}};
            Write w = {.kind = WRITE_UPDATE};
            ended = writer_commit(acts->writer, &w, &g, ev, 1, a);
        }
        loaded_free(&next);
        if (!ended) return;
    }
    StoreGame g = l->g;
    g.rematch[0] = '\0';
    g.rematch_by = -1;
    OnlineEvent ev[] = {{"rematch", rematch_event(&g)}};
    Write w = {.kind = WRITE_UPDATE};
    commit_and_answer(acts, l, &g, &w, ev, 1, a);
}

static void rematch(const Actions *acts, Loaded *l, const char *token, const json_t *body, OnlineAnswer *a) {
    const char *action = "offer";
    if (!string_field(body, "action", &action, a)) return;
    bool cancel = !strcmp(action, "cancel");
    if (!cancel && strcmp(action, "offer")) {
        bad_request(a, "\"action\" must be \"offer\" (the default) or \"cancel\"");
        return;
    }
    int seat = authenticate(acts, &l->g, token, a);
    if (seat < 0) return;
    if (l->g.status != GAME_FINISHED) {
        answer_refused(a, 409, "stale", "a rematch is offered once the game is over");
        return;
    }
    if (cancel) cancel_rematch(acts, l, a);
    else ask_rematch(acts, l, seat, a);
}

/* Some seat has not made its first move yet: two players' first moves are
 * the game's first two. */
static bool first_moves_made(const StoreGame *g) { return g->ply >= 2; }

/* A game nobody has really begun ends with no winner: while a seat has not
 * yet made its first move, as on the big sites, where an abort costs no
 * rating. */
static void abort_game(const Actions *acts, Loaded *l, const char *token, OnlineAnswer *a) {
    int seat = authenticate(acts, &l->g, token, a);
    if (seat < 0) return;
    if (l->g.status == GAME_FINISHED) {
        answer_refused(a, 409, "game_over", "the game is over");
        return;
    }
    if (first_moves_made(&l->g)) {
        answer_refused(a, 409, "too_late", "every seat has moved: resign or offer a draw instead");
        return;
    }
    int64_t now = clock_now_ms();
    StoreGame g = l->g;
    finish(&g, -1, "aborted", now);
    OnlineEvent ev[] = {{"end", end_event(&g, now)}};
    Write w = {.kind = WRITE_UPDATE};
    commit_and_answer(acts, l, &g, &w, ev, 1, a);
}

static void ping(const Actions *acts, Loaded *l, const char *token, OnlineAnswer *a) {
    if (authenticate(acts, &l->g, token, a) < 0) return;
    a->status = 204;
    a->body = NULL;
}

/* An untimed game (or one whose clocks have not started) whose side to move
 * has neither moved nor been online for abandon_ms. */
static void claim(const Actions *acts, Loaded *l, const char *token, OnlineAnswer *a) {
    int seat = authenticate(acts, &l->g, token, a);
    if (seat < 0 || !ongoing(&l->g, a)) return;
    int away = game_to_move(&l->g);
    if (away == seat) {
        answer_refused(a, 409, "stale", "it is your turn: only the side to move can abandon");
        return;
    }
    if (clock_running(&l->g) >= 0) {
        answer_refused(a, 409, "stale", "a running clock ends this game, not a claim");
        return;
    }
    int64_t now = clock_now_ms(), since = l->g.last_move_ms;
    int64_t seen = presence_last_seen(acts->presence, &l->g, away);
    if (seen > since) since = seen;
    if (now - since < acts->abandon_ms) {
        char message[96];
        long long ms = (long long)acts->abandon_ms;
        if (ms % 3600000 == 0)
            snprintf(message, sizeof message, "your opponent has not been away long enough (%lld hours)", ms / 3600000);
        else
            snprintf(message, sizeof message, "your opponent has not been away long enough (%lld seconds)", ms / 1000);
        answer_refused(a, 409, "stale", message);
        return;
    }
    StoreGame g = l->g;
    finish(&g, seat, "abandoned", now);
    OnlineEvent ev[] = {{"end", end_event(&g, now)}};
    Write w = {.kind = WRITE_UPDATE};
    commit_and_answer(acts, l, &g, &w, ev, 1, a);
}

/* ---- dispatch ----------------------------------------------------------------- */

static void on_game(const Actions *acts, OnlineAction action, Loaded *l, const char *token, const json_t *body,
                    OnlineAnswer *a) {
    switch (action) {
    case ONLINE_READ: answer_game(acts, l, a); return;
    case ONLINE_JOIN: join(acts, l, token, body, a); return;
    case ONLINE_MOVE: move(acts, l, token, body, a); return;
    case ONLINE_RESIGN: resign(acts, l, token, a); return;
    case ONLINE_DRAW: draw(acts, l, token, body, a); return;
    case ONLINE_REMATCH: rematch(acts, l, token, body, a); return;
    case ONLINE_PING: ping(acts, l, token, a); return;
    case ONLINE_CLAIM: claim(acts, l, token, a); return;
    case ONLINE_ABORT: abort_game(acts, l, token, a); return;
    case ONLINE_CREATE: break;
    }
    online_error(a, 500, "internal", "unknown action");
}

void actions_do(const Actions *acts, OnlineAction action, const char *id, const char *token, const json_t *body,
                const char *client, OnlineAnswer *answer) {
    *answer = (OnlineAnswer){0};
    json_t *empty = body ? NULL : json_object();
    if (!body) body = empty;
    if (!json_is_object(body)) {
        online_error(answer, 400, "bad_request", "the body must be a JSON object");
    } else {
        Loaded l;
        if (action == ONLINE_CREATE) create(acts, body, client, answer);
        else if (loaded_read(acts->store, id, &l, answer)) {
            on_game(acts, action, &l, token, body, answer);
            loaded_free(&l);
        }
    }
    json_decref(empty);
}

/* ---- GET /games/{id}/events ------------------------------------------------------ */

/* A stream's catch-up: the stream, and the last event it was sent. */
typedef struct {
    Stream *stream;
    int64_t seq;
} Pushed;

static void push_stored(void *ctx, int64_t seq, const char *kind, const char *data) {
    Pushed *p = ctx;
    char *text = event_text(seq, kind, data);
    if (text && stream_push(p->stream, text)) p->seq = seq;
    free(text);
}

static bool push_game(const Actions *acts, const Loaded *l, Stream *s) {
    json_t *game = loaded_json(l, acts->presence, acts->watchers, 1); /* the stream counts itself */
    char *data = json_dumps(game, JSON_COMPACT);
    char *text = data ? event_text(l->g.seq, "game", data) : NULL;
    bool ok = text && stream_push(s, text);
    free(text);
    free(data);
    json_decref(game);
    return ok;
}

bool actions_open_stream(const Actions *acts, const char *id, Stream *s, int64_t last_event_id, OnlineAnswer *a) {
    Loaded l;
    bool ok = loaded_read(acts->store, id, &l, a);
    if (ok) {
        stream_push(s, "retry: 2000\n\n"); /* how soon a browser reconnects */
        /* An id from the future (another store): the whole game instead.
         * The events replayed may go past the row read (another server
         * wrote meanwhile): the stream takes its live events after the last. */
        Pushed pushed = {s, l.g.seq};
        if (last_event_id < 0 || last_event_id > l.g.seq) {
            ok = push_game(acts, &l, s);
        } else {
            pushed.seq = last_event_id;
            ok = store_events_after(acts->store, id, last_event_id, push_stored, &pushed) == STORE_OK;
        }
        if (ok) stream_attach(acts->hub, s, pushed.seq);
        else online_error(a, 503, "unavailable", "the game's events cannot be read now; try again");
        loaded_free(&l);
    }
    return ok;
}
