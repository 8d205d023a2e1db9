/*
 * board.h: a Halma position and the moves that change it.
 *
 * A Position is plain data (copying it copies the game state) with two views
 * of the placement kept in step: bitboards for set operations and a mailbox
 * for one-square lookups.  Nothing here allocates or touches global state.
 */
#ifndef HALMA_BOARD_H
#define HALMA_BOARD_H

#include <stdbool.h>
#include <stdint.h>

#include "core/bitboard.h"
#include "core/tables.h"

enum { BOARD_SIZE = 16, NUM_SQUARES = 256 };

typedef enum { WHITE = 0, BLACK = 1 } Side;
enum { NO_PIECE = 2 }; /* the mailbox holds WHITE, BLACK or NO_PIECE */

/* The two games, named by the number of pieces in a camp. */
typedef enum { VARIANT_19 = 0, VARIANT_13 = 1 } Variant;

static inline int variant_pieces(Variant v) { return v == VARIANT_13 ? 13 : 19; }

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
    Bitboard pieces[2];
    Bitboard occupied;
    uint64_t hash; /* Zobrist key of the placement and the side to move */
    int turns;     /* turns (moves and passes) played so far */
    uint8_t side_to_move;
    uint8_t variant;
    uint8_t at[NUM_SQUARES];
} Position;

/* The camp a side starts in; its goal is the other side's camp. */
static inline Bitboard camp_of(Variant v, Side side) { return CAMPS[v][side]; }
static inline Bitboard goal_of(Variant v, Side side) { return CAMPS[v][side ^ 1]; }

/* Distance of a square from the far corner of `side`'s goal camp, in files
 * plus ranks (0 in the corner, 30 in the opposite one): the progress the
 * evaluation and the greedy player both measure. */
static inline int goal_distance(Side side, int sq) {
    int file = square_file(sq), rank = square_rank(sq);
    return side == WHITE ? file + (BOARD_SIZE - 1 - rank) : (BOARD_SIZE - 1 - file) + rank;
}

void position_clear(Position *pos, Variant variant);
void position_start(Position *pos, Variant variant);
void position_put(Position *pos, int sq, Side side);

/* Plays a move (which must be legal) and takes it back.  Both keep the
 * bitboards, mailbox, hash, side to move and turn count in step.  Inline:
 * every node of a search makes and unmakes one move. */
static inline void position_move_piece(Position *pos, int side, int from, int to) {
    pos->pieces[side].w[from >> 6] ^= 1ULL << (from & 63);
    pos->pieces[side].w[to >> 6] ^= 1ULL << (to & 63);
    pos->occupied.w[from >> 6] ^= 1ULL << (from & 63);
    pos->occupied.w[to >> 6] ^= 1ULL << (to & 63);
    pos->at[from] = NO_PIECE;
    pos->at[to] = (uint8_t)side;
    pos->hash ^= ZOBRIST_PIECE[side][from] ^ ZOBRIST_PIECE[side][to];
}

static inline void position_make(Position *pos, Move m) {
    if (!move_is_pass(m)) position_move_piece(pos, pos->side_to_move, m.from, m.to);
    pos->side_to_move ^= 1;
    pos->hash ^= ZOBRIST_BLACK_TO_MOVE;
    pos->turns++;
}

static inline void position_unmake(Position *pos, Move m) {
    pos->turns--;
    pos->hash ^= ZOBRIST_BLACK_TO_MOVE;
    pos->side_to_move ^= 1;
    if (!move_is_pass(m)) position_move_piece(pos, pos->side_to_move, m.to, m.from);
}

/* True once every piece of `side` stands in its goal camp. */
static inline bool position_has_won(const Position *pos, Side side) {
    return bb_equal(pos->pieces[side], goal_of((Variant)pos->variant, side));
}

/* Same placement and side to move: what threefold repetition compares. */
bool position_same(const Position *a, const Position *b);

uint64_t position_compute_hash(const Position *pos);

#endif
