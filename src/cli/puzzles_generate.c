/*
 * puzzles_generate.c: the puzzles made from the engine's own games and from
 * set-ups (docs/PUZZLES.md, "How they are made").
 *
 * The computer plays games against itself at several pairs of levels, on a
 * node budget a move (so the same seed plays the same games); every
 * position on the way is offered to the three solvers, and so is a set of
 * random set-ups (races near home for fill and win, scattered armies for
 * chain).  A solver's proof has a budget a tenth of the verifier's, so
 * whatever is kept is proven again within it.  Of the candidates, each
 * kind's puzzles are picked evenly over the ratings found.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/puzzles.h"
#include "core/table.h"
#include "engine/player.h"
#include "engine/puzzle_solve.h"
#include "engine/random.h"

enum {
    GAME_NODES = 3000,            /* the players' nodes a move */
    PLAYER_HASH = 4 << 20,
    FILL_BUDGET = 100000,         /* at most a tenth of the verifier's (puzzles_verify.c) */
    CHAIN_BUDGET = 200000,
    WIN_BUDGET = 200000,
    FILL_TABLE = 4 << 20,
    FILL_MAX_SLACK = 2,           /* the longest fill tried: outside + 2 moves */
    SEEN_SLOTS = 1 << 18,
};

/* The pairs of levels that play the games mined, weak to strong. */
static const int LEVEL_PAIRS[][2] = {{1, 2}, {2, 4}, {3, 5}, {4, 7}, {5, 8}, {6, 9}, {8, 10}, {10, 10}};
enum { LEVEL_PAIR_COUNT = sizeof LEVEL_PAIRS / sizeof LEVEL_PAIRS[0] };

typedef struct {
    PuzzleList candidates[PUZZLE_KINDS];
    uint64_t *seen;               /* positions already offered, per kind (key ^ kind) */
    void *fill_memory;
    char source[PUZZLE_SOURCE_SIZE];
    bool from_game, ok;
    GenerateStats *stats;
} Miner;

static double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

/* True the first time a position is offered for a kind. */
static bool first_offer(Miner *m, const Position *pos, PuzzleKind kind) {
    uint64_t key = (pos->hash ^ (uint64_t)(kind + 1) * GOLDEN_GAMMA) | 1;
    for (size_t i = key & (SEEN_SLOTS - 1);; i = (i + 1) & (SEEN_SLOTS - 1)) {
        if (m->seen[i] == key) return false;
        if (!m->seen[i]) {
            m->seen[i] = key;
            return true;
        }
    }
}

static void start_puzzle(Puzzle *p, const Miner *m, PuzzleKind kind, const Position *pos) {
    memset(p, 0, sizeof *p);
    p->kind = kind;
    p->variant = (Variant)pos->variant;
    Text t = text_on(p->fen, sizeof p->fen);
    text_fen(&t, pos);
    memcpy(p->source, m->source, sizeof p->source);
}

static void add_move(Puzzle *p, const Position *before, Move mv) {
    Text t = text_on(p->solution[p->solution_length], MOVE_TEXT_SIZE);
    text_move(&t, before, mv);
    p->solution_length++;
}

static void keep(Miner *m, const Puzzle *p) {
    if (!puzzle_list_add(&m->candidates[p->kind], p)) m->ok = false;
    if (m->from_game) m->stats->from_games[p->kind]++;
    else m->stats->from_setups[p->kind]++;
}

static bool opponent_in_goal(const Position *pos) {
    Side side = (Side)pos->seat;
    return !bb_is_empty(bb_and(pos->pieces[side ^ 1], goal_of((Variant)pos->variant, side)));
}

/* The root moves that begin a shortest fill of n moves: the answers. */
static int fill_answers(FillSolver *s, const Position *pos, int n) {
    MoveList list;
    generate_moves(pos, &list);
    int answers = 0;
    for (int i = 0; i < list.count; i++) {
        Position after = *pos;
        fill_play(&after, list.moves[i]);
        if (position_has_won(&after, (Side)pos->seat) || fill_within(s, &after, n - 1) == 1) answers++;
    }
    return answers ? answers : 1;
}

