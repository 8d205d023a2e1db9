/*
 * Properties over many games, checked against a reference written another
 * way: a move generator that closes the hop relation by plain fixpoint
 * iteration over the whole board, and a judge that keeps every position of
 * the game and compares them square by square.
 *
 * Games mix random moves with the greedy player's, so that they reach the
 * goal camps, get stuck, repeat positions and sometimes end in a win.  The
 * number of games comes from HALMA_PROPERTY_GAMES (default 400).
 */
#include "helpers.h"

#include <stdlib.h>

#include "engine/greedy.h"

static const int DIRS[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};

static bool on_board(int file, int rank) { return file >= 0 && file < 16 && rank >= 0 && rank < 16; }

/* Hop distance from `from` to every square (-1: unreachable), by rounds,
 * never landing on a square of `avoid`. */
static void reference_hops_avoiding(const Position *pos, int from, Bitboard avoid, int dist[256]) {
    for (int s = 0; s < 256; s++) dist[s] = -1;
    dist[from] = 0;
    for (int round = 0, changed = 1; changed; round++) {
        changed = 0;
        for (int s = 0; s < 256; s++) {
            if (dist[s] != round) continue;
            for (int d = 0; d < 8; d++) {
                int f1 = s % 16 + DIRS[d][0], r1 = s / 16 + DIRS[d][1];
                int f2 = s % 16 + 2 * DIRS[d][0], r2 = s / 16 + 2 * DIRS[d][1];
                if (!on_board(f2, r2)) continue;
                int over = r1 * 16 + f1, land = r2 * 16 + f2;
                if (pos->at[over] != NO_PIECE && pos->at[land] == NO_PIECE && dist[land] < 0 && !bb_has(&avoid, land)) {
                    dist[land] = round + 1;
                    changed = 1;
                }
            }
        }
    }
}

static void reference_hops(const Position *pos, int from, int dist[256]) {
    reference_hops_avoiding(pos, from, (Bitboard){{0, 0, 0, 0}}, dist);
}

static bool reference_in_goal(const Position *pos, Side side, int s) {
    int f = s % 16, r = s / 16;
    /* The goal of White is Black's camp at a16, and the other way round. */
    int dx = side == WHITE ? f : 15 - f, dy = side == WHITE ? 15 - r : r;
    int edge = pos->variant == VARIANT_13 ? 4 : 5;
    return dx + dy <= edge && !(dx == edge && dy == 0) && !(dx == 0 && dy == edge);
}

/* Is (from, to) legal by the reference? Fills the hop count of a chain. */
static bool reference_legal(const Position *pos, int from, int to, int *hops) {
    int side = pos->seat;
    if (pos->at[from] != side || pos->at[to] != NO_PIECE || from == to) return false;
    if (reference_in_goal(pos, (Side)side, from) && !reference_in_goal(pos, (Side)side, to)) return false;
    int df = abs(to % 16 - from % 16), dr = abs(to / 16 - from / 16);
    if (df <= 1 && dr <= 1) {
        *hops = 0;
        return true;
    }
    int dist[256];
    reference_hops(pos, from, dist);
    *hops = dist[to];
    return dist[to] > 0;
}

static void check_moves(const Position *pos) {
    MoveList list;
    generate_moves(pos, &list);
    bool listed[256][256];
    memset(listed, 0, sizeof listed);
    for (int i = 0; i < list.count; i++) {
        Move m = list.moves[i];
        if (move_is_pass(m)) continue;
        cr_assert_not(listed[m.from][m.to], "duplicate move");
        listed[m.from][m.to] = true;
    }
    int legal = 0;
    for (int from = 0; from < 256; from++) {
        if (pos->at[from] != pos->seat) continue;
        /* The early-stopping chain search agrees with the full one, for the
         * goal camp and each quarter of the board (four ranks a word). */
        Bitboard jumps = jump_destinations(pos, from);
        Bitboard sets[5] = {goal_of((Variant)pos->variant, (Side)pos->seat)};
        for (int w = 0; w < 4; w++) sets[w + 1].w[w] = ~0ULL;
        for (int k = 0; k < 5; k++)
            cr_assert_eq(jump_lands_in(pos, from, sets[k]), !bb_is_empty(bb_and(jumps, sets[k])), "set %d from %d", k, from);
        /* Chains that may not land on the squares of a set (the web page
         * extends a chain so) land where the reference's do. */
        for (int k = 0; k < 5; k++) {
            int dist[256];
            reference_hops_avoiding(pos, from, sets[k], dist);
            Bitboard want = {{0, 0, 0, 0}};
            for (int s = 0; s < 256; s++)
                if (dist[s] > 0) bb_add(&want, s);
            cr_assert(bb_equal(chain_landings(pos, from, sets[k]), want), "avoiding set %d from %d", k, from);
        }
        for (int to = 0; to < 256; to++) {
            int hops = -1;
            bool ok = reference_legal(pos, from, to, &hops);
            cr_assert_eq(ok, listed[from][to], "move %d-%d: reference %d, generator %d", from, to, ok, listed[from][to]);
            if (!ok) continue;
            legal++;
            uint8_t path[MAX_PATH];
            int n = shortest_path(pos, from, to, path);
            cr_assert_eq(n, hops ? hops + 1 : 2, "path of %d-%d is not a shortest one", from, to);
            Move back = read_move(pos, move_text(pos, (Move){(uint8_t)from, (uint8_t)to}));
            cr_assert(back.from == from && back.to == to);
        }
    }
    cr_assert_eq(list.count, legal ? legal : 1);
    cr_assert_eq(count_moves(pos), list.count);
    /* Several pieces' chains at once (either side's, in any order) agree
     * with one piece's at a time. */
    for (int side = 0; side < 2; side++) {
        int squares[19], n = 0;
        for (int sq = 255; sq >= 0; sq--)
            if (pos->at[sq] == side) squares[n++] = sq;
        Bitboard landings[19];
        pieces_jump_destinations(pos, squares, n, landings);
        for (int i = 0; i < n; i++)
            cr_assert(bb_equal(landings[i], jump_destinations(pos, squares[i])), "chains of the piece on %d", squares[i]);
    }
}

