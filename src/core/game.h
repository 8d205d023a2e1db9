/*
 * game.h: a game record, and how a game ends.
 *
 * A Game holds where it began, every move since, and the key of every
 * position on the way, so it can count repetitions and take moves back.  It
 * decides the result the moment RULES.md says: a win as the winning move is
 * played, a draw as a position occurs for the third time or the turn limit is
 * reached (a win on the last turn is still a win).
 */
#ifndef HALMA_GAME_H
#define HALMA_GAME_H

#include <stdbool.h>

#include "core/board.h"
#include "core/names.h"
#include "core/refusal.h"

enum { DEFAULT_TURN_LIMIT = 400, MAX_TURN_LIMIT = 2000 };

typedef struct {
    Position start;     /* the position the record begins with */
    Position pos;       /* the position now */
    int turn_limit;     /* the game is drawn once pos.turns reaches it */
    int length;         /* moves played since start */
    Result result;
    Move moves[MAX_TURN_LIMIT];
    uint64_t keys[MAX_TURN_LIMIT + 1]; /* keys[i]: hash after i moves */
} Game;

/* A new game from the starting position, or from any position (a FEN's). */
void game_start(Game *game, Variant variant, int turn_limit);
void game_from(Game *game, const Position *start, int turn_limit);

/* Plays a legal move; refused (false) once the game is over. */
bool game_play(Game *game, Move move);

/* Reads, checks and plays one move written in notation; on refusal the game
 * is unchanged and *why says why. */
bool game_play_text(Game *game, const char *s, int len, Refusal *why);

/* Takes the last move back; false when there is none. */
bool game_undo(Game *game);

/* Changes the turn limit (1..MAX_TURN_LIMIT) and re-judges the game. */
void game_set_turn_limit(Game *game, int turn_limit);

/* How many times the current position has occurred, this time included. */
int game_occurrences(const Game *game);

/* How many times the position after `move` would then have occurred: 3 means
 * the move draws by repetition. */
int game_occurrences_after(const Game *game, Move move);

#endif
