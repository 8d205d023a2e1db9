/*
 * notation.h: squares, moves and positions as text (RULES.md and
 * RULES-MULTI.md, Notation), for any seating.
 *
 * Parsers take text with its length or NUL end, never trust it, and explain
 * a refusal in a Refusal (core/refusal.h); writers append to a Text.
 */
#ifndef HALMA_NOTATION_H
#define HALMA_NOTATION_H

#include <stdbool.h>

#include "core/board.h"
#include "core/movegen.h"
#include "core/names.h"
#include "core/refusal.h"
#include "core/text.h"

enum {
    MAX_FEN_TURNS = 1000000,     /* more turns than any game can play */
    MOVE_TEXT_SIZE = MAX_PATH * 4, /* a path of squares of up to 3 chars, with '-' */
    FEN_TEXT_SIZE = 320,
};

/* The square named by exactly `len` characters ("a1".."p16"), or -1. */
int square_parse(const char *s, int len);

/* The squares of a written path such as "n1-n3-l5": syntax only, no rules.
 * Returns how many squares it names (at least 2), or 0 with a reason. */
int path_parse(const char *s, int len, uint8_t path[MAX_PATH], Refusal *why);
void text_path(Text *t, const uint8_t *path, int n);

/* Writes a legal move of `pos` (before it is played) with a shortest path. */
void text_move(Text *t, const Position *pos, Move m);

/* Parses "<placement> <seat> <turns>" for a seating (two players, or a
 * valid one of three or four, always on 13-piece camps) into *pos, which is
 * changed only on success: the letters w, b (r with three, y with four),
 * every playing seat's camp full of pieces, at most one seat (or
 * partnership) home.  fen_parse: the two-player game on `variant`'s camps. */
bool fen_parse_seating(const char *s, Seating seating, Variant variant, Position *pos, Refusal *why);
static inline bool fen_parse(const char *s, Variant variant, Position *pos, Refusal *why) {
    return fen_parse_seating(s, SEATING_TWO, variant, pos, why);
}
void text_fen(Text *t, const Position *pos);

/* The seat of a letter ('w', 'b', 'r', 'y'), or -1. */
int seat_of_letter(char c);

/* Refuses with `code` (returns false), naming the seating of `pos` when it
 * is one of three or four. */
bool refuse_seated(Refusal *why, RefusalCode code, const Position *pos);

/* The fields of a FEN, for any number of players: each square's piece as
 * an index into the game's letters (-1: empty), the letter to move, the
 * turns.  The letters are "wb" for two players and "wbr" or "wbry" for
 * three or four, so the index is the side or the seat (names.h). */
typedef struct {
    int8_t piece[NUM_SQUARES];
    int mover;
    int turns;
} FenFields;

/* Reads "<placement> <mover> <turns>" with those letters; a refusal names
 * `players` (0 for two, else 3 or 4) for its message. */
bool fen_fields_parse(const char *s, const char *letters, int players, FenFields *f, Refusal *why);

/* The placement of a mailbox: code i written letters[i], any code past
 * the letters an empty square. */
void text_placement(Text *t, const uint8_t *at, const char *letters);

/* "19" or "13" */
bool variant_parse(const char *s, Variant *variant);

#endif
