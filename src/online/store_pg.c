/*
 * store_pg.c: the store (store.h) in PostgreSQL, shared by several servers.
 *
 * The same tables and the same rules as store_sqlite.c: a move is a row whose
 * key (game, ply) refuses a second move number P + 1, and every write of a
 * game's row is conditional on its seq, so two servers writing one game
 * cannot both succeed.  Each write ends with a NOTIFY naming the game and its
 * last event, which PostgreSQL delivers to the other servers' LISTEN
 * connection only if and when the transaction commits.
 *
 * Two connections: one for the calls of store.h, under a recursive lock (a
 * batch holds it across its writes, each write a savepoint), and one that
 * only listens, used by the one thread that calls store_next_notice.  A
 * connection that breaks is opened again on the next call, so a database
 * that restarts costs the calls made while it is down (STORE_UNAVAILABLE,
 * nothing written) and nothing after.
 *
 * The sequence of each write and batch is store_script.c's, the same as
 * SQLite's: here only its SQL (StoreSql, store_backend.h), the reads and
 * the notices.
 */
#define _POSIX_C_SOURCE 200809L
#include "online/store_pg.h"

#include <inttypes.h>
#include <libpq-fe.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "http/monotonic.h"
#include "online/store_backend.h"
#include "online/store_columns.h"

static const char CHANNEL[] = "halma_events";
enum {
    CONNECT_TIMEOUT_S = 5, /* a database out of reach answers "unavailable" after this, unless the URI says otherwise */
    RECONNECT_PAUSE_MS = 250, /* between tries to connect while the database is out of reach */
    PARAMS_MAX = 64,
    NUMBER_SIZE = 24,
    SCHEMA_LOCK = 0x68616c6d, /* "halm": servers starting together create the tables one at a time */
};

/* The first schema, as the first stores were written; the columns added
 * since (store_columns.h) are added to it, to a new store as to an old one. */
static const char SCHEMA[] =
    "CREATE TABLE IF NOT EXISTS games ("
    " id TEXT PRIMARY KEY, variant INT, turn_limit INT, initial_ms BIGINT, increment_ms BIGINT,"
    " w_token BYTEA, b_token BYTEA, w_joined INT, b_joined INT, invite BYTEA, status INT, winner INT, reason TEXT,"
    " w_ms BIGINT, b_ms BIGINT, turn_started_ms BIGINT, draw_offer INT, rematch TEXT, rematch_of TEXT,"
    " created_ms BIGINT, last_move_ms BIGINT, finished_ms BIGINT, w_seen BIGINT, b_seen BIGINT, ply INT, seq BIGINT);"
    "CREATE TABLE IF NOT EXISTS moves (game TEXT, ply INT, move TEXT, PRIMARY KEY (game, ply));"
    "CREATE TABLE IF NOT EXISTS events (game TEXT, seq BIGINT, kind TEXT, data TEXT, PRIMARY KEY (game, seq));"
    "CREATE INDEX IF NOT EXISTS games_by_status ON games (status);";

/* The statements, prepared on each connection the first time they are used. */
typedef enum {
    Q_INSERT_GAME,
    Q_UPDATE_GAME,
    Q_UPDATE_GAME_AT_PLY,
    Q_UPDATE_GAME_SEAT_FREE, /* then one a seat, in the seats' order */
    Q_INSERT_MOVE = Q_UPDATE_GAME_SEAT_FREE + STORE_SEATS,
    Q_INSERT_EVENT,
    Q_NOTIFY,
    Q_TOUCH, /* then one a seat */
    Q_READ_GAME = Q_TOUCH + STORE_SEATS,
    Q_READ_MOVES,
    Q_EVENTS_AFTER,
    Q_UNFINISHED,
    Q_EACH_OPEN,
    Q_LOCK_ADDRESS,
    Q_COUNT_OPEN,
    Q_EXPIRE,
    Q_COUNT
} Query;

