/*
 * store_fixtures.h: what the store's tests (tests/unit/test_store_*.c) share:
 * a scratch store on either backend, games made and played through the
 * store, the events collected, a watchdog and a clock.
 */
#ifndef HALMA_TEST_STORE_FIXTURES_H
#define HALMA_TEST_STORE_FIXTURES_H

#include <stdbool.h>
#include <stdint.h>

#include "online/store.h"
#include "temp_db.h"

/* store_open on path; the test fails if it cannot. */
Store *open_file(const char *path);

/* A test's store and where it is: for SQLite in memory (a file if `shared`,
 * for a second connection), for PostgreSQL a database of its own. */
typedef struct {
    char path[256];
    Store *s;
} Scratch;

Scratch scratch_store(Backend b, bool shared);
void scratch_end(Scratch *x);

/* A game of two, variant 19, White's seat taken; not yet stored. */
StoreGame new_game(const char *id);

/* The events of a creation and of a join. */
extern const StoreEvent CREATED[1];
extern const StoreEvent JOINED[1];

/* A game with both seats taken. */
StoreGame started(Store *s, const char *id);

/* Move `move` played on g at ply `expected`; g follows if it is STORE_OK. */
StoreStatus play(Store *s, StoreGame *g, int expected, const char *move);

/* The ply of game id as stored. */
int ply_of(Store *s, const char *id);

/* Events collected by store_events_after: their seqs and kinds. */
typedef struct {
    int n;
    int64_t seqs[16];
    char kinds[16][16];
} Seen;

void collect(void *ctx, int64_t seq, const char *kind, const char *data);

/* Ends the test (killed by SIGALRM: a crash) if it hangs: Criterion's
 * .timeout does not always fire when tests run in parallel (--jobs 2). */
void watchdog(unsigned seconds);

/* The monotonic clock, in seconds. */
double now_s(void);

/* Notices heard by a store (store_next_notice). */
typedef struct {
    int n;
    StoreNotice all[32];
} Notices;

/* The notices that come until none has for quiet_ms; the answer that ended it. */
StoreStatus drain(Store *s, Notices *got, int quiet_ms);

#endif
