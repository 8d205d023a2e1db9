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

enum {
    BUSY_TIMEOUT_MS = 1000, /* then a locked store answers "unavailable" */
    STATEMENTS_KEPT = 64,   /* prepared once, reused (all of them: about 30): parsing was a good part of a move's cost */
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
} SqliteStore;

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

/* The columns written from a StoreGame, in the order bind_game binds them. */
#define GAME_COLUMNS                                                                                       \
    "variant, turn_limit, initial_ms, increment_ms, w_token, b_token, w_joined, b_joined, invite, status," \
    " winner, reason, w_ms, b_ms, turn_started_ms, draw_offer, rematch, rematch_of, created_ms,"          \
    " last_move_ms, finished_ms, w_seen, b_seen, ply, seq"
enum { GAME_COLUMN_COUNT = 25 };

static const char UPDATE_GAME[] =
    "UPDATE games SET (" GAME_COLUMNS ") = (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15,"
    " ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25) WHERE id = ?26 AND seq = ?27";

static const StoreOps SQLITE_OPS;
static void sqlite_close(Store *base);

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
    if (rc == SQLITE_OK && !sqlite3_db_readonly(s->db, "main")) rc = sqlite3_exec(s->db, SCHEMA, NULL, NULL, NULL);
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

static void bind_game(sqlite3_stmt *st, const StoreGame *g, int64_t seq) {
    int i = 1;
    sqlite3_bind_int(st, i++, g->variant);
    sqlite3_bind_int(st, i++, g->turn_limit);
    sqlite3_bind_int64(st, i++, g->initial_ms);
    sqlite3_bind_int64(st, i++, g->increment_ms);
    sqlite3_bind_blob(st, i++, g->token_hash[0], STORE_HASH_SIZE, SQLITE_STATIC);
    sqlite3_bind_blob(st, i++, g->token_hash[1], STORE_HASH_SIZE, SQLITE_STATIC);
    sqlite3_bind_int(st, i++, g->joined[0]);
    sqlite3_bind_int(st, i++, g->joined[1]);
    sqlite3_bind_blob(st, i++, g->invite_hash, STORE_HASH_SIZE, SQLITE_STATIC);
    sqlite3_bind_int(st, i++, (int)g->status);
    sqlite3_bind_int(st, i++, g->winner);
    bind_text(st, i++, g->reason);
    sqlite3_bind_int64(st, i++, g->clock_ms[0]);
    sqlite3_bind_int64(st, i++, g->clock_ms[1]);
    sqlite3_bind_int64(st, i++, g->turn_started_ms);
    sqlite3_bind_int(st, i++, g->draw_offer);
    bind_text(st, i++, g->rematch);
    bind_text(st, i++, g->rematch_of);
    sqlite3_bind_int64(st, i++, g->created_ms);
    sqlite3_bind_int64(st, i++, g->last_move_ms);
    sqlite3_bind_int64(st, i++, g->finished_ms);
    sqlite3_bind_int64(st, i++, g->last_seen_ms[0]);
    sqlite3_bind_int64(st, i++, g->last_seen_ms[1]);
    sqlite3_bind_int(st, i++, g->ply);
    sqlite3_bind_int64(st, i++, seq);
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

/* Reads a row of "SELECT id, " GAME_COLUMNS. */
static void read_game(sqlite3_stmt *st, StoreGame *g) {
    memset(g, 0, sizeof *g);
    int i = 0;
    copy_text(st, i++, g->id, sizeof g->id);
    g->variant = sqlite3_column_int(st, i++);
    g->turn_limit = sqlite3_column_int(st, i++);
    g->initial_ms = sqlite3_column_int64(st, i++);
    g->increment_ms = sqlite3_column_int64(st, i++);
    copy_blob(st, i++, g->token_hash[0]);
    copy_blob(st, i++, g->token_hash[1]);
    g->joined[0] = sqlite3_column_int(st, i++);
    g->joined[1] = sqlite3_column_int(st, i++);
    copy_blob(st, i++, g->invite_hash);
    g->status = (GameStatus)sqlite3_column_int(st, i++);
    g->winner = sqlite3_column_int(st, i++);
    copy_text(st, i++, g->reason, sizeof g->reason);
    g->clock_ms[0] = sqlite3_column_int64(st, i++);
    g->clock_ms[1] = sqlite3_column_int64(st, i++);
    g->turn_started_ms = sqlite3_column_int64(st, i++);
    g->draw_offer = sqlite3_column_int(st, i++);
    copy_text(st, i++, g->rematch, sizeof g->rematch);
    copy_text(st, i++, g->rematch_of, sizeof g->rematch_of);
    g->created_ms = sqlite3_column_int64(st, i++);
    g->last_move_ms = sqlite3_column_int64(st, i++);
    g->finished_ms = sqlite3_column_int64(st, i++);
    g->last_seen_ms[0] = sqlite3_column_int64(st, i++);
    g->last_seen_ms[1] = sqlite3_column_int64(st, i++);
    g->ply = sqlite3_column_int(st, i++);
    g->seq = sqlite3_column_int64(st, i++);
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

/* Writes g's row if it still has seq g->seq (and `also`, an extra condition);
 * SQLITE_CONSTRAINT when no row matched. */
static int update_row(SqliteStore *s, const StoreGame *g, int n, const char *also) {
    char sql[sizeof UPDATE_GAME + 64];
    snprintf(sql, sizeof sql, "%s%s", UPDATE_GAME, also);
    sqlite3_stmt *st = prepare(s, sql);
    if (!st) return SQLITE_ERROR;
    bind_game(st, g, g->seq + n);
    bind_text(st, GAME_COLUMN_COUNT + 1, g->id);
    sqlite3_bind_int64(st, GAME_COLUMN_COUNT + 2, g->seq);
    if (strstr(also, "?28")) sqlite3_bind_int(st, GAME_COLUMN_COUNT + 3, g->ply - 1);
    int rc = run(s, st);
    if (rc == SQLITE_OK && sqlite3_changes(s->db) != 1) rc = SQLITE_CONSTRAINT;
    if (rc == SQLITE_OK) step_done(s, "game");
    return rc;
}

/* The row first, then the events: both in the caller's transaction. */
static StoreStatus write_game(SqliteStore *s, StoreGame *g, const char *also, const StoreEvent *events, int n,
                              int (*before)(SqliteStore *, const StoreGame *, const void *), const void *arg) {
    int rc = begin(s);
    if (rc != SQLITE_OK) return STORE_UNAVAILABLE;
    if (before) rc = before(s, g, arg);
    if (rc == SQLITE_OK) rc = update_row(s, g, n, also);
    if (rc == SQLITE_OK) rc = insert_events(s, g->id, g->seq, events, n);
    StoreStatus st = end(s, rc, status_of(rc));
    if (st == STORE_OK) g->seq += n;
    return st;
}

static StoreStatus sqlite_create(Store *base, StoreGame *g, const StoreEvent *events, int n) {
    SqliteStore *s = (SqliteStore *)base;
    int rc = begin(s);
    if (rc != SQLITE_OK) return STORE_UNAVAILABLE;
    sqlite3_stmt *st = prepare(s, "INSERT INTO games (" GAME_COLUMNS ", id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9,"
                                  " ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26)");
    if (st) {
        bind_game(st, g, n);
        bind_text(st, GAME_COLUMN_COUNT + 1, g->id);
    }
    rc = run(s, st);
    if (rc == SQLITE_OK) step_done(s, "game");
    if (rc == SQLITE_OK) rc = insert_events(s, g->id, 0, events, n);
    StoreStatus result = end(s, rc, status_of(rc));
    if (result == STORE_OK) g->seq = n;
    return result;
}

static StoreStatus sqlite_join(Store *base, StoreGame *g, int seat, const StoreEvent *events, int n) {
    SqliteStore *s = (SqliteStore *)base;
    return write_game(s, g, seat ? " AND b_joined = 0" : " AND w_joined = 0", events, n, NULL, NULL);
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
    /* ?28 is bound to g->ply - 1, the expected ply: one statement for every ply. */
    return write_game(s, g, " AND ply = ?28", events, n, insert_move, move);
}

static StoreStatus sqlite_update(Store *base, StoreGame *g, const StoreEvent *events, int n) {
    SqliteStore *s = (SqliteStore *)base;
    return write_game(s, g, "", events, n, NULL, NULL);
}

static StoreStatus sqlite_touch(Store *base, const char *id, int seat, int64_t ms) {
    SqliteStore *s = (SqliteStore *)base;
    int rc = begin(s);
    if (rc != SQLITE_OK) return STORE_UNAVAILABLE;
    sqlite3_stmt *st = prepare(s, seat ? "UPDATE games SET b_seen = ?1 WHERE id = ?2" : "UPDATE games SET w_seen = ?1 WHERE id = ?2");
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
    sqlite3_stmt *st = prepare(s, "SELECT id, " GAME_COLUMNS " FROM games WHERE id = ?1");
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

static StoreStatus sqlite_each_unfinished(Store *base, StoreGameFn *each, void *ctx) {
    SqliteStore *s = (SqliteStore *)base;
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *st = prepare(s, "SELECT id, " GAME_COLUMNS " FROM games WHERE status != 2");
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
    .join = sqlite_join,
    .append_move = sqlite_append_move,
    .update = sqlite_update,
    .touch = sqlite_touch,
    .read = sqlite_read,
    .events_after = sqlite_events_after,
    .each_unfinished = sqlite_each_unfinished,
    .expire = sqlite_expire,
    .batch_begin = sqlite_batch_begin,
    .batch_commit = sqlite_batch_commit,
    .batch_abort = sqlite_batch_abort,
};
