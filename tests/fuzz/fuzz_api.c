/*
 * fuzz_api: the online games' request handling (online_do) on bodies and
 * tokens a client controls, against a store in memory.  Each input names an
 * action, a token (a seat's, another's, none, its own bytes) and a body; the
 * invariants:
 *   - the status is one of the contract's, and an error's body is
 *     {"error": <string>, "message": <string>};
 *   - a refused request (status >= 400) leaves the game exactly as it was.
 */
#include <jansson.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "online/online.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);


static void check(bool ok) {
    if (!ok) __builtin_trap();
}

/* A fresh service and store for each input: every input is judged alone,
 * and whatever a run allocates is freed by its end (else LeakSanitizer
 * would scan the growing store after every run). */
static Online *online;
static Hub *hub;

static void start(void) {
    if (!hub) hub = hub_new(NULL, NULL);
    OnlineConfig config = {.db_path = ":memory:", .keep_ms = 86400000, .abandon_ms = 1000, .online_ms = 30000,
                           .heartbeat_ms = 15000, .computer_threads = 1};
    char err[256];
    online = online_start(&config, hub, err, sizeof err);
    check(online != NULL);
}

static json_t *call(OnlineAction action, const char *id, const char *token, const json_t *body, unsigned *status) {
    OnlineAnswer a;
    online_do(online, action, id, token, body, &a);
    *status = a.status;
    return a.body;
}

static bool known_status(unsigned s) {
    static const unsigned OK[] = {200, 201, 204, 400, 401, 403, 404, 409, 422, 429, 503};
    for (size_t i = 0; i < sizeof OK / sizeof *OK; i++)
        if (s == OK[i]) return true;
    return false;
}

static char *game_text(const char *id) {
    unsigned status;
    json_t *g = call(ONLINE_READ, id, NULL, NULL, &status);
    check(status == 200);
    json_object_del(g, "seats"); /* presence changes with any authenticated request, even a refused one */
    json_object_del(g, "clock");
    json_object_del(g, "watchers");
    char *text = json_dumps(g, JSON_COMPACT | JSON_SORT_KEYS);
    json_decref(g);
    return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 2) return 0;
    start();
    unsigned status;
    /* The game: of two, or of three; open in the lobby or not. */
    json_t *settings = json_object();
    if (data[1] & 0x20) json_object_set_new(settings, "open", json_true()); /* listed in the lobby */
    if (data[1] & 0x10) json_object_set_new(settings, "players", json_integer(3));
    json_t *created = call(ONLINE_CREATE, NULL, NULL, settings, &status);
    json_decref(settings);
    check(status == 201);
    char id[32], w[64];
    strcpy(id, json_string_value(json_object_get(created, "id")));
    strcpy(w, json_string_value(json_object_get(created, "token")));
    char b[64] = "";
    if (data[1] & 0x80) { /* every other seat taken, so that moves can be played */
        const char *seat;
        json_t *invite;
        json_object_foreach(json_object_get(created, "invites"), seat, invite) {
            json_t *body = json_pack("{s:O}", "invite", invite);
            json_t *joined = call(ONLINE_JOIN, id, NULL, body, &status);
            check(status == 200);
            if (!strcmp(seat, "b")) strcpy(b, json_string_value(json_object_get(joined, "token")));
            json_decref(joined);
            json_decref(body);
        }
    }
    json_decref(created);
    if ((data[1] & 0xc0) == 0xc0) { /* the game over and a rematch asked, so that it can be called off */
        json_t *over = call(ONLINE_RESIGN, id, b, NULL, &status);
        json_decref(over);
        json_t *asked = call(ONLINE_REMATCH, id, w, NULL, &status);
        json_decref(asked);
    }
    static const OnlineAction ACTIONS[] = {ONLINE_READ,   ONLINE_JOIN,  ONLINE_MOVE,   ONLINE_RESIGN,
                                           ONLINE_DRAW,   ONLINE_REMATCH, ONLINE_PING, ONLINE_CLAIM,
                                           ONLINE_CREATE, ONLINE_ABORT, ONLINE_COMPUTER};
    OnlineAction action = ACTIONS[data[0] % (sizeof ACTIONS / sizeof *ACTIONS)];
    char own[64] = "";
    size_t own_len = size - 2 < 40 ? size - 2 : 40;
    memcpy(own, data + 2, own_len);
    const char *tokens[] = {w, b[0] ? b : NULL, NULL, own};
    const char *token = tokens[(data[1] & 3)];
    json_t *body = json_loadb((const char *)data + 2, size - 2, JSON_REJECT_DUPLICATES, NULL);
    char *before = game_text(id);
    json_t *answer = call(action, id, token, body, &status);
    check(known_status(status));
    if (status >= 400) {
        check(json_is_string(json_object_get(answer, "error")) && json_is_string(json_object_get(answer, "message")));
        char *after = game_text(id);
        check(!strcmp(before, after));
        free(after);
    }
    free(before);
    json_decref(answer);
    json_decref(body);
    online_stop(online);
    online = NULL;
    return 0;
}
