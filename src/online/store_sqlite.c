/*
 * store_sqlite.c: the store (store.h) in SQLite: one file, WAL journal,
 * synchronous=FULL so that a commit survives a power loss, not only a crash.
 *
 * One connection, used under one lock: SQLite writes one transaction at a
 * time anyway, and each game's writes are ordered by its seq column.  A
 * batch (store.h) is one transaction held with the lock (a recursive one) by
 * the thread that began it; each write in it is a savepoint of its own.
 * The sequence of each write and batch is store_script.c's: here only its
 * SQL (StoreSql, store_backend.h), and the reads.
 */
#define _POSIX_C_SOURCE 200809L
#include "online/store_sqlite.h"

#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "online/store_backend.h"
#include "online/store_columns.h"

enum {
    BUSY_TIMEOUT_MS = 1000, /* then a locked store answers "unavailable" */
    STATEMENTS_KEPT = 64,   /* prepared once, reused (all of them: about 30): parsing was a good part of a move's cost */
    SQL_SIZE = 2048,
};

typedef struct {
    Store base; /* first: the Store * handed out points here */
    sqlite3 *db;
    struct {
        char *sql;
        sqlite3_stmt *st;
    } kept[STATEMENTS_KEPT];
    int n_kept;
    /* The statements that name every column (store_columns.h), made at open. */
    char insert_game[SQL_SIZE], update_game[SQL_SIZE], select_game[SQL_SIZE], select_unfinished[SQL_SIZE],
        select_open[SQL_SIZE];
    int n_columns;
} SqliteStore;

/* The first schema, as the first stores were written; the columns added
 * since (store_columns.h) are added to it, to a new store as to an old one. */
static const char SCHEMA[] =
    "CREATE TABLE IF NOT EXISTS games ("
    " id TEXT PRIMARY KEY, variant INT, turn_limit INT, initial_ms INT, increment_ms INT,"
    " w_token BLOB, b_token BLOB, w_joined INT, b_joined INT, invite BLOB, status INT, winner INT, reason TEXT,"
    " w_ms INT, b_ms INT, turn_started_ms INT, draw_offer INT, rematch TEXT, rematch_of TEXT,"
    " created_ms INT, last_move_ms INT, finished_ms INT, w_seen INT, b_seen INT, ply INT, seq INT);"
    "CREATE TABLE IF NOT EXISTS moves (game TEXT, ply INT, move TEXT, PRIMARY KEY (game, ply)) WITHOUT ROWID;"
    "CREATE TABLE IF NOT EXISTS events (game TEXT, seq INT, kind TEXT, data TEXT, PRIMARY KEY (game, seq))"
    " WITHOUT ROWID;"
    "CREATE INDEX IF NOT EXISTS games_by_status ON games (status);";

static const StoreOps SQLITE_OPS;
static const StoreSql SQLITE_SQL;
static void sqlite_close(Store *base);

static const char *sql_type(ColumnType t) {
    return t == COLUMN_TEXT ? "TEXT" : t == COLUMN_HASH ? "BLOB" : "INT";
}

/* Whether the games table has the column (PRAGMA table_info lists them). */
static bool has_column(sqlite3 *db, const char *name) {
    sqlite3_stmt *st = NULL;
    bool found = false;
    if (sqlite3_prepare_v2(db, "SELECT 1 FROM pragma_table_info('games') WHERE name = ?1", -1, &st, NULL) == SQLITE_OK) {
        sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
        found = sqlite3_step(st) == SQLITE_ROW;
    }
    sqlite3_finalize(st);
    return found;
}

/* The tables, and every column added since the first schema that the
 * games table lacks (a store written by an earlier version: its rows read
 * the column's default), in one transaction, so that two servers opening
 * the file at once add each column once. */
