/*
 * referee.h: the rules' view of an online game (the C core): the two-player
 * game (core/game.h) or the game of three or four (core/multi_game.h), as
 * its settings say, behind one face: moves played as written, the verdict
 * the rules reach, the positions as FEN.
 */
#ifndef HALMA_REFEREE_H
#define HALMA_REFEREE_H

#include <stdbool.h>
#include <stddef.h>

#include "core/game.h"
#include "core/multi_game.h"
#include "core/refusal.h"
#include "online/store.h"

typedef struct {
    bool many; /* three or four players */
    union {
        Game two;
        MultiGame multi;
    };
} Referee;

/* What the rules say of the game: over or not, the seats that won (one bit
 * a seat; none for a draw) and why ("goal", "repetition", "turn_limit"). */
typedef struct {
    bool over;
    unsigned winners;
    const char *reason;
} Verdict;

/* A new game of g's settings (variant, players, partners, turn limit), no
 * move played; NULL if out of memory.  referee_free frees it. */
Referee *referee_new(const StoreGame *g);
void referee_free(Referee *r);

/* Plays one move as written (RULES.md, RULES-MULTI.md); on refusal nothing
 * changes and *why says why. */
bool referee_play(Referee *r, const char *text, Refusal *why);

Verdict referee_verdict(const Referee *r);

/* The position at the start (start) or now, as FEN, into out. */
void referee_fen(const Referee *r, bool start, char *out, size_t size);

#endif