/* The statements that name no column of a game's row. */
static const char *const FIXED_SQL[Q_COUNT] = {
    [Q_INSERT_MOVE] = "INSERT INTO moves (game, ply, move) VALUES ($1, $2, $3)",
    [Q_INSERT_EVENT] = "INSERT INTO events (game, seq, kind, data) VALUES ($1, $2, $3, $4)",
    [Q_NOTIFY] = "SELECT pg_notify($1, $2)",
    [Q_READ_MOVES] = "SELECT ply, move FROM moves WHERE game = $1 AND ply <= $2 ORDER BY ply",
    [Q_EVENTS_AFTER] = "SELECT seq, kind, data FROM events WHERE game = $1 AND seq > $2 ORDER BY seq",
    /* The creations from one address wait for each other's commit, so that
     * each counts the others' open games (under READ COMMITTED a count alone
     * would not see a creation not yet committed). */
    [Q_LOCK_ADDRESS] = "SELECT pg_advisory_xact_lock(1751216239, hashtext($1))",
    [Q_COUNT_OPEN] = "SELECT count(*) FROM games WHERE status = 0 AND open = 1 AND open_by = $1",
    [Q_EXPIRE] = "WITH doomed AS (SELECT id FROM games WHERE (status = 2 AND finished_ms < $1)"
                 " OR (status = 0 AND created_ms < $1)),"
                 " m AS (DELETE FROM moves WHERE game IN (SELECT id FROM doomed)),"
                 " e AS (DELETE FROM events WHERE game IN (SELECT id FROM doomed))"
                 " DELETE FROM games WHERE id IN (SELECT id FROM doomed)",
};

enum { SQL_SIZE = 2048 };

typedef struct {
    Store base; /* first: the Store * handed out points here */
    char *conninfo;
    PGconn *db;            /* the calls, under lock */
    bool prepared[Q_COUNT]; /* on db as it is now */
    bool down;             /* the last try to connect failed */
    int64_t retry_at;      /* then, the next try not before this (monotonic ms) */
    atomic_int db_pid;     /* db's backend, whose own notices the listener skips */
    PGconn *listener;      /* LISTEN, for store_next_notice's thread only */
    bool missed;           /* the listener was lost: news may have been missed */
    char sql[Q_COUNT][SQL_SIZE]; /* every statement, those naming the columns made at open */
    int n_columns;
} PgStore;

static const StoreOps PG_OPS;
static const StoreSql PG_SQL;

/* ---- connections ------------------------------------------------------------- */

/* The server's notices ("relation already exists, skipping"...) say nothing to an operator. */
static void ignore_notice(void *ctx, const char *message) {
    (void)ctx;
    (void)message;
}

/* A connection to conninfo (URI or key=value), or NULL with why in err. */
static PGconn *connect_to(const char *conninfo, char *err, int err_size) {
    char timeout[NUMBER_SIZE];
    snprintf(timeout, sizeof timeout, "%d", CONNECT_TIMEOUT_S);
    /* dbname is expanded as a connection string, whose settings win over the defaults before it.
     * lock_timeout: a write held up by another server's open transaction for
     * over a second fails (503), as SQLite's busy timeout, instead of waiting
     * for ever on a server stuck in the middle of a batch (unless the URI
     * sets options of its own). */
    const char *keys[] = {"connect_timeout", "application_name", "options", "dbname", NULL};
    const char *values[] = {timeout, "halma serve", "-c lock_timeout=1000", conninfo, NULL};
    PGconn *c = PQconnectdbParams(keys, values, 1);
    if (c && PQstatus(c) == CONNECTION_OK) {
        PQsetNoticeProcessor(c, ignore_notice, NULL);
        return c;
    }
    if (err) snprintf(err, (size_t)err_size, "PostgreSQL: %s", c ? PQerrorMessage(c) : "out of memory");
    if (err) err[strcspn(err, "\n")] = 0;
    PQfinish(c);
    return NULL;
}

/* Under the lock: db as (re)connected; says so when it is lost or back. */
static void db_connected(PgStore *s, bool now) {
    memset(s->prepared, 0, sizeof s->prepared); /* they went with the old connection */
    atomic_store(&s->db_pid, now ? PQbackendPID(s->db) : 0);
    if (now == !s->down) return;
    s->down = !now;
    fprintf(stderr, "halma serve: PostgreSQL %s\n",
            now ? "is back" : "is out of reach: the online games answer 503 until it is back");
}

/* Under the lock: db is connected, opened again if it broke.  While the
 * database is out of reach, at most one try every RECONNECT_PAUSE_MS: the
 * calls between fail at once instead of each waiting for a timeout. */
static bool db_ready(PgStore *s) {
    if (s->db && PQstatus(s->db) == CONNECTION_OK) return true;
    if (s->base.in_batch) return false; /* a batch's transaction died with its connection */
    if (s->down && monotonic_ms() < s->retry_at) return false;
    s->retry_at = monotonic_ms() + RECONNECT_PAUSE_MS;
    PQfinish(s->db);
    s->db = connect_to(s->conninfo, NULL, 0);
    db_connected(s, s->db != NULL);
    return s->db != NULL;
}

