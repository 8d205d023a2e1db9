/*
 * movecheck.h: reading a written move and checking it against the rules.
 */
#ifndef HALMA_MOVECHECK_H
#define HALMA_MOVECHECK_H

#include <stdbool.h>

#include "core/board.h"
#include "core/refusal.h"

/*
 * Reads `len` characters of move text for the side to move in `pos`: "pass",
 * a step "o3-n4", a jump chain with every landing "n1-n3-l5-j5", or a chain
 * shortened to "from-to" (resolved to a shortest chain).  Checks the path hop
 * by hop; on success sets *move and returns true, otherwise says in *why
 * exactly what breaks which rule.  The position is never changed.
 */
bool move_read(const Position *pos, const char *s, int len, Move *move, Refusal *why);

#endif
