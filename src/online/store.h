/*
 * store.h: where online games are kept (docs/ONLINE-API.md, Storage).
 *
 * Every write is one transaction that changes the game's row and appends its
 * events (and, for a move, the move) together; it returns only after the
 * commit, so whatever the caller then acknowledges is durable.  The store
 * knows nothing of the rules or of JSON: events are opaque text.
 */
#ifndef HALMA_STORE_H
#define HALMA_STORE_H

#include <stdbool.h>
#include <stdint.h>

enum {
    STORE_ID_SIZE = 24,    /* a game id and its NUL */
    STORE_HASH_SIZE = 32,  /* SHA-256 of a token */
    STORE_MOVE_SIZE = 272, /* a move's text (65 squares at most) and its NUL */
    STORE_REASON_SIZE = 16,
    STORE_SEATS = 4,       /* seats numbered as the rules number them: White, Black, Red, Yellow */
    STORE_NAME_SIZE = 400, /* a player's name as given (display_names.h) and its NUL */
    STORE_ADDRESS_SIZE = 64, /* a client's address and its NUL */
};

typedef enum {
    STORE_OK,
    STORE_NOT_FOUND,   /* no such game */
    STORE_CONFLICT,    /* the game is not as the write expected (ply, seq, seat, id taken) */
    STORE_UNAVAILABLE, /* could not commit: nothing changed */
    STORE_LIMITED,     /* the write would pass a limit the store keeps (open games per address): nothing changed */
} StoreStatus;

typedef enum { GAME_WAITING, GAME_ONGOING, GAME_FINISHED } GameStatus;

/* A game's row: everything but its moves and events.  Seats are indexed as
 * the rules number them (0 White, 1 Black, 2 Red, 3 Yellow); a two-player
 * game uses the first two. */
typedef struct {
    char id[STORE_ID_SIZE];
    int variant;                 /* 19 or 13 */
    int players;                 /* 2, 3 or 4 (a row of the first stores: 2) */
    bool partners;               /* four as two partnerships */
    int rules;                   /* core/board.h's Rules: 0 the seeds', 1 nospoil (a row of before it: 0) */
    int turn_limit;
    int64_t initial_ms;          /* the clock; -1: none */
    int64_t increment_ms;
    int days_per_move;           /* a correspondence clock: each move this many days (initial_ms), 0: none */
    uint8_t token_hash[STORE_SEATS][STORE_HASH_SIZE];
    bool joined[STORE_SEATS];
    char name[STORE_SEATS][STORE_NAME_SIZE]; /* the seats' players' names, "" for none */
    int level[STORE_SEATS];      /* 0: a person plays the seat; 1-10: the computer at that level */
    char left[STORE_SEATS][STORE_REASON_SIZE]; /* why its person left ("resign", "time", "abandoned"), or "" */
    /* The invites of the seats left for others to take.  Of two players, a
     * join takes the free seat whichever seat's invite it shows: the first
     * stores kept one invite, of whichever seat was free, as Black's. */
    uint8_t invite_hash[STORE_SEATS][STORE_HASH_SIZE];
    GameStatus status;
    int winner;                  /* the seat that won (of partners, either partner), -1 none */
    char reason[STORE_REASON_SIZE];
    int64_t clock_ms[STORE_SEATS]; /* left on each clock when it last stopped */
    int64_t turn_started_ms;     /* wall clock when the running clock started; 0: not running */
    int draw_offer;              /* the seat offering, or -1 */
    unsigned draw_accepted;      /* of three or four: the seats that accepted it, one bit a seat */
    char rematch[STORE_ID_SIZE]; /* the rematch's id, or "" */
    int rematch_by;              /* the seat that asked for it, or -1 */
    char rematch_of[STORE_ID_SIZE];
    int64_t created_ms, last_move_ms, finished_ms;
    int64_t last_seen_ms[STORE_SEATS]; /* as last written: presence is kept in memory */
    bool open;                   /* listed in the lobby (a waiting game anyone may join) */
    int creator;                 /* the seat of whoever created it */
    char open_by[STORE_ADDRESS_SIZE]; /* while open, the address it was created from ("" once it is not) */
    int ply;                     /* moves played */
    int64_t seq;                 /* events so far */
} StoreGame;

/* An event to append: its kind ("move", "end"...) and its data (one line). */
typedef struct {
    const char *kind;
    const char *data;
} StoreEvent;

typedef struct Store Store;

/* Opens (creating if need be) the store: a PostgreSQL database for a libpq
 * connection URI (postgresql://... or postgres://...) or "pg:" and a
 * key=value connection string; else an SQLite file at path, or in memory for
 * ":memory:".  NULL with the reason in err on failure. */
Store *store_open(const char *path, char *err, int err_size);
void store_close(Store *s);

/*
 * The writes.  Each appends its n events with the numbers g->seq + 1 to
 * g->seq + n, and on success leaves g->seq at the last; g->seq must be the
 * game's count of events as read (else STORE_CONFLICT: someone wrote since).
 */

