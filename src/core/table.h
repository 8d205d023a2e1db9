/*
 * table.h: the game at the table, for any seating: two players
 * or three or four, behind one face, on the core's one Game (game.h).
 *
 * A Table is the core's Game and its seating's row of table.c's SEATINGS
 * (Halma's variant table: who plays, the camps, the default turn limit,
 * the turn order, and the kind of engine that plays it).  Every layer above
 * codes against this API.  Plain data, no allocation.
 *
 * Seats are numbered as board.h numbers them (0 White, 1 Black,
 * 2 Red, 3 Yellow; two players are the first two); the turn order is
 * table_turn_order()'s.
 */
#ifndef HALMA_TABLE_H
#define HALMA_TABLE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/game.h"
#include "core/movegen.h"
#include "core/record.h"
#include "core/refusal.h"
#include "core/text.h"

/* Who sits at the table: 2, 3 or 4 players, four perhaps as partners, the
 * camps' size (19 or 13 pieces for two; always 13 for three or four), and
 * the rules (board.h's Rules; 0, the seeds', when not said). */
typedef struct {
    int players;
    bool partners;
    int camp;
    int rules;
} TableSeating;

/* Why a seating is no game: no such players and partners, no such camp,
 * or no such rules. */
typedef enum { SEATING_OK, SEATING_PLAYERS, SEATING_CAMP, SEATING_RULES } SeatingCheck;

/* The rules by name, "standard" or "nospoil" (false: no such rules, *rules
 * untouched), and the name of rules. */
bool rules_parse(const char *s, int *rules);
const char *rules_name(int rules);

/* Which core game a table holds, for the engines (not yet one) to pick
 * their own by: an index, not a branch on the player count. */
typedef enum { TABLE_TWO, TABLE_MANY, TABLE_KINDS } TableKind;

typedef struct SeatingRow SeatingRow;

typedef struct {
    const SeatingRow *row; /* the seating's; NULL before a start */
    TableSeating seating;
    Game game;
} Table;

/* What the rules say of the game: over or not, the seats that won (one bit
 * a seat; none for a draw or a game going on) and why ("goal",
 * "parlett": under nospoil, a winner's goal full but not of its own pieces
 * alone; "repetition", "turn_limit"; NULL while it goes on). */
typedef struct {
    bool over;
    unsigned winners;
    const char *reason;
} Verdict;

/* Checks a seating, and gives a seating whose camps are fixed (three or
 * four) its camp size whatever *s asked. */
SeatingCheck table_seating_check(TableSeating *s);

/* The kind of game a seating is (TABLE_KINDS: none), before any game of it. */
TableKind table_seating_kind(TableSeating s);

/* Who faces whom at a seating.  The one seat `seat` plays against: of two
 * players the other; -1 where it has more than one opponent (three or four,
 * partners too).  The seat that wins when `seat` leaves the game (resigns,
 * runs out of time, is abandoned): of two sides (two players, partners)
 * the seat facing it on the other side; -1 where the others play on without
 * it (three or four, each for themselves).  -1 for no such seating or seat. */
int table_seat_opponent(TableSeating s, int seat);
int table_seat_left_winner(TableSeating s, int seat);

/* The turn order of a seating of `players` seats (partners or not, the
 * same), before any game of it; of no such seating, two's. */
const uint8_t *table_players_turn_order(int players);

/* The turn limit when none is given: 400 for two, 200 a seat for more. */
int table_default_turn_limit(int players);

/* A new game from the start of a seating, or from a FEN of it; a turn
 * limit <= 0 is the seating's default.  False (and the table unchanged)
 * for a seating that is no game, or a FEN refused (*why says why; a bad
 * seating leaves *why REFUSAL_NONE). */
bool table_start(Table *t, TableSeating seating, int turn_limit);
bool table_from_fen(Table *t, TableSeating seating, const char *fen, int turn_limit, Refusal *why);

/* Plays a legal move, or one written (refused: the game is unchanged and
 * *why says why); both refused once the game is over. */
bool table_play(Table *t, Move m);
bool table_play_text(Table *t, const char *s, int len, Refusal *why);

/* Takes the last move back; false when there is none. */
bool table_undo(Table *t);

/* A new turn limit for the game under way (clamped as a start's), and its
 * verdict judged again. */
void table_set_turn_limit(Table *t, int turn_limit);

TableKind table_kind(const Table *t);
int table_length(const Table *t);      /* moves since the start */
const Move *table_moves(const Table *t); /* table_length() of them */
int table_turns(const Table *t);       /* of the position now, FEN's turns */
int table_turn_limit(const Table *t);
int table_seat_to_move(const Table *t);

/* The seats in turn order, table_seating().players of them. */
const uint8_t *table_turn_order(const Table *t);

/* The seats whose pieces all stand on their goal, one bit a seat. */
unsigned table_home(const Table *t);

/* The seat whose piece stands on sq now (-1: none), and the squares it can
 * go to (as movegen.h's piece_destinations, whoever is to move). */
int table_piece_at(const Table *t, int sq);
Bitboard table_destinations(const Table *t, int sq);

/* The squares move k (0 .. length-1) went over by a shortest path, from
 * the position before it; 0 for a pass. */
int table_path_at(const Table *t, int k, uint8_t path[MAX_PATH]);

/* Replays a parsed record (record.h) as the table's kind of game, its
 * seating taken from the record; false as record_replay says why. */
bool table_replay(Table *t, const char *text, const Record *record, RecordProblem *problem);

/* How the game ended, in English ("White wins", "draw by the turn
 * limit", ...), as names.h writes it. */
const char *table_result_text(const Table *t);

/* How many times the position now has occurred, this time included, and
 * how many times the position after `m` would have (3: it draws). */
int table_occurrences(const Table *t);
int table_occurrences_after(const Table *t, Move m);

/* The legal moves now (a pass alone when the mover must pass). */
bool table_legal(const Table *t, Move m);
void table_generate(const Table *t, MoveList *list);

/* Move k of the game (0 .. length-1) written with a shortest path, from
 * the position before it; a legal move of the position now, written. */
void table_text_move_at(const Table *t, int k, Text *out);
void table_text_move(const Table *t, Move m, Text *out);

/* A line of moves from the position now (a search's principal variation),
 * each written after a space. */
void table_text_line(const Table *t, const Move *moves, int n, Text *out);

/* Every move of the game written, space-separated. */
void table_text_moves(const Table *t, Text *out);

/* The position after k moves (0: the start, table_length(): now) as FEN. */
void table_text_fen(const Table *t, int k, Text *out);

/* perft of the position now; gives up early, with a partial count, once
 * `*stop` is set (NULL: never).  Split by first move: the legal moves now
 * into *list, the count below list->moves[i] into counts[i], and their sum. */
uint64_t table_perft(const Table *t, int depth, const atomic_bool *stop);
uint64_t table_perft_divide(const Table *t, int depth, MoveList *list, uint64_t counts[MAX_MOVES]);

Verdict table_verdict(const Table *t);

#endif