/* ---- statements -------------------------------------------------------------- */

/* Runs a statement of no parameters (BEGIN, COMMIT...) on db; true if it went well. */
static bool exec(PgStore *s, const char *sql) {
    PGresult *r = PQexec(s->db, sql);
    bool ok = PQresultStatus(r) == PGRES_COMMAND_OK || PQresultStatus(r) == PGRES_TUPLES_OK;
    PQclear(r);
    return ok;
}

/* Commits db's transaction; false if the server did not (an aborted
 * transaction's COMMIT answers "ROLLBACK", not an error). */
static bool commit(PgStore *s) {
    PGresult *r = PQexec(s->db, "COMMIT");
    bool ok = PQresultStatus(r) == PGRES_COMMAND_OK && !strcmp(PQcmdStatus(r), "COMMIT");
    PQclear(r);
    return ok;
}

/* Ids are base64url (tokens.c): any other text names no game and is never
 * sent, as one PostgreSQL refuses (not UTF-8) would spoil a batch. */
static bool plausible_id(const char *id) {
    static const char BASE64URL[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    return id[0] && id[strspn(id, BASE64URL)] == 0;
}

/* The parameters of a statement: texts, or 32-byte hashes sent as bytes. */
typedef struct {
    int n;
    const char *values[PARAMS_MAX];
    int lengths[PARAMS_MAX], formats[PARAMS_MAX];
    char numbers[PARAMS_MAX][NUMBER_SIZE];
} Params;

static void add_text(Params *p, const char *text) {
    p->values[p->n] = text;
    p->lengths[p->n] = 0;
    p->formats[p->n++] = 0;
}

static void add_int(Params *p, int64_t v) {
    snprintf(p->numbers[p->n], NUMBER_SIZE, "%" PRId64, v);
    add_text(p, p->numbers[p->n]);
}

static void add_hash(Params *p, const uint8_t hash[STORE_HASH_SIZE]) {
    p->values[p->n] = (const char *)hash;
    p->lengths[p->n] = STORE_HASH_SIZE;
    p->formats[p->n++] = 1;
}

/* Runs statement q with p on db (preparing it first if need be); the
 * result, for the caller to PQclear, or NULL if it could not be sent. */
static PGresult *run(PgStore *s, Query q, const Params *p) {
    char name[16];
    snprintf(name, sizeof name, "q%d", (int)q);
    if (!s->prepared[q]) {
        PGresult *r = PQprepare(s->db, name, s->sql[q], 0, NULL);
        bool ok = PQresultStatus(r) == PGRES_COMMAND_OK;
        PQclear(r);
        if (!ok) return NULL;
        s->prepared[q] = true;
    }
    return PQexecPrepared(s->db, name, p->n, p->values, p->lengths, p->formats, 0);
}

/* The outcome of a write statement: OK, CONFLICT for a key taken (or, with
 * one_row, no row matched), else UNAVAILABLE. */
static StoreStatus run_write(PgStore *s, Query q, const Params *p, bool one_row) {
    PGresult *r = run(s, q, p);
    ExecStatusType st = PQresultStatus(r);
    StoreStatus out = STORE_UNAVAILABLE;
    if (st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK) {
        out = one_row && strcmp(PQcmdTuples(r), "1") ? STORE_CONFLICT : STORE_OK;
    } else if (r) {
        const char *code = PQresultErrorField(r, PG_DIAG_SQLSTATE);
        if (code && !strcmp(code, "23505")) out = STORE_CONFLICT; /* unique_violation */
    }
    PQclear(r);
    return out;
}

/* Every column of g, as parameters $1..$n. */
static void bind_game(Params *p, const StoreGame *g) {
    int n;
    const StoreColumn *c = store_columns(&n);
    for (int k = 0; k < n; k++) {
        const void *v = column_value(&c[k], g);
        switch (c[k].type) {
        case COLUMN_BOOL: add_int(p, *(const bool *)v); break;
        case COLUMN_INT: add_int(p, *(const int *)v); break;
        case COLUMN_INT64: add_int(p, *(const int64_t *)v); break;
        case COLUMN_TEXT: add_text(p, v); break;
        case COLUMN_HASH: add_hash(p, v); break;
        }
    }
}

static int64_t int_at(const PGresult *r, int row, int col) { return strtoll(PQgetvalue(r, row, col), NULL, 10); }

static void text_at(const PGresult *r, int row, int col, char *out, size_t size) {
    snprintf(out, size, "%s", PQgetvalue(r, row, col));
}

static void hash_at(const PGresult *r, int row, int col, uint8_t out[STORE_HASH_SIZE]) {
    size_t n = 0;
    unsigned char *bytes = PQunescapeBytea((const unsigned char *)PQgetvalue(r, row, col), &n);
    memset(out, 0, STORE_HASH_SIZE);
    if (bytes && n == STORE_HASH_SIZE) memcpy(out, bytes, STORE_HASH_SIZE);
    PQfreemem(bytes);
}

/* Reads a row of "SELECT id, <every column>". */
static void read_game(const PGresult *r, int row, StoreGame *g) {
    memset(g, 0, sizeof *g);
    text_at(r, row, 0, g->id, sizeof g->id);
    int n;
    const StoreColumn *c = store_columns(&n);
    for (int k = 0; k < n; k++) {
        void *v = column_field(&c[k], g);
        int i = k + 1;
        switch (c[k].type) {
        case COLUMN_BOOL: *(bool *)v = int_at(r, row, i) != 0; break;
        case COLUMN_INT: *(int *)v = (int)int_at(r, row, i); break;
        case COLUMN_INT64: *(int64_t *)v = int_at(r, row, i); break;
        case COLUMN_TEXT: text_at(r, row, i, v, c[k].size); break;
        case COLUMN_HASH: hash_at(r, row, i, v); break;
        }
    }
}

/* Every statement's text, those naming the columns made from the list;
 * false if one would not fit. */
static bool make_statements(PgStore *s) {
    char names[SQL_SIZE / 2], params[SQL_SIZE / 2];
    store_columns(&s->n_columns);
    if (!store_column_names(names, sizeof names) || !store_column_params(params, sizeof params, '$')) return false;
    int n = s->n_columns;
    bool fits = true;
    for (int q = 0; q < Q_COUNT; q++)
        if (FIXED_SQL[q]) fits &= snprintf(s->sql[q], SQL_SIZE, "%s", FIXED_SQL[q]) < SQL_SIZE;
    char update[SQL_SIZE];
    fits &= snprintf(update, sizeof update, "UPDATE games SET (%s) = ROW(%s) WHERE id = $%d AND seq = $%d", names,
                     params, n + 1, n + 2) < (int)sizeof update;
    fits &= snprintf(s->sql[Q_INSERT_GAME], SQL_SIZE, "INSERT INTO games (%s, id) VALUES (%s, $%d)", names, params,
                     n + 1) < SQL_SIZE;
    fits &= snprintf(s->sql[Q_UPDATE_GAME], SQL_SIZE, "%s", update) < SQL_SIZE;
    fits &= snprintf(s->sql[Q_UPDATE_GAME_AT_PLY], SQL_SIZE, "%s AND ply = $%d", update, n + 3) < SQL_SIZE;
    for (int seat = 0; seat < STORE_SEATS; seat++) {
        char letter = store_seat_letter(seat);
        fits &= snprintf(s->sql[Q_UPDATE_GAME_SEAT_FREE + seat], SQL_SIZE, "%s AND %c_joined = 0", update, letter) <
                SQL_SIZE;
        snprintf(s->sql[Q_TOUCH + seat], SQL_SIZE, "UPDATE games SET %c_seen = $1 WHERE id = $2", letter);
    }
    fits &= snprintf(s->sql[Q_READ_GAME], SQL_SIZE, "SELECT id, %s FROM games WHERE id = $1", names) < SQL_SIZE;
    fits &= snprintf(s->sql[Q_UNFINISHED], SQL_SIZE, "SELECT id, %s FROM games WHERE status != 2", names) < SQL_SIZE;
    fits &= snprintf(s->sql[Q_EACH_OPEN], SQL_SIZE, "SELECT id, %s FROM games WHERE status = 0 AND open = 1", names) <
            SQL_SIZE;
    return fits;
}

/* ---- opening and closing --------------------------------------------------------- */

static void pg_close(Store *base) {
    PgStore *s = (PgStore *)base;
    PQfinish(s->db);
    PQfinish(s->listener);
    pthread_mutex_destroy(&s->base.lock);
    free(s->conninfo);
    free(s);
}

static const char *sql_type(ColumnType t) {
    return t == COLUMN_TEXT ? "TEXT" : t == COLUMN_HASH ? "BYTEA" : t == COLUMN_INT64 ? "BIGINT" : "INT";
}

/* Whether the games table (of the connection's schema) has the column. */
static bool has_column(PgStore *s, const char *name) {
    const char *values[] = {name};
    PGresult *r = PQexecParams(s->db,
                               "SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema()"
                               " AND table_name = 'games' AND column_name = $1",
                               1, NULL, values, NULL, NULL, 0);
    bool found = PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) == 1;
    PQclear(r);
    return found;
}