static void try_fill(Miner *m, const Position *pos) {
    Side side = (Side)pos->seat;
    int outside = pieces_outside_goal(pos, side);
    if (outside < 2 || outside > 6 || opponent_in_goal(pos) || !first_offer(m, pos, PUZZLE_FILL)) return;
    FillSolver s;
    fill_solver_init(&s, m->fill_memory, FILL_TABLE, FILL_BUDGET);
    Move line[FILL_MAX_MOVES];
    int n = fill_solve(&s, pos, outside + FILL_MAX_SLACK, line);
    if (n <= 0) return;
    Puzzle p;
    start_puzzle(&p, m, PUZZLE_FILL, pos);
    p.target = n;
    Position at = *pos;
    for (int i = 0; i < n; i++) {
        add_move(&p, &at, line[i]);
        fill_play(&at, line[i]);
    }
    s.budget = s.nodes + 4 * FILL_BUDGET;
    MoveList list;
    generate_moves(pos, &list);
    p.rating = puzzle_rating(PUZZLE_FILL, n, n - outside, list.count, fill_answers(&s, pos, n));
    keep(m, &p);
}

static void try_chain(Miner *m, const Position *pos) {
    if (!first_offer(m, pos, PUZZLE_CHAIN)) return;
    ChainAnswer a;
    if (!chain_longest(pos, CHAIN_BUDGET, &a) || a.hops < 2) return;
    Puzzle p;
    start_puzzle(&p, m, PUZZLE_CHAIN, pos);
    p.target = a.hops;
    Text t = text_on(p.solution[0], MOVE_TEXT_SIZE);
    text_path(&t, a.path, a.path_length);
    p.solution_length = 1;
    p.rating = puzzle_rating(PUZZLE_CHAIN, a.hops, 0, a.chains, a.pieces);
    keep(m, &p);
}

/* The main line of a proven win in n: the winning move, the longest
 * defence, and so on; false if a budget ran out on the way. */
static bool win_line(Puzzle *p, const Position *start, int n, Move first) {
    Position pos = *start;
    Move mv = first;
    for (int left = n;; left--) {
        add_move(p, &pos, mv);
        position_make(&pos, mv);
        if (left == 1) return true;
        Move reply;
        if (!win_longest_defence(&pos, left - 1, WIN_BUDGET, &reply)) return false;
        add_move(p, &pos, reply);
        position_make(&pos, reply);
        WinAnswer a;
        if (win_solve(&pos, left - 1, WIN_BUDGET, &a) <= 0) return false;
        mv = a.first;
        left = a.moves + 1; /* a defence may shorten it; the line follows the proof */
    }
}

static void try_win(Miner *m, const Position *pos) {
    Side side = (Side)pos->seat;
    int outside = pieces_outside_goal(pos, side);
    if (outside < 1 || outside > WIN_MAX_MOVES || pos->turns + 2 * WIN_MAX_MOVES > DEFAULT_TURN_LIMIT) return;
    if (position_has_won(pos, (Side)(side ^ 1)) || !first_offer(m, pos, PUZZLE_WIN)) return;
    WinAnswer a;
    int n = win_solve(pos, WIN_MAX_MOVES, WIN_BUDGET, &a);
    if (n <= 0 || a.winning_first_moves != 1) return;
    Puzzle p;
    start_puzzle(&p, m, PUZZLE_WIN, pos);
    p.target = n;
    if (!win_line(&p, pos, n, a.first) || p.solution_length != 2 * n - 1) return;
    p.rating = puzzle_rating(PUZZLE_WIN, n, n - outside, a.alternatives, 1);
    keep(m, &p);
}

static void offer(Miner *m, const Position *pos) {
    Side side = (Side)pos->seat;
    Variant v = (Variant)pos->variant;
    if (position_has_won(pos, WHITE) || position_has_won(pos, BLACK)) return;
    int behind = pieces_outside_goal(pos, (Side)(side ^ 1)), outside = pieces_outside_goal(pos, side);
    if (outside >= variant_pieces(v) / 3 && behind >= variant_pieces(v) / 3 && pos->turns >= 8 && pos->turns % 3 == 0)
        try_chain(m, pos);
    try_fill(m, pos);
    try_win(m, pos);
}

static int random_below(uint64_t *rng, int n) { return (int)(random_next(rng) % (uint64_t)n); }

/* One game between two levels, each position offered on the way.  It
 * opens with two to six random moves, so that the levels without noise
 * play a new game each time. */
