/*
 * actions.c: each request of the online API (docs/ONLINE-API.md,
 * Endpoints): its checks, in the order that gives the most useful error,
 * and its change, committed (writer.h) before it is answered (a 200 with
 * the game as it then is, made by acting_done once the seat counts as
 * online); and the opening of a game's event stream.  Creating, joining and rematches are
 * seating.c's; playing is here: moves, resignations, draws, claims,
 * aborts.  A refused request changes nothing.
 */
#define _POSIX_C_SOURCE 200809L
#include "online/actions.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/notation.h"
#include "core/refusal.h"
#include "online/body.h"
#include "online/draws.h"
#include "online/game_clock.h"
#include "online/game_json.h"
#include "online/outcome.h"
#include "online/seating.h"
#include "online/seats.h"

static json_t *draw_event(const StoreGame *g) { return json_pack("{s:o}", "draw_offer", draw_json(g)); }

/* A decline names who declined, so that every page can say so at once (an
 * offer lapsing with a move, or a turn come round, names nobody). */
static json_t *declined_event(const StoreGame *g, int seat) {
    return json_pack("{s:o, s:s}", "draw_offer", draw_json(g), "declined_by", seat_name(seat));
}

/* ---- POST /games/{id}/moves ------------------------------------------------------ */

/* The body of a move: its ply, and a move written as RULES.md says. */
static bool read_move(const json_t *body, json_int_t *ply, const char **move, OnlineAnswer *a) {
    *ply = -1;
    *move = NULL;
    if (!body_int(body, "ply", 0, MAX_TURN_LIMIT, ply, a) || !body_string(body, "move", move, a)) return false;
    if (*ply < 0 || !*move) return body_bad_request(a, "a move is {\"ply\": <moves played>, \"move\": \"<move>\"}");
    size_t len = strlen(*move);
    if (len >= STORE_MOVE_SIZE) return body_bad_request(a, "the move is too long");
    if (!strcmp(*move, "pass")) return true;
    uint8_t path[MAX_PATH];
    Refusal why;
    if (path_parse(*move, (int)len, path, &why)) return true;
    char err[160];
    Text t = text_on(err, sizeof err);
    refusal_write(&why, &t);
    return body_bad_request(a, err);
}

/* The move resent after it was accepted (its answer lost): the same text at
 * the same number, by the same seat. */
static bool already_played(const Loaded *l, json_int_t ply, const char *move, int seat) {
    return ply < l->g.ply && seat_at_turn(&l->g, (int)ply) == seat && !strcmp(l->moves[ply], move);
}

/* The game is on: every person's seat taken, not over (409 otherwise). */
static bool ongoing(const StoreGame *g, OnlineAnswer *a) {
    if (g->status == GAME_WAITING)
        return acting_refuse(a, 409, "waiting", seat_opponent(g, SEAT_WHITE) >= 0 ? "the other seat is not taken yet"
                                                                                  : "not every seat is taken yet");
    if (g->status == GAME_FINISHED) return acting_refuse(a, 409, "game_over", "the game is over");
    return true;
}

static void ply_error(OnlineAnswer *a, unsigned status, const char *code, const char *message, int ply) {
    online_error(a, status, code, message);
    json_object_set_new(a->body, "ply", json_integer(ply));
}

/* The mover's clock ran out before its move or another request (the timer
 * may not have let it fall yet): the seat leaves on time at that moment;
 * answers 409, to that seat (own) or another. */
static void flag_fell(const Actions *acts, Loaded *l, int seat, bool own, OnlineAnswer *a) {
    StoreGame g = l->g;
    int64_t at = clock_flag_at(&g);
    g.clock_ms[seat] = 0;
    bool online[STORE_SEATS];
    presence_online(acts->presence, &g, online);
    OnlineEvent ev[2];
    int n = 0;
    seat_leaves(&g, seat, "time", at, online, ev, &n);
    Write w = {.kind = WRITE_UPDATE};
    if (!writer_commit(acts->writer, &w, &g, ev, n, a)) return;
    bool over = g.status == GAME_FINISHED;
    if (own)
        online_error(a, 409, "game_over",
                     over ? "your time ran out: the game is over" : "your time ran out: the computer plays your seat now");
    else
        online_error(a, 409, over ? "game_over" : "stale",
                     over ? "a clock ran out: the game is over" : "a clock ran out meanwhile: read the game again");
}