static int create_schema(SqliteStore *s) {
    int rc = sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
    if (rc == SQLITE_OK) rc = sqlite3_exec(s->db, SCHEMA, NULL, NULL, NULL);
    int n;
    const StoreColumn *c = store_columns(&n);
    for (int k = 0; k < n && rc == SQLITE_OK; k++) {
        if (!c[k].added || has_column(s->db, c[k].name)) continue;
        char sql[160];
        snprintf(sql, sizeof sql, "ALTER TABLE games ADD COLUMN %s %s%s%s", c[k].name, sql_type(c[k].type),
                 c[k].added_default ? " DEFAULT " : "", c[k].added_default ? c[k].added_default : "");
        rc = sqlite3_exec(s->db, sql, NULL, NULL, NULL);
    }
    if (rc == SQLITE_OK) return sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL);
    sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    return rc;
}

/* The statements that name every column; false if they would not fit. */
static bool make_statements(SqliteStore *s) {
    char names[SQL_SIZE / 2], params[SQL_SIZE / 2];
    store_columns(&s->n_columns);
    if (!store_column_names(names, sizeof names) || !store_column_params(params, sizeof params, '?')) return false;
    int n = s->n_columns;
    int a = snprintf(s->insert_game, SQL_SIZE, "INSERT INTO games (%s, id) VALUES (%s, ?%d)", names, params, n + 1);
    int b = snprintf(s->update_game, SQL_SIZE, "UPDATE games SET (%s) = (%s) WHERE id = ?%d AND seq = ?%d", names,
                     params, n + 1, n + 2);
    int c = snprintf(s->select_game, SQL_SIZE, "SELECT id, %s FROM games WHERE id = ?1", names);
    int d = snprintf(s->select_unfinished, SQL_SIZE, "SELECT id, %s FROM games WHERE status != 2", names);
    int e = snprintf(s->select_open, SQL_SIZE, "SELECT id, %s FROM games WHERE status = 0 AND open = 1", names);
    return a < SQL_SIZE && b < SQL_SIZE && c < SQL_SIZE && d < SQL_SIZE && e < SQL_SIZE;
}

Store *store_sqlite_open(const char *path, char *err, int err_size) {
    SqliteStore *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, (size_t)err_size, "out of memory");
        return NULL;
    }
    store_init(&s->base, &SQLITE_OPS, &SQLITE_SQL);
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_URI | SQLITE_OPEN_FULLMUTEX;
    int rc = sqlite3_open_v2(path, &s->db, flags, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_busy_timeout(s->db, BUSY_TIMEOUT_MS);
        /* journal_mode answers a row ("wal", or "memory" for :memory:). */
        rc = sqlite3_exec(s->db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;", NULL, NULL, NULL);
    }
    /* A read-only store still opens (to be read); its writes answer "unavailable". */
    if (rc == SQLITE_OK && !sqlite3_db_readonly(s->db, "main")) rc = create_schema(s);
    if (rc == SQLITE_OK && !make_statements(s)) rc = SQLITE_NOMEM;
    if (rc != SQLITE_OK) {
        snprintf(err, (size_t)err_size, "%s: %s", path, s->db ? sqlite3_errmsg(s->db) : sqlite3_errstr(rc));
        sqlite_close(&s->base);
        return NULL;
    }
    return &s->base;
}

static void sqlite_close(Store *base) {
    SqliteStore *s = (SqliteStore *)base;
    if (!s) return;
    for (int k = 0; k < s->n_kept; k++) {
        sqlite3_finalize(s->kept[k].st);
        free(s->kept[k].sql);
    }
    sqlite3_close(s->db);
    pthread_mutex_destroy(&s->base.lock);
    free(s);
}

/* ---- statements -------------------------------------------------------------- */

