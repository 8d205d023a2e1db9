/*
 * computer.c: the computer's seats (see computer.h).
 *
 * A queue of games due (one job a game and a ply),
 * another of games to take over later, and the threads that take jobs from
 * the first.  A thread reads its game from the store (so that it searches
 * the game as it is, whoever wrote it), checks that the computer's seat is
 * still to move at that ply, searches without any lock, and submits the
 * move.  The threads run at a lower priority than the server's own (nice
 * 10), so that the people's requests go first when the cores are busy.
 */
#define _GNU_SOURCE
#include "online/computer.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "core/table.h"
#include "engine/player.h"
#include "online/capacity.h"
#include "online/game_clock.h"
#include "online/loaded.h"
#include "online/seats.h"

enum {
    THREADS_MAX = 64,
    HASH_BYTES = 4 << 20,    /* each thread's table: cleared for each game, so kept small */
    TAKEOVER_GRACE_MS = 3000, /* what another server is given beyond the level's think time */
    RESERVE_MS = 60 * 1000,   /* an admitted game not seen committed this long was refused by the store */
    SEARCH_NICE = 10,
};

typedef struct Job {
    struct Job *next;
    char id[STORE_ID_SIZE];
    int ply, seat;
    int64_t not_before; /* a takeover: not searched before this (wall clock ms); 0: at once */
} Job;

typedef struct {
    Computer *c;
    pthread_t thread;
    bool started;
    char id[STORE_ID_SIZE]; /* the job being searched, under the lock; "" for none */
    int ply;
    Player *player; /* the engine of the game's seating, made again when a game of the other kind comes */
    void *hash;
} Searcher;

struct Computer {
    Store *store;
    ComputerSubmitFn *submit;
    void *ctx;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    bool stopping;
    Job *ready, **ready_end; /* in the order due */
    Job *later;              /* takeovers, soonest first */
    Capacity capacity; /* every unfinished game with computer seats this server knows of */
    int n;
    Searcher searchers[THREADS_MAX];
};

/* ---- the queues ------------------------------------------------------------------ */

/* Under the lock: whether game id at ply is queued, waiting or being searched already. */
static bool known(Computer *c, const char *id, int ply) {
    for (Job *j = c->ready; j; j = j->next)
        if (!strcmp(j->id, id) && j->ply == ply) return true;
    for (Job *j = c->later; j; j = j->next)
        if (!strcmp(j->id, id) && j->ply == ply) return true;
    for (int k = 0; k < c->n; k++)
        if (!strcmp(c->searchers[k].id, id) && c->searchers[k].ply == ply) return true;
    return false;
}

static Job *new_job(const StoreGame *g, int64_t not_before) {
    Job *j = calloc(1, sizeof *j);
    if (!j) return NULL;
    snprintf(j->id, sizeof j->id, "%s", g->id);
    j->ply = g->ply;
    j->seat = game_to_move(g);
    j->not_before = not_before;
    return j;
}

/* Under the lock: j queued, ready or later. */
static void enqueue(Computer *c, Job *j) {
    if (!j->not_before) {
        *c->ready_end = j;
        c->ready_end = &j->next;
    } else {
        Job **p = &c->later;
        while (*p && (*p)->not_before <= j->not_before) p = &(*p)->next;
        j->next = *p;
        *p = j;
    }
    pthread_cond_signal(&c->wake);
}

/* Under the lock: the takeovers whose moment has come made ready; the next moment one will. */
static int64_t ripen(Computer *c, int64_t now) {
    while (c->later && c->later->not_before <= now) {
        Job *j = c->later;
        c->later = j->next;
        j->next = NULL;
        j->not_before = 0;
        enqueue(c, j);
    }
    return c->later ? c->later->not_before : 0;
}

/* Under the lock: g counted at its cost now, and its search queued, if the
 * computer is to move and it is not known already. */
static void due_locked(Computer *c, const StoreGame *g, int64_t not_before) {
    if (c->stopping) return; /* the committer's last commits, after the stop */
    capacity_note(&c->capacity, g);
    Job *j = computer_to_move(g) && !known(c, g->id, g->ply) ? new_job(g, not_before) : NULL;
    if (j) enqueue(c, j);
}

