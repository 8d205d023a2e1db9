/*
 * game.h: a game record of any seating, and how a game ends (RULES.md;
 * RULES-MULTI.md, Each for themselves, or partners; Draws).
 *
 * A Game holds where it began, every move since, and the key of every
 * position on the way, so it can count repetitions and take moves back.  It
 * decides the result the moment the rules say: a win as the winning move is
 * played (a seat's, or a partnership's second), a draw for everyone as a
 * position occurs for the third time or the turn limit is reached (a win on
 * the last turn is still a win).
 */
#ifndef HALMA_GAME_H
#define HALMA_GAME_H

#include <stdbool.h>

#include "core/board.h"
#include "core/names.h"
#include "core/refusal.h"

enum { DEFAULT_TURN_LIMIT = 400, MAX_TURN_LIMIT = 2000, TURNS_PER_SEAT = 200 };

/* The turn limit when none is given: 400 for two, 200 a seat for three or
 * four (600, 800). */
static inline int default_turn_limit(int players) {
    return players == TWO_SEATS ? DEFAULT_TURN_LIMIT : TURNS_PER_SEAT * players;
}

/* The seats a result makes winners, one bit a seat (1 << seat); 0 for a
 * draw or a game in progress. */
unsigned result_winners(Result result);

/* The result of a position alone: a seat or partnership home, or ongoing. */
Result position_result(const Position *pos);

typedef struct {
    Position start;     /* the position the record begins with */
    Position pos;       /* the position now */
    int turn_limit;     /* the game is drawn once pos.turns reaches it */
    int length;         /* moves played since start */
    Result result;
    Move moves[MAX_TURN_LIMIT];
    uint64_t keys[MAX_TURN_LIMIT + 1]; /* keys[i]: hash after i moves */
} Game;

/* A new game from the start of a seating (two players, or a valid one of
 * three or four), or from any position (a FEN's): its turns count towards
 * the limit (1..MAX_TURN_LIMIT), and it is the first occurrence of itself.
 * game_start: two players on `variant`'s camps. */
void game_start_seating(Game *game, Seating seating, Variant variant, int turn_limit);
void game_from(Game *game, const Position *start, int turn_limit);
static inline void game_start(Game *game, Variant variant, int turn_limit) {
    game_start_seating(game, SEATING_TWO, variant, turn_limit);
}

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