static void mine_game(Miner *m, Player *players[2], Table *t, int game, uint64_t seed) {
    const int *levels = LEVEL_PAIRS[game % LEVEL_PAIR_COUNT];
    Variant v = game % 3 == 2 ? VARIANT_13 : VARIANT_19;
    table_start(t, (TableSeating){2, false, variant_pieces(v), RULES_STANDARD}, 0);
    for (int side = 0; side < 2; side++) {
        player_new_game(players[side], t);
        player_set_level(players[side], levels[(side + game / LEVEL_PAIR_COUNT) % 2]);
        player_seed(players[side], random_next(&seed));
    }
    snprintf(m->source, sizeof m->source, "game %d-%d", levels[0], levels[1]);
    PlayerLimits limits = player_limits_none();
    limits.nodes = GAME_NODES;
    int opening = 2 + random_below(&seed, 5);
    while (!table_verdict(t).over) {
        const Position *pos = &t->game.pos;
        offer(m, pos);
        Move mv;
        if (table_length(t) < opening) {
            MoveList list;
            table_generate(t, &list);
            mv = list.moves[random_below(&seed, list.count)];
        } else {
            mv = player_think(players[pos->seat], t, &limits, NULL, NULL);
        }
        table_play(t, mv);
    }
}

/* A random empty square whose goal distance for `side` is within [lo, hi]
 * and outside `avoid`. */
static int random_square(uint64_t *rng, const Position *pos, Side side, int lo, int hi, Bitboard avoid) {
    for (;;) {
        int sq = random_below(rng, NUM_SQUARES), d = goal_distance(side, sq);
        if (d >= lo && d <= hi && pos->at[sq] == NO_PIECE && !bb_has(&avoid, sq)) return sq;
    }
}

/* A race near home: the side to move with a few pieces to bring in, the
 * other side's pieces partly home and partly on the way (stones to hop). */
static void setup_race(uint64_t *rng, Position *pos, int min_holes, int max_holes) {
    Variant v = random_below(rng, 3) == 2 ? VARIANT_13 : VARIANT_19;
    Side side = (Side)random_below(rng, 2), other = (Side)(side ^ 1);
    int n = variant_pieces(v), holes = min_holes + random_below(rng, max_holes - min_holes + 1);
    int reach = 6 + holes + random_below(rng, 6);
    Bitboard goal = goal_of(v, side), home = goal_of(v, other);
    position_clear(pos, v);
    Bitboard squares = goal;
    int order[19], count = 0;
    while (!bb_is_empty(squares)) order[count++] = bb_pop(&squares);
    for (int i = count - 1; i > 0; i--) {
        int j = random_below(rng, i + 1), x = order[i];
        order[i] = order[j];
        order[j] = x;
    }
    for (int i = holes; i < n; i++) position_put(pos, order[i], side);
    for (int i = 0; i < holes; i++) position_put(pos, random_square(rng, pos, side, 4, reach, goal), side);
    int away = 2 + random_below(rng, 8);
    for (int i = 0; i < n - away; i++) position_put(pos, random_square(rng, pos, other, 0, 7, goal), other);
    for (int i = 0; i < away; i++) position_put(pos, random_square(rng, pos, side, 3, reach + 2, bb_or(goal, home)), other);
    int turns = 120 + random_below(rng, 100);
    pos->turns = turns - (turns % 2) + (side == BLACK);
    if (side == BLACK) {
        pos->seat = BLACK;
        pos->hash ^= ZOBRIST_BLACK_TO_MOVE;
    }
}

/* Two armies scattered over the middle: ladders and long chains. */
static void setup_scatter(uint64_t *rng, Position *pos) {
    Variant v = random_below(rng, 3) == 2 ? VARIANT_13 : VARIANT_19;
    Side side = (Side)random_below(rng, 2);
    Bitboard camps = bb_or(camp_of(v, WHITE), camp_of(v, BLACK));
    position_clear(pos, v);
    int lo = 6 + random_below(rng, 4), hi = lo + 8 + random_below(rng, 8);
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < variant_pieces(v); i++) position_put(pos, random_square(rng, pos, WHITE, lo, hi, camps), (Side)s);
    pos->turns = 40 + random_below(rng, 40) * 2 + (side == BLACK);
    if (side == BLACK) {
        pos->seat = BLACK;
        pos->hash ^= ZOBRIST_BLACK_TO_MOVE;
    }
}

