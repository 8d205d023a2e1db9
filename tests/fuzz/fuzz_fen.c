/*
 * fuzz_fen: position parsing.  Whatever the text, fen_parse (and for three
 * and four players fen_parse_seating, each seating) either refuses it with a
 * reason or yields a consistent position that writes back to text which
 * reads back to the same position.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/movegen.h"
#include "core/notation.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(bool ok) {
    if (!ok) __builtin_trap();
}

static void check_multi(const char *text, Seating seating) {
    Position pos, back;
    char err[256], fen[FEN_TEXT_SIZE];
    Text e = text_on(err, sizeof err);
    Refusal why;
    if (!fen_parse_seating(text, seating, VARIANT_13, &pos, &why)) {
        refusal_write(&why, &e);
        check(why.code != REFUSAL_NONE && e.len > 0);
        return;
    }
    check(pos.hash == position_compute_hash(&pos));
    check(pos.seat < seating.players);
    for (int seat = 0; seat < MAX_SEATS; seat++)
        check(bb_count(pos.pieces[seat]) == (seat < seating.players ? SEAT_PIECES : 0));
    Text t = text_on(fen, sizeof fen);
    text_fen(&t, &pos);
    check(t.len < FEN_TEXT_SIZE - 1);
    check(fen_parse_seating(fen, seating, VARIANT_13, &back, &why));
    check(position_same(&pos, &back) && pos.turns == back.turns);
    MoveList list;
    generate_moves(&pos, &list);
    check(list.count >= 1 && count_moves(&pos) == list.count);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = '\0';
    for (int v = 0; v < 2; v++) {
        Position pos, back;
        char err[256], fen[FEN_TEXT_SIZE];
        Text e = text_on(err, sizeof err);
        Refusal why;
        if (!fen_parse(text, (Variant)v, &pos, &why)) {
            refusal_write(&why, &e);
            check(why.code != REFUSAL_NONE && e.len > 0);
            continue;
        }
        check(pos.hash == position_compute_hash(&pos));
        check(bb_count(pos.pieces[WHITE]) == variant_pieces((Variant)v));
        Text t = text_on(fen, sizeof fen);
        text_fen(&t, &pos);
        check(t.len < FEN_TEXT_SIZE - 1);
        check(fen_parse(fen, (Variant)v, &back, &why));
        check(position_same(&pos, &back) && pos.turns == back.turns);
        MoveList list;
        generate_moves(&pos, &list);
        check(list.count >= 1 && count_moves(&pos) == list.count);
    }
    check_multi(text, (Seating){3, false, 0});
    check_multi(text, (Seating){4, false, 0});
    check_multi(text, (Seating){4, true, 0});
    free(text);
    return 0;
}
