/*
 * beginner.h: what the lowest levels see, as a person who has just learnt
 * the rules does.
 *
 * They search one ply with a noisy evaluation, as the levels above them,
 * but see jump chains of a few hops only (the long chain is missed), and
 * their moves are plain ones (levels.c): never a step back while another
 * move is left, never their last move undone, never a position seen
 * before.
 */
#ifndef HALMA_BEGINNER_H
#define HALMA_BEGINNER_H

#include "core/board.h"

/* The squares the piece on `from` can move to in `pos` (steps, and chains
 * of at most `max_hops` hops; 0: every chain), the goal-camp rule applied,
 * and under nospoil no end back home. */
Bitboard beginner_destinations(const Position *pos, int from, int max_hops);

#endif
