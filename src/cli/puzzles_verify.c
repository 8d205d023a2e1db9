/*
 * puzzles_verify.c: every claim of a puzzle checked again from its line
 * alone (docs/PUZZLES.md, "Verification"): the position read as the core
 * reads a FEN, every move of the solution read as the core reads a written
 * move (its whole path checked hop by hop), and the proof made again from
 * scratch, never taken from the file: the longest chain by a walk of its
 * own, the fill and the win by the solvers with fresh tables and ten times
 * the generator's budget.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/puzzles.h"
#include "core/game.h"
#include "core/movecheck.h"
#include "engine/puzzle_solve.h"

/* The budgets of the proofs: the generator keeps only puzzles proven well
 * within them (puzzles_generate.c), so a verification never runs out. */
enum {
    VERIFY_FILL_BUDGET = 4000000,
    VERIFY_CHAIN_BUDGET = 4000000,
    VERIFY_WIN_BUDGET = 4000000,
    VERIFY_FILL_TABLE = 1 << 24,
};

static bool failed(char *err, size_t size, const char *message) {
    snprintf(err, size, "%s", message);
    return false;
}

/* Reads move i of the solution in pos; false with the core's reason. */
static bool read_solution_move(const Position *pos, const Puzzle *p, int i, Move *m, char *err, size_t size) {
    Refusal why;
    const char *s = p->solution[i];
    bool read = move_read(pos, s, (int)strlen(s), m, &why);
    if (read && !move_is_pass(*m)) return true;
    char reason[256] = "a pass is no answer";
    if (!read) {
        Text t = text_on(reason, sizeof reason);
        refusal_write(&why, &t);
    }
    snprintf(err, size, "move %d \"%s\" is refused: %s", i + 1, s, reason);
    return false;
}

static bool verify_fill(const Puzzle *p, Position pos, char *err, size_t size) {
    Side side = (Side)pos.seat;
    if (p->solution_length != p->target) return failed(err, size, "the solution's length is not its \"moves\"");
    Position start = pos;
    for (int i = 0; i < p->solution_length; i++) {
        if (position_has_won(&pos, side)) return failed(err, size, "the goal is filled before the solution ends");
        Move m;
        if (!read_solution_move(&pos, p, i, &m, err, size)) return false;
        fill_play(&pos, m);
    }
    if (!position_has_won(&pos, side)) return failed(err, size, "the solution does not fill the goal");
    void *memory = malloc(VERIFY_FILL_TABLE);
    if (!memory) return failed(err, size, "out of memory");
    FillSolver solver;
    fill_solver_init(&solver, memory, VERIFY_FILL_TABLE, VERIFY_FILL_BUDGET);
    int shorter = fill_within(&solver, &start, p->target - 1);
    free(memory);
    if (shorter == 1) return failed(err, size, "a shorter fill exists");
    if (shorter != 0) return failed(err, size, "no proof that no shorter fill exists within the budget");
    return true;
}

/* The longest chain proven by a walk of its own, not the solver's: hops
 * found from the squares' files and ranks (not the core's hop tables), a
 * square landed on at most once.  The most hops of a chain from `sq` that
 * ends on a square where it may (`ends`, never its start), -1 for none;
 * -2 once *budget runs out. */
typedef struct {
    const Position *pos;
    bool landed[NUM_SQUARES];
    Bitboard ends;
    long budget;
} ChainCheck;

static int most_hops_from(ChainCheck *c, int sq, bool may_end) {
    if (--c->budget < 0) return -2;
    int best = may_end && bb_has(&c->ends, sq) ? 0 : -1;
    for (int df = -1; df <= 1; df++)
        for (int dr = -1; dr <= 1; dr++) {
            int file = square_file(sq) + 2 * df, rank = square_rank(sq) + 2 * dr;
            if ((!df && !dr) || file < 0 || file >= BOARD_SIZE || rank < 0 || rank >= BOARD_SIZE) continue;
            int over = square_at(file - df, rank - dr), land = square_at(file, rank);
            if (c->pos->at[over] == NO_PIECE || c->pos->at[land] != NO_PIECE || c->landed[land]) continue;
            c->landed[land] = true;
            int hops = most_hops_from(c, land, true);
            c->landed[land] = false;
            if (hops == -2) return -2;
            if (hops >= 0 && hops + 1 > best) best = hops + 1;
        }
    return best;
}

