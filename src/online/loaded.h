/*
 * loaded.h: a game loaded for a request or a computer's search: its row,
 * its moves, and the rules' game of it (core/table.h), replayed from the
 * moves.
 */
#ifndef HALMA_LOADED_H
#define HALMA_LOADED_H

#include <jansson.h>
#include <stdbool.h>

#include "core/table.h"
#include "online/presence.h"
#include "online/request.h"
#include "online/store.h"
#include "online/watchers.h"

typedef struct {
    StoreGame g;
    char (*moves)[STORE_MOVE_SIZE];
    Table *rules; /* the rules' game: any seating, as the row says */
    int acting;   /* the seat a request's token proved (acting.h); -1: none */
} Loaded;

/* Reads game id and replays its moves: STORE_OK, or why not (l freed; out
 * of memory is STORE_UNAVAILABLE).  A stored move refused, which cannot
 * happen, is logged and ends the replay short: table_length(l->rules) is
 * then less than l->g.ply. */
StoreStatus loaded_load(Store *store, const char *id, Loaded *l);

/* Reads and replays game id: true, or false with an error answer (404, 503). */
bool loaded_read(Store *store, const char *id, Loaded *l, OnlineAnswer *answer);
void loaded_free(Loaded *l);

/* Game g as its row alone says, for a game where no move was played (a
 * waiting game, as the lobby shows it); false if out of memory. */
bool loaded_row(const StoreGame *g, Loaded *l);

/* The game as JSON now, who is online and how many watch included
 * (docs/ONLINE-API.md, "The game"), with `more` watchers than the count
 * (a stream about to open, which its first event counts already). */
json_t *loaded_json(const Loaded *l, Presence *presence, Watchers *watchers, int more);

#endif