static void check_make_unmake_and_fen(const Position *pos, Move m) {
    Position copy = *pos;
    position_make(&copy, m);
    cr_assert_eq(copy.hash, position_compute_hash(&copy));
    char fen[FEN_TEXT_SIZE];
    Text t = text_on(fen, sizeof fen);
    text_fen(&t, &copy);
    Position back = position_from_fen((Variant)copy.variant, fen);
    cr_assert(position_same(&back, &copy) && back.turns == copy.turns && back.hash == copy.hash);
    position_unmake(&copy, m);
    cr_assert_eq(memcmp(&copy, pos, sizeof copy), 0);
}

typedef struct {
    Position seen[MAX_TURN_LIMIT + 1];
    int count;
} History;

static Result reference_result(const History *h, int turn_limit) {
    const Position *now = &h->seen[h->count - 1];
    for (int side = WHITE; side <= BLACK; side++) {
        bool home = true;
        for (int s = 0; s < 256; s++)
            if (now->at[s] == side && !reference_in_goal(now, (Side)side, s)) home = false;
        if (home) return side == WHITE ? RESULT_WHITE_WINS : RESULT_BLACK_WINS;
    }
    int same = 0;
    for (int i = 0; i < h->count; i++)
        same += h->seen[i].seat == now->seat && !memcmp(h->seen[i].at, now->at, sizeof now->at);
    if (same >= 3) return RESULT_DRAW_REPETITION;
    return now->turns >= turn_limit ? RESULT_DRAW_TURN_LIMIT : RESULT_ONGOING;
}

static int property_games(void) {
    const char *env = getenv("HALMA_PROPERTY_GAMES");
    return env ? atoi(env) : 400;
}

static Move pick_move(const Position *pos, unsigned *seed, int greedy_percent) {
    MoveList list;
    generate_moves(pos, &list);
    if ((int)(test_random(seed) % 100) < greedy_percent) return greedy_move(pos);
    return list.moves[test_random(seed) % (unsigned)list.count];
}

Test(properties, hold_over_many_games, .timeout = 600) {
    static Game game;
    static History history;
    int games = property_games(), wins = 0, repetitions = 0, limits = 0;
    for (int g = 0; g < games; g++) {
        unsigned seed = (unsigned)g * 2654435761u + 1;
        Variant variant = g % 2 ? VARIANT_13 : VARIANT_19;
        int turn_limit = g % 5 == 0 ? 60 + g % 40 : DEFAULT_TURN_LIMIT;
        int greedy_percent = (int)(test_random(&seed) % 90) + 10;
        game_start(&game, variant, turn_limit);
        history.seen[0] = game.pos;
        history.count = 1;
        while (game.result == RESULT_ONGOING) {
            bool deep = game.pos.turns % 16 == 0; /* the full check is slow: sample it */
            if (deep) check_moves(&game.pos);
            Move m = pick_move(&game.pos, &seed, greedy_percent);
            if (deep) check_make_unmake_and_fen(&game.pos, m);
            cr_assert(game_play(&game, m));
            history.seen[history.count++] = game.pos;
            cr_assert_eq(game.result, reference_result(&history, turn_limit), "game %d turn %d", g, game.pos.turns);
        }
        cr_assert_not(game_play(&game, MOVE_PASS), "a move was accepted after the end");
        wins += game.result == RESULT_WHITE_WINS || game.result == RESULT_BLACK_WINS;
        repetitions += game.result == RESULT_DRAW_REPETITION;
        limits += game.result == RESULT_DRAW_TURN_LIMIT;
    }
    cr_log_info("%d games: %d wins, %d repetitions, %d turn limits", games, wins, repetitions, limits);
    if (games >= 100) cr_assert(wins > 0 && repetitions > 0 && limits > 0, "the games did not reach every ending");
}

Test(properties, perft_divide_sums_in_played_positions) {
    static Game game;
    for (unsigned g = 0; g < 20; g++) {
        unsigned seed = g + 99;
        game_start(&game, g % 2 ? VARIANT_13 : VARIANT_19, DEFAULT_TURN_LIMIT);
        for (int i = 0; i < (int)(g * 7) && game.result == RESULT_ONGOING; i++) game_play(&game, pick_move(&game.pos, &seed, 70));
        assert_divide_sums(&game.pos, 3);
    }
}
