/*
 * store_backend.c: each call of store.h but the writes (store_script.c)
 * handed to the store's backend, through the table of its methods
 * (store_backend.h); and what the backends share.
 */
#define _POSIX_C_SOURCE 200809L
#include "online/store_backend.h"

void store_close(Store *s) {
    if (s) s->ops->close(s);
}

StoreStatus store_read(Store *s, const char *id, StoreGame *g, char (**moves)[STORE_MOVE_SIZE]) {
    return s->ops->read(s, id, g, moves);
}

StoreStatus store_events_after(Store *s, const char *id, int64_t seq, StoreEventFn *each, void *ctx) {
    return s->ops->events_after(s, id, seq, each, ctx);
}

StoreStatus store_each_unfinished(Store *s, StoreGameFn *each, void *ctx) {
    return s->ops->each_unfinished(s, each, ctx);
}

StoreStatus store_each_open(Store *s, StoreGameFn *each, void *ctx) { return s->ops->each_open(s, each, ctx); }

bool store_shared(const Store *s) { return s->ops->next_notice != NULL; }

StoreStatus store_next_notice(Store *s, StoreNotice *n, int timeout_ms) {
    return s->ops->next_notice ? s->ops->next_notice(s, n, timeout_ms) : STORE_NOT_FOUND;
}

void store_announce_seen(Store *s, const char *id, int seat, int64_t ms) {
    if (s->ops->announce_seen) s->ops->announce_seen(s, id, seat, ms);
}

void store_set_step_hook(Store *s, void (*hook)(const char *step)) { s->hook = hook; }

void store_init(Store *s, const StoreOps *ops, const StoreSql *sql) {
    s->ops = ops;
    s->sql = sql;
    pthread_mutexattr_t recursive;
    pthread_mutexattr_init(&recursive);
    pthread_mutexattr_settype(&recursive, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&s->lock, &recursive);
    pthread_mutexattr_destroy(&recursive);
}

void store_step(Store *s, const char *step) {
    if (s->hook) s->hook(step);
}

void store_announce_watchers(Store *s, uint64_t server, const char *id, int count) {
    if (s->ops->announce_watchers) s->ops->announce_watchers(s, server, id, count);
}