static bool mine_games(Miner *m, const GenerateOptions *o) {
    Player *players[2] = {malloc(sizeof(Player)), malloc(sizeof(Player))};
    void *hash[2] = {malloc(PLAYER_HASH), malloc(PLAYER_HASH)};
    Table *t = malloc(sizeof *t);
    bool ok = players[0] && players[1] && hash[0] && hash[1] && t;
    if (ok) {
        player_init(players[0], hash[0], PLAYER_HASH);
        player_init(players[1], hash[1], PLAYER_HASH);
        uint64_t seed = o->seed;
        m->from_game = true;
        for (int g = 0; g < o->games; g++) {
            mine_game(m, players, t, g, random_next(&seed));
            if (!o->quiet)
                fprintf(stderr, "game %d/%d: %d fill, %d chain, %d win\n", g + 1, o->games, m->candidates[0].count,
                        m->candidates[1].count, m->candidates[2].count);
        }
    }
    free(players[0]);
    free(players[1]);
    free(hash[0]);
    free(hash[1]);
    free(t);
    return ok;
}

/* Set-ups for each kind until it has three times the puzzles wanted, or
 * SETUP_TRIES times as many set-ups were tried. */
enum { SETUP_TRIES = 20 };

static void mine_setups(Miner *m, const GenerateOptions *o) {
    uint64_t rng = o->seed ^ 0x5E7095E7095E7ULL;
    m->from_game = false;
    snprintf(m->source, sizeof m->source, "setup");
    int want = o->per_kind * 3, tries = o->per_kind * SETUP_TRIES;
    Position pos;
    for (int i = 0; i < tries && m->candidates[PUZZLE_FILL].count < want; i++) {
        setup_race(&rng, &pos, 2, 6);
        try_fill(m, &pos);
    }
    for (int i = 0; i < tries && m->candidates[PUZZLE_CHAIN].count < want; i++) {
        setup_scatter(&rng, &pos);
        try_chain(m, &pos);
    }
    for (int i = 0; i < 10 * tries && m->candidates[PUZZLE_WIN].count < want; i++) {
        setup_race(&rng, &pos, 1, 3);
        try_win(m, &pos);
    }
}

static int by_rating(const void *a, const void *b) {
    const Puzzle *x = a, *y = b;
    if (x->rating != y->rating) return x->rating < y->rating ? -1 : 1;
    return strcmp(x->fen, y->fen);
}

/* per_kind of the candidates, spread evenly over their ratings: for each
 * rating of an even ladder from the lowest to the highest, the nearest
 * candidate not yet taken. */
static bool pick(PuzzleList *candidates, PuzzleKind kind, int per_kind, PuzzleList *out) {
    int n = candidates->count;
    if (n == 0) return true;
    qsort(candidates->items, (size_t)n, sizeof(Puzzle), by_rating);
    bool *taken = calloc((size_t)n, 1);
    if (!taken) return false;
    int lo = candidates->items[0].rating, hi = candidates->items[n - 1].rating, picked = per_kind < n ? per_kind : n;
    for (int i = 0; i < picked; i++) {
        int target = picked > 1 ? lo + (int)((long long)(hi - lo) * i / (picked - 1)) : lo, best = -1;
        for (int j = 0; j < n; j++)
            if (!taken[j] && (best < 0 || abs(candidates->items[j].rating - target) < abs(candidates->items[best].rating - target)))
                best = j;
        taken[best] = true;
    }
    int number = 0;
    bool ok = true;
    for (int j = 0; j < n && ok; j++) {
        if (!taken[j]) continue;
        Puzzle *p = &candidates->items[j];
        snprintf(p->id, sizeof p->id, "%s-%03d", puzzle_kind_name(kind), ++number);
        ok = puzzle_list_add(out, p);
    }
    free(taken);
    return ok;
}

bool puzzles_generate(const GenerateOptions *o, PuzzleList *out, GenerateStats *stats) {
    Miner m = {.seen = calloc(SEEN_SLOTS, sizeof(uint64_t)), .fill_memory = malloc(FILL_TABLE), .ok = true, .stats = stats};
    *stats = (GenerateStats){0};
    bool ok = m.seen && m.fill_memory;
    if (ok) {
        double start = now_seconds();
        ok = mine_games(&m, o);
        stats->seconds_games = now_seconds() - start;
        start = now_seconds();
        if (ok) mine_setups(&m, o);
        stats->seconds_setups = now_seconds() - start;
    }
    for (int k = 0; k < PUZZLE_KINDS; k++) {
        stats->candidates[k] = m.candidates[k].count;
        if (ok && m.ok) ok = pick(&m.candidates[k], (PuzzleKind)k, o->per_kind, out);
        puzzle_list_free(&m.candidates[k]);
    }
    free(m.seen);
    free(m.fill_memory);
    return ok && m.ok;
}
