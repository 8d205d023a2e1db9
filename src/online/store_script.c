/*
 * store_script.c: the writes of store.h, one script for every backend:
 * the sequence of a write (its transaction, or in a batch its savepoint;
 * the row, the move, the events, the notice; the commit, or the undoing)
 * and of a batch, over the backend's SQL (StoreSql, store_backend.h).
 * Each backend keeps only its statements and its connection.
 */
#define _POSIX_C_SOURCE 200809L
#include <string.h>

#include "online/store_backend.h"

/* ---- a write's transaction --------------------------------------------------- */

/* Locks and opens a write's transaction, or in a batch its savepoint;
 * false (unlocked) if it could not. */
static bool begin(Store *s) {
    pthread_mutex_lock(&s->lock);
    if (s->in_batch ? s->sql->savepoint(s) : s->sql->begin(s)) return true;
    pthread_mutex_unlock(&s->lock);
    return false;
}

/* Keeps the write (commits, or in a batch releases its savepoint) if st is
 * STORE_OK, else undoes it alone; unlocks.  The write's outcome. */
static StoreStatus end(Store *s, StoreStatus st) {
    if (s->in_batch) {
        if (st == STORE_OK && !s->sql->release(s)) st = STORE_UNAVAILABLE;
        if (st != STORE_OK && !s->sql->undo(s)) s->lost_batch = true; /* the batch is lost: its commit will fail */
    } else if (st != STORE_OK || !s->sql->commit(s)) {
        if (st == STORE_OK) st = STORE_UNAVAILABLE;
        s->sql->rollback(s);
    }
    pthread_mutex_unlock(&s->lock);
    return st;
}

StoreStatus store_transact(Store *s, StoreStatus (*body)(Store *s, void *ctx), void *ctx) {
    return begin(s) ? end(s, body(s, ctx)) : STORE_UNAVAILABLE;
}

/* ---- batches ------------------------------------------------------------------ */

StoreStatus store_batch_begin(Store *s) {
    pthread_mutex_lock(&s->lock);
    if (s->in_batch || !s->sql->begin(s)) {
        pthread_mutex_unlock(&s->lock);
        return STORE_UNAVAILABLE;
    }
    s->in_batch = true; /* the lock stays held until the batch ends */
    return STORE_OK;
}

StoreStatus store_batch_commit(Store *s) {
    /* A statement that failed outside a savepoint (a read) may have ended
     * the transaction, whose COMMIT would then "succeed" as a ROLLBACK. */
    bool ok = !s->lost_batch && s->sql->in_transaction(s) && s->sql->commit(s);
    if (ok) store_step(s, "commit");
    else s->sql->rollback(s);
    s->lost_batch = false;
    s->in_batch = false;
    pthread_mutex_unlock(&s->lock);
    return ok ? STORE_OK : STORE_UNAVAILABLE;
}

void store_batch_abort(Store *s) {
    s->sql->rollback(s);
    s->lost_batch = false;
    s->in_batch = false;
    pthread_mutex_unlock(&s->lock);
}

/* ---- the writes ----------------------------------------------------------------- */

/* In the write's transaction: g's events, numbered after seq. */
static StoreStatus insert_events(Store *s, const char *id, int64_t seq, const StoreEvent *events, int n) {
    for (int k = 0; k < n; k++) {
        StoreStatus st = s->sql->insert_event(s, id, seq + 1 + k, &events[k]);
        if (st != STORE_OK) return st;
        store_step(s, "event");
    }
    return STORE_OK;
}

/* In the write's transaction: the other servers told, once it commits, that
 * game id has events up to seq (a store no other server shares: nothing). */
static StoreStatus notify(Store *s, const char *id, int64_t seq) {
    return s->sql->notify ? s->sql->notify(s, id, seq) : STORE_OK;
}

/* The row, the move (if any), the events and the notice, in one
 * transaction.  The row first: two servers' writes of one game then queue on
 * its lock (the second finds its seq taken), where taking the move's key
 * first could lock the two in a cycle that PostgreSQL ends with an error.
 * The row is written only if it still has seq g->seq (and as `expect`
 * says): STORE_CONFLICT if not, as for a move number taken. */
