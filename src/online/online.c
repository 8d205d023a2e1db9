/*
 * online.c: the service of online games (see online.h): its parts, started
 * in order and stopped in the reverse.
 *
 * A request goes one way: the committer (committer.c) does it under the
 * service's lock, its action (actions.c) checks it against the game as
 * loaded (loaded.c) and who is online (presence.c), the writer (writer.c)
 * commits its change and hands what it committed, once durable, to its
 * subscribers (below): the publisher (publisher.c) sends its events to the
 * streams (events.c), the flags, the lobby and the computer take note.
 * The seat the request's token proved is online once it succeeds (acting.c).  The timer (timer.c) lets flags fall and
 * seats go offline; on a store shared by several servers the watcher
 * (watcher.c) hears the others' writes and presence.
 *
 * The lock orders every write, the timer's and the watcher's too, and
 * guards the memory of live games (live.c).  Locks are taken in one order:
 * this lock, the store's, the hub's, a stream's; the watcher holds none
 * while it waits for news.
 */
#define _POSIX_C_SOURCE 200809L
#include "online/online.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "online/actions.h"
#include "online/computer.h"
#include "online/live.h"
#include "online/loaded.h"
#include "online/lobby.h"
#include "online/presence.h"
#include "online/publisher.h"
#include "online/timer.h"
#include "online/watcher.h"
#include "online/watchers.h"
#include "online/writer.h"

enum {
    HEARTBEAT_SLICES = 16,      /* each heartbeat period, the streams get their comment in this many turns */
    LOBBY_AWAY_MS = 60 * 1000,  /* the contract's: an open game leaves the lobby once its creator is away 60 s... */
    LOBBY_MS = 2 * 3600 * 1000, /* ...or 2 hours after it was created */
};

struct Online {
    Store *store;
    pthread_mutex_t lock; /* the writes, and the memory of live games */
    LiveGames *live;
    Publisher *publisher;
    Presence *presence;
    Writer *writer;
    Actions acts;
    Timer *timer;
    Watchers *watchers;
    Watcher *watcher;
    Committer *committer;
    Hub *hub;
    Hub *lobby_hub; /* the lobby's streams */
    Lobby *lobby;
    Computer *computer;
};

void online_submit(Online *o, OnlineCall *call) { committer_submit(o->committer, call); }

void online_do(Online *o, OnlineAction action, const char *id, const char *token, const json_t *body,
               OnlineAnswer *answer) {
    committer_do(o->committer, action, id, token, body, answer);
}

void online_quiesce(Online *o) {
    if (o) committer_quiesce(o->committer);
}

Store *online_store(Online *o) { return o->store; }
Lobby *online_lobby(Online *o) { return o->lobby; }
Hub *online_lobby_hub(Online *o) { return o->lobby_hub; }

/* A computer's move, a request like any other; nobody waits for its answer. */
typedef struct {
    OnlineCall call;
    json_t *body;
    char id[STORE_ID_SIZE];
} ComputerCall;

static void computer_call_done(OnlineCall *call) {
    ComputerCall *cc = call->ctx;
    json_decref(cc->call.answer.body);
    json_decref(cc->body);
    free(cc);
}

static void submit_computer_move(void *ctx, const char *id, int ply, int seat, const char *move) {
    Online *o = ctx;
    ComputerCall *cc = calloc(1, sizeof *cc);
    if (!cc) return; /* due again at its game's next write, or the next start */
    snprintf(cc->id, sizeof cc->id, "%s", id);
    cc->body = json_pack("{s:i, s:i, s:s}", "ply", ply, "seat", seat, "move", move);
    cc->call = (OnlineCall){.action = ONLINE_COMPUTER, .id = cc->id, .body = cc->body, .done = computer_call_done,
                            .ctx = cc};
    committer_submit(o->committer, &cc->call);
}

/* The lobby's view of a game: as GET shows it, with no move played. */
static json_t *render_open_game(void *ctx, const StoreGame *g) {
    Online *o = ctx;
    Loaded l;
    if (!loaded_row(g, &l)) return NULL;
    json_t *game = loaded_json(&l, o->presence, o->watchers, 0);
    loaded_free(&l);
    return game;
}

/* The writer's subscribers (writer.h, committed.h), each told of every
 * commit once it is durable, in this order: its events to the streams, the
 * games' flags, the lobby, the computer's seats. */
static bool subscribe(Online *o) {
    return writer_subscribe(o->writer, publisher_committed, o->publisher) &&
           writer_subscribe(o->writer, live_committed, o->live) &&
           writer_subscribe(o->writer, lobby_committed, o->lobby) &&
           writer_subscribe(o->writer, computer_committed, o->computer);
}

