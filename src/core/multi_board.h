/*
 * multi_board.h: a position of Halma for three or four players
 * (RULES-MULTI.md), and the moves that change it.
 *
 * Beside the two-player Position (board.h), not a generalisation of it: the
 * two-player game keeps its own code, which the search has been tuned on,
 * and both share the jump-chain search (hopgraph.h).  Moves are board.h's
 * Move (a pass is from == to).  Plain data, no allocation, no global state.
 *
 * Seats are numbered so that the two-player sides keep their numbers and
 * partners differ in the lowest bit: White 0, Black 1, Red 2, Yellow 3.
 * That is not the turn order (White, Red, Black, Yellow): seat_after() and
 * seat_before() give it.  A seat's goal camp is its partner's home camp.
 */
#ifndef HALMA_MULTI_BOARD_H
#define HALMA_MULTI_BOARD_H

#include <stdbool.h>
#include <stdint.h>

#include "core/board.h"

enum { MAX_SEATS = 4, SEAT_PIECES = 13, NO_SEAT = 4 }; /* the mailbox holds a seat or NO_SEAT */

typedef enum { SEAT_WHITE = 0, SEAT_BLACK = 1, SEAT_RED = 2, SEAT_YELLOW = 3 } Seat;

/* The kind of game: 3 or 4 players, each for themselves, or 4 as two
 * partnerships (White with Black, Red with Yellow). */
typedef struct {
    uint8_t players;
    bool partners;
} Seating;

static inline bool seating_valid(Seating s) { return (s.players == 3 && !s.partners) || s.players == 4; }

/* The seats that play: White, Black and Red; Yellow too with four. */
static inline bool seat_plays(Seating s, int seat) { return seat < s.players; }

static inline int seat_partner(int seat) { return seat ^ 1; }

/* The seat to move after `seat`, and before it, in the turn order. */
static inline int seat_after(int players, int seat) {
    static const uint8_t after[2][MAX_SEATS] = {{SEAT_RED, SEAT_WHITE, SEAT_BLACK, SEAT_WHITE},
                                                {SEAT_RED, SEAT_YELLOW, SEAT_BLACK, SEAT_WHITE}};
    return after[players == 4][seat];
}

static inline int seat_before(int players, int seat) {
    static const uint8_t before[2][MAX_SEATS] = {{SEAT_BLACK, SEAT_RED, SEAT_WHITE, SEAT_RED},
                                                 {SEAT_YELLOW, SEAT_RED, SEAT_WHITE, SEAT_BLACK}};
    return before[players == 4][seat];
}

static inline Bitboard seat_camp(int seat) { return CORNER_CAMPS[seat]; }
static inline Bitboard seat_goal(int seat) { return CORNER_CAMPS[seat ^ 1]; }

/* Distance of a square from the far corner of `seat`'s goal camp, in files
 * plus ranks (0 in that corner, 30 in the seat's own): goal_distance() of
 * board.h for every seat (White's and Black's are the same). */
static inline int seat_goal_distance(int seat, int sq) {
    int file = square_file(sq), rank = square_rank(sq), far = BOARD_SIZE - 1;
    switch (seat) {
    case SEAT_WHITE: return file + (far - rank);     /* to a16 */
    case SEAT_BLACK: return (far - file) + rank;     /* to p1 */
    case SEAT_RED: return (far - file) + (far - rank); /* to p16 */
    default: return file + rank;                     /* Yellow, to a1 */
    }
}

typedef struct {
    Bitboard pieces[MAX_SEATS];
    Bitboard occupied;
    uint64_t hash; /* Zobrist key of the placement and the seat to move */
    int turns;     /* turns (moves and passes) played so far */
    uint8_t seat;  /* to move */
    uint8_t players;
    bool partners;
    uint8_t at[NUM_SQUARES];
} MultiPosition;

static inline Seating multi_seating(const MultiPosition *pos) {
    return (Seating){pos->players, pos->partners};
}

/* An empty board with White to move, and the starting position (each
 * playing seat on its camp).  The seating must be valid. */
void multi_clear(MultiPosition *pos, Seating seating);
void multi_start(MultiPosition *pos, Seating seating);
void multi_put(MultiPosition *pos, int sq, int seat);
void multi_set_seat(MultiPosition *pos, int seat); /* the seat to move, hash kept in step */

/* Plays a move (which must be legal) and takes it back, keeping bitboards,
 * mailbox, hash, seat to move and turn count in step. */
static inline void multi_move_piece(MultiPosition *pos, int seat, int from, int to) {
    pos->pieces[seat].w[from >> 6] ^= 1ULL << (from & 63);
    pos->pieces[seat].w[to >> 6] ^= 1ULL << (to & 63);
    pos->occupied.w[from >> 6] ^= 1ULL << (from & 63);
    pos->occupied.w[to >> 6] ^= 1ULL << (to & 63);
    pos->at[from] = NO_SEAT;
    pos->at[to] = (uint8_t)seat;
    pos->hash ^= ZOBRIST_SEAT_PIECE[seat][from] ^ ZOBRIST_SEAT_PIECE[seat][to];
}

static inline void multi_make(MultiPosition *pos, Move m) {
    int seat = pos->seat, next = seat_after(pos->players, seat);
    if (!move_is_pass(m)) multi_move_piece(pos, seat, m.from, m.to);
    pos->seat = (uint8_t)next;
    pos->hash ^= ZOBRIST_SEAT_TO_MOVE[seat] ^ ZOBRIST_SEAT_TO_MOVE[next];
    pos->turns++;
}

static inline void multi_unmake(MultiPosition *pos, Move m) {
    int seat = seat_before(pos->players, pos->seat);
    pos->turns--;
    pos->hash ^= ZOBRIST_SEAT_TO_MOVE[seat] ^ ZOBRIST_SEAT_TO_MOVE[pos->seat];
    pos->seat = (uint8_t)seat;
    if (!move_is_pass(m)) multi_move_piece(pos, seat, m.to, m.from);
}

/* True once every piece of `seat` stands on its goal camp: the seat has won
 * (each for themselves), or has finished and passes (partners). */
static inline bool multi_seat_home(const MultiPosition *pos, int seat) {
    return bb_equal(pos->pieces[seat], seat_goal(seat));
}

/* Same placement and seat to move: what threefold repetition compares. */
bool multi_same(const MultiPosition *a, const MultiPosition *b);

uint64_t multi_compute_hash(const MultiPosition *pos);

#endif