/* The columns added since the first schema that the games table lacks (a
 * store written by an earlier version: its rows read the column's default).
 * Only those are altered, so that a server starting beside others already
 * serving takes no lock on the table. */
static bool add_columns(PgStore *s) {
    int n;
    const StoreColumn *c = store_columns(&n);
    bool ok = true;
    for (int k = 0; k < n && ok; k++) {
        if (!c[k].added || has_column(s, c[k].name)) continue;
        char sql[160];
        snprintf(sql, sizeof sql, "ALTER TABLE games ADD COLUMN %s %s%s%s", c[k].name, sql_type(c[k].type),
                 c[k].added_default ? " DEFAULT " : "", c[k].added_default ? c[k].added_default : "");
        ok = exec(s, sql);
    }
    return ok;
}

/* Whether SCHEMA's last object exists (so every one before it does).  Its
 * CREATE INDEX IF NOT EXISTS locks the games table even when the index is
 * there, holding up the other servers' writes: a server starting beside
 * others already serving skips it. */
static bool schema_present(PgStore *s) {
    PGresult *r = PQexec(s->db, "SELECT to_regclass('games_by_status') IS NOT NULL");
    bool present = PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) == 1 && PQgetvalue(r, 0, 0)[0] == 't';
    PQclear(r);
    return present;
}

