/*
 * game_clock.h: the clocks of an online game, kept by the server (Fischer:
 * each move adds the increment to the mover's time).  As on the big sites,
 * no clock runs before White's first move; from then on the side to move's
 * clock runs until it moves, or reaches zero and loses.  A correspondence
 * clock (days_per_move) gives each move the same days, its clock set again
 * for each, and runs from the moment the game begins: White's first move
 * has its days too.
 */
#ifndef HALMA_GAME_CLOCK_H
#define HALMA_GAME_CLOCK_H

#include <stdbool.h>
#include <stdint.h>

#include "online/seats.h"
#include "online/store.h"

enum { DAY_MS = 24 * 60 * 60 * 1000 };

/* The wall clock (ms since 1970), which the clocks, the flags, presence and
 * the store's times are in: a game's clock is read by other servers too. */
int64_t clock_now_ms(void);

/* The seat whose clock runs, or -1 (none runs for the computer's seats). */
int clock_running(const StoreGame *g);

/* Time left on a seat's clock at `now` (wall clock ms), never below 0. */
int64_t clock_left(const StoreGame *g, int seat, int64_t now);

/* When the running clock reaches zero; 0 if none runs. */
int64_t clock_flag_at(const StoreGame *g);

/* The mover's clock after a move at `now` (increment added, the other clock
 * started); false, and nothing changed, if it had already run out. */
bool clock_after_move(StoreGame *g, int seat, int64_t now);

/* The game begins (every seat taken) at `now`: a correspondence clock starts. */
void clock_game_begins(StoreGame *g, int64_t now);

/* Stops the running clock at `now`, as the game ends. */
void clock_stop(StoreGame *g, int64_t now);

#endif