/* The most hops of any legal chain of the side to move; -2 past the budget. */
static int most_hops(const Position *pos) {
    static ChainCheck c;
    Side side = (Side)pos->seat;
    Bitboard goal = goal_of((Variant)pos->variant, side), own = pos->pieces[side];
    c = (ChainCheck){.pos = pos, .budget = VERIFY_CHAIN_BUDGET};
    int best = 0;
    while (!bb_is_empty(own)) {
        int from = bb_pop(&own);
        c.ends = bb_has(&goal, from) ? goal : (Bitboard){{~0ULL, ~0ULL, ~0ULL, ~0ULL}};
        c.landed[from] = true;
        int hops = most_hops_from(&c, from, false);
        c.landed[from] = false;
        if (hops == -2) return -2;
        if (hops > best) best = hops;
    }
    return best;
}

static bool verify_chain(const Puzzle *p, Position pos, char *err, size_t size) {
    if (p->solution_length != 1) return failed(err, size, "a chain's solution is one move");
    Move m;
    if (!read_solution_move(&pos, p, 0, &m, err, size)) return false;
    uint8_t path[MAX_PATH];
    Refusal why;
    int squares = path_parse(p->solution[0], (int)strlen(p->solution[0]), path, &why);
    if (squares < 2 || hop_over(path[0], path[1]) < 0) return failed(err, size, "the solution is no jump chain");
    if (squares - 1 != p->target) return failed(err, size, "the solution's hops are not its \"hops\"");
    int most = most_hops(&pos);
    if (most == -2) return failed(err, size, "no proof of the longest chain within the budget");
    if (most != p->target) {
        snprintf(err, size, "the longest chain has %d hops, not %d", most, p->target);
        return false;
    }
    return true;
}

static bool verify_win(const Puzzle *p, Position pos, char *err, size_t size) {
    Side attacker = (Side)pos.seat;
    if (p->target > WIN_MAX_MOVES || p->solution_length != 2 * p->target - 1)
        return failed(err, size, "a win in N has a main line of 2N - 1 moves, N at most 3");
    if (pos.turns + 2 * p->target > DEFAULT_TURN_LIMIT) return failed(err, size, "the turn limit comes first");
    Position start = pos;
    Move first = MOVE_PASS;
    for (int i = 0; i < p->solution_length; i++) {
        if (position_has_won(&pos, WHITE) || position_has_won(&pos, BLACK))
            return failed(err, size, "the game is over before the main line ends");
        Move m;
        if (!read_solution_move(&pos, p, i, &m, err, size)) return false;
        if (i == 0) first = m;
        position_make(&pos, m);
    }
    if (!position_has_won(&pos, attacker)) return failed(err, size, "the main line does not win");
    WinAnswer answer;
    int n = win_solve(&start, p->target, VERIFY_WIN_BUDGET, &answer);
    if (n == PUZZLE_UNKNOWN) return failed(err, size, "no proof of the forced win within the budget");
    if (n != p->target) {
        snprintf(err, size, n == PUZZLE_NONE ? "no forced win in %d" : "a forced win in fewer than %d", p->target);
        return false;
    }
    if (answer.winning_first_moves != 1) return failed(err, size, "more than one first move wins");
    if (!move_equal(answer.first, first)) return failed(err, size, "the solution's first move is not the winning one");
    return true;
}

bool puzzle_verify(const Puzzle *p, char *err, size_t size) {
    Position pos;
    Refusal why;
    if (!fen_parse(p->fen, p->variant, &pos, &why)) {
        char reason[256];
        Text t = text_on(reason, sizeof reason);
        refusal_write(&why, &t);
        snprintf(err, size, "bad fen: %s", reason);
        return false;
    }
    if (position_has_won(&pos, WHITE) || position_has_won(&pos, BLACK))
        return failed(err, size, "the game is already over");
    switch (p->kind) {
    case PUZZLE_FILL: return verify_fill(p, pos, err, size);
    case PUZZLE_CHAIN: return verify_chain(p, pos, err, size);
    default: return verify_win(p, pos, err, size);
    }
}
