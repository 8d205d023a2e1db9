/*
 * puzzle_win.c: a forced win in at most three of one's own moves, against
 * every defence (docs/PUZZLES.md, win).
 *
 * An AND-OR search: some move of the attacker wins at once or leaves a
 * position in which every reply of the defender (a reply that wins for the
 * defender refutes) still loses within one move fewer.  Cut by the bound of
 * the fill: more pieces outside the goal than moves left cannot win, and
 * with none to spare only moves bringing a piece in are tried; the last
 * move is one lookup (the lone piece outside to the lone free goal square).
 * Within five plies of a FEN neither repetition nor the turn limit can
 * end the game (docs/DECISIONS.md), so positions alone decide.
 */
#include "engine/puzzle_solve.h"

typedef struct {
    uint64_t nodes, budget;
} WinSearch;

static int attacker_wins(WinSearch *w, Position *pos, int moves);

/* The last move: a win iff one piece is outside and can reach the one goal
 * square it leaves free. */
static int wins_in_one(const Position *pos) {
    Side side = (Side)pos->seat;
    Bitboard goal = goal_of((Variant)pos->variant, side);
    Bitboard outside = bb_minus(pos->pieces[side], goal);
    Bitboard free = bb_minus(goal, pos->pieces[side]);
    if (bb_count(outside) != 1 || bb_count(free) != 1) return 0;
    Move m = {(uint8_t)bb_pop(&outside), (uint8_t)bb_pop(&free)};
    return pos->at[m.to] == NO_PIECE && move_is_legal(pos, m);
}

/* The attacker has just moved: 1 when every defence loses within `moves`
 * more attacking moves. */
static int every_defence_loses(WinSearch *w, Position *pos, int moves) {
    Side defender = (Side)pos->seat;
    if (++w->nodes > w->budget) return PUZZLE_UNKNOWN;
    MoveList replies;
    generate_moves(pos, &replies);
    for (int i = 0; i < replies.count; i++) {
        position_make(pos, replies.moves[i]);
        int wins = position_has_won(pos, defender) ? 0 : attacker_wins(w, pos, moves);
        position_unmake(pos, replies.moves[i]);
        if (wins != 1) return wins;
    }
    return 1;
}

static int win_with(WinSearch *w, Position *pos, Move m, int moves) {
    Side side = (Side)pos->seat;
    position_make(pos, m);
    int wins = position_has_won(pos, side) ? 1 : moves > 1 ? every_defence_loses(w, pos, moves - 1) : 0;
    position_unmake(pos, m);
    return wins;
}

/* 1 when the side to move wins within `moves` of its own moves. */
static int attacker_wins(WinSearch *w, Position *pos, int moves) {
    Side side = (Side)pos->seat;
    Bitboard goal = goal_of((Variant)pos->variant, side);
    int outside = pieces_outside_goal(pos, side);
    if (outside > moves) return 0;
    if (moves == 1) return wins_in_one(pos);
    if (++w->nodes > w->budget) return PUZZLE_UNKNOWN;
    MoveList list;
    generate_moves(pos, &list);
    bool unknown = false;
    for (int i = 0; i < list.count; i++) {
        Move m = list.moves[i];
        bool enters = !move_is_pass(m) && !bb_has(&goal, m.from) && bb_has(&goal, m.to);
        if (outside == moves && !enters) continue;
        int wins = win_with(w, pos, m, moves);
        if (wins == 1) return 1;
        if (wins == PUZZLE_UNKNOWN) unknown = true;
    }
    return unknown ? PUZZLE_UNKNOWN : 0;
}

int win_after(const Position *pos, Move m, int moves, uint64_t budget, uint64_t *nodes) {
    WinSearch w = {0, budget};
    Position p = *pos;
    int wins = win_with(&w, &p, m, moves);
    if (nodes) *nodes += w.nodes;
    return wins;
}

int win_solve(const Position *pos, int max_moves, uint64_t budget, WinAnswer *answer) {
    *answer = (WinAnswer){0};
    MoveList list;
    generate_moves(pos, &list);
    answer->alternatives = list.count;
    if (max_moves > WIN_MAX_MOVES) max_moves = WIN_MAX_MOVES;
    for (int n = 1; n <= max_moves; n++) {
        int winners = 0;
        for (int i = 0; i < list.count; i++) {
            int wins = win_after(pos, list.moves[i], n, budget - answer->nodes, &answer->nodes);
            if (wins == PUZZLE_UNKNOWN || answer->nodes > budget) return PUZZLE_UNKNOWN;
            if (wins == 1 && winners++ == 0) answer->first = list.moves[i];
        }
        if (winners > 0) {
            answer->moves = n;
            answer->winning_first_moves = winners;
            return n;
        }
    }
    return PUZZLE_NONE;
}

/* The fewest attacking moves (1..moves) that win after this defence. */
static int moves_needed(WinSearch *w, Position *pos, int moves) {
    for (int n = 1; n <= moves; n++) {
        int wins = attacker_wins(w, pos, n);
        if (wins != 0) return wins == 1 ? n : PUZZLE_UNKNOWN;
    }
    return moves + 1;
}

bool win_longest_defence(const Position *pos, int moves, uint64_t budget, Move *reply) {
    WinSearch w = {0, budget};
    Position p = *pos;
    MoveList replies;
    generate_moves(&p, &replies);
    int longest = -1;
    for (int i = 0; i < replies.count; i++) {
        position_make(&p, replies.moves[i]);
        int needed = moves_needed(&w, &p, moves);
        position_unmake(&p, replies.moves[i]);
        if (needed == PUZZLE_UNKNOWN) return false;
        if (needed > longest) {
            longest = needed;
            *reply = replies.moves[i];
        }
    }
    return longest >= 0;
}
