/*
 * board.h: a Halma position for any seating, and the moves that change it.
 *
 * One Position for two players (RULES.md) and for three or four
 * (RULES-MULTI.md).  It is plain data (copying it copies the game state)
 * with two views of the placement kept in step: bitboards for set
 * operations and a mailbox for one-square lookups.  Nothing here allocates
 * or touches global state.
 *
 * Seats are numbered so that partners differ in the lowest bit: White 0,
 * Black 1, Red 2, Yellow 3; two players are the first two.  That is not the
 * turn order of four (White, Red, Black, Yellow): seat_after() and
 * seat_before() give it.  A seat's goal camp is its partner's home camp
 * (two players: the other's).
 *
 * The two-player game must not pay for the others: where a hot path differs,
 * the seat count is an argument of a static inline (position_make_for()),
 * which the two-player engines call with the constant TWO_SEATS.
 */
#ifndef HALMA_BOARD_H
#define HALMA_BOARD_H

#include <stdbool.h>
#include <stdint.h>

#include "core/bitboard.h"
#include "core/tables.h"

enum { BOARD_SIZE = 16, NUM_SQUARES = 256 };

enum { TWO_SEATS = 2, MAX_SEATS = 4, SEAT_PIECES = 13, NO_SEAT = 4 };
enum { NO_PIECE = NO_SEAT }; /* the mailbox holds a seat or NO_PIECE */

typedef enum { WHITE = 0, BLACK = 1 } Side;
typedef enum { SEAT_WHITE = 0, SEAT_BLACK = 1, SEAT_RED = 2, SEAT_YELLOW = 3 } Seat;

/* The camps' sizes, named by the number of pieces in a camp: 19 or 13 for
 * two players, always 13 for three or four. */
typedef enum { VARIANT_19 = 0, VARIANT_13 = 1 } Variant;

static inline int variant_pieces(Variant v) { return v == VARIANT_13 ? 13 : 19; }

/* The rules played: the seeds' (RULES.md, RULES-MULTI.md), or with the
 * house rule against spoiling (RULES-HOUSE.md: no return home, Parlett's
 * win).  A property of the game, fixed from its start; FENs never say it. */
typedef enum { RULES_STANDARD = 0, RULES_NOSPOIL = 1, RULES_KINDS } Rules;

/* The kind of game: 2, 3 or 4 players, four perhaps as two partnerships
 * (White with Black, Red with Yellow), and the rules. */
typedef struct {
    uint8_t players;
    bool partners;
    uint8_t rules; /* Rules; 0, the seeds', when not said */
} Seating;

static const Seating SEATING_TWO = {TWO_SEATS, false, RULES_STANDARD};

/* A game of three or four (the two-player game is SEATING_TWO). */
static inline bool seating_valid(Seating s) { return (s.players == 3 && !s.partners) || s.players == 4; }

/* The seats that play: White and Black; Red with three, Yellow with four. */
static inline bool seat_plays(Seating s, int seat) { return seat < s.players; }

static inline int seat_partner(int seat) { return seat ^ 1; }

/* The seat to move after `seat`, and before it, in the turn order. */
static inline int seat_after(int players, int seat) {
    static const uint8_t after[2][MAX_SEATS] = {{SEAT_RED, SEAT_WHITE, SEAT_BLACK, SEAT_WHITE},
                                                {SEAT_RED, SEAT_YELLOW, SEAT_BLACK, SEAT_WHITE}};
    return players == 2 ? seat ^ 1 : after[players == 4][seat];
}

static inline int seat_before(int players, int seat) {
    static const uint8_t before[2][MAX_SEATS] = {{SEAT_BLACK, SEAT_RED, SEAT_WHITE, SEAT_RED},
                                                 {SEAT_YELLOW, SEAT_RED, SEAT_WHITE, SEAT_BLACK}};
    return players == 2 ? seat ^ 1 : before[players == 4][seat];
}

