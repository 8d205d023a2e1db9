/*
 * fuzz_extengine: what `halma match` reads from an external engine
 * (cli/extengine.h), fed any output.  The first bytes pick a variant and a
 * position reached by random legal moves; the rest is the engine's output,
 * read as ext_think reads it: any lines, then `bestmove ...`.  Each move
 * accepted is one the generator lists, and is played, and the next asked
 * for, until the output ends or is refused; a refusal says why.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cli/extengine.h"
#include "core/movegen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(bool ok) {
    if (!ok) __builtin_trap();
}

static Game game;

static bool listed(const Position *pos, Move move) {
    MoveList list;
    generate_moves(pos, &list);
    for (int i = 0; i < list.count; i++)
        if (move_equal(list.moves[i], move)) return true;
    return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 4) return 0;
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
    ExtEngine x = {.pid = 0, .name = "fuzzed engine"};
    x.from = fmemopen((void *)(data + 3), size - 3, "r");
    x.to = fopen("/dev/null", "w");
    check(x.from && x.to);
    char err[512] = "";
    Move move;
    while (game.result == RESULT_ONGOING && ext_think(&x, &game, "movetime 1", &move, err, sizeof err)) {
        check(listed(&game.pos, move));
        check(game_play(&game, move));
    }
    check(game.result != RESULT_ONGOING || err[0] != '\0');
    ext_stop(&x); /* no process: quit written to /dev/null, the streams closed */
    return 0;
}
