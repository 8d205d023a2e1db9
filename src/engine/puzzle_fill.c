/*
 * puzzle_fill.c: the fewest moves for the side to move, alone, to fill its
 * goal camp (docs/PUZZLES.md, fill).
 *
 * Iterative deepening on the number of moves, with the bound "pieces outside
 * the goal": a move brings at most one piece in, so a node with more pieces
 * outside than moves left is cut, and with exactly as many (no slack) only
 * moves from outside into the goal are tried.  Positions proven to need more
 * than k moves are kept in the caller's table, so the next depth and the
 * other branches skip them.  Exhaustive: a failed depth is a proof.
 */
#include <string.h>

#include "engine/puzzle_solve.h"

int pieces_outside_goal(const Position *pos, Side side) {
    return bb_count(bb_minus(pos->pieces[side], goal_of((Variant)pos->variant, side)));
}

void fill_solver_init(FillSolver *s, void *memory, size_t bytes, uint64_t budget) {
    size_t slots = 1;
    while (slots * 2 * sizeof(FillSlot) <= bytes) slots *= 2;
    memset(memory, 0, slots * sizeof(FillSlot));
    s->slots = memory;
    s->mask = slots - 1;
    s->nodes = 0;
    s->budget = budget;
}

void fill_play(Position *pos, Move m) {
    if (!move_is_pass(m)) position_move_piece(pos, pos->seat, m.from, m.to);
    pos->turns++;
}

static void fill_unplay(Position *pos, Move m) {
    pos->turns--;
    if (!move_is_pass(m)) position_move_piece(pos, pos->seat, m.to, m.from);
}

static bool proven_short(const FillSolver *s, uint64_t key, int left) {
    const FillSlot *slot = &s->slots[key & s->mask];
    return slot->key == key && slot->left >= left;
}

static void remember_short(FillSolver *s, uint64_t key, int left) {
    FillSlot *slot = &s->slots[key & s->mask];
    if (slot->key != key || slot->left < left) *slot = (FillSlot){key, (uint8_t)left};
}

/* The moves worth trying with `slack` moves to spare: with none, only those
 * bringing a piece in; the ones bringing a piece in first either way. */
static int fill_candidates(const Position *pos, int slack, Move out[MAX_MOVES]) {
    MoveList list;
    generate_moves(pos, &list);
    Bitboard goal = goal_of((Variant)pos->variant, (Side)pos->seat);
    int n = 0;
    for (int i = 0; i < list.count; i++) {
        Move m = list.moves[i];
        if (!move_is_pass(m) && !bb_has(&goal, m.from) && bb_has(&goal, m.to)) out[n++] = m;
    }
    if (slack == 0) return n;
    for (int i = 0; i < list.count; i++) {
        Move m = list.moves[i];
        if (move_is_pass(m) || bb_has(&goal, m.from) || !bb_has(&goal, m.to)) out[n++] = m;
    }
    return n;
}

/* 1: filled within `left` moves (the line from line[0]); 0: proven not;
 * PUZZLE_UNKNOWN: out of budget. */
static int fill_search(FillSolver *s, Position *pos, int left, Move *line) {
    Side side = (Side)pos->seat;
    int outside = pieces_outside_goal(pos, side);
    if (outside == 0 && position_has_won(pos, side)) return 1;
    if (outside > left || left == 0) return 0;
    if (proven_short(s, pos->hash, left)) return 0;
    if (++s->nodes > s->budget) return PUZZLE_UNKNOWN;
    Move moves[MAX_MOVES];
    int n = fill_candidates(pos, left - outside, moves);
    for (int i = 0; i < n; i++) {
        fill_play(pos, moves[i]);
        int found = fill_search(s, pos, left - 1, line + 1);
        fill_unplay(pos, moves[i]);
        if (found != 0) {
            if (found == 1) line[0] = moves[i];
            return found;
        }
    }
    remember_short(s, pos->hash, left);
    return 0;
}

int fill_within(FillSolver *s, const Position *pos, int moves) {
    Position p = *pos;
    Move line[FILL_MAX_MOVES + 1];
    if (moves > FILL_MAX_MOVES) moves = FILL_MAX_MOVES;
    return fill_search(s, &p, moves, line);
}

int fill_solve(FillSolver *s, const Position *pos, int max_moves, Move line[FILL_MAX_MOVES]) {
    Position p = *pos;
    if (max_moves > FILL_MAX_MOVES) max_moves = FILL_MAX_MOVES;
    for (int depth = pieces_outside_goal(pos, (Side)pos->seat); depth <= max_moves; depth++) {
        int found = fill_search(s, &p, depth, line);
        if (found == PUZZLE_UNKNOWN) return PUZZLE_UNKNOWN;
        if (found == 1) return depth;
    }
    return PUZZLE_NONE;
}
