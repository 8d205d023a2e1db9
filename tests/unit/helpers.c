/* helpers.c: shared by the unit tests. */
#include "helpers.h"

#include <stdlib.h>

int sq(const char *name) {
    int s = square_parse(name, (int)strlen(name));
    cr_assert(s >= 0, "'%s' is not a square", name);
    return s;
}

/* The squares named in `names` (space-separated) into out[]; how many. */
static int square_list(const char *names, int out[NUM_SQUARES]) {
    char copy[1024];
    strncpy(copy, names ? names : "", sizeof copy - 1);
    copy[sizeof copy - 1] = '\0';
    char *rest = copy;
    int n = 0;
    for (char *name; n < NUM_SQUARES && (name = strtok_r(rest, " ", &rest)) != NULL;) out[n++] = sq(name);
    return n;
}

static void put_all(Position *pos, const char *names, Side side) {
    int list[NUM_SQUARES];
    for (int i = 0, n = square_list(names, list); i < n; i++) position_put(pos, list[i], side);
}

Position position_of(Variant variant, const char *white, const char *black, Side side) {
    Position pos;
    position_clear(&pos, variant);
    put_all(&pos, white, WHITE);
    put_all(&pos, black, BLACK);
    if (side == BLACK) {
        pos.seat = BLACK;
        pos.hash ^= ZOBRIST_BLACK_TO_MOVE;
    }
    return pos;
}

const char *refusal_english(const Refusal *why) {
    static char text[256];
    Text t = text_on(text, sizeof text);
    refusal_write(why, &t);
    return text;
}

Position position_from_fen(Variant variant, const char *fen) {
    Position pos;
    Refusal why;
    cr_assert(fen_parse(fen, variant, &pos, &why), "fen refused: %s (%s)", refusal_english(&why), fen);
    return pos;
}

Bitboard squares(const char *names) {
    Position pos = position_of(VARIANT_19, names, "", WHITE);
    return pos.pieces[WHITE];
}

Move read_move(const Position *pos, const char *text) {
    Refusal why;
    Move m = MOVE_PASS;
    cr_assert(move_read(pos, text, (int)strlen(text), &m, &why), "'%s' refused: %s", text, refusal_english(&why));
    return m;
}

const char *refusal(const Position *pos, const char *text) {
    Refusal why;
    Move m;
    cr_assert_not(move_read(pos, text, (int)strlen(text), &m, &why), "'%s' was accepted", text);
    const char *err = refusal_english(&why);
    cr_assert(err[0], "'%s' refused without a reason", text);
    return err;
}

const char *move_text(const Position *pos, Move m) {
    static char text[MOVE_TEXT_SIZE];
    Text t = text_on(text, sizeof text);
    text_move(&t, pos, m);
    return text;
}

unsigned test_random(unsigned *seed) {
    *seed = *seed * 1103515245u + 12345u;
    return *seed >> 8;
}

void random_game(Game *game, Variant variant, int turns, unsigned seed) {
    game_start(game, variant, MAX_TURN_LIMIT);
    static MoveList list;
    for (int i = 0; i < turns && game->result == RESULT_ONGOING; i++) {
        generate_moves(&game->pos, &list);
        cr_assert(game_play(game, list.moves[test_random(&seed) % (unsigned)list.count]));
    }
}

void assert_divide_sums(Position *pos, int depth) {
    static MoveList list;
    static uint64_t counts[MAX_MOVES];
    cr_assert_eq(perft_divide(pos, depth, &list, counts), perft(pos, depth, NULL));
}

const char START_FOUR[] = "bbbb8yyyy/bbbb8yyyy/bbb10yyy/bb12yy/16/16/16/16/16/16/16/16/rr12ww/rrr10www/rrrr8wwww/rrrr8wwww w 0";
const char START_THREE[] = "bbbb12/bbbb12/bbb13/bb14/16/16/16/16/16/16/16/16/rr12ww/rrr10www/rrrr8wwww/rrrr8wwww w 0";

Position multi_position_of(Seating seating, const char *const names[MAX_SEATS], int seat) {
    Position pos;
    position_clear_seating(&pos, seating, VARIANT_13);
    for (int s = 0; s < MAX_SEATS; s++) {
        int list[NUM_SQUARES];
        for (int i = 0, n = square_list(names[s], list); i < n; i++) position_put(&pos, list[i], s);
    }
    position_set_seat(&pos, seat);
    return pos;
}

Position multi_from_fen(Seating seating, const char *fen) {
    Position pos;
    Refusal why;
    cr_assert(fen_parse_seating(fen, seating, VARIANT_13, &pos, &why), "fen refused: %s (%s)", refusal_english(&why), fen);
    return pos;
}

Move multi_read(const Position *pos, const char *text) {
    Refusal why;
    Move m = MOVE_PASS;
    cr_assert(move_read(pos, text, (int)strlen(text), &m, &why), "'%s' refused: %s", text, refusal_english(&why));
    return m;
}

const char *multi_refusal(const Position *pos, const char *text) {
    Refusal why;
    Move m;
    cr_assert_not(move_read(pos, text, (int)strlen(text), &m, &why), "'%s' was accepted", text);
    const char *err = refusal_english(&why);
    cr_assert(err[0], "'%s' refused without a reason", text);
    return err;
}

void multi_play(Game *game, const char *moves) {
    char copy[4096];
    strncpy(copy, moves, sizeof copy - 1);
    copy[sizeof copy - 1] = '\0';
    char *rest = copy;
    for (char *m; (m = strtok_r(rest, " ", &rest)) != NULL;) {
        Refusal why;
        cr_assert(game_play_text(game, m, (int)strlen(m), &why), "%s refused: %s", m, refusal_english(&why));
    }
}