/* The statement for sql, prepared the first time and kept; release() after use. */
static sqlite3_stmt *prepare(SqliteStore *s, const char *sql) {
    for (int k = 0; k < s->n_kept; k++)
        if (!strcmp(s->kept[k].sql, sql)) return s->kept[k].st;
    sqlite3_stmt *st = NULL;
    bool keep = s->n_kept < STATEMENTS_KEPT;
    if (sqlite3_prepare_v3(s->db, sql, -1, keep ? SQLITE_PREPARE_PERSISTENT : 0, &st, NULL) != SQLITE_OK) {
        sqlite3_finalize(st);
        return NULL;
    }
    char *copy = keep ? strdup(sql) : NULL;
    if (copy) {
        s->kept[s->n_kept].sql = copy;
        s->kept[s->n_kept].st = st;
        s->n_kept++;
    }
    return st;
}

/* Done with a statement: reset for its next use if kept, else finalized. */
static void release(SqliteStore *s, sqlite3_stmt *st) {
    if (!st) return;
    for (int k = 0; k < s->n_kept; k++)
        if (s->kept[k].st == st) {
            sqlite3_reset(st);
            sqlite3_clear_bindings(st);
            return;
        }
    sqlite3_finalize(st);
}

/* Runs a statement that returns no row; its sqlite3 code. */
static int run(SqliteStore *s, sqlite3_stmt *st) {
    if (!st) return SQLITE_ERROR;
    int rc = sqlite3_step(st);
    release(s, st);
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

/* A statement without parameters or rows (BEGIN, COMMIT...). */
static int exec(SqliteStore *s, const char *sql) { return run(s, prepare(s, sql)); }

static void bind_text(sqlite3_stmt *st, int i, const char *text) { sqlite3_bind_text(st, i, text, -1, SQLITE_STATIC); }

/* Binds every column of g as ?1..?n. */
static void bind_game(sqlite3_stmt *st, const StoreGame *g) {
    int n;
    const StoreColumn *c = store_columns(&n);
    for (int k = 0; k < n; k++) {
        const void *v = column_value(&c[k], g);
        int i = k + 1;
        switch (c[k].type) {
        case COLUMN_BOOL: sqlite3_bind_int(st, i, *(const bool *)v); break;
        case COLUMN_INT: sqlite3_bind_int(st, i, *(const int *)v); break;
        case COLUMN_INT64: sqlite3_bind_int64(st, i, *(const int64_t *)v); break;
        case COLUMN_TEXT: bind_text(st, i, v); break;
        case COLUMN_HASH: sqlite3_bind_blob(st, i, v, STORE_HASH_SIZE, SQLITE_STATIC); break;
        }
    }
}

static void copy_text(sqlite3_stmt *st, int col, char *out, size_t size) {
    const unsigned char *t = sqlite3_column_text(st, col);
    snprintf(out, size, "%s", t ? (const char *)t : "");
}

static void copy_blob(sqlite3_stmt *st, int col, uint8_t out[STORE_HASH_SIZE]) {
    const void *b = sqlite3_column_blob(st, col);
    memset(out, 0, STORE_HASH_SIZE);
    if (b && sqlite3_column_bytes(st, col) == STORE_HASH_SIZE) memcpy(out, b, STORE_HASH_SIZE);
}

/* Reads a row of "SELECT id, <every column>". */
static void read_game(sqlite3_stmt *st, StoreGame *g) {
    memset(g, 0, sizeof *g);
    copy_text(st, 0, g->id, sizeof g->id);
    int n;
    const StoreColumn *c = store_columns(&n);
    for (int k = 0; k < n; k++) {
        void *v = column_field(&c[k], g);
        int i = k + 1;
        switch (c[k].type) {
        case COLUMN_BOOL: *(bool *)v = sqlite3_column_int(st, i) != 0; break;
        case COLUMN_INT: *(int *)v = sqlite3_column_int(st, i); break;
        case COLUMN_INT64: *(int64_t *)v = sqlite3_column_int64(st, i); break;
        case COLUMN_TEXT: copy_text(st, i, v, c[k].size); break;
        case COLUMN_HASH: copy_blob(st, i, v); break;
        }
    }
}

/* ---- the SQL of the writes (store_script.c runs them) ------------------------- */

static StoreStatus status_of(int rc) {
    return rc == SQLITE_OK ? STORE_OK
           : rc == SQLITE_CONSTRAINT || (rc & 0xff) == SQLITE_CONSTRAINT ? STORE_CONFLICT
                                                                          : STORE_UNAVAILABLE;
}

static bool sqlite_begin(Store *base) { return exec((SqliteStore *)base, "BEGIN IMMEDIATE") == SQLITE_OK; }
static bool sqlite_savepoint(Store *base) { return exec((SqliteStore *)base, "SAVEPOINT write") == SQLITE_OK; }
static bool sqlite_release(Store *base) { return exec((SqliteStore *)base, "RELEASE write") == SQLITE_OK; }

static bool sqlite_undo(Store *base) {
    SqliteStore *s = (SqliteStore *)base;
    bool undone = exec(s, "ROLLBACK TO write") == SQLITE_OK;
    return exec(s, "RELEASE write") == SQLITE_OK && undone;
}

static bool sqlite_commit(Store *base) { return exec((SqliteStore *)base, "COMMIT") == SQLITE_OK; }

static bool sqlite_in_transaction(Store *base) { return !sqlite3_get_autocommit(((SqliteStore *)base)->db); }

static void sqlite_rollback(Store *base) {
    SqliteStore *s = (SqliteStore *)base;
    if (!sqlite3_get_autocommit(s->db)) exec(s, "ROLLBACK");
}

static StoreStatus sqlite_insert_event(Store *base, const char *id, int64_t seq, const StoreEvent *event) {
    SqliteStore *s = (SqliteStore *)base;
    sqlite3_stmt *st = prepare(s, "INSERT INTO events (game, seq, kind, data) VALUES (?1, ?2, ?3, ?4)");
    if (!st) return STORE_UNAVAILABLE;
    bind_text(st, 1, id);
    sqlite3_bind_int64(st, 2, seq);
    bind_text(st, 3, event->kind);
    bind_text(st, 4, event->data);
    return status_of(run(s, st));
}

static StoreStatus sqlite_update_game(Store *base, const StoreGame *row, int64_t seq, StoreExpect expect, int seat) {
    SqliteStore *s = (SqliteStore *)base;
    char sql[SQL_SIZE + 64];
    int k = s->n_columns;
    if (expect == EXPECT_PLY) snprintf(sql, sizeof sql, "%s AND ply = ?%d", s->update_game, k + 3);
    else if (expect == EXPECT_SEAT_FREE) snprintf(sql, sizeof sql, "%s AND %c_joined = 0", s->update_game, store_seat_letter(seat));
    else snprintf(sql, sizeof sql, "%s", s->update_game);
    sqlite3_stmt *st = prepare(s, sql);
    if (!st) return STORE_UNAVAILABLE;
    bind_game(st, row);
    bind_text(st, k + 1, row->id);
    sqlite3_bind_int64(st, k + 2, seq);
    /* The expected ply is bound: one statement for every ply. */
    if (expect == EXPECT_PLY) sqlite3_bind_int(st, k + 3, row->ply - 1);
    int rc = run(s, st);
    if (rc == SQLITE_OK && sqlite3_changes(s->db) != 1) rc = SQLITE_CONSTRAINT;
    return status_of(rc);
}

static StoreStatus sqlite_count_open(Store *base, const char *address, int *count) {
    SqliteStore *s = (SqliteStore *)base;
    sqlite3_stmt *st = prepare(s, "SELECT count(*) FROM games WHERE status = 0 AND open = 1 AND open_by = ?1");
    if (!st) return STORE_UNAVAILABLE;
    bind_text(st, 1, address);
    int rc = sqlite3_step(st);
    *count = rc == SQLITE_ROW ? sqlite3_column_int(st, 0) : 0;
    release(s, st);
    return rc == SQLITE_ROW ? STORE_OK : STORE_UNAVAILABLE;
}

static StoreStatus sqlite_insert_game(Store *base, const StoreGame *row) {
    SqliteStore *s = (SqliteStore *)base;
    sqlite3_stmt *st = prepare(s, s->insert_game);
    if (!st) return STORE_UNAVAILABLE;
    bind_game(st, row); /* SQLITE_STATIC: row outlives the step */
    bind_text(st, s->n_columns + 1, row->id);
    return status_of(run(s, st));
}

/* The move's primary key refuses a second move number P + 1. */
static StoreStatus sqlite_insert_move(Store *base, const char *id, int ply, const char *move) {
    SqliteStore *s = (SqliteStore *)base;
    sqlite3_stmt *st = prepare(s, "INSERT INTO moves (game, ply, move) VALUES (?1, ?2, ?3)");
    if (!st) return STORE_UNAVAILABLE;
    bind_text(st, 1, id);
    sqlite3_bind_int(st, 2, ply);
    bind_text(st, 3, move);
    return status_of(run(s, st));
}

static StoreStatus sqlite_touch(Store *base, const char *id, int seat, int64_t ms) {
    SqliteStore *s = (SqliteStore *)base;
    char sql[64];
    snprintf(sql, sizeof sql, "UPDATE games SET %c_seen = ?1 WHERE id = ?2", store_seat_letter(seat));
    sqlite3_stmt *st = prepare(s, sql);
    if (st) {
        sqlite3_bind_int64(st, 1, ms);
        bind_text(st, 2, id);
    }
    int rc = run(s, st);
    if (rc != SQLITE_OK) return STORE_UNAVAILABLE;
    return sqlite3_changes(s->db) == 1 ? STORE_OK : STORE_CONFLICT;
}

static StoreStatus sqlite_expire(Store *base, int64_t before_ms, int *deleted) {
    SqliteStore *s = (SqliteStore *)base;
    static const char *const SQL[] = {
        "CREATE TEMP TABLE IF NOT EXISTS doomed (id TEXT PRIMARY KEY)",
        "DELETE FROM doomed",
        ("INSERT INTO doomed SELECT id FROM games WHERE (status = 2 AND finished_ms < ?1)"
         " OR (status = 0 AND created_ms < ?1)"),
        "DELETE FROM moves WHERE game IN doomed",
        "DELETE FROM events WHERE game IN doomed",
        "DELETE FROM games WHERE id IN doomed",
    };
    int rc = SQLITE_OK;
    for (size_t k = 0; k < sizeof SQL / sizeof *SQL && rc == SQLITE_OK; k++) {
        sqlite3_stmt *st = prepare(s, SQL[k]);
        if (st && strstr(SQL[k], "?1")) sqlite3_bind_int64(st, 1, before_ms);
        rc = run(s, st);
        if (rc == SQLITE_OK && !strncmp(SQL[k], "DELETE FROM games", 17)) *deleted = sqlite3_changes(s->db);
    }
    return rc == SQLITE_OK ? STORE_OK : STORE_UNAVAILABLE;
}

/* ---- reading ------------------------------------------------------------------ */

static StoreStatus read_moves(SqliteStore *s, const StoreGame *g, char (**moves)[STORE_MOVE_SIZE]) {
    *moves = calloc((size_t)g->ply + 1, STORE_MOVE_SIZE);
    sqlite3_stmt *st = prepare(s, "SELECT ply, move FROM moves WHERE game = ?1 AND ply <= ?2 ORDER BY ply");
    if (!*moves || !st) {
        release(s, st);
        free(*moves);
        *moves = NULL;
        return STORE_UNAVAILABLE;
    }
    bind_text(st, 1, g->id);
    sqlite3_bind_int(st, 2, g->ply);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int ply = sqlite3_column_int(st, 0);
        if (ply >= 1 && ply <= g->ply) copy_text(st, 1, (*moves)[ply - 1], STORE_MOVE_SIZE);
    }
    release(s, st);
    if (rc == SQLITE_DONE) return STORE_OK;
    free(*moves);
    *moves = NULL;
    return STORE_UNAVAILABLE;
}

