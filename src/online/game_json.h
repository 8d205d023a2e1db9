/*
 * game_json.h: an online game as JSON (docs/ONLINE-API.md, "The game"), and
 * the event lines of its stream.
 */
#ifndef HALMA_GAME_JSON_H
#define HALMA_GAME_JSON_H

#include <jansson.h>
#include <stdbool.h>

#include "online/store.h"

/* What the row does not say of a game: who is online, how many watch, and
 * the moment the clocks are read at. */
typedef struct {
    bool online[STORE_SEATS];
    int watchers;
    int64_t now;
} GameNow;

/* The whole game: its row, its moves, its first position and the one they
 * lead to (FEN). */
json_t *game_json(const StoreGame *g, char (*moves)[STORE_MOVE_SIZE], const char *start_fen, const char *fen,
                  const GameNow *now);

json_t *result_json(const StoreGame *g);               /* null while the game is on */
json_t *seats_json(const StoreGame *g, const bool online[STORE_SEATS]);
json_t *clock_json(const StoreGame *g, int64_t now);   /* null for an untimed game */
json_t *draw_json(const StoreGame *g);                 /* null, the seat offering, or of 3-4 {"by", "accepted"} */

/* "id: <seq>\nevent: <kind>\ndata: <data>\n\n" (no id line for seq < 0), from malloc. */
char *event_text(int64_t seq, const char *kind, const char *data);

#endif
