/*
 * store_backend.h: what a store backend (store_sqlite.c, store_pg.c)
 * implements: a table of the calls of store.h, to which store_backend.c
 * hands each call, as SQLite hands its file calls to a VFS; store_open.c
 * picks the backend.  Not for other modules.
 */
#ifndef HALMA_STORE_BACKEND_H
#define HALMA_STORE_BACKEND_H

#include <pthread.h>

#include "online/store.h"

/* The calls of store.h, in its order; next_notice and the announcements
 * are NULL for a store no other server shares. */
typedef struct {
    void (*close)(Store *s);
    StoreStatus (*create)(Store *s, StoreGame *g, const StoreEvent *events, int n);
    StoreStatus (*create_open)(Store *s, StoreGame *g, int max_open, const StoreEvent *events, int n);
    StoreStatus (*join)(Store *s, StoreGame *g, int seat, const StoreEvent *events, int n);
    StoreStatus (*append_move)(Store *s, StoreGame *g, int expected_ply, const char *move, const StoreEvent *events,
                               int n);
    StoreStatus (*update)(Store *s, StoreGame *g, const StoreEvent *events, int n);
    StoreStatus (*touch)(Store *s, const char *id, int seat, int64_t ms);
    StoreStatus (*read)(Store *s, const char *id, StoreGame *g, char (**moves)[STORE_MOVE_SIZE]);
    StoreStatus (*events_after)(Store *s, const char *id, int64_t seq, StoreEventFn *each, void *ctx);
    StoreStatus (*each_unfinished)(Store *s, StoreGameFn *each, void *ctx);
    StoreStatus (*each_open)(Store *s, StoreGameFn *each, void *ctx);
    StoreStatus (*expire)(Store *s, int64_t before_ms, int *deleted);
    StoreStatus (*batch_begin)(Store *s);
    StoreStatus (*batch_commit)(Store *s);
    void (*batch_abort)(Store *s);
    StoreStatus (*next_notice)(Store *s, StoreNotice *n, int timeout_ms);
    void (*announce_seen)(Store *s, const char *id, int seat, int64_t ms);
    void (*announce_watchers)(Store *s, uint64_t server, const char *id, int count);
} StoreOps;

/* The first member of each backend's store. */
struct Store {
    const StoreOps *ops;
    void (*hook)(const char *step);
};

/* A backend's lock, recursive: a batch holds it across its writes, which take it too. */
void store_init_recursive_lock(pthread_mutex_t *lock);

/* Calls the crash tests' hook, if set, with the step just done. */
void store_step(Store *s, const char *step);

#endif
