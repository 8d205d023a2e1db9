/*
 * test_committer.c: the online service's committer (committer.c): requests to
 * different games that wait together are committed in one batch, each
 * answered only once its change is durable (another connection to the store
 * sees it when the answer comes); a refused request in a batch (stale ply,
 * illegal move) leaves the others committed; two requests for one game in a
 * batch are done in order, the expected-ply rule deciding.
 *
 * The store's step hook (a plain function) holds the committer at the first
 * move's write while the other requests queue, so the batch is certain.
 * Each test on SQLite (committer_sqlite::) and on PostgreSQL (committer_pg::,
 * a fresh database on HALMA_TEST_PG's server).
 */
#define _GNU_SOURCE /* sched_setaffinity */
#include <criterion/criterion.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "online/game_clock.h"
#include "online/online.h"
#include "online/store.h"
#include "temp_db.h"

/* Written by the hook (the committer's thread), read by the test after the
 * answers: under this lock. */
static pthread_mutex_t hook_lock = PTHREAD_MUTEX_INITIALIZER;
static int commits;         /* batches committed */
static bool hold_next_move; /* the next "move" step waits 200 ms */

static void hook(const char *step) {
    pthread_mutex_lock(&hook_lock);
    bool hold = hold_next_move && !strcmp(step, "move");
    if (hold) hold_next_move = false;
    if (!strcmp(step, "commit")) commits++;
    pthread_mutex_unlock(&hook_lock);
    if (hold) nanosleep(&(struct timespec){0, 200 * 1000000L}, NULL);
}

typedef struct {
    char id[STORE_ID_SIZE];
    char token[2][64];
} Seated;

typedef struct {
    OnlineCall call;
    json_t *body;
    const char *db_path;
    int commits_at_answer; /* batches committed when the answer came */
    int durable_ply;       /* the game's ply then, read by another connection */
    bool answered;
} Pending;

static pthread_mutex_t answers_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t answers_cond = PTHREAD_COND_INITIALIZER;

static void answered(OnlineCall *call) {
    Pending *p = call->ctx;
    char err[256];
    Store *other = store_open(p->db_path, err, sizeof err);
    StoreGame g = {0};
    p->durable_ply = other && store_read(other, call->id, &g, NULL) == STORE_OK ? g.ply : -1;
    store_close(other);
    pthread_mutex_lock(&hook_lock);
    p->commits_at_answer = commits;
    pthread_mutex_unlock(&hook_lock);
    pthread_mutex_lock(&answers_lock);
    p->answered = true;
    pthread_cond_broadcast(&answers_cond);
    pthread_mutex_unlock(&answers_lock);
}

static void wait_answered(Pending *p) {
    pthread_mutex_lock(&answers_lock);
    while (!p->answered) pthread_cond_wait(&answers_cond, &answers_lock);
    pthread_mutex_unlock(&answers_lock);
}

static Online *start(const char *path, int batch_max, Hub **hub) {
    *hub = hub_new(NULL, NULL);
    OnlineConfig config = {.db_path = path, .keep_ms = 86400000, .abandon_ms = 1000, .online_ms = 30000,
                           .heartbeat_ms = 15000, .batch_max = batch_max};
    char err[256];
    Online *o = online_start(&config, *hub, err, sizeof err);
    cr_assert(o, "%s", err);
    return o;
}

/* A game created and joined, its seats' tokens kept. */
static Seated seated(Online *o) {
    Seated s;
    OnlineAnswer a;
    online_do(o, ONLINE_CREATE, NULL, NULL, NULL, &a);
    cr_assert_eq(a.status, 201);
    snprintf(s.id, sizeof s.id, "%s", json_string_value(json_object_get(a.body, "id")));
    int seat = strcmp(json_string_value(json_object_get(a.body, "seat")), "w") != 0;
    snprintf(s.token[seat], sizeof s.token[seat], "%s", json_string_value(json_object_get(a.body, "token")));
    json_t *join = json_pack("{s:s}", "invite", json_string_value(json_object_get(a.body, "invite")));
    json_decref(a.body);
    online_do(o, ONLINE_JOIN, s.id, NULL, join, &a);
    json_decref(join);
    cr_assert_eq(a.status, 200);
    snprintf(s.token[1 - seat], sizeof s.token[1 - seat], "%s", json_string_value(json_object_get(a.body, "token")));
    json_decref(a.body);
    return s;
}

static void submit_move(Online *o, Pending *p, const Seated *g, int seat, int ply, const char *move,
                        const char *path) {
    memset(p, 0, sizeof *p);
    p->body = json_pack("{s:i, s:s}", "ply", ply, "move", move);
    p->db_path = path;
    p->call = (OnlineCall){.action = ONLINE_MOVE, .id = g->id, .token = g->token[seat], .body = p->body,
                           .done = answered, .ctx = p};
    online_submit(o, &p->call);
}

