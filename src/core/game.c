/* game.c: the game record, repetitions and results. */
#include "core/game.h"

#include "core/movecheck.h"
#include "core/movegen.h"

/*
 * Counts the positions of the record, up to the one after `last` moves, that
 * are identical to `pos`.  Keys are compared first; only when they claim a
 * third occurrence (`extra` counts one still to come) is the record replayed
 * and every position compared square by square, so a hash collision can
 * never end a game.
 */
static int count_occurrences(const Game *game, const Position *pos, int last, int extra) {
    int by_key = 0;
    for (int i = 0; i <= last; i++) by_key += game->keys[i] == pos->hash;
    if (by_key + extra < 3) return by_key;
    Position replay = game->start;
    int exact = position_same(&replay, pos);
    for (int i = 0; i < last; i++) {
        position_make(&replay, game->moves[i]);
        exact += position_same(&replay, pos);
    }
    return exact;
}

static Result judge(const Game *game) {
    const Position *pos = &game->pos;
    if (position_has_won(pos, WHITE)) return RESULT_WHITE_WINS;
    if (position_has_won(pos, BLACK)) return RESULT_BLACK_WINS;
    if (count_occurrences(game, pos, game->length, 0) >= 3) return RESULT_DRAW_REPETITION;
    if (pos->turns >= game->turn_limit) return RESULT_DRAW_TURN_LIMIT;
    return RESULT_ONGOING;
}

static int clamp_turn_limit(int turn_limit) {
    return turn_limit < 1 ? 1 : turn_limit > MAX_TURN_LIMIT ? MAX_TURN_LIMIT : turn_limit;
}

void game_from(Game *game, const Position *start, int turn_limit) {
    game->start = *start;
    game->pos = *start;
    game->turn_limit = clamp_turn_limit(turn_limit);
    game->length = 0;
    game->keys[0] = start->hash;
    game->result = judge(game);
}

void game_start(Game *game, Variant variant, int turn_limit) {
    Position start;
    position_start(&start, variant);
    game_from(game, &start, turn_limit);
}

bool game_play(Game *game, Move move) {
    if (game->result != RESULT_ONGOING || game->length >= MAX_TURN_LIMIT) return false;
    position_make(&game->pos, move);
    game->moves[game->length++] = move;
    game->keys[game->length] = game->pos.hash;
    game->result = judge(game);
    return true;
}

bool game_play_text(Game *game, const char *s, int len, Refusal *why) {
    if (game->result != RESULT_ONGOING) {
        refuse(why, REFUSAL_GAME_OVER, -1, -1);
        why->number = game->result;
        return false;
    }
    Move move;
    if (!move_read(&game->pos, s, len, &move, why)) return false;
    return game_play(game, move);
}

bool game_undo(Game *game) {
    if (game->length == 0) return false;
    position_unmake(&game->pos, game->moves[--game->length]);
    game->result = judge(game);
    return true;
}

void game_set_turn_limit(Game *game, int turn_limit) {
    game->turn_limit = clamp_turn_limit(turn_limit);
    game->result = judge(game);
}

int game_occurrences(const Game *game) { return count_occurrences(game, &game->pos, game->length, 0); }

int game_occurrences_after(const Game *game, Move move) {
    Position next = game->pos;
    position_make(&next, move);
    return count_occurrences(game, &next, game->length, 1) + 1;
}
