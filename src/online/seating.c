/*
 * seating.c: who sits where (see seating.h): a game's settings read and
 * checked, its row made with its tokens' and invites' hashes, the seats
 * taken, rematches.  A refused request changes nothing.
 */
#define _POSIX_C_SOURCE 200809L
#include "online/seating.h"

#include <stdio.h>
#include <string.h>

#include "core/table.h"
#include "engine/levels.h"
#include "online/body.h"
#include "online/game_clock.h"
#include "online/game_json.h"
#include "online/outcome.h"
#include "online/seats.h"
#include "online/tokens.h"

enum {
    CLOCK_INITIAL_MIN_MS = 1000,
    CLOCK_INITIAL_MAX_MS = 3 * 60 * 60 * 1000, /* 3 hours, as lichess */
    CLOCK_INCREMENT_MAX_MS = 3 * 60 * 1000,
    DAYS_PER_MOVE_MAX = 14,                    /* correspondence, as lichess: 1 to 14 days a move */
    CREATE_TRIES = 4,                          /* ids are random: a collision is tried again */
    BUSY_RETRY_SECONDS = 60,                   /* a computer seat refused: games end and free the threads */
};

static void set_name(StoreGame *g, int seat, const char *name) {
    if (name) snprintf(g->name[seat], sizeof g->name[seat], "%s", name);
}

/* ---- a game's settings ------------------------------------------------------------ */

/* A correspondence clock, {"days_per_move": D}: D days for each move. */
static bool read_days(const json_t *clock, StoreGame *g, OnlineAnswer *a) {
    if (json_object_get(clock, "initial_ms") || json_object_get(clock, "increment_ms"))
        return body_bad_request(a, "a clock has \"days_per_move\", or \"initial_ms\" and \"increment_ms\", not both");
    json_int_t days = 0;
    if (!body_int(clock, "days_per_move", 1, DAYS_PER_MOVE_MAX, &days, a)) return false;
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
        return body_bad_request(a, "\"clock\" must be null, {\"initial_ms\", \"increment_ms\"} or {\"days_per_move\"}");
    if (json_object_get(clock, "days_per_move")) return read_days(clock, g, a);
    json_int_t initial = -1, increment = 0;
    if (!body_int(clock, "initial_ms", CLOCK_INITIAL_MIN_MS, CLOCK_INITIAL_MAX_MS, &initial, a) ||
        !body_int(clock, "increment_ms", 0, CLOCK_INCREMENT_MAX_MS, &increment, a))
        return false;
    if (initial < 0) return body_bad_request(a, "\"clock\" needs \"initial_ms\" (or \"days_per_move\")");
    g->initial_ms = initial;
    g->increment_ms = increment;
    return true;
}

/* The kind of game: 2, 3 or 4 players, partners (four only), the variant
 * (13 with 3-4) and the turn limit, whose default is 200 a seat with 3-4. */
static bool read_kind(const json_t *body, StoreGame *g, OnlineAnswer *a) {
    json_int_t players = 2;
    bool partners = false;
    if (!body_int(body, "players", 2, 4, &players, a) || !body_bool(body, "partners", &partners, a)) return false;
    /* The seating's own camps and turn limit unless the body says (core/table.h). */
    TableSeating seating = {(int)players, partners, 19, RULES_STANDARD};
    if (table_seating_check(&seating) != SEATING_OK) return body_bad_request(a, "\"partners\" needs \"players\": 4");
    json_int_t variant = seating.camp;
    json_int_t turn_limit = table_default_turn_limit((int)players);
    if (!body_int(body, "variant", 13, 19, &variant, a) || !body_int(body, "turn_limit", 1, MAX_TURN_LIMIT, &turn_limit, a))
        return false;
    if (variant != 13 && variant != 19) return body_bad_request(a, "\"variant\" must be 19 or 13");
    seating.camp = (int)variant;
    if (table_seating_check(&seating) != SEATING_OK || seating.camp != variant)
        return body_bad_request(a, "three or four players play variant 13");
    g->players = (int)players;
    g->partners = partners;
    g->variant = (int)variant;
    g->turn_limit = (int)turn_limit;
    return true;
}

