/*
 * fuzz_record: game-record import, as the page and `halma play --load` do
 * it: the form first, then every move by the rules, as a game of two
 * players or of three or four as the record says.  A refusal must say what
 * is wrong; an accepted record must replay into a game of exactly its
 * moves, and never as the other kind of game.
 */
#include <stdint.h>
#include <stdlib.h>

#include "core/record.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(bool ok) {
    if (!ok) __builtin_trap();
}

static Record record;
static Game game;

static void check_replayed(const RecordProblem *problem, int length) {
    if (problem->error == RECORD_OK) {
        check(length == record.move_count);
        return;
    }
    check(problem->error == RECORD_BAD_POSITION || problem->error == RECORD_ILLEGAL_MOVE);
    check(problem->reason[0] != '\0');
    if (problem->error == RECORD_ILLEGAL_MOVE) check(problem->number >= 1 && problem->number <= record.move_count);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size > MAX_RECORD_TEXT + 16) return 0;
    char *text = malloc(size + 1);
    for (size_t i = 0; i < size; i++) text[i] = (char)data[i];
    text[size] = '\0';
    RecordProblem problem;
    if (!record_parse(text, (int)size, &record, &problem)) {
        check(problem.error != RECORD_OK && record_error_code(problem.error)[0]);
    } else {
        check(record.players == 2 || (record.variant == VARIANT_13 && (!record.partners || record.players == 4)));
        record_replay(text, &record, &game, &problem);
        check_replayed(&problem, game.length);
        /* A refused FEN leaves the game as it was: only a game begun is the record's kind. */
        if (problem.error != RECORD_BAD_POSITION)
            check(game.pos.players == record.players && game.pos.partners == record.partners &&
                  game.pos.rules == record.rules);
        check(problem.error != RECORD_OK || game.pos.hash == position_compute_hash(&game.pos));
    }
    free(text);
    return 0;
}
