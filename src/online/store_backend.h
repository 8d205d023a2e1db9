/*
 * store_backend.h: what a store backend (store_sqlite.c, store_pg.c)
 * implements: its SQL, the statements and transactions that the one
 * script of every write (store_script.c) runs; and a table of the other
 * calls of store.h (the reads, the notices), to which store_backend.c
 * hands each call, as SQLite hands its file calls to a VFS; store_open.c
 * picks the backend.  Not for other modules.
 */
#ifndef HALMA_STORE_BACKEND_H
#define HALMA_STORE_BACKEND_H

#include <pthread.h>

#include "online/store.h"

/* The calls of store.h but the writes, in its order; next_notice and the
 * announcements are NULL for a store no other server shares. */
typedef struct {
    void (*close)(Store *s);
    StoreStatus (*read)(Store *s, const char *id, StoreGame *g, char (**moves)[STORE_MOVE_SIZE]);
    StoreStatus (*events_after)(Store *s, const char *id, int64_t seq, StoreEventFn *each, void *ctx);
    StoreStatus (*each_unfinished)(Store *s, StoreGameFn *each, void *ctx);
    StoreStatus (*each_open)(Store *s, StoreGameFn *each, void *ctx);
    StoreStatus (*next_notice)(Store *s, StoreNotice *n, int timeout_ms);
    void (*announce_seen)(Store *s, const char *id, int seat, int64_t ms);
    void (*announce_watchers)(Store *s, uint64_t server, const char *id, int count);
} StoreOps;

/* What a row's write expects of the row besides its seq: nothing more, the
 * ply before the row's (a move), or the seat not taken (a join). */
typedef enum { EXPECT_SEQ, EXPECT_PLY, EXPECT_SEAT_FREE } StoreExpect;

/* A backend's SQL, as the script of the writes (store_script.c) runs it,
 * under the store's lock, on its one connection for the calls.  The
 * transactions' steps answer whether they went well; the statements
 * answer STORE_OK, STORE_CONFLICT (a key taken; for those that write one
 * row, no row matched) or STORE_UNAVAILABLE. */
typedef struct {
    bool (*begin)(Store *s);          /* a write transaction (reconnecting first, if the backend can) */
    bool (*savepoint)(Store *s);      /* in a batch, a write's own */
    bool (*release)(Store *s);        /* the savepoint kept */
    bool (*undo)(Store *s);           /* the savepoint's changes undone, and it released */
    bool (*commit)(Store *s);         /* true only if the transaction committed */
    void (*rollback)(Store *s);       /* the transaction, if one is open */
    bool (*in_transaction)(Store *s); /* one is open, and has not failed */
    StoreStatus (*insert_game)(Store *s, const StoreGame *row);
    /* row, if its row still has seq `seq` and is as `expect` says (seat: EXPECT_SEAT_FREE's). */
    StoreStatus (*update_game)(Store *s, const StoreGame *row, int64_t seq, StoreExpect expect, int seat);
    StoreStatus (*insert_move)(Store *s, const char *id, int ply, const char *move);
    StoreStatus (*insert_event)(Store *s, const char *id, int64_t seq, const StoreEvent *event);
    /* The other servers told, when the transaction commits; NULL: none shares the store. */
    StoreStatus (*notify)(Store *s, const char *id, int64_t seq);
    /* How many games address has open in the lobby, counted so that two creations cannot both pass a limit. */
    StoreStatus (*count_open)(Store *s, const char *address, int *count);
    StoreStatus (*touch)(Store *s, const char *id, int seat, int64_t ms); /* CONFLICT: no such row */
    StoreStatus (*expire)(Store *s, int64_t before_ms, int *deleted);
} StoreSql;

/* The first member of each backend's store. */
struct Store {
    const StoreOps *ops;
    const StoreSql *sql;
    void (*hook)(const char *step);
    pthread_mutex_t lock; /* the backend's, recursive (store_init_lock): a batch holds it across its writes */
    bool in_batch;        /* a batch begun, its transaction open, the lock held */
    bool lost_batch;      /* a write of the batch could not be undone alone: the batch fails */
};

/* A backend's store begun: its tables, its lock (recursive: a batch holds
 * it across its writes, which take it too). */
void store_init(Store *s, const StoreOps *ops, const StoreSql *sql);

/* body(s, ctx) in a transaction of its own (in a batch, a savepoint), kept
 * if it answers STORE_OK, else undone: what it answers, or
 * STORE_UNAVAILABLE if the transaction could not begin or commit
 * (store_script.c). */
StoreStatus store_transact(Store *s, StoreStatus (*body)(Store *s, void *ctx), void *ctx);

/* Calls the crash tests' hook, if set, with the step just done. */
void store_step(Store *s, const char *step);

#endif
