/*
 * outcome.h: how an online game ends, and how a seat leaves one
 * (docs/ONLINE-API.md): the end written into the row with its event, the
 * rules' verdict after a move, and a seat that resigns, loses on time or is
 * claimed as abandoned.  Of two players, or of partners, the seat's side
 * has lost and the game ends; of three or four each for themselves the
 * seat has lost and the computer plays it from then on (seats.h's
 * LEFT_LEVEL), so that the others' game goes on, until no person is left
 * playing: then it ends with no winner, "abandoned".
 */
#ifndef HALMA_OUTCOME_H
#define HALMA_OUTCOME_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/table.h"
#include "online/store.h"
#include "online/writer.h"

/* The game ends at `at`: won by `winner` (a seat; of partners, either
 * partner) or by nobody (-1), for `reason`. */
void game_finish(StoreGame *g, int winner, const char *reason, int64_t at);

/* The `end` event's data: the result and the clocks at `at`. */
json_t *end_event(const StoreGame *g, int64_t at);

/* After a move at `at`: the game ends if the rules say it is over. */
void game_judge(StoreGame *g, Verdict verdict, int64_t at);

/* The seat leaves at `at` for `reason` ("resign", "time", "abandoned"), as
 * above; its events (the seats handed over, the end) appended to ev from
 * *n (two at most), the seats' presence as `online` says. */
void seat_leaves(StoreGame *g, int seat, const char *reason, int64_t at, const bool online[STORE_SEATS],
                 OnlineEvent *ev, int *n);

#endif
