/*
 * multi_game.h: a game of three or four players, and how it ends
 * (RULES-MULTI.md, Each for themselves, or partners; Draws).
 *
 * As game.h for two: where it began, every move since, the key of every
 * position, and the result decided the moment it falls: a win as the
 * winning move is played (a seat's, or a partnership's second), a draw for
 * everyone as a position occurs for the third time or the turn limit is
 * reached (a win on the last turn is still a win).
 */
#ifndef HALMA_MULTI_GAME_H
#define HALMA_MULTI_GAME_H

#include <stdbool.h>

#include "core/game.h"
#include "core/board.h"
#include "core/names.h"
#include "core/refusal.h"

enum { TURNS_PER_SEAT = 200 };

/* The turn limit when none is given: 200 a seat (600 for three, 800 for four). */
static inline int multi_default_turn_limit(int players) { return TURNS_PER_SEAT * players; }

/* The seats a result makes winners, one bit a seat (1 << seat); 0 for a
 * draw or a game in progress. */
unsigned multi_result_winners(MultiResult result);

typedef struct {
    Position start; /* the position the record begins with */
    Position pos;   /* the position now */
    int turn_limit;      /* the game is drawn once pos.turns reaches it */
    int length;          /* moves played since start */
    MultiResult result;
    Move moves[MAX_TURN_LIMIT];
    uint64_t keys[MAX_TURN_LIMIT + 1]; /* keys[i]: hash after i moves */
} MultiGame;

/* A new game from the start of a (valid) seating, or from any position:
 * its turns count towards the limit (1..MAX_TURN_LIMIT), and it is the
 * first occurrence of itself. */
void multi_game_start(MultiGame *game, Seating seating, int turn_limit);
void multi_game_from(MultiGame *game, const Position *start, int turn_limit);

/* Plays a legal move; refused (false) once the game is over. */
bool multi_game_play(MultiGame *game, Move move);

/* Reads, checks and plays one written move; on refusal the game is
 * unchanged and *why says why. */
bool multi_game_play_text(MultiGame *game, const char *s, int len, Refusal *why);

/* Takes the last move back; false when there is none. */
bool multi_game_undo(MultiGame *game);

void multi_game_set_turn_limit(MultiGame *game, int turn_limit);

/* How many times the current position has occurred, this time included,
 * and how many times the position after `move` would then have. */
int multi_game_occurrences(const MultiGame *game);
int multi_game_occurrences_after(const MultiGame *game, Move move);

/* The result of a position alone: a seat or partnership home, or ongoing. */
MultiResult multi_position_result(const Position *pos);

#endif
