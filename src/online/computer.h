/*
 * computer.h: the computer's seats (docs/ONLINE-API.md, "Computer seats"):
 * a bounded pool of search threads (at most one fewer than the cores, at
 * least one) that find the move of every seat the computer plays when it
 * is that seat's turn, with its level's think time, and hand it to the
 * committer as a request like any other (computer_submit), refereed and
 * stored like any move.  The committer never waits for a search: it only
 * says which games are due (computer_due) and takes the moves when they
 * come; a search whose game has moved on meanwhile (another server played
 * it) is dropped by the conditional write on the game's row.  With
 * several servers each plays the moves its own writes made due, and takes
 * over another's (computer_due_later) if that has not come in time: a
 * server that dies mid-search loses no move.
 */
#ifndef HALMA_COMPUTER_H
#define HALMA_COMPUTER_H

#include <stdbool.h>
#include <stdint.h>

#include "online/committed.h"
#include "online/store.h"

/* A move the computer chose: `move` (as written) for `seat`, the game's
 * move number ply + 1.  Called from a search thread, holding no lock. */
typedef void ComputerSubmitFn(void *ctx, const char *id, int ply, int seat, const char *move);

typedef struct Computer Computer;

/* Starts `threads` search threads (0: one fewer than the cores, at least
 * one), reading the games from store, that take on computer seats while a
 * move waits at most wait_ms for a thread (capacity.h; 0: the default);
 * NULL if none could start. */
Computer *computer_start(int threads, int wait_ms, Store *store, ComputerSubmitFn *submit, void *ctx);
/* Stops the search threads (a search under way returns at once); games
 * told of after it are ignored.  computer_free then frees it, once nothing
 * tells it of games any more (the committer's last commits call it). */
void computer_stop(Computer *c);
void computer_free(Computer *c);

/* How many search threads there are. */
int computer_threads(const Computer *c);

/* Game g was just written (and is durable: the writer tells once it
 * commits, writer.h): if a seat the computer plays is to move, its
 * search is queued (once a game and a ply).  Under the service's lock. */
void computer_due(Computer *c, const StoreGame *g);

/* The writer's subscriber (committed.h), ctx the computer: computer_due
 * for each game written. */
CommittedFn computer_committed;

/* The same for a game another server wrote: searched only if, delay_ms
 * from now, it is still at that ply (the other server has not played it). */
void computer_due_later(Computer *c, const StoreGame *g, int64_t delay_ms);

/* Every game under way whose seat to move is the computer's, read from the
 * store, is due: at once (at start: the moves a server killed mid-search
 * had not played), or as a takeover (later: news may have been missed).
 * STORE_UNAVAILABLE if the store could not be read. */
StoreStatus computer_scan(Computer *c, Store *store, bool later);

/* Whether new game g (a creation or a rematch, not yet committed) fits
 * the threads' capacity with every unfinished game with computer seats
 * known (written here, heard of, found at start): if so it is counted
 * from now on.  A game with no computer seat always fits. */
bool computer_admit(Computer *c, const StoreGame *g);

/* Whether the seat to move of g is the computer's, in a game under way. */
bool computer_to_move(const StoreGame *g);

/* How long another server is given to play a computer move of g before
 * this one takes over: the level's think time and some seconds. */
int64_t computer_takeover_ms(const StoreGame *g);

#endif
