/* multi_game.c: the record of a game of three or four, repetitions and results. */
#include "core/multi_game.h"

#include "core/movecheck.h"
#include "core/notation.h"

unsigned multi_result_winners(MultiResult result) {
    if (result >= MULTI_WHITE_WINS && result <= MULTI_YELLOW_WINS) return 1u << (result - MULTI_WHITE_WINS);
    if (result == MULTI_WHITE_BLACK_WIN) return 1u << SEAT_WHITE | 1u << SEAT_BLACK;
    if (result == MULTI_RED_YELLOW_WIN) return 1u << SEAT_RED | 1u << SEAT_YELLOW;
    return 0;
}

MultiResult multi_position_result(const Position *pos) {
    for (int seat = 0; seat < pos->players; seat++) {
        if (!position_has_won(pos, seat)) continue;
        if (!pos->partners) return (MultiResult)(MULTI_WHITE_WINS + seat);
        if (position_has_won(pos, seat_partner(seat)))
            return seat >> 1 ? MULTI_RED_YELLOW_WIN : MULTI_WHITE_BLACK_WIN;
    }
    return MULTI_ONGOING;
}

/* As game.c counts: keys first, and only a claimed third occurrence
 * replayed and compared square by square. */
static int count_occurrences(const MultiGame *game, const Position *pos, int last, int extra) {
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

static MultiResult judge(const MultiGame *game) {
    MultiResult won = multi_position_result(&game->pos);
    if (won != MULTI_ONGOING) return won;
    if (count_occurrences(game, &game->pos, game->length, 0) >= 3) return MULTI_DRAW_REPETITION;
    if (game->pos.turns >= game->turn_limit) return MULTI_DRAW_TURN_LIMIT;
    return MULTI_ONGOING;
}

static int clamp_turn_limit(int turn_limit) {
    return turn_limit < 1 ? 1 : turn_limit > MAX_TURN_LIMIT ? MAX_TURN_LIMIT : turn_limit;
}

void multi_game_from(MultiGame *game, const Position *start, int turn_limit) {
    game->start = *start;
    game->pos = *start;
    game->turn_limit = clamp_turn_limit(turn_limit);
    game->length = 0;
    game->keys[0] = start->hash;
    game->result = judge(game);
}

void multi_game_start(MultiGame *game, Seating seating, int turn_limit) {
    Position start;
    position_start_seating(&start, seating, VARIANT_13);
    multi_game_from(game, &start, turn_limit);
}

bool multi_game_play(MultiGame *game, Move move) {
    if (game->result != MULTI_ONGOING || game->length >= MAX_TURN_LIMIT) return false;
    position_make(&game->pos, move);
    game->moves[game->length++] = move;
    game->keys[game->length] = game->pos.hash;
    game->result = judge(game);
    return true;
}

bool multi_game_play_text(MultiGame *game, const char *s, int len, Refusal *why) {
    if (game->result != MULTI_ONGOING) {
        refuse(why, REFUSAL_GAME_OVER, -1, -1);
        why->number = game->result;
        why->players = game->pos.players;
        why->partners = game->pos.partners;
        return false;
    }
    Move move;
    if (!move_read(&game->pos, s, len, &move, why)) return false;
    return multi_game_play(game, move);
}

bool multi_game_undo(MultiGame *game) {
    if (game->length == 0) return false;
    position_unmake(&game->pos, game->moves[--game->length]);
    game->result = judge(game);
    return true;
}

void multi_game_set_turn_limit(MultiGame *game, int turn_limit) {
    game->turn_limit = clamp_turn_limit(turn_limit);
    game->result = judge(game);
}

int multi_game_occurrences(const MultiGame *game) {
    return count_occurrences(game, &game->pos, game->length, 0);
}

int multi_game_occurrences_after(const MultiGame *game, Move move) {
    Position next = game->pos;
    position_make(&next, move);
    return count_occurrences(game, &next, game->length, 1) + 1;
}