/* Creates the tables and adds the columns if need be, one server at a time.
 * Servers starting together queue for the schema's lock: at startup that wait
 * is expected, so it is not cut at the second that bounds a move's writes. */
static bool create_schema(PgStore *s, char *err, int err_size) {
    char lock[64];
    snprintf(lock, sizeof lock, "SELECT pg_advisory_xact_lock(%d)", SCHEMA_LOCK);
    bool ok = exec(s, "BEGIN") && exec(s, "SET LOCAL lock_timeout = '60s'") && exec(s, lock) &&
              (schema_present(s) || exec(s, SCHEMA)) && add_columns(s) && exec(s, "COMMIT");
    if (!ok) {
        snprintf(err, (size_t)err_size, "PostgreSQL: cannot create the tables: %s", PQerrorMessage(s->db));
        err[strcspn(err, "\n")] = 0;
    }
    return ok;
}

/* The listening connection, LISTENing; false if the database is out of reach. */
static bool listen_again(PgStore *s, char *err, int err_size) {
    PQfinish(s->listener);
    s->listener = connect_to(s->conninfo, err, err_size);
    if (!s->listener) return false;
    char sql[64];
    snprintf(sql, sizeof sql, "LISTEN %s", CHANNEL);
    PGresult *r = PQexec(s->listener, sql);
    bool ok = PQresultStatus(r) == PGRES_COMMAND_OK;
    PQclear(r);
    if (ok) return true;
    if (err) snprintf(err, (size_t)err_size, "PostgreSQL: cannot LISTEN");
    PQfinish(s->listener);
    s->listener = NULL;
    return false;
}

Store *store_pg_open(const char *conninfo, char *err, int err_size) {
    PgStore *s = calloc(1, sizeof *s);
    if (!s || !(s->conninfo = strdup(conninfo))) {
        free(s);
        snprintf(err, (size_t)err_size, "out of memory");
        return NULL;
    }
    store_init(&s->base, &PG_OPS, &PG_SQL);
    if (!make_statements(s)) {
        snprintf(err, (size_t)err_size, "the store's statements are too long");
        pg_close(&s->base);
        return NULL;
    }
    s->db = connect_to(conninfo, err, err_size);
    if (!s->db || !create_schema(s, err, err_size) || !listen_again(s, err, err_size)) {
        pg_close(&s->base);
        return NULL;
    }
    db_connected(s, true);
    return &s->base;
}

/* ---- the SQL of the writes (store_script.c runs them) ------------------------- */

/* After a first statement failed outside a batch: true if the connection
 * was found broken and is open again, so the statement may be tried once
 * more (nothing was done on the old connection). */