static void finish(Pending *p) {
    json_decref(p->call.answer.body);
    json_decref(p->body);
}

enum { GAMES = 6 };

/* The test's store, removed however the test ends: Criterion calls .fini
 * after a failed assertion too. */
static char store_path[256];

static void remove_test_store(void) {
    if (*store_path) remove_store(store_path);
}

/* White's first move in game 0 holds the committer; the moves of games 1..5
 * queue meanwhile, and are committed in one batch.  With batch_max 1, each
 * alone. */
static void batch_of_moves(Backend backend, int batch_max) {
    const char *path = store_path;
    temp_store(backend, store_path, sizeof store_path);
    Hub *hub;
    Online *o = start(path, batch_max, &hub);
    Seated games[GAMES];
    for (int k = 0; k < GAMES; k++) games[k] = seated(o);
    store_set_step_hook(online_store(o), hook);
    pthread_mutex_lock(&hook_lock);
    commits = 0;
    hold_next_move = true;
    pthread_mutex_unlock(&hook_lock);

    Pending p[GAMES];
    submit_move(o, &p[0], &games[0], 0, 0, "o2-m4", path);
    nanosleep(&(struct timespec){0, 50 * 1000000L}, NULL); /* the committer is now held */
    for (int k = 1; k < GAMES; k++) submit_move(o, &p[k], &games[k], 0, 0, "o2-m4", path);
    for (int k = 0; k < GAMES; k++) wait_answered(&p[k]);

    for (int k = 0; k < GAMES; k++) {
        cr_assert_eq(p[k].call.answer.status, 200, "move of game %d", k);
        cr_assert_eq(p[k].durable_ply, 1, "game %d: its move durable when answered", k);
    }
    if (batch_max == 1) {
        for (int k = 0; k < GAMES; k++) cr_assert_eq(p[k].commits_at_answer, 0, "each alone: no batch");
    } else {
        cr_assert_eq(p[0].commits_at_answer, 0, "the first move alone");
        for (int k = 1; k < GAMES; k++) cr_assert_eq(p[k].commits_at_answer, 1, "game %d's move in the one batch", k);
    }
    for (int k = 0; k < GAMES; k++) finish(&p[k]);
    online_stop(o);
    hub_free(hub);
}

ON_BOTH(committer, moves_to_different_games_share_a_commit_each_answered_once_durable, .fini = remove_test_store) {
    batch_of_moves(backend, 0);
}
ON_BOTH(committer, batch_max_1_commits_each_alone, .fini = remove_test_store) { batch_of_moves(backend, 1); }

/* In one batch: a stale ply, an illegal move, two moves for the same game at
 * the same ply, and good moves: each answered on its own merits. */
ON_BOTH(committer, a_refused_move_in_a_batch_leaves_the_others_committed, .fini = remove_test_store) {
    const char *path = store_path;
    temp_store(backend, store_path, sizeof store_path);
    Hub *hub;
    Online *o = start(path, 0, &hub);
    Seated games[GAMES];
    for (int k = 0; k < GAMES; k++) games[k] = seated(o);
    store_set_step_hook(online_store(o), hook);
    pthread_mutex_lock(&hook_lock);
    commits = 0;
    hold_next_move = true;
    pthread_mutex_unlock(&hook_lock);

    Pending p[7];
    submit_move(o, &p[0], &games[0], 0, 0, "o2-m4", path); /* holds the committer */
    nanosleep(&(struct timespec){0, 50 * 1000000L}, NULL);
    submit_move(o, &p[1], &games[1], 0, 0, "o2-m4", path);
    submit_move(o, &p[2], &games[2], 0, 5, "o2-m4", path); /* stale ply */
    submit_move(o, &p[3], &games[3], 0, 0, "a1-a2", path); /* illegal */
    submit_move(o, &p[4], &games[4], 0, 0, "o2-m4", path);
    submit_move(o, &p[5], &games[4], 0, 0, "a1-a2", path); /* the same ply again: the first decided it */
    submit_move(o, &p[6], &games[5], 0, 0, "o2-m4", path);
    for (int k = 0; k < 7; k++) wait_answered(&p[k]);

    unsigned want[7] = {200, 200, 409, 422, 200, 409, 200};
    int durable[7] = {1, 1, 0, 0, 1, 1, 1};
    for (int k = 0; k < 7; k++) {
        cr_assert_eq(p[k].call.answer.status, want[k], "request %d: %u", k, p[k].call.answer.status);
        cr_assert_eq(p[k].durable_ply, durable[k], "request %d: its game's ply %d when answered", k, p[k].durable_ply);
    }
    for (int k = 1; k < 7; k++) cr_assert_eq(p[k].commits_at_answer, 1, "request %d answered after the batch", k);
    /* game 4 kept its first move, not the second */
    OnlineAnswer a;
    online_do(o, ONLINE_READ, games[4].id, NULL, NULL, &a);
    json_t *moves = json_object_get(a.body, "moves");
    cr_assert_eq(json_array_size(moves), 1);
    cr_assert_str_eq(json_string_value(json_array_get(moves, 0)), "o2-m4");
    json_decref(a.body);
    for (int k = 0; k < 7; k++) finish(&p[k]);
    online_stop(o);
    hub_free(hub);
}

