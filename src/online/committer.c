/*
 * committer.c: the committer (see committer.h).
 *
 * It takes all the requests waiting, does their writes in one batch of the
 * store (each write still refused or kept alone), commits the batch (one
 * sync to disk for all), then publishes their events and answers them.
 * While it commits, the next requests queue up: the more come at once, the
 * more share a commit.  A batch that cannot commit is undone, and its
 * requests done again each alone, so that one failure fails no other.  The
 * reads (a game, a stream's opening) come after the batch's commit, so that
 * a stream caught up from the store misses no event published after it, and
 * nothing not yet durable is ever shown.
 *
 * The server's own threads never wait for a commit: their connection is
 * suspended meanwhile (api.c).
 */
#define _POSIX_C_SOURCE 200809L
#include "online/committer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    BATCH_MAX = 512, /* requests done together at most, by default */
    STALE_TRIES = 4, /* a request whose write was stale in the store is done this often at most */
};

struct Committer {
    pthread_mutex_t *lock; /* the service's: the writes, and the memory of live games */
    Writer *writer;
    const Actions *acts;
    int batch_max;
    int64_t batches, batched; /* batches committed, and the writes they held */
    /* The requests waiting, under queue_lock. */
    pthread_mutex_t queue_lock;
    pthread_cond_t queued, idle;
    OnlineCall *head, *tail;
    bool quiescing, committing, stopping;
    pthread_t thread;
};

static bool reads_only(const OnlineCall *c) { return c->stream || c->action == ONLINE_READ; }

/* A request on a game whose write the store refused as stale was read
 * before another server's write to the game: it is done again on the game
 * as it now is, so that it is answered as if it had come after that write,
 * as one server would (a move sent to two servers at once is played once and
 * 200 for both; an invite used on both is seat_taken for one).  A creation
 * draws new ids itself (create_row). */
static void act(Committer *cm, OnlineCall *c) {
    for (int tries = 1;; tries++) {
        writer_clear_stale(cm->writer);
        actions_do(cm->acts, c->action, c->id, c->token, c->body, c->client, &c->answer);
        bool again = writer_stale(cm->writer) && c->answer.status == 409 && c->action != ONLINE_CREATE;
        if (!again || tries == STALE_TRIES) return;
        json_decref(c->answer.body);
        c->answer = (OnlineAnswer){0};
    }
}

static void run_call(Committer *cm, OnlineCall *c) {
    json_decref(c->answer.body); /* a batch's first try, undone */
    c->answer = (OnlineAnswer){0};
    if (c->stream) c->ok = actions_open_stream(cm->acts, c->id, c->stream, c->last_event_id, &c->answer);
    else act(cm, c);
}

/* The game a call's write locks in the store ("" for a creation, a new row
 * that no other server waits for). */
static const char *locked_id(const OnlineCall *c) { return c->id ? c->id : ""; }

/* The n calls of list in the order of their games' ids, each game's in the
 * order they came (a stable merge sort).  A batch holds each game's row
 * from its write to its commit; if two servers' batches took the same games
 * in different orders, each could wait for the other, and PostgreSQL would
 * end one after a second (deadlock_timeout), a 503.  In one order, never. */
static OnlineCall *by_game(OnlineCall *list, int n) {
    if (n < 2) return list;
    OnlineCall *mid = list;
    for (int k = 1; k < n / 2; k++) mid = mid->next;
    OnlineCall *b = mid->next;
    mid->next = NULL;
    OnlineCall *a = by_game(list, n / 2);
    b = by_game(b, n - n / 2);
    OnlineCall *head = NULL, **end = &head;
    while (a && b) {
        OnlineCall **from = strcmp(locked_id(b), locked_id(a)) < 0 ? &b : &a; /* a first on a tie */
        *end = *from;
        end = &(*from)->next;
        *from = (*from)->next;
    }
    *end = a ? a : b;
    return head;
}

/* Under the lock: the calls of one batch, its writes first (together if
 * there are several and the store can), then its reads. */
static void run_batch(Committer *cm, OnlineCall *batch, int writes) {
    bool together = writes > 1 && writer_batch_begin(cm->writer);
    if (together) {
        for (OnlineCall *c = batch; c; c = c->next)
            if (!reads_only(c)) run_call(cm, c);
        together = writer_batch_commit(cm->writer);
        if (together) {
            cm->batches++;
            cm->batched += writes;
        }
    }
    if (!together) /* each alone, as if the batch had not been tried */
        for (OnlineCall *c = batch; c; c = c->next)
            if (!reads_only(c)) run_call(cm, c);
    for (OnlineCall *c = batch; c; c = c->next)
        if (reads_only(c)) run_call(cm, c);
}

/* Under the queue's lock: everything waiting (up to max) as one batch, in
 * the order of its games; *writes says how many of them write. */
