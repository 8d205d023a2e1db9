/* game.c: the game record of any seating, repetitions and results. */
#include "core/game.h"

#include "core/movecheck.h"
#include "core/movegen.h"
#include "core/notation.h"

unsigned result_winners(Result result) {
    if (result >= RESULT_WHITE_WINS && result <= RESULT_YELLOW_WINS) return 1u << (result - RESULT_WHITE_WINS);
    if (result == RESULT_WHITE_BLACK_WIN) return 1u << SEAT_WHITE | 1u << SEAT_BLACK;
    if (result == RESULT_RED_YELLOW_WIN) return 1u << SEAT_RED | 1u << SEAT_YELLOW;
    return 0;
}

Result position_result(const Position *pos) {
    for (int seat = 0; seat < pos->players; seat++) {
        if (!position_goal_complete(pos, seat)) continue;
        if (!pos->partners) return (Result)(RESULT_WHITE_WINS + seat);
        if (position_goal_complete(pos, seat_partner(seat)))
            return seat >> 1 ? RESULT_RED_YELLOW_WIN : RESULT_WHITE_BLACK_WIN;
    }
    return RESULT_ONGOING;
}

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
    Result won = position_result(pos);
    if (won != RESULT_ONGOING) return won;
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

void game_start_seating(Game *game, Seating seating, Variant variant, int turn_limit) {
    Position start;
    position_start_seating(&start, seating, variant);
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
        refuse_seated(why, REFUSAL_GAME_OVER, &game->pos);
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
