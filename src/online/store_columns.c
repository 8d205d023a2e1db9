/* store_columns.c: the games table's columns (see store_columns.h). */
#define _POSIX_C_SOURCE 200809L
#include "online/store_columns.h"

#include <stdio.h>
#include <string.h>

#define FIELD(name, type, member) {name, type, offsetof(StoreGame, member), sizeof(((StoreGame *)0)->member), NULL, false}
/* A column the first stores did not have, and what their rows read in it. */
#define ADDED(name, type, member, fallback) \
    {name, type, offsetof(StoreGame, member), sizeof(((StoreGame *)0)->member), fallback, true}

/* The first schema's columns in its order, then those added since.  The
 * seats' columns are named by the seats' letters: w, b, then r, y. */
static const StoreColumn COLUMNS[] = {
    FIELD("variant", COLUMN_INT, variant),
    FIELD("turn_limit", COLUMN_INT, turn_limit),
    FIELD("initial_ms", COLUMN_INT64, initial_ms),
    FIELD("increment_ms", COLUMN_INT64, increment_ms),
    FIELD("w_token", COLUMN_HASH, token_hash[0]),
    FIELD("b_token", COLUMN_HASH, token_hash[1]),
    FIELD("w_joined", COLUMN_BOOL, joined[0]),
    FIELD("b_joined", COLUMN_BOOL, joined[1]),
    FIELD("invite", COLUMN_HASH, invite_hash[1]),
    FIELD("status", COLUMN_INT, status),
    FIELD("winner", COLUMN_INT, winner),
    FIELD("reason", COLUMN_TEXT, reason),
    FIELD("w_ms", COLUMN_INT64, clock_ms[0]),
    FIELD("b_ms", COLUMN_INT64, clock_ms[1]),
    FIELD("turn_started_ms", COLUMN_INT64, turn_started_ms),
    FIELD("draw_offer", COLUMN_INT, draw_offer),
    FIELD("rematch", COLUMN_TEXT, rematch),
    FIELD("rematch_of", COLUMN_TEXT, rematch_of),
    FIELD("created_ms", COLUMN_INT64, created_ms),
    FIELD("last_move_ms", COLUMN_INT64, last_move_ms),
    FIELD("finished_ms", COLUMN_INT64, finished_ms),
    FIELD("w_seen", COLUMN_INT64, last_seen_ms[0]),
    FIELD("b_seen", COLUMN_INT64, last_seen_ms[1]),
    FIELD("ply", COLUMN_INT, ply),
    FIELD("seq", COLUMN_INT64, seq),
    /* Added: White's own invite (Black's is the first schema's), the seats
     * of three and four, who asked for the rematch. */
    ADDED("w_invite", COLUMN_HASH, invite_hash[0], NULL),
    ADDED("r_token", COLUMN_HASH, token_hash[2], NULL),
    ADDED("y_token", COLUMN_HASH, token_hash[3], NULL),
    ADDED("r_joined", COLUMN_BOOL, joined[2], "0"),
    ADDED("y_joined", COLUMN_BOOL, joined[3], "0"),
    ADDED("r_invite", COLUMN_HASH, invite_hash[2], NULL),
    ADDED("y_invite", COLUMN_HASH, invite_hash[3], NULL),
    ADDED("r_ms", COLUMN_INT64, clock_ms[2], "0"),
    ADDED("y_ms", COLUMN_INT64, clock_ms[3], "0"),
    ADDED("r_seen", COLUMN_INT64, last_seen_ms[2], "0"),
    ADDED("y_seen", COLUMN_INT64, last_seen_ms[3], "0"),
    ADDED("rematch_by", COLUMN_INT, rematch_by, "-1"),
    /* The players' names. */
    ADDED("w_name", COLUMN_TEXT, name[0], "''"),
    ADDED("b_name", COLUMN_TEXT, name[1], "''"),
    ADDED("r_name", COLUMN_TEXT, name[2], "''"),
    ADDED("y_name", COLUMN_TEXT, name[3], "''"),
    /* The lobby. */
    ADDED("open", COLUMN_BOOL, open, "0"),
    ADDED("creator", COLUMN_INT, creator, "0"),
    ADDED("open_by", COLUMN_TEXT, open_by, "''"),
    /* Correspondence. */
    ADDED("days_per_move", COLUMN_INT, days_per_move, "0"),
    /* Three and four players, computer seats. */
    ADDED("players", COLUMN_INT, players, "2"),
    ADDED("partners", COLUMN_BOOL, partners, "0"),
    ADDED("w_level", COLUMN_INT, level[0], "0"),
    ADDED("b_level", COLUMN_INT, level[1], "0"),
    ADDED("r_level", COLUMN_INT, level[2], "0"),
    ADDED("y_level", COLUMN_INT, level[3], "0"),
    ADDED("w_left", COLUMN_TEXT, left[0], "''"),
    ADDED("b_left", COLUMN_TEXT, left[1], "''"),
    ADDED("r_left", COLUMN_TEXT, left[2], "''"),
    ADDED("y_left", COLUMN_TEXT, left[3], "''"),
    ADDED("draw_accepted", COLUMN_INT, draw_accepted, "0"),
    /* The house rule against spoiling (RULES-HOUSE.md): the games before it the seeds'. */
    ADDED("rules", COLUMN_INT, rules, "0"),
};

const StoreColumn *store_columns(int *n) {
    *n = (int)(sizeof COLUMNS / sizeof *COLUMNS);
    return COLUMNS;
}

char store_seat_letter(int seat) { return "wbry"[seat & 3]; }

void *column_field(const StoreColumn *c, StoreGame *g) { return (char *)g + c->offset; }
const void *column_value(const StoreColumn *c, const StoreGame *g) { return (const char *)g + c->offset; }

/* Appends to out (holding *len) what fmt says; false once it would not fit. */
static bool append(char *out, size_t size, size_t *len, const char *fmt, const char *name, int k) {
    int n = name ? snprintf(out + *len, size - *len, fmt, name) : snprintf(out + *len, size - *len, fmt, k);
    if (n < 0 || (size_t)n >= size - *len) return false;
    *len += (size_t)n;
    return true;
}

bool store_column_names(char *out, size_t size) {
    size_t len = 0;
    out[0] = '\0';
    int n;
    const StoreColumn *c = store_columns(&n);
    for (int k = 0; k < n; k++)
        if (!append(out, size, &len, k ? ", %s" : "%s", c[k].name, 0)) return false;
    return true;
}

bool store_column_params(char *out, size_t size, char marker) {
    size_t len = 0;
    out[0] = '\0';
    int n;
    store_columns(&n);
    char fmt[8];
    for (int k = 0; k < n; k++) {
        snprintf(fmt, sizeof fmt, "%s%c%%d", k ? ", " : "", marker);
        if (!append(out, size, &len, fmt, NULL, k + 1)) return false;
    }
    return true;
}
