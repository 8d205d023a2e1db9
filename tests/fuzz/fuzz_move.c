/*
 * fuzz_move: reading and checking moves.  The first bytes pick a variant and
 * a position reached by random legal moves; the rest is move text.  A move
 * the checker accepts must be one the generator lists, and reading never
 * changes the position.
 */
#include <stdint.h>
#include <string.h>

#include "core/game.h"
#include "core/movecheck.h"
#include "core/movegen.h"
#include "core/notation.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(bool ok) {
    if (!ok) __builtin_trap();
}

static Game game;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 3) return 0;
    Variant variant = data[0] & 1 ? VARIANT_13 : VARIANT_19;
    int plies = data[1];
    unsigned seed = data[2];
    game_start(&game, variant, MAX_TURN_LIMIT);
    MoveList list;
    for (int i = 0; i < plies && game.result == RESULT_ONGOING; i++) {
        generate_moves(&game.pos, &list);
        seed = seed * 1103515245u + 12345u;
        game_play(&game, list.moves[(seed >> 8) % (unsigned)list.count]);
    }
    const char *text = (const char *)data + 3;
    int len = (int)(size - 3);
    Position before = game.pos;
    Move move;
    Refusal why;
    bool ok = move_read(&game.pos, text, len, &move, &why);
    check(memcmp(&before, &game.pos, sizeof before) == 0);
    if (!ok) {
        char err[256];
        Text e = text_on(err, sizeof err);
        refusal_write(&why, &e);
        check(why.code != REFUSAL_NONE && e.len > 0);
        return 0;
    }
    generate_moves(&game.pos, &list);
    bool listed = false;
    for (int i = 0; i < list.count; i++) listed |= move_equal(list.moves[i], move);
    check(listed);
    char back[MOVE_TEXT_SIZE];
    Text t = text_on(back, sizeof back);
    text_move(&t, &game.pos, move);
    Move again;
    check(move_read(&game.pos, back, t.len, &again, &why) && move_equal(again, move));
    return 0;
}
