/*
 * movecheck.h: reading a written move and checking it against the rules.
 */
#ifndef HALMA_MOVECHECK_H
#define HALMA_MOVECHECK_H

#include <stdbool.h>

#include "core/board.h"
#include "core/refusal.h"

/*
 * Reads `len` characters of move text for the seat to move in `pos`: "pass",
 * a step "o3-n4", a jump chain with every landing "n1-n3-l5-j5", or a chain
 * shortened to "from-to" (resolved to a shortest chain).  Checks the path hop
 * by hop; on success sets *move and returns true, otherwise says in *why
 * exactly what breaks which rule.  A seat home (a partner who finished)
 * may only pass.  The position is never changed.
 */
bool move_read(const Position *pos, const char *s, int len, Move *move, Refusal *why);

/* What checking a written move needs of a position: the mailbox, the
 * mover, its goal, and the seating a refusal names. */
typedef struct {
    const uint8_t *at; /* the mailbox ... */
    uint8_t empty;     /* ... and its code for an empty square */
    uint8_t mover;     /* the code of the side or seat to move */
    uint8_t players;   /* 0 for the two-player game, else 3 or 4 (Refusal) */
    Bitboard goal;     /* the mover's goal camp */
    Bitboard home;     /* its home camp under nospoil (no return home); else none */
} MoveBoard;

/* True when the text is "pass". */
bool move_text_is_pass(const char *s, int len);

/* move_read for every text but "pass", on a board. */
bool move_read_path(const MoveBoard *board, const char *s, int len, Move *move, Refusal *why);

/* "pass" for a mover with `legal` moves: read when it has none. */
bool move_read_pass(const MoveBoard *board, int legal, Move *move, Refusal *why);

#endif