/* The move is legal: its row, and its events (move, a draw offer declined
 * or lapsed, the end). */
static void play(const Actions *acts, Loaded *l, int seat, const char *move, int64_t now, OnlineAnswer *a) {
    StoreGame g = l->g;
    g.ply++;
    g.last_move_ms = now;
    if (seat_human(&g, seat)) g.last_seen_ms[seat] = now;
    OnlineEvent ev[3];
    int n = 0;
    ev[n++] = (OnlineEvent){"move", json_pack("{s:i, s:s, s:s, s:o}", "ply", g.ply, "move", move, "seat",
                                              seat_name(seat), "clock", clock_json(&g, now))};
    if (draw_after_move(&g)) ev[n++] = (OnlineEvent){"draw_offer", draw_event(&g)};
    game_judge(&g, table_verdict(l->rules), now);
    if (g.status == GAME_FINISHED) ev[n++] = (OnlineEvent){"end", end_event(&g, now)};
    Write w = {.kind = WRITE_MOVE, .expected_ply = l->g.ply, .move = move};
    if (!writer_commit(acts->writer, &w, &g, ev, n, a)) return;
    snprintf(l->moves[l->g.ply], STORE_MOVE_SIZE, "%s", move);
    l->g = g;
    a->status = 200; /* with the game (acting_done) */
}

/* Is it this seat's move number ply + 1?  If not, why (409). */
static bool seat_may_move(const Loaded *l, json_int_t ply, int seat, OnlineAnswer *a) {
    if (!ongoing(&l->g, a)) return false;
    if (ply != l->g.ply) {
        ply_error(a, 409, "stale", "the game has moved on: read it again", l->g.ply);
        return false;
    }
    if (game_to_move(&l->g) != seat) {
        char message[64];
        snprintf(message, sizeof message, "it is not your turn: %s is to move", seat_name(game_to_move(&l->g)));
        ply_error(a, 409, "not_your_turn", message, l->g.ply);
        return false;
    }
    if (!seat_human(&l->g, seat)) {
        ply_error(a, 409, "not_your_turn", "the computer plays your seat now", l->g.ply);
        return false;
    }
    return true;
}

/* The seat's move, its turn checked: refused if its clock ran out or the
 * rules say no, else played. */
static void move_in_turn(const Actions *acts, Loaded *l, int seat, const char *text, OnlineAnswer *a) {
    int64_t now = clock_now_ms();
    StoreGame timed = l->g;
    if (!clock_after_move(&timed, seat, now)) {
        flag_fell(acts, l, seat, true, a);
        return;
    }
    Refusal why;
    if (!table_play_text(l->rules, text, (int)strlen(text), &why)) {
        char err[200];
        Text t = text_on(err, sizeof err);
        refusal_write(&why, &t);
        online_error(a, 422, "illegal", err);
        return;
    }
    l->g = timed; /* play() reads the clocks from l->g; on failure l is thrown away */
    play(acts, l, seat, text, now, a);
}

static void move(const Actions *acts, Loaded *l, const char *token, const json_t *body, OnlineAnswer *a) {
    json_int_t ply;
    const char *text;
    if (!read_move(body, &ply, &text, a)) return;
    int seat = acting_seat(l, token, a);
    if (seat < 0) return;
    if (already_played(l, ply, text, seat)) {
        a->status = 200; /* with the game (acting_done) */
        return;
    }
    if (!seat_may_move(l, ply, seat, a)) return;
    move_in_turn(acts, l, seat, text, a);
}

/* ---- resign, draw, claim, abort, ping ---------------------------------------------- */

/* The running clock has run out, the timer not yet told: the flag is settled
 * first (that seat left on time, before this request), then the request is
 * refused, 409, whatever it was: it was made of a game no longer as read. */
static bool flag_settled(const Actions *acts, Loaded *l, int seat, OnlineAnswer *a) {
    int64_t at = clock_flag_at(&l->g);
    if (!at || at > clock_now_ms()) return false;
    int loser = game_to_move(&l->g);
    flag_fell(acts, l, loser, loser == seat, a);
    return true;
}