static StoreStatus write_game(Store *s, StoreGame *g, StoreExpect expect, int seat, const char *move,
                              const StoreEvent *events, int n) {
    if (!begin(s)) return STORE_UNAVAILABLE;
    StoreGame row = *g; /* as bound: it outlives the statement */
    row.seq = g->seq + n;
    StoreStatus st = s->sql->update_game(s, &row, g->seq, expect, seat);
    if (st == STORE_OK) store_step(s, "game");
    if (st == STORE_OK && move) {
        st = s->sql->insert_move(s, g->id, g->ply, move);
        if (st == STORE_OK) store_step(s, "move");
    }
    if (st == STORE_OK) st = insert_events(s, g->id, g->seq, events, n);
    if (st == STORE_OK) st = notify(s, g->id, g->seq + n);
    st = end(s, st);
    if (st == STORE_OK) g->seq += n;
    return st;
}

/* A new row (max_open < 0: whatever the lobby holds) with its events and
 * notice, in one transaction; the count of the address's open games in it
 * too, so that a limit is never passed by two creations at once. */
static StoreStatus create_row(Store *s, StoreGame *g, int max_open, const StoreEvent *events, int n) {
    if (!begin(s)) return STORE_UNAVAILABLE;
    StoreStatus st = STORE_OK;
    if (max_open >= 0) {
        int open = 0;
        st = s->sql->count_open(s, g->open_by, &open);
        if (st == STORE_OK && open >= max_open) st = STORE_LIMITED;
    }
    StoreGame row = *g;
    row.seq = n;
    if (st == STORE_OK) st = s->sql->insert_game(s, &row);
    if (st == STORE_OK) store_step(s, "game");
    if (st == STORE_OK) st = insert_events(s, g->id, 0, events, n);
    if (st == STORE_OK) st = notify(s, g->id, n);
    st = end(s, st);
    if (st == STORE_OK) g->seq = n;
    return st;
}

StoreStatus store_create(Store *s, StoreGame *g, const StoreEvent *events, int n) {
    return create_row(s, g, -1, events, n);
}

StoreStatus store_create_open(Store *s, StoreGame *g, int max_open, const StoreEvent *events, int n) {
    return create_row(s, g, max_open, events, n);
}

StoreStatus store_join(Store *s, StoreGame *g, int seat, const StoreEvent *events, int n) {
    if (seat < 0 || seat >= STORE_SEATS) return STORE_CONFLICT;
    return write_game(s, g, EXPECT_SEAT_FREE, seat, NULL, events, n);
}

StoreStatus store_append_move(Store *s, StoreGame *g, int expected_ply, const char *move, const StoreEvent *events,
                              int n) {
    if (g->ply != expected_ply + 1 || strlen(move) >= STORE_MOVE_SIZE) return STORE_CONFLICT;
    return write_game(s, g, EXPECT_PLY, 0, move, events, n);
}

StoreStatus store_update(Store *s, StoreGame *g, const StoreEvent *events, int n) {
    return write_game(s, g, EXPECT_SEQ, 0, NULL, events, n);
}

StoreStatus store_touch(Store *s, const char *id, int seat, int64_t ms) {
    if (seat < 0 || seat >= STORE_SEATS) return STORE_NOT_FOUND;
    if (!begin(s)) return STORE_UNAVAILABLE;
    StoreStatus st = s->sql->touch(s, id, seat, ms);
    bool found = st == STORE_OK;
    st = end(s, st == STORE_CONFLICT ? STORE_OK : st); /* no such row: nothing to undo */
    return st == STORE_OK && !found ? STORE_NOT_FOUND : st;
}

StoreStatus store_expire(Store *s, int64_t before_ms, int *deleted) {
    if (deleted) *deleted = 0;
    if (!begin(s)) return STORE_UNAVAILABLE;
    int count = 0;
    StoreStatus st = end(s, s->sql->expire(s, before_ms, &count));
    if (st == STORE_OK && deleted) *deleted = count;
    return st;
}
