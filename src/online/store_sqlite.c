/*
 * store_sqlite.c: the store (store.h) in SQLite: one file, WAL journal,
 * synchronous=FULL so that a commit survives a power loss, not only a crash.
 *
 * One connection, used under one lock: SQLite writes one transaction at a
 * time anyway, and each game's writes are ordered by its seq column.  A
 * batch (store.h) is one transaction held with the lock (a recursive one) by
 * the thread that began it; each write in it is a savepoint of its own.
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
    pthread_mutex_t lock; /* recursive: a batch holds it across its writes */
    bool in_batch;
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
    s->base.ops = &SQLITE_OPS;
    store_init_recursive_lock(&s->lock);
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
    pthread_mutex_destroy(&s->lock);
    free(s);
}

static void step_done(SqliteStore *s, const char *step) {
    store_step(&s->base, step);
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

/* ---- writing: one transaction each -------------------------------------------- */

static StoreStatus status_of(int rc) {
    return rc == SQLITE_CONSTRAINT || (rc & 0xff) == SQLITE_CONSTRAINT ? STORE_CONFLICT : STORE_UNAVAILABLE;
}

/* A write's transaction, or in a batch its savepoint. */
static int begin(SqliteStore *s) {
    pthread_mutex_lock(&s->lock);
    int rc = exec(s, s->in_batch ? "SAVEPOINT write" : "BEGIN IMMEDIATE");
    if (rc != SQLITE_OK) pthread_mutex_unlock(&s->lock);
    return rc;
}

/* In a batch: keeps the write's changes (for the batch's commit) when rc is
 * SQLITE_OK, else undoes them alone; unlocks. */
static StoreStatus end_savepoint(SqliteStore *s, int rc, StoreStatus refused) {
    if (rc == SQLITE_OK) rc = exec(s, "RELEASE write");
    else refused = refused == STORE_OK ? STORE_UNAVAILABLE : refused;
    if (rc != SQLITE_OK) {
        exec(s, "ROLLBACK TO write");
        exec(s, "RELEASE write");
    }
    pthread_mutex_unlock(&s->lock);
    return rc == SQLITE_OK ? STORE_OK : refused;
}

/* Commits when rc is SQLITE_OK, else rolls back; unlocks. */
static StoreStatus end(SqliteStore *s, int rc, StoreStatus refused) {
    if (s->in_batch) return end_savepoint(s, rc, refused);
    if (rc == SQLITE_OK) {
        rc = exec(s, "COMMIT");
        if (rc == SQLITE_OK) {
            pthread_mutex_unlock(&s->lock);
            return STORE_OK;
        }
        refused = STORE_UNAVAILABLE;
    }
    if (!sqlite3_get_autocommit(s->db)) exec(s, "ROLLBACK");
    pthread_mutex_unlock(&s->lock);
    return refused;
}

static StoreStatus sqlite_batch_begin(Store *base) {
    SqliteStore *s = (SqliteStore *)base;
    pthread_mutex_lock(&s->lock);
    if (s->in_batch || exec(s, "BEGIN IMMEDIATE") != SQLITE_OK) {
        pthread_mutex_unlock(&s->lock);
        return STORE_UNAVAILABLE;
    }
    s->in_batch = true; /* the lock stays held until the batch ends */
    return STORE_OK;
}

static StoreStatus sqlite_batch_commit(Store *base) {
    SqliteStore *s = (SqliteStore *)base;
    int rc = exec(s, "COMMIT");
    if (rc == SQLITE_OK) step_done(s, "commit");
    else if (!sqlite3_get_autocommit(s->db)) exec(s, "ROLLBACK");
    s->in_batch = false;
    pthread_mutex_unlock(&s->lock);
    return rc == SQLITE_OK ? STORE_OK : STORE_UNAVAILABLE;
}

static void sqlite_batch_abort(Store *base) {
    SqliteStore *s = (SqliteStore *)base;
    if (!sqlite3_get_autocommit(s->db)) exec(s, "ROLLBACK");
    s->in_batch = false;
    pthread_mutex_unlock(&s->lock);
}

static int insert_events(SqliteStore *s, const char *id, int64_t seq, const StoreEvent *events, int n) {
    for (int k = 0; k < n; k++) {
        sqlite3_stmt *st = prepare(s, "INSERT INTO events (game, seq, kind, data) VALUES (?1, ?2, ?3, ?4)");
        if (!st) return SQLITE_ERROR;
        bind_text(st, 1, id);
        sqlite3_bind_int64(st, 2, seq + 1 + k);
        bind_text(st, 3, events[k].kind);
        bind_text(st, 4, events[k].data);
        int rc = run(s, st);
        if (rc != SQLITE_OK) return rc;
        step_done(s, "event");
    }
    return SQLITE_OK;
}

/* What a row's write expects of the row besides its seq. */
typedef enum { EXPECT_SEQ, EXPECT_PLY, EXPECT_SEAT_FREE } Expect;

/* Writes g's row, its seq then g->seq + n, if it still has seq g->seq (and
 * for EXPECT_PLY the ply before g's, for EXPECT_SEAT_FREE seat `seat` not
 * taken); SQLITE_CONSTRAINT when no row matched. */
static int update_row(SqliteStore *s, const StoreGame *g, int n, Expect expect, int seat) {
    char sql[SQL_SIZE + 64];
    int k = s->n_columns;
    if (expect == EXPECT_PLY) snprintf(sql, sizeof sql, "%s AND ply = ?%d", s->update_game, k + 3);
    else if (expect == EXPECT_SEAT_FREE) snprintf(sql, sizeof sql, "%s AND %c_joined = 0", s->update_game, store_seat_letter(seat));
    else snprintf(sql, sizeof sql, "%s", s->update_game);
    sqlite3_stmt *st = prepare(s, sql);
    if (!st) return SQLITE_ERROR;
    StoreGame row = *g;
    row.seq = g->seq + n;
    bind_game(st, &row);
    bind_text(st, k + 1, g->id);
    sqlite3_bind_int64(st, k + 2, g->seq);
    if (expect == EXPECT_PLY) sqlite3_bind_int(st, k + 3, g->ply - 1);
    int rc = run(s, st);
    if (rc == SQLITE_OK && sqlite3_changes(s->db) != 1) rc = SQLITE_CONSTRAINT;
    if (rc == SQLITE_OK) step_done(s, "game");
    return rc;
}

/* The row first, then the events: both in the caller's transaction. */
static StoreStatus write_game(SqliteStore *s, StoreGame *g, Expect expect, int seat, const StoreEvent *events, int n,
                              int (*before)(SqliteStore *, const StoreGame *, const void *), const void *arg) {
    int rc = begin(s);
    if (rc != SQLITE_OK) return STORE_UNAVAILABLE;
    if (before) rc = before(s, g, arg);
    if (rc == SQLITE_OK) rc = update_row(s, g, n, expect, seat);
    if (rc == SQLITE_OK) rc = insert_events(s, g->id, g->seq, events, n);
    StoreStatus st = end(s, rc, status_of(rc));
    if (st == STORE_OK) g->seq += n;
    return st;
}

/* In the caller's transaction: how many games address has open in the lobby. */
static int count_open(SqliteStore *s, const char *address, int *count) {
    sqlite3_stmt *st = prepare(s, "SELECT count(*) FROM games WHERE status = 0 AND open = 1 AND open_by = ?1");
    if (!st) return SQLITE_ERROR;
    bind_text(st, 1, address);
    int rc = sqlite3_step(st);
    *count = rc == SQLITE_ROW ? sqlite3_column_int(st, 0) : 0;
    release(s, st);
    return rc == SQLITE_ROW ? SQLITE_OK : rc;
}

/* A new row (max_open < 0: whatever the lobby holds), in one transaction
 * with its events; the count of open games in it too, so that a limit is
 * never passed by two creations at once. */
static StoreStatus create_row(SqliteStore *s, StoreGame *g, int max_open, const StoreEvent *events, int n) {
    int rc = begin(s);
    if (rc != SQLITE_OK) return STORE_UNAVAILABLE;
    int open = 0;
    if (max_open >= 0) rc = count_open(s, g->open_by, &open);
    if (rc == SQLITE_OK && max_open >= 0 && open >= max_open) return end(s, SQLITE_CONSTRAINT, STORE_LIMITED);
    sqlite3_stmt *st = rc == SQLITE_OK ? prepare(s, s->insert_game) : NULL;
    StoreGame row = *g; /* bound as it is (SQLITE_STATIC): it must outlive the step */
    row.seq = n;
    if (st) {
        bind_game(st, &row);
        bind_text(st, s->n_columns + 1, g->id);
    }
    if (rc == SQLITE_OK) rc = run(s, st);
    if (rc == SQLITE_OK) step_done(s, "game");
    if (rc == SQLITE_OK) rc = insert_events(s, g->id, 0, events, n);
    StoreStatus result = end(s, rc, status_of(rc));
    if (result == STORE_OK) g->seq = n;
    return result;
}

static StoreStatus sqlite_create(Store *base, StoreGame *g, const StoreEvent *events, int n) {
    return create_row((SqliteStore *)base, g, -1, events, n);
}

static StoreStatus sqlite_create_open(Store *base, StoreGame *g, int max_open, const StoreEvent *events, int n) {
    return create_row((SqliteStore *)base, g, max_open, events, n);
}

static StoreStatus sqlite_join(Store *base, StoreGame *g, int seat, const StoreEvent *events, int n) {
    SqliteStore *s = (SqliteStore *)base;
    if (seat < 0 || seat >= STORE_SEATS) return STORE_CONFLICT;
    return write_game(s, g, EXPECT_SEAT_FREE, seat, events, n, NULL, NULL);
}

/* The move goes in first: its primary key refuses a second move number P + 1. */
static int insert_move(SqliteStore *s, const StoreGame *g, const void *move) {
    sqlite3_stmt *st = prepare(s, "INSERT INTO moves (game, ply, move) VALUES (?1, ?2, ?3)");
    if (!st) return SQLITE_ERROR;
    bind_text(st, 1, g->id);
    sqlite3_bind_int(st, 2, g->ply);
    bind_text(st, 3, move);
    int rc = run(s, st);
    if (rc == SQLITE_OK) step_done(s, "move");
    return rc;
}

static StoreStatus sqlite_append_move(Store *base, StoreGame *g, int expected_ply, const char *move,
                              const StoreEvent *events, int n) {
    SqliteStore *s = (SqliteStore *)base;
    if (g->ply != expected_ply + 1 || strlen(move) >= STORE_MOVE_SIZE) return STORE_CONFLICT;
    /* The expected ply is bound: one statement for every ply. */
    return write_game(s, g, EXPECT_PLY, 0, events, n, insert_move, move);
}

static StoreStatus sqlite_update(Store *base, StoreGame *g, const StoreEvent *events, int n) {
    SqliteStore *s = (SqliteStore *)base;
    return write_game(s, g, EXPECT_SEQ, 0, events, n, NULL, NULL);
}

static StoreStatus sqlite_touch(Store *base, const char *id, int seat, int64_t ms) {
    SqliteStore *s = (SqliteStore *)base;
    if (seat < 0 || seat >= STORE_SEATS) return STORE_NOT_FOUND;
    int rc = begin(s);
    if (rc != SQLITE_OK) return STORE_UNAVAILABLE;
    char sql[64];
    snprintf(sql, sizeof sql, "UPDATE games SET %c_seen = ?1 WHERE id = ?2", store_seat_letter(seat));
    sqlite3_stmt *st = prepare(s, sql);
    if (st) {
        sqlite3_bind_int64(st, 1, ms);
        bind_text(st, 2, id);
    }
    rc = run(s, st);
    bool found = rc == SQLITE_OK && sqlite3_changes(s->db) == 1;
    StoreStatus result = end(s, rc, STORE_UNAVAILABLE);
    return result == STORE_OK && !found ? STORE_NOT_FOUND : result;
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
    pthread_mutex_lock(&s->lock);
    /* One read transaction, so that the row and its moves agree (a batch is one already). */
    bool own = !s->in_batch;
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
    pthread_mutex_unlock(&s->lock);
    return result;
}

static StoreStatus sqlite_events_after(Store *base, const char *id, int64_t seq, StoreEventFn *each, void *ctx) {
    SqliteStore *s = (SqliteStore *)base;
    pthread_mutex_lock(&s->lock);
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
    pthread_mutex_unlock(&s->lock);
    return rc == SQLITE_DONE ? STORE_OK : STORE_UNAVAILABLE;
}

/* Calls each for every row that sql (SELECT id, <every column> ...) finds. */
static StoreStatus each_row(SqliteStore *s, const char *sql, StoreGameFn *each, void *ctx) {
    pthread_mutex_lock(&s->lock);
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
    pthread_mutex_unlock(&s->lock);
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

static StoreStatus sqlite_expire(Store *base, int64_t before_ms, int *deleted) {
    SqliteStore *s = (SqliteStore *)base;
    if (deleted) *deleted = 0;
    int rc = begin(s);
    if (rc != SQLITE_OK) return STORE_UNAVAILABLE;
    static const char *const SQL[] = {
        "CREATE TEMP TABLE IF NOT EXISTS doomed (id TEXT PRIMARY KEY)",
        "DELETE FROM doomed",
        ("INSERT INTO doomed SELECT id FROM games WHERE (status = 2 AND finished_ms < ?1)"
         " OR (status = 0 AND created_ms < ?1)"),
        "DELETE FROM moves WHERE game IN doomed",
        "DELETE FROM events WHERE game IN doomed",
        "DELETE FROM games WHERE id IN doomed",
    };
    int count = 0;
    for (size_t k = 0; k < sizeof SQL / sizeof *SQL && rc == SQLITE_OK; k++) {
        sqlite3_stmt *st = prepare(s, SQL[k]);
        if (st && strstr(SQL[k], "?1")) sqlite3_bind_int64(st, 1, before_ms);
        rc = run(s, st);
        if (rc == SQLITE_OK && !strncmp(SQL[k], "DELETE FROM games", 17)) count = sqlite3_changes(s->db);
    }
    StoreStatus result = end(s, rc, STORE_UNAVAILABLE);
    if (result == STORE_OK && deleted) *deleted = count;
    return result;
}


static const StoreOps SQLITE_OPS = {
    .close = sqlite_close,
    .create = sqlite_create,
    .create_open = sqlite_create_open,
    .join = sqlite_join,
    .append_move = sqlite_append_move,
    .update = sqlite_update,
    .touch = sqlite_touch,
    .read = sqlite_read,
    .events_after = sqlite_events_after,
    .each_unfinished = sqlite_each_unfinished,
    .each_open = sqlite_each_open,
    .expire = sqlite_expire,
    .batch_begin = sqlite_batch_begin,
    .batch_commit = sqlite_batch_commit,
    .batch_abort = sqlite_batch_abort,
};