/* The seats the computer plays, {"<seat>": <level 1-10>, ...}. */
static bool read_computer(const json_t *body, StoreGame *g, OnlineAnswer *a) {
    const json_t *computer = json_object_get(body, "computer");
    if (!computer || json_is_null(computer)) return true;
    if (!json_is_object(computer)) return body_bad_request(a, "\"computer\" must be {\"<seat>\": <level 1-10>, ...}");
    const char *seat;
    json_t *level;
    json_object_foreach((json_t *)computer, seat, level) {
        int k = seat_named(seat);
        if (!seat_in_play(g, k)) return body_bad_request(a, "\"computer\" names a seat that is not in the game");
        if (!json_is_integer(level) || json_integer_value(level) < MIN_LEVEL || json_integer_value(level) > MAX_LEVEL)
            return body_bad_request(a, "a computer seat's level is an integer from 1 to 10");
        g->level[k] = (int)json_integer_value(level);
    }
    if (humans_playing(g) == 0) return body_bad_request(a, "a person must play at least one seat");
    return true;
}

/* The creator's seat: any seat of the game a person plays, or one at random. */
static bool read_seat(const json_t *body, const StoreGame *g, int *seat, OnlineAnswer *a) {
    const char *text = "w";
    if (!body_string(body, "seat", &text, a)) return false;
    if (!strcmp(text, "random")) {
        int people[STORE_SEATS], n = 0;
        for (int k = 0; k < game_players(g); k++)
            if (seat_human(g, k)) people[n++] = k;
        *seat = people[token_random_below((unsigned)n)];
        return true;
    }
    *seat = seat_named(text);
    if (!seat_in_play(g, *seat)) {
        static const char *const WHICH[] = {"", "", "\"w\", \"b\"", "\"w\", \"r\", \"b\"", "\"w\", \"r\", \"b\", \"y\""};
        char message[128];
        snprintf(message, sizeof message, "\"seat\" must be one of %s or \"random\"", WHICH[game_players(g)]);
        return body_bad_request(a, message);
    }
    if (!seat_human(g, *seat)) return body_bad_request(a, "\"seat\" must be a seat a person plays, not the computer's");
    return true;
}

/* The rules played, "standard" (the default) or "nospoil" (RULES-HOUSE.md):
 * a value not a string is a malformed body (400), a name of no rules the
 * server knows a setting refused (422 bad_rules, as a name is). */
static bool read_rules(const json_t *body, StoreGame *g, OnlineAnswer *a) {
    const char *name = rules_name(RULES_STANDARD);
    if (!body_string(body, "rules", &name, a)) return false;
    if (rules_parse(name, &g->rules)) return true;
    online_error(a, 422, "bad_rules", "\"rules\" must be \"standard\" or \"nospoil\"");
    return false;
}

/* The settings of a new game from the body; false with 400 (or 422). */
static bool read_settings(const json_t *body, StoreGame *g, int *seat, OnlineAnswer *a) {
    return read_kind(body, g, a) && read_rules(body, g, a) && read_computer(body, g, a) && read_clock(body, g, a) &&
           body_bool(body, "open", &g->open, a) && read_seat(body, g, seat, a);
}

/* ---- rows, seats, tokens -------------------------------------------------------- */

/* A new game row with the settings of `like` (its rules; its computer seats
 * taken by the computer at their levels), no person's seat taken: a
 * creation's, or a rematch's of the old game. */