/* A server of this test's own, stopped and started while other tests go on
 * on HALMA_TEST_PG's; stopped and removed however the test ends. */
static char own_dir[64];

static void own_server_stop(void) {
    if (*own_dir) pg_server("stop", own_dir);
}

static unsigned move_status(Online *o, const Seated *g, int ply, const char *move) {
    json_t *body = json_pack("{s:i, s:s}", "ply", ply, "move", move);
    OnlineAnswer a;
    online_do(o, ONLINE_MOVE, g->id, g->token[0], body, &a);
    json_decref(body);
    json_decref(a.body);
    return a.status;
}

/* PostgreSQL goes away mid-game: a move is 503 and changes nothing; once it
 * is back, the same move is 200 within a second, with no restart. */
Test(committer_pg, a_database_out_of_reach_is_503_then_the_game_goes_on, .timeout = 120, .fini = own_server_stop) {
    alarm(120); /* Criterion's .timeout does not always fire under --jobs 2 */
    char url[256];
    pg_server_start(own_dir, sizeof own_dir, url, sizeof url);
    Hub *hub;
    Online *o = start(url, 0, &hub);
    Seated g = seated(o);
    pg_server("pause", own_dir);
    cr_assert_eq(move_status(o, &g, 0, "o2-m4"), 503);
    pg_server("resume", own_dir);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    unsigned status;
    double waited;
    do {
        status = move_status(o, &g, 0, "o2-m4");
        clock_gettime(CLOCK_MONOTONIC, &t1);
        waited = (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
        if (status == 503) nanosleep(&(struct timespec){0, 20 * 1000000L}, NULL);
    } while (status == 503 && waited < 1);
    cr_assert_eq(status, 200, "after %.2f s", waited);
    OnlineAnswer a;
    online_do(o, ONLINE_READ, g.id, NULL, NULL, &a);
    json_t *moves = json_object_get(a.body, "moves");
    cr_assert_eq(json_array_size(moves), 1, "the move once");
    json_decref(a.body);
    online_stop(o);
    hub_free(hub);
}

/* A request to a game whose running clock ran out before the timer heard of
 * it (here: the clock set by another connection to the store, which this
 * service's timer never learns of): the flag is settled first, the game over
 * on time, and the request refused, whatever it was. */
/* A game of a new store, White's first move played (Black to move). */
static Seated after_whites_first_move(Online **o, Hub **hub) {
    temp_store(BACKEND_SQLITE, store_path, sizeof store_path);
    *o = start(store_path, 0, hub);
    Seated s = seated(*o);
    OnlineAnswer a;
    json_t *first = json_pack("{s:i, s:s}", "ply", 0, "move", "o2-m4");
    online_do(*o, ONLINE_MOVE, s.id, s.token[0], first, &a);
    json_decref(first);
    cr_assert_eq(a.status, 200);
    json_decref(a.body);
    return s;
}

/* Black's clock of that game set to have run out 4 s ago, by another
 * connection to the store (which the service's timer never hears of);
 * returns that connection, and the game as written in *g. */
static Store *overdue_behind_the_service(const Seated *s, StoreGame *g) {
    char err[256];
    Store *other = store_open(store_path, err, sizeof err);
    cr_assert(other, "%s", err);
    cr_assert_eq(store_read(other, s->id, g, NULL), STORE_OK);
    g->initial_ms = 60000;
    for (int seat = 0; seat < STORE_SEATS; seat++) g->clock_ms[seat] = 1000;
    g->turn_started_ms = clock_now_ms() - 5000;
    cr_assert_eq(store_update(other, g, NULL, 0), STORE_OK);
    cr_assert_eq(store_read(other, s->id, g, NULL), STORE_OK);
    return other;
}

static void out_of_time_behind_the_timer(OnlineAction action, const char *body_json, int actor) {
    Hub *hub;
    Online *o;
    Seated s = after_whites_first_move(&o, &hub);
    StoreGame g;
    Store *other = overdue_behind_the_service(&s, &g);
    OnlineAnswer a;

    json_t *body = body_json ? json_loads(body_json, 0, NULL) : NULL;
    online_do(o, action, s.id, s.token[actor], body, &a);
    json_decref(body);
    cr_assert_eq(a.status, 409, "refused: the game was over on time");
    cr_assert_str_eq(json_string_value(json_object_get(a.body, "error")), "game_over");
    json_decref(a.body);
    cr_assert_eq(store_read(other, s.id, &g, NULL), STORE_OK);
    cr_assert_eq(g.status, GAME_FINISHED);
    cr_assert_eq(g.winner, 0, "White won on time");
    cr_assert_str_eq(g.reason, "time");
    store_close(other);
    online_stop(o);
    hub_free(hub);
}

Test(committer_sqlite, a_draw_offer_after_a_flag_the_timer_has_not_seen_is_refused, .fini = remove_test_store) {
    out_of_time_behind_the_timer(ONLINE_DRAW, "{\"action\": \"offer\"}", 0);
}
Test(committer_sqlite, a_resign_after_a_flag_the_timer_has_not_seen_is_refused, .fini = remove_test_store) {
    out_of_time_behind_the_timer(ONLINE_RESIGN, NULL, 1);
}
Test(committer_sqlite, an_abort_after_a_flag_the_timer_has_not_seen_is_refused, .fini = remove_test_store) {
    out_of_time_behind_the_timer(ONLINE_ABORT, NULL, 1);
}

/* A clock that ran out while the server was down: the flag has fallen by
 * the time the service has started, before it answers anything (the timer
 * thread's first pass came too late for the first request). */
Test(committer_sqlite, a_flag_due_at_a_restart_falls_before_the_service_answers, .fini = remove_test_store) {
    Hub *hub;
    Online *o;
    Seated s = after_whites_first_move(&o, &hub);
    online_stop(o);
    hub_free(hub);
    StoreGame g;
    Store *other = overdue_behind_the_service(&s, &g);
    StoreGame overdue = g;

    /* On one core the service's threads start only when the test's thread
     * yields it: the timer's first pass came after the first request then. */
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(sched_getcpu() >= 0 ? sched_getcpu() : 0, &one);
    sched_setaffinity(0, sizeof one, &one);
    for (int round = 0; round < 200; round++) { /* lost only some of the time */
        cr_assert_eq(store_read(other, s.id, &g, NULL), STORE_OK);
        overdue.seq = g.seq; /* ongoing and overdue again, after the last round's flag */
        cr_assert_eq(store_update(other, &overdue, NULL, 0), STORE_OK);
        o = start(store_path, 0, &hub);
        cr_assert_eq(store_read(other, s.id, &g, NULL), STORE_OK);
        cr_assert_eq(g.status, GAME_FINISHED, "over on time as soon as the service is up");
        cr_assert_str_eq(g.reason, "time");
        online_stop(o);
        hub_free(hub);
    }
    store_close(other);
}

/* White made the computer's (as a seat whose person left is) by another
 * connection, which this service's computer never hears of; finished too if
 * over.  The service then gets a computer's move for it at ply 0. */
static unsigned computer_move_status(Online *o, Store *other, const Seated *s, bool over, int *ply) {
    StoreGame g;
    cr_assert_eq(store_read(other, s->id, &g, NULL), STORE_OK);
    g.level[0] = 3;
    snprintf(g.left[0], sizeof g.left[0], "resign");
    if (over) {
        g.status = GAME_FINISHED;
        g.winner = 1;
        snprintf(g.reason, sizeof g.reason, "resign");
    }
    cr_assert_eq(store_update(other, &g, NULL, 0), STORE_OK);
    json_t *body = json_pack("{s:i, s:i, s:s}", "ply", 0, "seat", 0, "move", "o2-m4");
    OnlineAnswer a;
    online_do(o, ONLINE_COMPUTER, s->id, NULL, body, &a);
    json_decref(body);
    json_decref(a.body);
    cr_assert_eq(store_read(other, s->id, &g, NULL), STORE_OK);
    *ply = g.ply;
    return a.status;
}

/* A computer's move that arrives after the game ended (a resign, an abort
 * or a draw during its search) is dropped: nothing is played. */
Test(committer_sqlite, a_computer_move_after_the_game_ended_is_dropped, .fini = remove_test_store) {
    temp_store(BACKEND_SQLITE, store_path, sizeof store_path);
    Hub *hub;
    Online *o = start(store_path, 0, &hub);
    char err[256];
    Store *other = store_open(store_path, err, sizeof err);
    cr_assert(other, "%s", err);
    Seated going = seated(o), over = seated(o);
    int ply;
    cr_assert_eq(computer_move_status(o, other, &going, false, &ply), 200, "the game going on: played");
    cr_assert_eq(ply, 1);
    cr_assert_eq(computer_move_status(o, other, &over, true, &ply), 409, "the game over: dropped");
    cr_assert_eq(ply, 0, "nothing played");
    store_close(other);
    online_stop(o);
    hub_free(hub);
}