static inline int square_at(int file, int rank) { return rank * BOARD_SIZE + file; }
static inline int square_file(int sq) { return sq & 15; }
static inline int square_rank(int sq) { return sq >> 4; }

/* A move by its origin and destination: the rules never need the path in
 * between (see movegen.h for paths).  A pass is the one move with from == to. */
typedef struct {
    uint8_t from, to;
} Move;

static const Move MOVE_PASS = {0, 0};
static inline bool move_is_pass(Move m) { return m.from == m.to; }
static inline bool move_equal(Move a, Move b) { return a.from == b.from && a.to == b.to; }

typedef struct {
    Bitboard pieces[MAX_SEATS];
    Bitboard occupied;
    uint64_t hash; /* Zobrist key of the placement and the seat to move */
    int turns;     /* turns (moves and passes) played so far */
    uint8_t seat;  /* to move */
    uint8_t players;
    bool partners;
    uint8_t variant; /* VARIANT_13 for three and four */
    uint8_t rules;   /* Rules, the game's, not the placement's: not hashed */
    uint8_t at[NUM_SQUARES];
} Position;

static inline Seating position_seating(const Position *pos) {
    return (Seating){pos->players, pos->partners, pos->rules};
}

/* The camp a seat starts in; its goal is its partner's (the other's) camp. */
static inline Bitboard camp_of(Variant v, int seat) { return CAMPS[v][seat]; }
static inline Bitboard goal_of(Variant v, int seat) { return CAMPS[v][seat ^ 1]; }
static inline Bitboard seat_camp(int seat) { return CAMPS[VARIANT_13][seat]; }
static inline Bitboard seat_goal(int seat) { return CAMPS[VARIANT_13][seat ^ 1]; }

/* Distance of a square from the far corner of `seat`'s goal camp, in files
 * plus ranks (0 in that corner, 30 in the seat's own): the progress the
 * evaluations and the greedy players measure. */
static inline int seat_goal_distance(int seat, int sq) {
    int file = square_file(sq), rank = square_rank(sq), far = BOARD_SIZE - 1;
    switch (seat) {
    case SEAT_WHITE: return file + (far - rank);       /* to a16 */
    case SEAT_BLACK: return (far - file) + rank;       /* to p1 */
    case SEAT_RED: return (far - file) + (far - rank); /* to p16 */
    default: return file + rank;                       /* Yellow, to a1 */
    }
}

/* seat_goal_distance() of the two players' sides, without the switch. */
static inline int goal_distance(Side side, int sq) {
    int file = square_file(sq), rank = square_rank(sq);
    return side == WHITE ? file + (BOARD_SIZE - 1 - rank) : (BOARD_SIZE - 1 - file) + rank;
}

/* The key of the seat to move changing from `seat` to `next`: two players
 * keep theirs (White none, Black one), so that their hashes, which the
 * transposition table indexes by, stay what they were. */
static inline uint64_t turn_keys(int players, int seat, int next) {
    return players == 2 ? ZOBRIST_BLACK_TO_MOVE : ZOBRIST_SEAT_TO_MOVE[seat] ^ ZOBRIST_SEAT_TO_MOVE[next];
}

static inline uint64_t turn_key(int players, int seat) {
    if (players == 2) return seat == BLACK ? ZOBRIST_BLACK_TO_MOVE : 0;
    return ZOBRIST_SEAT_TO_MOVE[seat];
}

/* An empty board with White to move, of a seating (the many-seat game on
 * 13-piece camps whatever `variant` says); the start of a game (every
 * playing seat on its camp).  The two-player shortcuts take the camps. */
void position_clear_seating(Position *pos, Seating seating, Variant variant);
void position_start_seating(Position *pos, Seating seating, Variant variant);
static inline void position_clear(Position *pos, Variant variant) { position_clear_seating(pos, SEATING_TWO, variant); }
static inline void position_start(Position *pos, Variant variant) { position_start_seating(pos, SEATING_TWO, variant); }

