/*
 * seats.h: the seats of an online game (docs/ONLINE-API.md, "Three and four
 * seats"): their names, which play, the turn order, who plays each (a
 * person, or the computer at a level: a seat's person who left is replaced
 * by the computer at level 3), partners.  Seats are numbered as the rules
 * number them (core/board.h): 0 White, 1 Black, 2 Red, 3 Yellow; two
 * players are the first two, three the first three.  The turn order is
 * White, Red, Black, Yellow.
 */
#ifndef HALMA_SEATS_H
#define HALMA_SEATS_H

#include <stdbool.h>

#include "core/table.h"
#include "online/store.h"

enum { LEFT_LEVEL = 3 }; /* the computer's level for a seat whose person has left */

/* "w", "b", "r", "y"; and the seat a name names, -1 for none. */
const char *seat_name(int seat);
int seat_named(const char *name);

/* The game's number of players (a row of the first stores says 0: two). */
int game_players(const StoreGame *g);

/* The game's seating, for the rules to answer what differs by it (core/table.h). */
TableSeating game_seating(const StoreGame *g);

/* The one seat `seat` plays against (of two players, the other); -1 where
 * it has more than one opponent (table_seat_opponent). */
int seat_opponent(const StoreGame *g, int seat);

/* Whether the seat plays in the game. */
bool seat_in_play(const StoreGame *g, int seat);

/* The seat whose turn is number `turn` (0 the first), passes included. */
int seat_at_turn(const StoreGame *g, int turn);

/* The seat to move. */
int game_to_move(const StoreGame *g);

/* The first turn of the seat (its place in the turn order). */
int seat_first_turn(const StoreGame *g, int seat);

/* The seat after `seat` in the turn order. */
int seat_next(const StoreGame *g, int seat);

/* A person plays the seat (not the computer: it was made so, or its person left). */
bool seat_human(const StoreGame *g, int seat);

/* The seat is the computer's from the game's creation (not a person's who left). */
bool seat_made_computer(const StoreGame *g, int seat);

/* How many seats a person plays now. */
int humans_playing(const StoreGame *g);

/* Every seat a person plays is taken. */
bool humans_seated(const StoreGame *g);

/* The seats of the same side: the seat and, as partners, its partner (one bit a seat). */
unsigned seat_side(const StoreGame *g, int seat);

/* The seat a person at `seat` takes in the rematch: the next seat in turn
 * order that a person plays, computer seats keeping theirs (two players swap). */
int seat_in_rematch(const StoreGame *g, int seat);

#endif