static bool reconnected(PgStore *s) { return !s->base.in_batch && PQstatus(s->db) == CONNECTION_BAD && db_ready(s); }

static bool pg_begin(Store *base) {
    PgStore *s = (PgStore *)base;
    return db_ready(s) && (exec(s, "BEGIN") || (reconnected(s) && exec(s, "BEGIN")));
}

static bool pg_savepoint(Store *base) { return exec((PgStore *)base, "SAVEPOINT write"); }
static bool pg_release(Store *base) { return exec((PgStore *)base, "RELEASE write"); }

static bool pg_undo(Store *base) {
    PgStore *s = (PgStore *)base;
    return exec(s, "ROLLBACK TO write") && exec(s, "RELEASE write");
}

static bool pg_commit(Store *base) { return commit((PgStore *)base); }
static void pg_rollback(Store *base) { exec((PgStore *)base, "ROLLBACK"); }

static bool pg_in_transaction(Store *base) { return PQtransactionStatus(((PgStore *)base)->db) == PQTRANS_INTRANS; }

static StoreStatus pg_insert_event(Store *base, const char *id, int64_t seq, const StoreEvent *event) {
    Params p = {0};
    add_text(&p, id);
    add_int(&p, seq);
    add_text(&p, event->kind);
    add_text(&p, event->data);
    return run_write((PgStore *)base, Q_INSERT_EVENT, &p, false);
}

/* Tells the other servers payload, when the transaction commits. */
static StoreStatus notify_payload(Store *base, void *payload) {
    Params p = {0};
    add_text(&p, CHANNEL);
    add_text(&p, payload);
    return run_write((PgStore *)base, Q_NOTIFY, &p, false);
}

/* That game id has events up to seq. */
static StoreStatus pg_notify(Store *base, const char *id, int64_t seq) {
    char payload[STORE_ID_SIZE + 32];
    snprintf(payload, sizeof payload, "e %s %" PRId64, id, seq);
    return notify_payload(base, payload);
}

static StoreStatus pg_update_game(Store *base, const StoreGame *row, int64_t seq, StoreExpect expect, int seat) {
    Query q = expect == EXPECT_PLY ? Q_UPDATE_GAME_AT_PLY
              : expect == EXPECT_SEAT_FREE ? (Query)(Q_UPDATE_GAME_SEAT_FREE + seat)
                                           : Q_UPDATE_GAME;
    Params p = {0};
    bind_game(&p, row);
    add_text(&p, row->id);
    add_int(&p, seq);
    if (expect == EXPECT_PLY) add_int(&p, row->ply - 1);
    return run_write((PgStore *)base, q, &p, true);
}

static StoreStatus pg_insert_move(Store *base, const char *id, int ply, const char *move) {
    Params p = {0};
    add_text(&p, id);
    add_int(&p, ply);
    add_text(&p, move);
    return run_write((PgStore *)base, Q_INSERT_MOVE, &p, false);
}

/* The creations from one address wait for each other's commit (Q_LOCK_ADDRESS), then count. */
static StoreStatus pg_count_open(Store *base, const char *address, int *count) {
    PgStore *s = (PgStore *)base;
    Params p = {0};
    add_text(&p, address);
    StoreStatus st = run_write(s, Q_LOCK_ADDRESS, &p, false);
    if (st != STORE_OK) return st;
    PGresult *r = run(s, Q_COUNT_OPEN, &p);
    bool counted = PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) == 1;
    *count = counted ? (int)int_at(r, 0, 0) : 0;
    PQclear(r);
    return counted ? STORE_OK : STORE_UNAVAILABLE;
}

static StoreStatus pg_insert_game(Store *base, const StoreGame *row) {
    Params p = {0};
    bind_game(&p, row);
    add_text(&p, row->id);
    return run_write((PgStore *)base, Q_INSERT_GAME, &p, false);
}

static StoreStatus pg_touch(Store *base, const char *id, int seat, int64_t ms) {
    if (!plausible_id(id)) return STORE_CONFLICT; /* no such row */
    Params p = {0};
    add_int(&p, ms);
    add_text(&p, id);
    return run_write((PgStore *)base, Q_TOUCH + seat, &p, true);
}

static StoreStatus pg_expire(Store *base, int64_t before_ms, int *deleted) {
    Params p = {0};
    add_int(&p, before_ms);
    PGresult *r = run((PgStore *)base, Q_EXPIRE, &p);
    bool ok = PQresultStatus(r) == PGRES_COMMAND_OK;
    *deleted = ok ? atoi(PQcmdTuples(r)) : 0;
    PQclear(r);
    return ok ? STORE_OK : STORE_UNAVAILABLE;
}