static bool new_row(const StoreGame *like, StoreGame *g, int64_t now) {
    *g = (StoreGame){.variant = like->variant, .players = like->players, .partners = like->partners,
                     .rules = like->rules, .turn_limit = like->turn_limit, .initial_ms = like->initial_ms,
                     .increment_ms = like->increment_ms, .days_per_move = like->days_per_move, .winner = -1,
                     .draw_offer = -1, .rematch_by = -1, .creator = -1, .created_ms = now};
    for (int seat = 0; seat < STORE_SEATS; seat++) {
        g->clock_ms[seat] = like->initial_ms;
        if (seat_made_computer(like, seat)) {
            g->level[seat] = like->level[seat];
            g->joined[seat] = true;
        }
    }
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

/* Every seat is taken at `now`: the game begins, and leaves the lobby. */
static void begin(StoreGame *g, int64_t now) {
    g->status = GAME_ONGOING;
    g->open = false;
    g->open_by[0] = '\0';
    g->last_move_ms = now; /* the first turn begins: the abandonment rule counts from here */
    clock_game_begins(g, now);
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
    return acting_refuse(a, 503, "unavailable", "the server could not make a new game now; try again");
}

/* Whether the computer can take on g's seats within its word (capacity.h):
 * if not, 503 with Retry-After, and nothing made. */
static bool computer_can_play(const Actions *acts, const StoreGame *g, OnlineAnswer *a) {
    if (!acts->computer || computer_admit(acts->computer, g)) return true;
    acting_refuse(a, 503, "unavailable",
                  "the computer is playing as many games as it can answer in time: try again in a minute, or play people");
    json_object_set_new(a->body, "reason", json_string("computer_busy")); /* the page's own words for it */
    a->retry_after = BUSY_RETRY_SECONDS;
    return false;
}

/* An invite for every free seat a person plays, into `invites` (seat: invite). */
static bool draw_invites(StoreGame *g, json_t *invites) {
    for (int seat = 0; seat < game_players(g); seat++) {
        if (g->joined[seat] || !seat_human(g, seat)) continue;
        char invite[TOKEN_SIZE];
        if (!token_random(TOKEN_BYTES, invite) || !token_hash(invite, g->invite_hash[seat])) return false;
        json_object_set_new(invites, seat_name(seat), json_string(invite));
    }
    return true;
}

/* ---- POST /games ------------------------------------------------------------------ */

void seating_create(const Actions *acts, const json_t *body, const char *client, OnlineAnswer *a) {
    StoreGame settings = {0}, g;
    int seat = 0;
    const char *name;
    if (!read_settings(body, &settings, &seat, a) || !body_name(body, &name, a)) return;
    int64_t now = clock_now_ms();
    char token[TOKEN_SIZE];
    json_t *invites = json_object();
    if (!new_row(&settings, &g, now) || !take_seat(&g, seat, token) || !draw_invites(&g, invites)) {
        json_decref(invites);
        acting_refuse(a, 503, "unavailable", "the server could not make a token now; try again");
        return;
    }
    g.last_seen_ms[seat] = now;
    set_name(&g, seat, name);
    g.creator = seat;
    g.open = settings.open;
    if (g.open) snprintf(g.open_by, sizeof g.open_by, "%s", client ? client : "");
    if (humans_seated(&g)) begin(&g, now); /* the computer plays every other seat */
    if (!computer_can_play(acts, &g, a) || !create_row(acts, &g, a)) {
        json_decref(invites);
        return;
    }
    presence_seated(acts->presence, &g, seat, now);
    a->status = 201;
    a->body = json_pack("{s:s, s:s, s:s, s:o}", "id", g.id, "seat", seat_name(seat), "token", token, "invites", invites);
    int opponent = seat_opponent(&g, seat); /* the one invite, when there is one */
    if (opponent >= 0) json_object_set(a->body, "invite", json_object_get(invites, seat_name(opponent)));
}

/* ---- POST /games/{id}/join -------------------------------------------------------- */

/* The seat asked for in an open game, which anyone may take (or, none
 * named, the first free seat in turn order); -1 with an error. */
static int open_seat(const Loaded *l, const json_t *body, OnlineAnswer *a) {
    const char *name = NULL;
    if (!body_string(body, "seat", &name, a)) return -1;
    if (!name && !l->g.open)
        return body_bad_request(a, "a join needs \"invite\", \"from\" and the old game's token, or an open game"), -1;
    int seat = -1;
    if (!name) {
        for (int turn = 0; turn < game_players(&l->g) && seat < 0; turn++) {
            int k = seat_at_turn(&l->g, turn);
            if (!l->g.joined[k]) seat = k;
        }
    } else if (!seat_in_play(&l->g, seat = seat_named(name))) {
        return body_bad_request(a, "\"seat\" must be a seat of the game"), -1;
    }
    /* Taken first: whoever was a moment too late for a game just filled hears so. */
    if (seat < 0 || l->g.joined[seat]) return acting_refuse(a, 409, "seat_taken", "that seat is taken"), -1;
    if (!l->g.open) return acting_refuse(a, 403, "forbidden", "the game is not open: it takes an invite"), -1;
    return seat;
}

/* The seat an invite is for: of two, the free one (the first stores kept
 * the one invite as Black's, whoever it was for); of three or four, the
 * invite's own.  -1 with an error. */
static int invited_seat(const Loaded *l, const char *invite, OnlineAnswer *a) {
    uint8_t hash[TOKEN_HASH_SIZE];
    bool hashed = token_hash(invite, hash);
    int seat = -1;
    for (int k = 0; k < game_players(&l->g); k++) {
        bool match = hashed && token_hash_equal(hash, l->g.invite_hash[k]);
        if (match && seat < 0) seat = k;
    }
    if (seat < 0) return acting_refuse(a, 403, "forbidden", "this is not an invite of this game"), -1;
    int opponent = seat_opponent(&l->g, seat);
    if (opponent >= 0 && l->g.joined[seat]) seat = opponent;
    if (l->g.joined[seat]) return acting_refuse(a, 409, "seat_taken", "the invite has been used"), -1;
    return seat;
}

/* The seat of the rematch that the old game's token entitles the caller
 * to: the person's old seat, rotated one seat on; -1 with an error. */
static int rematch_seat(const Actions *acts, const Loaded *l, const char *from, const char *token, OnlineAnswer *a) {
    if (strcmp(from, l->g.rematch_of)) return acting_refuse(a, 403, "forbidden", "this game is no rematch of that one"), -1;
    Loaded old;
    if (!loaded_read(acts->store, from, &old, a)) return -1;
    int old_seat = acting_seat(&old, token, a);
    int seat = old_seat < 0 ? -1 : seat_in_rematch(&old.g, old_seat);
    loaded_free(&old);
    if (seat >= 0 && l->g.joined[seat]) return acting_refuse(a, 409, "seat_taken", "that seat is taken"), -1;
    return seat;
}

/* The seat an invite, a rematch's old token or an open game entitles the caller to; -1 with an error. */
static int seat_to_take(const Actions *acts, const Loaded *l, const json_t *body, const char *token, OnlineAnswer *a) {
    const char *invite = NULL, *from = NULL;
    if (!body_string(body, "invite", &invite, a) || !body_string(body, "from", &from, a)) return -1;
    if (invite) return invited_seat(l, invite, a);
    if (from) return rematch_seat(acts, l, from, token, a);
    return open_seat(l, body, a);
}

void seating_join(const Actions *acts, Loaded *l, const char *token, const json_t *body, OnlineAnswer *a) {
    const char *name;
    if (!body_name(body, &name, a)) return;
    int seat = seat_to_take(acts, l, body, token, a);
    if (seat < 0) return;
    if (l->g.status == GAME_FINISHED) { /* an aborted rematch, or a waiting game aborted */
        acting_refuse(a, 409, "game_over", "the game is over");
        return;
    }
    StoreGame g = l->g;
    char new_token[TOKEN_SIZE];
    if (!take_seat(&g, seat, new_token)) {
        acting_refuse(a, 503, "unavailable", "the server could not make a token now; try again");
        return;
    }
    int64_t now = clock_now_ms();
    g.last_seen_ms[seat] = now;
    set_name(&g, seat, name);
    if (humans_seated(&g)) begin(&g, now);
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

/* ---- POST /games/{id}/rematch ----------------------------------------------------- */

static json_t *rematch_event(const StoreGame *g) {
    bool asked = g->rematch[0] != '\0';
    return json_pack("{s:o, s:o}", "rematch", asked ? json_string(g->rematch) : json_null(), "by",
                     asked && g->rematch_by >= 0 ? json_string(seat_name(g->rematch_by)) : json_null());
}

/* Whether the rematch named is no more: aborted by its cancellation (whose
 * second write, the old game's, failed), or deleted. */
static bool called_off(const Actions *acts, const char *id) {
    StoreGame g;
    StoreStatus st = store_read(acts->store, id, &g, NULL);
    return st == STORE_NOT_FOUND || (st == STORE_OK && g.status == GAME_FINISHED && !strcmp(g.reason, "aborted"));
}

/* The rematch asked for: a new game of the same settings, its people's
 * seats for the old game's tokens only, each person one seat on in turn
 * order with their name, the computer's seats as they were. */
static void ask_rematch(const Actions *acts, Loaded *l, int seat, OnlineAnswer *a) {
    if (l->g.rematch[0] && !called_off(acts, l->g.rematch)) {
        a->status = 200; /* with the game (acting_done) */
        return;
    } /* asked for already, by anyone */
    StoreGame next;
    int64_t now = clock_now_ms();
    if (!new_row(&l->g, &next, now)) {
        acting_refuse(a, 503, "unavailable", "the server could not make a new game now; try again");
        return;
    }
    snprintf(next.rematch_of, sizeof next.rematch_of, "%s", l->g.id);
    for (int k = 0; k < game_players(&l->g); k++)
        if (!seat_made_computer(&l->g, k)) set_name(&next, seat_in_rematch(&l->g, k), l->g.name[k]);
    if (!computer_can_play(acts, &next, a) || !create_row(acts, &next, a)) return;
    StoreGame g = l->g;
    snprintf(g.rematch, sizeof g.rematch, "%s", next.id);
    g.rematch_by = seat;
    OnlineEvent ev[] = {{"rematch", rematch_event(&g)}};
    Write w = {.kind = WRITE_UPDATE};
    acting_commit(acts, l, &g, &w, ev, 1, a);
}

/* The rematch withdrawn by its asker, or declined by another player: the
 * new game, if nobody has moved in it, ends aborted, and the old one names
 * none (anyone may ask again: a new game again).  Once the rematch has
 * begun it is a game like any other: 409 too_late. */
static void cancel_rematch(const Actions *acts, Loaded *l, OnlineAnswer *a) {
    if (!l->g.rematch[0]) {
        acting_refuse(a, 409, "stale", "there is no rematch to cancel");
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
            acting_refuse(a, 409, "too_late", "the rematch has begun: resign it or offer a draw instead");
            ended = false;
        } else if (next.g.status != GAME_FINISHED) {
            StoreGame g = next.g;
            game_finish(&g, -1, "aborted", now);
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
    acting_commit(acts, l, &g, &w, ev, 1, a);
}

void seating_rematch(const Actions *acts, Loaded *l, const char *token, const json_t *body, OnlineAnswer *a) {
    const char *action = "offer";
    if (!body_string(body, "action", &action, a)) return;
    bool cancel = !strcmp(action, "cancel");
    if (!cancel && strcmp(action, "offer")) {
        body_bad_request(a, "\"action\" must be \"offer\" (the default) or \"cancel\"");
        return;
    }
    int seat = acting_seat(l, token, a);
    if (seat < 0) return;
    if (l->g.status != GAME_FINISHED) {
        acting_refuse(a, 409, "stale", "a rematch is offered once the game is over");
        return;
    }
    if (cancel) cancel_rematch(acts, l, a);
    else ask_rematch(acts, l, seat, a);
}