static StoreStatus sqlite_read(Store *base, const char *id, StoreGame *g, char (**moves)[STORE_MOVE_SIZE]) {
    SqliteStore *s = (SqliteStore *)base;
    if (moves) *moves = NULL;
    pthread_mutex_lock(&s->base.lock);
    /* One read transaction, so that the row and its moves agree (a batch is one already). */
    bool own = !s->base.in_batch;
    if (own) exec(s, "BEGIN");
    sqlite3_stmt *st = prepare(s, s->select_game);
    StoreStatus result = STORE_UNAVAILABLE;
    if (st) {
        bind_text(st, 1, id);
        int rc = sqlite3_step(st);
        if (rc == SQLITE_ROW) {
            read_game(st, g);
            result = STORE_OK;
        } else if (rc == SQLITE_DONE) {
            result = STORE_NOT_FOUND;
        }
        release(s, st);
    }
    if (result == STORE_OK && moves) result = read_moves(s, g, moves);
    if (own) exec(s, "COMMIT");
    pthread_mutex_unlock(&s->base.lock);
    return result;
}

static StoreStatus sqlite_events_after(Store *base, const char *id, int64_t seq, StoreEventFn *each, void *ctx) {
    SqliteStore *s = (SqliteStore *)base;
    pthread_mutex_lock(&s->base.lock);
    sqlite3_stmt *st = prepare(s, "SELECT seq, kind, data FROM events WHERE game = ?1 AND seq > ?2 ORDER BY seq");
    int rc = SQLITE_ERROR;
    if (st) {
        bind_text(st, 1, id);
        sqlite3_bind_int64(st, 2, seq);
        while ((rc = sqlite3_step(st)) == SQLITE_ROW)
            each(ctx, sqlite3_column_int64(st, 0), (const char *)sqlite3_column_text(st, 1),
                 (const char *)sqlite3_column_text(st, 2));
        release(s, st);
    }
    pthread_mutex_unlock(&s->base.lock);
    return rc == SQLITE_DONE ? STORE_OK : STORE_UNAVAILABLE;
}