static OnlineCall *take_batch(Committer *cm, int *writes) {
    OnlineCall *batch = cm->head, *last = batch;
    int n = 1;
    *writes = !reads_only(batch);
    while (last->next && n < cm->batch_max) {
        last = last->next;
        n++;
        *writes += !reads_only(last);
    }
    cm->head = last->next;
    if (!cm->head) cm->tail = NULL;
    last->next = NULL;
    return by_game(batch, n);
}

static void *committer_main(void *arg) {
    Committer *cm = arg;
    pthread_mutex_lock(&cm->queue_lock);
    for (;;) {
        while (!cm->head && !cm->stopping) pthread_cond_wait(&cm->queued, &cm->queue_lock);
        if (!cm->head) break;
        int writes;
        OnlineCall *batch = take_batch(cm, &writes);
        cm->committing = true;
        pthread_mutex_unlock(&cm->queue_lock);

        pthread_mutex_lock(cm->lock);
        run_batch(cm, batch, writes);
        pthread_mutex_unlock(cm->lock);
        for (OnlineCall *c = batch, *next; c; c = next) {
            next = c->next; /* done() may free c */
            c->next = NULL;
            c->done(c);
        }

        pthread_mutex_lock(&cm->queue_lock);
        cm->committing = false;
        pthread_cond_broadcast(&cm->idle);
    }
    pthread_mutex_unlock(&cm->queue_lock);
    return NULL;
}

Committer *committer_start(pthread_mutex_t *lock, Writer *writer, const Actions *acts, int batch_max) {
    Committer *cm = malloc(sizeof *cm);
    if (!cm) return NULL;
    *cm = (Committer){.lock = lock, .writer = writer, .acts = acts, .batch_max = batch_max > 0 ? batch_max : BATCH_MAX};
    pthread_mutex_init(&cm->queue_lock, NULL);
    pthread_cond_init(&cm->queued, NULL);
    pthread_cond_init(&cm->idle, NULL);
    if (pthread_create(&cm->thread, NULL, committer_main, cm) == 0) return cm;
    pthread_cond_destroy(&cm->idle);
    pthread_cond_destroy(&cm->queued);
    pthread_mutex_destroy(&cm->queue_lock);
    free(cm);
    return NULL;
}

void committer_stop(Committer *cm) {
    if (!cm) return;
    committer_quiesce(cm);
    pthread_mutex_lock(&cm->queue_lock);
    cm->stopping = true;
    pthread_cond_signal(&cm->queued);
    pthread_mutex_unlock(&cm->queue_lock);
    pthread_join(cm->thread, NULL);
    if (cm->batches)
        fprintf(stderr, "halma serve: %lld writes committed in %lld batches\n", (long long)cm->batched,
                (long long)cm->batches);
    pthread_cond_destroy(&cm->idle);
    pthread_cond_destroy(&cm->queued);
    pthread_mutex_destroy(&cm->queue_lock);
    free(cm);
}

void committer_submit(Committer *cm, OnlineCall *c) {
    c->next = NULL;
    c->answer = (OnlineAnswer){0};
    c->ok = false;
    pthread_mutex_lock(&cm->queue_lock);
    if (cm->quiescing) {
        pthread_mutex_unlock(&cm->queue_lock);
        online_error(&c->answer, 503, "unavailable", "the server is stopping; try again");
        c->done(c);
        return;
    }
    if (cm->tail) cm->tail->next = c;
    else cm->head = c;
    cm->tail = c;
    pthread_cond_signal(&cm->queued);
    pthread_mutex_unlock(&cm->queue_lock);
}

void committer_quiesce(Committer *cm) {
    pthread_mutex_lock(&cm->queue_lock);
    cm->quiescing = true;
    while (cm->head || cm->committing) pthread_cond_wait(&cm->idle, &cm->queue_lock);
    pthread_mutex_unlock(&cm->queue_lock);
}

typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    bool done;
} Waiter;

static void waiter_done(OnlineCall *c) {
    Waiter *w = c->ctx;
    pthread_mutex_lock(&w->lock);
    w->done = true;
    pthread_cond_signal(&w->cond);
    pthread_mutex_unlock(&w->lock);
}

void committer_do(Committer *cm, OnlineAction action, const char *id, const char *token, const json_t *body,
                  OnlineAnswer *answer) {
    Waiter w = {.done = false};
    pthread_mutex_init(&w.lock, NULL);
    pthread_cond_init(&w.cond, NULL);
    OnlineCall c = {.action = action, .id = id, .token = token, .body = body, .done = waiter_done, .ctx = &w};
    committer_submit(cm, &c);
    pthread_mutex_lock(&w.lock);
    while (!w.done) pthread_cond_wait(&w.cond, &w.lock);
    pthread_mutex_unlock(&w.lock);
    pthread_cond_destroy(&w.cond);
    pthread_mutex_destroy(&w.lock);
    *answer = c.answer;
}