/* A new game (g->seq 0); STORE_CONFLICT if the id is taken. */
StoreStatus store_create(Store *s, StoreGame *g, const StoreEvent *events, int n);

/* The same for a game listed in the lobby (g->open), unless the address
 * g->open_by has max_open such games open already: then STORE_LIMITED. */
StoreStatus store_create_open(Store *s, StoreGame *g, int max_open, const StoreEvent *events, int n);

/* Writes g, the game after someone took `seat`, if that seat was free. */
StoreStatus store_join(Store *s, StoreGame *g, int seat, const StoreEvent *events, int n);

/* Appends `move` as move number expected_ply + 1 and writes g (whose ply is
 * then expected_ply + 1), if the game had exactly expected_ply moves: the
 * pair (game, ply) is a unique key, so a move can never be stored twice. */
StoreStatus store_append_move(Store *s, StoreGame *g, int expected_ply, const char *move,
                              const StoreEvent *events, int n);

/* Writes g after any other change (resign, draw, flag, rematch...). */
StoreStatus store_update(Store *s, StoreGame *g, const StoreEvent *events, int n);

/* Remembers when a seat was last online, without an event. */
StoreStatus store_touch(Store *s, const char *id, int seat, int64_t ms);

/* Reads a game; with moves non-NULL also its moves (*moves from malloc, an
 * array of g->ply texts of STORE_MOVE_SIZE, for the caller to free). */
StoreStatus store_read(Store *s, const char *id, StoreGame *g, char (**moves)[STORE_MOVE_SIZE]);

/* Calls each(ctx, seq, kind, data) for every event of the game after seq, in order. */
typedef void StoreEventFn(void *ctx, int64_t seq, const char *kind, const char *data);
StoreStatus store_events_after(Store *s, const char *id, int64_t seq, StoreEventFn *each, void *ctx);

/* Calls each(ctx, game) for every game not finished (to restart their clocks). */
typedef void StoreGameFn(void *ctx, const StoreGame *g);
StoreStatus store_each_unfinished(Store *s, StoreGameFn *each, void *ctx);

/* Calls each(ctx, game) for every game open in the lobby. */
StoreStatus store_each_open(Store *s, StoreGameFn *each, void *ctx);

/* Deletes the games finished, or created and never started, before
 * before_ms; *deleted (if not NULL) says how many. */
StoreStatus store_expire(Store *s, int64_t before_ms, int *deleted);

/*
 * A batch: the writes made between store_batch_begin and store_batch_commit,
 * by the thread that began it, are committed together (one transaction, one
 * sync to disk), which is faster than one commit each when many games move at
 * once.  Inside a batch each write still succeeds or fails alone (a refused
 * write leaves nothing of itself and does not undo the others), and reads see
 * the batch's writes; other threads' calls wait until the batch ends.  None of
 * it is durable, so none of it may be acknowledged, before store_batch_commit
 * returns STORE_OK; on any other answer nothing of the batch is kept.
 */
StoreStatus store_batch_begin(Store *s);
StoreStatus store_batch_commit(Store *s);
/* Ends a batch keeping nothing of it. */
void store_batch_abort(Store *s);

/*
 * Several servers on one store (PostgreSQL).  Each write announces its game's
 * new events to the other servers when it commits (never before, never if it
 * does not), and a server may announce that a seat was seen, which is not
 * stored.  A server reads the news with store_next_notice, on one thread.
 */
typedef enum {
    NOTICE_EVENTS, /* game id has events up to seq, written by another server */
    NOTICE_SEEN,   /* seat of game id was online at ms, on another server */
    NOTICE_RESYNC, /* news may have been missed (the store was out of reach): every game may have moved */
    NOTICE_WATCHERS, /* server has count event streams of game id open */
} NoticeKind;

typedef struct {
    NoticeKind kind;
    char id[STORE_ID_SIZE];
    int64_t seq;
    int seat;
    int64_t ms;
    uint64_t server;
    int count;
} StoreNotice;

/* Whether other servers may share this store (then notices come). */
bool store_shared(const Store *s);

/* Waits up to timeout_ms for news from other servers: STORE_OK with *n,
 * STORE_NOT_FOUND if none came, STORE_UNAVAILABLE if the store is out of
 * reach (each call tries again; the first news after is NOTICE_RESYNC). */
StoreStatus store_next_notice(Store *s, StoreNotice *n, int timeout_ms);

/* Tells the other servers that a seat was online at ms (nothing if not shared). */
void store_announce_seen(Store *s, const char *id, int seat, int64_t ms);

/* Tells them that this server (its number) has count event streams of game id open. */
void store_announce_watchers(Store *s, uint64_t server, const char *id, int count);

/* For the crash tests: called with the step's name between the statements
 * of a write's transaction. */
void store_set_step_hook(Store *s, void (*hook)(const char *step));

#endif