/* A seat that a person plays, of a game under way: -1 with 401, 403 or 409 if not. */
static int playing_seat(const Actions *acts, Loaded *l, const char *token, OnlineAnswer *a) {
    int seat = acting_seat(l, token, a);
    if (seat < 0 || !ongoing(&l->g, a)) return -1;
    if (!seat_human(&l->g, seat)) return acting_refuse(a, 409, "game_over", "you have left this game"), -1;
    if (flag_settled(acts, l, seat, a)) return -1;
    return seat;
}

/* The seat leaves, then the game is answered (seat_leaves says how it goes on). */
static void leave(const Actions *acts, Loaded *l, int seat, const char *reason, OnlineAnswer *a) {
    int64_t now = clock_now_ms();
    StoreGame g = l->g;
    bool online[STORE_SEATS];
    presence_online(acts->presence, &g, online);
    OnlineEvent ev[2];
    int n = 0;
    seat_leaves(&g, seat, reason, now, online, ev, &n);
    Write w = {.kind = WRITE_UPDATE};
    acting_commit(acts, l, &g, &w, ev, n, a);
}

static void resign(const Actions *acts, Loaded *l, const char *token, OnlineAnswer *a) {
    int seat = playing_seat(acts, l, token, a);
    if (seat >= 0) leave(acts, l, seat, "resign", a);
}

static void draw(const Actions *acts, Loaded *l, const char *token, const json_t *body, OnlineAnswer *a) {
    static const char *const NAMES[] = {[DRAW_OFFER] = "offer", [DRAW_ACCEPT] = "accept", [DRAW_DECLINE] = "decline"};
    const char *text = NULL;
    if (!body_string(body, "action", &text, a)) return;
    int action = -1;
    for (int k = 0; text && k < 3; k++)
        if (!strcmp(text, NAMES[k])) action = k;
    if (action < 0) {
        body_bad_request(a, "\"action\" must be \"offer\", \"accept\" or \"decline\"");
        return;
    }
    int seat = playing_seat(acts, l, token, a);
    if (seat < 0) return;
    StoreGame g = l->g;
    int64_t now = clock_now_ms();
    OnlineEvent ev[2];
    int n = 0;
    switch (draw_act(&g, seat, (DrawAction)action)) {
    case DRAW_UNCHANGED: a->status = 200; return; /* with the game (acting_done) */
    case DRAW_NONE: acting_refuse(a, 409, "stale", "there is no draw offer to answer"); return;
    case DRAW_AGREED:
        game_finish(&g, -1, "agreement", now);
        ev[n++] = (OnlineEvent){"draw_offer", draw_event(&g)};
        ev[n++] = (OnlineEvent){"end", end_event(&g, now)};
        break;
    case DRAW_CHANGED:
        ev[n++] = (OnlineEvent){"draw_offer", action == DRAW_DECLINE ? declined_event(&g, seat) : draw_event(&g)};
        break;
    }
    Write w = {.kind = WRITE_UPDATE};
    acting_commit(acts, l, &g, &w, ev, n, a);
}

/* An untimed game (or one whose clocks have not started) whose seat to move,
 * a person, has neither moved nor been online for abandon_ms: any other
 * person playing may claim it as abandoned. */
static void claim(const Actions *acts, Loaded *l, const char *token, OnlineAnswer *a) {
    int seat = playing_seat(acts, l, token, a);
    if (seat < 0) return;
    int away = game_to_move(&l->g);
    if (away == seat) {
        acting_refuse(a, 409, "stale", "it is your turn: only the seat to move can abandon");
        return;
    }
    if (!seat_human(&l->g, away)) {
        acting_refuse(a, 409, "stale", "the computer plays the seat to move: it does not abandon");
        return;
    }
    if (clock_running(&l->g) >= 0) {
        acting_refuse(a, 409, "stale", "a running clock ends this game, not a claim");
        return;
    }
    int64_t now = clock_now_ms(), since = l->g.last_move_ms;
    int64_t seen = presence_last_seen(acts->presence, &l->g, away);
    if (seen > since) since = seen;
    if (now - since < acts->abandon_ms) {
        char message[96];
        long long ms = (long long)acts->abandon_ms;
        const char *who = seat_opponent(&l->g, away) >= 0 ? "your opponent has" : "the seat to move has";
        if (ms % 3600000 == 0)
            snprintf(message, sizeof message, "%s not been away long enough (%lld hours)", who, ms / 3600000);
        else
            snprintf(message, sizeof message, "%s not been away long enough (%lld seconds)", who, ms / 1000);
        acting_refuse(a, 409, "stale", message);
        return;
    }
    leave(acts, l, away, "abandoned", a);
}