/* ---- reading ------------------------------------------------------------------ */

/* Locks and runs a read: moves are only ever added, and the row is read
 * first, so its moves up to its ply are all there without a transaction. */
static PGresult *run_read(PgStore *s, Query q, const Params *p) {
    pthread_mutex_lock(&s->base.lock);
    PGresult *r = db_ready(s) ? run(s, q, p) : NULL;
    if (PQresultStatus(r) != PGRES_TUPLES_OK && s->db && reconnected(s)) {
        PQclear(r);
        r = run(s, q, p);
    }
    if (PQresultStatus(r) != PGRES_TUPLES_OK) {
        PQclear(r);
        r = NULL;
    }
    return r; /* still locked: the caller unlocks */
}

static StoreStatus read_moves(PgStore *s, const StoreGame *g, char (**moves)[STORE_MOVE_SIZE]) {
    Params p = {0};
    add_text(&p, g->id);
    add_int(&p, g->ply);
    PGresult *r = run_read(s, Q_READ_MOVES, &p);
    pthread_mutex_unlock(&s->base.lock);
    *moves = r ? calloc((size_t)g->ply + 1, STORE_MOVE_SIZE) : NULL;
    for (int row = 0; *moves && row < PQntuples(r); row++) {
        int64_t ply = int_at(r, row, 0);
        if (ply >= 1 && ply <= g->ply) text_at(r, row, 1, (*moves)[ply - 1], STORE_MOVE_SIZE);
    }
    PQclear(r);
    return *moves ? STORE_OK : STORE_UNAVAILABLE;
}

static StoreStatus pg_read(Store *base, const char *id, StoreGame *g, char (**moves)[STORE_MOVE_SIZE]) {
    PgStore *s = (PgStore *)base;
    if (moves) *moves = NULL;
    if (!plausible_id(id)) return STORE_NOT_FOUND;
    Params p = {0};
    add_text(&p, id);
    PGresult *r = run_read(s, Q_READ_GAME, &p);
    pthread_mutex_unlock(&s->base.lock);
    StoreStatus st = !r ? STORE_UNAVAILABLE : PQntuples(r) == 1 ? STORE_OK : STORE_NOT_FOUND;
    if (st == STORE_OK) read_game(r, 0, g);
    PQclear(r);
    if (st == STORE_OK && moves) st = read_moves(s, g, moves);
    return st;
}

static StoreStatus pg_events_after(Store *base, const char *id, int64_t seq, StoreEventFn *each, void *ctx) {
    PgStore *s = (PgStore *)base;
    if (!plausible_id(id)) return STORE_OK; /* no such game: no events, as SQLite says */
    Params p = {0};
    add_text(&p, id);
    add_int(&p, seq);
    PGresult *r = run_read(s, Q_EVENTS_AFTER, &p);
    pthread_mutex_unlock(&s->base.lock);
    for (int row = 0; r && row < PQntuples(r); row++)
        each(ctx, int_at(r, row, 0), PQgetvalue(r, row, 1), PQgetvalue(r, row, 2));
    PQclear(r);
    return r ? STORE_OK : STORE_UNAVAILABLE;
}

/* Calls each for every row that query q (SELECT id, <every column> ...) finds. */
static StoreStatus each_row(PgStore *s, Query q, StoreGameFn *each, void *ctx) {
    Params p = {0};
    PGresult *r = run_read(s, q, &p);
    pthread_mutex_unlock(&s->base.lock);
    StoreGame g;
    for (int row = 0; r && row < PQntuples(r); row++) {
        read_game(r, row, &g);
        each(ctx, &g);
    }
    PQclear(r);
    return r ? STORE_OK : STORE_UNAVAILABLE;
}

static StoreStatus pg_each_unfinished(Store *base, StoreGameFn *each, void *ctx) {
    return each_row((PgStore *)base, Q_UNFINISHED, each, ctx);
}

static StoreStatus pg_each_open(Store *base, StoreGameFn *each, void *ctx) {
    return each_row((PgStore *)base, Q_EACH_OPEN, each, ctx);
}

/* ---- news from the other servers -------------------------------------------------- */

/* A notice from its payload ("e ID SEQ", "s ID SEAT MS" or "w SERVER ID
 * COUNT", the server in hex); false if not one. */
