/*
 * multi_notation.h: positions and moves of three or four players as text
 * (RULES-MULTI.md, Notation), read and refused as notation.h does for two.
 */
#ifndef HALMA_MULTI_NOTATION_H
#define HALMA_MULTI_NOTATION_H

#include <stdbool.h>

#include "core/movegen.h"
#include "core/notation.h"

/* The seat of a letter ('w', 'b', 'r', 'y'), or -1. */
int seat_of_letter(char c);

/* Parses "<placement> <seat> <turns>" for the seating (which must be valid)
 * into *pos, changed only on success: pieces w, r, b (and y for four), 13
 * of every seat that plays, at most one seat (or partnership) home. */
bool multi_fen_parse(const char *s, Seating seating, Position *pos, Refusal *why);
void multi_text_fen(Text *t, const Position *pos);

/* Reads a written move of the seat to move, as move_read() does for two
 * players; a seat that has finished may only pass. */
bool multi_move_read(const Position *pos, const char *s, int len, Move *move, Refusal *why);

/* Writes a legal move of `pos` (before it is played) with a shortest path. */
void multi_text_move(Text *t, const Position *pos, Move m);

#endif