static void due(Computer *c, const StoreGame *g, int64_t not_before) {
    pthread_mutex_lock(&c->lock);
    due_locked(c, g, not_before);
    pthread_mutex_unlock(&c->lock);
}

void computer_due(Computer *c, const StoreGame *g) { due(c, g, 0); }

/* The whole list under the lock at once: a game written twice at one ply in
 * a batch is queued once, no search thread taking it in between. */
void computer_committed(void *ctx, const Committed *list, int n) {
    Computer *c = ctx;
    pthread_mutex_lock(&c->lock);
    for (int k = 0; k < n; k++) due_locked(c, &list[k].g, 0);
    pthread_mutex_unlock(&c->lock);
}

void computer_due_later(Computer *c, const StoreGame *g, int64_t delay_ms) {
    due(c, g, clock_now_ms() + (delay_ms > 0 ? delay_ms : 1));
}

typedef struct {
    Computer *c;
    bool later;
} Scan;

static void scanned(void *ctx, const StoreGame *g) {
    Scan *scan = ctx; /* every game, counted; searched if the computer is to move */
    if (scan->later) computer_due_later(scan->c, g, computer_takeover_ms(g));
    else computer_due(scan->c, g);
}

StoreStatus computer_scan(Computer *c, Store *store, bool later) {
    Scan scan = {c, later};
    return store_each_unfinished(store, scanned, &scan);
}

bool computer_to_move(const StoreGame *g) {
    return g->status == GAME_ONGOING && !seat_human(g, game_to_move(g)) && seat_in_play(g, game_to_move(g));
}

int64_t computer_takeover_ms(const StoreGame *g) {
    int level = g->level[game_to_move(g)];
    TableKind kind = table_seating_kind(game_seating(g));
    return player_think_ms(kind, level) + TAKEOVER_GRACE_MS;
}

/* ---- the searches ---------------------------------------------------------------- */

/* The engines' move written ("" for none): "pass", or with a shortest path. */
static void write_move(const Table *t, Move m, char *out, size_t size) {
    Text text = text_on(out, (int)size);
    if (move_is_pass(m)) text_str(&text, "pass");
    else table_text_move(t, m, &text);
}

/* The move of the seat to move, written: the level's own think time. */
static void computer_move(Searcher *s, const Table *t, int level, char *out, size_t size) {
    player_new_game(s->player, t); /* its table and plans are another game's */
    player_set_level(s->player, level);
    PlayerLimits limits = player_limits_none();
    write_move(t, player_think(s->player, t, &limits, NULL, NULL), out, size);
}

static int64_t monotonic_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* The search of the seat to move of t at level, timed for the capacity. */
static void timed_move(Searcher *s, const Table *t, int level, char *out, size_t size) {
    Computer *c = s->c;
    int64_t start = monotonic_ms();
    computer_move(s, t, level, out, size);
    int64_t took = monotonic_ms() - start;
    pthread_mutex_lock(&c->lock);
    capacity_observe(&c->capacity, table_kind(t), level, took);
    pthread_mutex_unlock(&c->lock);
}

/* Searches the job's game, if it is still the computer's move there: the
 * game read as a request reads it (loaded.h), replayed whole. */
static void search(Searcher *s, const Job *j) {
    Computer *c = s->c;
    Loaded l;
    if (loaded_load(c->store, j->id, &l) != STORE_OK) return; /* deleted, or the store out of reach: due again at its next write */
    char text[STORE_MOVE_SIZE] = "";
    bool due = l.g.ply == j->ply && computer_to_move(&l.g) && game_to_move(&l.g) == j->seat;
    if (due && table_length(l.rules) == l.g.ply && !table_verdict(l.rules).over)
        timed_move(s, l.rules, l.g.level[j->seat], text, sizeof text);
    loaded_free(&l);
    if (text[0]) c->submit(c->ctx, j->id, j->ply, j->seat, text);
}