static bool parse_notice(const char *payload, StoreNotice *n) {
    char kind = 0, id[STORE_ID_SIZE];
    long long a = 0, b = 0;
    memset(n, 0, sizeof *n);
    if (payload[0] == 'w') {
        unsigned long long server = 0;
        int count = -1;
        if (sscanf(payload, "w %llx %23s %d", &server, id, &count) != 3 || count < 0) return false;
        n->kind = NOTICE_WATCHERS;
        n->server = server;
        n->count = count;
        snprintf(n->id, sizeof n->id, "%s", id);
        return true;
    }
    if (sscanf(payload, "%c %23s %lld %lld", &kind, id, &a, &b) < 3) return false;
    snprintf(n->id, sizeof n->id, "%s", id);
    if (kind == 'e') {
        n->kind = NOTICE_EVENTS;
        n->seq = a;
        return true;
    }
    n->kind = NOTICE_SEEN;
    n->seat = (int)a;
    n->ms = b;
    return kind == 's' && a >= 0 && a < STORE_SEATS;
}

/* The next notice already received from another server, if any. */
static bool pending_notice(PgStore *s, StoreNotice *n) {
    PGnotify *note;
    while ((note = PQnotifies(s->listener))) {
        bool mine = note->be_pid == atomic_load(&s->db_pid); /* this server published it itself */
        bool ok = !mine && parse_notice(note->extra, n);
        PQfreemem(note);
        if (ok) return true;
    }
    return false;
}

static void pause_ms(int ms) {
    struct timespec t = {.tv_sec = ms / 1000, .tv_nsec = (long)(ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

static StoreStatus pg_next_notice(Store *base, StoreNotice *n, int timeout_ms) {
    PgStore *s = (PgStore *)base;
    if (!s->listener || PQstatus(s->listener) != CONNECTION_OK) {
        s->missed = true;
        if (!listen_again(s, NULL, 0)) {
            pause_ms(timeout_ms < RECONNECT_PAUSE_MS ? timeout_ms : RECONNECT_PAUSE_MS);
            return STORE_UNAVAILABLE;
        }
    }
    if (s->missed) {
        s->missed = false; /* listening again: whatever came before is in the tables */
        memset(n, 0, sizeof *n);
        n->kind = NOTICE_RESYNC;
        return STORE_OK;
    }
    if (pending_notice(s, n)) return STORE_OK;
    struct pollfd fd = {.fd = PQsocket(s->listener), .events = POLLIN};
    if (poll(&fd, 1, timeout_ms) > 0 && !PQconsumeInput(s->listener)) {
        PQfinish(s->listener); /* the database went away: listen again on the next call */
        s->listener = NULL;
        s->missed = true;
        return STORE_UNAVAILABLE;
    }
    return pending_notice(s, n) ? STORE_OK : STORE_NOT_FOUND;
}

static void pg_announce_seen(Store *base, const char *id, int seat, int64_t ms) {
    PgStore *s = (PgStore *)base;
    char payload[STORE_ID_SIZE + 48];
    snprintf(payload, sizeof payload, "s %s %d %" PRId64, id, seat, ms);
    /* Its own transaction (in a batch, savepoint), so that a failure spoils nothing else. */
    store_transact(&s->base, notify_payload, payload);
}

static void pg_announce_watchers(Store *base, uint64_t server, const char *id, int count) {
    PgStore *s = (PgStore *)base;
    char payload[STORE_ID_SIZE + 48];
    snprintf(payload, sizeof payload, "w %" PRIx64 " %s %d", server, id, count);
    store_transact(&s->base, notify_payload, payload);
}

static const StoreOps PG_OPS = {
    .close = pg_close,
    .read = pg_read,
    .events_after = pg_events_after,
    .each_unfinished = pg_each_unfinished,
    .each_open = pg_each_open,
    .next_notice = pg_next_notice,
    .announce_seen = pg_announce_seen,
    .announce_watchers = pg_announce_watchers,
};

static const StoreSql PG_SQL = {
    .begin = pg_begin,
    .savepoint = pg_savepoint,
    .release = pg_release,
    .undo = pg_undo,
    .commit = pg_commit,
    .rollback = pg_rollback,
    .in_transaction = pg_in_transaction,
    .insert_game = pg_insert_game,
    .update_game = pg_update_game,
    .insert_move = pg_insert_move,
    .insert_event = pg_insert_event,
    .notify = pg_notify,
    .count_open = pg_count_open,
    .touch = pg_touch,
    .expire = pg_expire,
};