/* Some seat a person plays has not made its first move yet (a seat's first
 * move is its first turn, its place in the turn order). */
static bool first_moves_made(const StoreGame *g) {
    for (int seat = 0; seat < game_players(g); seat++)
        if (seat_human(g, seat) && g->ply <= seat_first_turn(g, seat)) return false;
    return true;
}

/* A game nobody has really begun ends with no winner: while a person's seat
 * has not yet made its first move, as on the big sites, where an abort
 * costs no rating. */
static void abort_game(const Actions *acts, Loaded *l, const char *token, OnlineAnswer *a) {
    int seat = acting_seat(l, token, a);
    if (seat < 0) return;
    if (l->g.status == GAME_FINISHED) {
        acting_refuse(a, 409, "game_over", "the game is over");
        return;
    }
    /* Only a seat still playing speaks for the game (one that resigned does not). */
    if (l->g.status == GAME_ONGOING && !seat_human(&l->g, seat)) {
        acting_refuse(a, 409, "game_over", "you have left this game");
        return;
    }
    if (flag_settled(acts, l, seat, a)) return;
    if (first_moves_made(&l->g)) {
        acting_refuse(a, 409, "too_late", "every seat has moved: resign or offer a draw instead");
        return;
    }
    int64_t now = clock_now_ms();
    StoreGame g = l->g;
    game_finish(&g, -1, "aborted", now);
    OnlineEvent ev[] = {{"end", end_event(&g, now)}};
    Write w = {.kind = WRITE_UPDATE};
    acting_commit(acts, l, &g, &w, ev, 1, a);
}

static void ping(Loaded *l, const char *token, OnlineAnswer *a) {
    if (acting_seat(l, token, a) < 0) return;
    a->status = 204;
    a->body = NULL;
}

/* A move the computer chose for its seat (computer.h): played if the game
 * is still where the search found it, else dropped (409, answered to
 * nobody: another server played it, or the game went on). */
static void computer_move(const Actions *acts, Loaded *l, const json_t *body, OnlineAnswer *a) {
    json_int_t ply = -1, seat = -1;
    const char *text = NULL;
    if (!body_int(body, "ply", 0, MAX_TURN_LIMIT, &ply, a) || !body_int(body, "seat", 0, STORE_SEATS - 1, &seat, a) ||
        !body_string(body, "move", &text, a))
        return;
    if (!text || strlen(text) >= STORE_MOVE_SIZE) {
        body_bad_request(a, "a computer's move is {\"ply\", \"seat\", \"move\"}");
        return;
    }
    bool due = l->g.status == GAME_ONGOING && ply == l->g.ply && game_to_move(&l->g) == seat &&
               !seat_human(&l->g, (int)seat);
    if (!due) {
        acting_refuse(a, 409, "stale", "the game has moved on since the computer searched it");
        return;
    }
    move_in_turn(acts, l, (int)seat, text, a);
}

/* ---- dispatch ----------------------------------------------------------------- */

static void on_game(const Actions *acts, OnlineAction action, Loaded *l, const char *token, const json_t *body,
                    OnlineAnswer *a) {
    switch (action) {
    case ONLINE_READ: a->status = 200; return; /* with the game (acting_done) */
    case ONLINE_JOIN: seating_join(acts, l, token, body, a); return;
    case ONLINE_MOVE: move(acts, l, token, body, a); return;
    case ONLINE_RESIGN: resign(acts, l, token, a); return;
    case ONLINE_DRAW: draw(acts, l, token, body, a); return;
    case ONLINE_REMATCH: seating_rematch(acts, l, token, body, a); return;
    case ONLINE_PING: ping(l, token, a); return;
    case ONLINE_CLAIM: claim(acts, l, token, a); return;
    case ONLINE_ABORT: abort_game(acts, l, token, a); return;
    case ONLINE_COMPUTER: computer_move(acts, l, body, a); return;
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
        if (action == ONLINE_CREATE) seating_create(acts, body, client, answer);
        else if (loaded_read(acts->store, id, &l, answer)) {
            on_game(acts, action, &l, token, body, answer);
            acting_done(acts, &l, answer);
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