/* Calls each for every row that sql (SELECT id, <every column> ...) finds. */
static StoreStatus each_row(SqliteStore *s, const char *sql, StoreGameFn *each, void *ctx) {
    pthread_mutex_lock(&s->base.lock);
    sqlite3_stmt *st = prepare(s, sql);
    int rc = SQLITE_ERROR;
    if (st) {
        StoreGame g;
        while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
            read_game(st, &g);
            each(ctx, &g);
        }
        release(s, st);
    }
    pthread_mutex_unlock(&s->base.lock);
    return rc == SQLITE_DONE ? STORE_OK : STORE_UNAVAILABLE;
}

static StoreStatus sqlite_each_unfinished(Store *base, StoreGameFn *each, void *ctx) {
    SqliteStore *s = (SqliteStore *)base;
    return each_row(s, s->select_unfinished, each, ctx);
}

static StoreStatus sqlite_each_open(Store *base, StoreGameFn *each, void *ctx) {
    SqliteStore *s = (SqliteStore *)base;
    return each_row(s, s->select_open, each, ctx);
}

static const StoreOps SQLITE_OPS = {
    .close = sqlite_close,
    .read = sqlite_read,
    .events_after = sqlite_events_after,
    .each_unfinished = sqlite_each_unfinished,
    .each_open = sqlite_each_open,
};

static const StoreSql SQLITE_SQL = {
    .begin = sqlite_begin,
    .savepoint = sqlite_savepoint,
    .release = sqlite_release,
    .undo = sqlite_undo,
    .commit = sqlite_commit,
    .rollback = sqlite_rollback,
    .in_transaction = sqlite_in_transaction,
    .insert_game = sqlite_insert_game,
    .update_game = sqlite_update_game,
    .insert_move = sqlite_insert_move,
    .insert_event = sqlite_insert_event,
    .count_open = sqlite_count_open,
    .touch = sqlite_touch,
    .expire = sqlite_expire,
};