void position_put(Position *pos, int sq, int seat);
void position_set_seat(Position *pos, int seat); /* the seat to move, hash kept in step */

/* Plays a move (which must be legal) and takes it back.  Both keep the
 * bitboards, mailbox, hash, seat to move and turn count in step.  Inline:
 * every node of a search makes and unmakes one move; the _for forms take
 * the seat count, a constant in the two-player search. */
static inline void position_move_piece(Position *pos, int seat, int from, int to) {
    pos->pieces[seat].w[from >> 6] ^= 1ULL << (from & 63);
    pos->pieces[seat].w[to >> 6] ^= 1ULL << (to & 63);
    pos->occupied.w[from >> 6] ^= 1ULL << (from & 63);
    pos->occupied.w[to >> 6] ^= 1ULL << (to & 63);
    pos->at[from] = NO_PIECE;
    pos->at[to] = (uint8_t)seat;
    pos->hash ^= ZOBRIST_PIECE[seat][from] ^ ZOBRIST_PIECE[seat][to];
}

static inline void position_make_for(Position *pos, Move m, int players) {
    int seat = pos->seat, next = seat_after(players, seat);
    if (!move_is_pass(m)) position_move_piece(pos, seat, m.from, m.to);
    pos->seat = (uint8_t)next;
    pos->hash ^= turn_keys(players, seat, next);
    pos->turns++;
}

static inline void position_unmake_for(Position *pos, Move m, int players) {
    int seat = seat_before(players, pos->seat);
    pos->turns--;
    pos->hash ^= turn_keys(players, seat, pos->seat);
    pos->seat = (uint8_t)seat;
    if (!move_is_pass(m)) position_move_piece(pos, seat, m.to, m.from);
}

static inline void position_make(Position *pos, Move m) { position_make_for(pos, m, pos->players); }
static inline void position_unmake(Position *pos, Move m) { position_unmake_for(pos, m, pos->players); }

/* True once every piece of `seat` stands in its goal camp: it has won (two
 * players, or each for themselves), or has finished and passes (partners). */
static inline bool position_has_won(const Position *pos, int seat) {
    return bb_equal(pos->pieces[seat], goal_of((Variant)pos->variant, seat));
}

/* Under nospoil, the squares a piece on `from` of `seat` may not end a move
 * on: its home camp, unless it stands on it (RULES-HOUSE.md, no return
 * home); none under the seeds' rules. */
static inline Bitboard position_barred(const Position *pos, int seat, int from) {
    Bitboard home = camp_of((Variant)pos->variant, seat);
    if (pos->rules != RULES_NOSPOIL || bb_has(&home, from)) return (Bitboard){{0, 0, 0, 0}};
    return home;
}

/* Parlett's win (RULES-HOUSE.md): every square of the seat's goal holds
 * its own piece or one of the camp's owner (its partner, or the other of
 * two), at least one its own.  Whatever the rules: the caller asks. */
static inline bool position_goal_held(const Position *pos, int seat) {
    Bitboard goal = goal_of((Variant)pos->variant, seat);
    Bitboard own = bb_and(pos->pieces[seat], goal);
    Bitboard held = bb_or(pos->pieces[seat], pos->pieces[seat_partner(seat)]);
    return !bb_is_empty(own) && bb_is_empty(bb_minus(goal, held));
}

/* The seat's goal complete as the game's rules count it: every piece home,
 * or (nospoil) Parlett's win. */
static inline bool position_goal_complete(const Position *pos, int seat) {
    return position_has_won(pos, seat) || (pos->rules == RULES_NOSPOIL && position_goal_held(pos, seat));
}

/* Same placement and seat to move: what threefold repetition compares. */
bool position_same(const Position *a, const Position *b);

uint64_t position_compute_hash(const Position *pos);

#endif