/* The parts that start no thread; false if out of memory. */
static bool assemble(Online *o, const OnlineConfig *config, Hub *hub) {
    o->live = live_new();
    o->publisher = o->live ? publisher_new(hub, o->store) : NULL;
    o->presence = o->publisher ? presence_new(o->live, o->store, hub, o->publisher, config->online_ms) : NULL;
    o->lobby_hub = o->presence ? hub_new(config->lobby_stream_closed, config->lobby_stream_closed_ctx) : NULL;
    o->lobby = o->lobby_hub ? lobby_new(o->lobby_hub, render_open_game, o) : NULL;
    o->computer = o->lobby ? computer_start(config->computer_threads, config->computer_wait_ms, o->store, submit_computer_move, o) : NULL;
    o->writer = o->computer ? writer_new(o->store, o->publisher) : NULL;
    o->acts = (Actions){.store = o->store, .writer = o->writer, .presence = o->presence, .hub = hub, .computer = o->computer,
                        .abandon_ms = config->abandon_ms, .max_open = config->open_per_address};
    return o->writer && subscribe(o);
}

/* The threads; NULL, or what could not be started. */
static const char *start_threads(Online *o, const OnlineConfig *config, Hub *hub) {
    TimerConfig timing = {.keep_ms = config->keep_ms, .online_ms = config->online_ms,
                          .lobby_away_ms = config->lobby_away_ms ? config->lobby_away_ms : LOBBY_AWAY_MS,
                          .lobby_ms = config->lobby_ms ? config->lobby_ms : LOBBY_MS};
    o->timer = timer_start(&o->lock, o->store, o->live, o->presence, o->writer, o->lobby, &timing);
    if (!o->timer) return "cannot start the timer thread";
    if (!hub_start_heartbeats(hub, config->heartbeat_ms, HEARTBEAT_SLICES) ||
        !hub_start_heartbeats(o->lobby_hub, config->heartbeat_ms, HEARTBEAT_SLICES))
        return "cannot start the heartbeats' threads";
    o->watchers = watchers_start(hub, o->store);
    if (!o->watchers) return "cannot start the watchers' thread";
    o->acts.watchers = o->watchers;
    hub_on_count(hub, watchers_counted, o->watchers);
    if (store_shared(o->store)) {
        o->watcher = watcher_start(&o->lock, o->store, hub, o->live, o->publisher, o->presence, o->watchers, o->lobby,
                                   o->computer);
        if (!o->watcher) return "cannot start the watcher thread";
    }
    o->committer = committer_start(&o->lock, o->writer, &o->acts, config->batch_max);
    return o->committer ? NULL : "cannot start the committer thread";
}

Online *online_start(const OnlineConfig *config, Hub *hub, char *err, int err_size) {
    Online *o = calloc(1, sizeof *o);
    if (!o) return NULL;
    o->hub = hub;
    pthread_mutex_init(&o->lock, NULL);
    o->store = store_open(config->db_path, err, err_size);
    if (!o->store) {
        online_stop(o);
        return NULL;
    }
    const char *failed = assemble(o, config, hub) ? NULL : "out of memory";
    if (!failed) {
        live_schedule_unfinished(o->live, o->store); /* the clocks that ran while the server was down */
        failed = start_threads(o, config, hub);
    }
    if (!failed) {
        pthread_mutex_lock(&o->lock);
        lobby_reload(o->lobby, o->store); /* if it cannot be read now, the watcher's first resync will */
        computer_scan(o->computer, o->store, false); /* the moves a server stopped mid-search did not play */
        pthread_mutex_unlock(&o->lock);
    }
    if (failed) {
        snprintf(err, (size_t)err_size, "%s", failed);
        online_stop(o);
        return NULL;
    }
    return o;
}

void online_stop(Online *o) {
    if (!o) return;
    computer_stop(o->computer); /* first: its threads submit to the committer */
    committer_stop(o->committer);
    timer_stop(o->timer);
    watcher_stop(o->watcher); /* within its wait for news */
    if (o->watchers) hub_on_count(o->hub, NULL, NULL);
    watchers_stop(o->watchers);
    computer_free(o->computer); /* last of those that tell it of games: the committer, timer and watcher */
    store_close(o->store);
    lobby_free(o->lobby); /* its sender stopped first: it sends to the hub */
    hub_free(o->lobby_hub); /* its streams gone with the HTTP server, which stopped first */
    writer_free(o->writer);
    presence_free(o->presence);
    publisher_free(o->publisher);
    live_free(o->live);
    pthread_mutex_destroy(&o->lock);
    free(o);
}