static void *searcher_main(void *arg) {
    Searcher *s = arg;
    Computer *c = s->c;
    setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), SEARCH_NICE);
    pthread_mutex_lock(&c->lock);
    while (!c->stopping) {
        int64_t next = ripen(c, clock_now_ms());
        Job *j = c->ready;
        if (!j) {
            if (next) {
                struct timespec until = {.tv_sec = next / 1000, .tv_nsec = (next % 1000) * 1000000L};
                pthread_cond_timedwait(&c->wake, &c->lock, &until); /* CLOCK_REALTIME, as clock_now_ms */
            } else {
                pthread_cond_wait(&c->wake, &c->lock);
            }
            continue;
        }
        c->ready = j->next;
        if (!c->ready) c->ready_end = &c->ready;
        snprintf(s->id, sizeof s->id, "%s", j->id);
        s->ply = j->ply;
        player_resume(s->player); /* under the lock: a stop from now on is computer_stop's, and holds */
        pthread_mutex_unlock(&c->lock);
        search(s, j);
        free(j);
        pthread_mutex_lock(&c->lock);
        s->id[0] = '\0';
    }
    pthread_mutex_unlock(&c->lock);
    return NULL;
}

/* ---- starting and stopping ---------------------------------------------------------- */

static int default_threads(void) {
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return cores > 1 ? (int)(cores - 1 < THREADS_MAX ? cores - 1 : THREADS_MAX) : 1;
}

bool computer_admit(Computer *c, const StoreGame *g) {
    pthread_mutex_lock(&c->lock);
    bool admitted = capacity_admit(&c->capacity, g, clock_now_ms(), RESERVE_MS);
    pthread_mutex_unlock(&c->lock);
    return admitted;
}

Computer *computer_start(int threads, int wait_ms, Store *store, ComputerSubmitFn *submit, void *ctx) {
    Computer *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->store = store;
    c->submit = submit;
    c->ctx = ctx;
    c->ready_end = &c->ready;
    pthread_mutex_init(&c->lock, NULL);
    pthread_cond_init(&c->wake, NULL);
    int want = threads > 0 && threads <= default_threads() ? threads : default_threads();
    for (int k = 0; k < want; k++) {
        Searcher *s = &c->searchers[k];
        s->c = c;
        s->player = malloc(sizeof *s->player); /* about 2 MB, and its table */
        s->hash = aligned_alloc(64, HASH_BYTES);
        if (s->player && s->hash) player_init(s->player, s->hash, HASH_BYTES);
        s->started = s->player && s->hash && pthread_create(&s->thread, NULL, searcher_main, s) == 0;
        if (!s->started) {
            free(s->player);
            free(s->hash);
            s->player = NULL;
            s->hash = NULL;
            break;
        }
        c->n++;
    }
    capacity_init(&c->capacity, c->n, wait_ms);
    if (c->n) return c;
    computer_free(c);
    return NULL;
}

void computer_stop(Computer *c) {
    if (!c) return;
    pthread_mutex_lock(&c->lock);
    bool joined = c->stopping;
    c->stopping = true;
    for (int k = 0; k < c->n; k++) player_stop(c->searchers[k].player); /* a search under way returns at once */
    pthread_cond_broadcast(&c->wake);
    pthread_mutex_unlock(&c->lock);
    if (!joined)
        for (int k = 0; k < c->n; k++) pthread_join(c->searchers[k].thread, NULL);
}

void computer_free(Computer *c) {
    if (!c) return;
    computer_stop(c);
    for (int k = 0; k < c->n; k++) {
        free(c->searchers[k].player);
        free(c->searchers[k].hash);
    }
    Job *lists[] = {c->ready, c->later};
    for (size_t l = 0; l < sizeof lists / sizeof *lists; l++)
        for (Job *j = lists[l], *next; j; j = next) {
            next = j->next;
            free(j);
        }
    capacity_free(&c->capacity);
    pthread_cond_destroy(&c->wake);
    pthread_mutex_destroy(&c->lock);
    free(c);
}

int computer_threads(const Computer *c) { return c->n; }
