/*
 * Properties of three and four players over many games, checked against a
 * reference written another way: a generator that floods the hop graph by
 * coordinates (no tables, no bitboards) and a judge that keeps every
 * position of the game and compares them square by square.
 *
 * Each kind (three players, four, four as partners) plays
 * HALMA_PROPERTY_GAMES games (default 400), mixing random moves, a greedy
 * choice by distance that brings seats home, and seats that undo their
 * last move so that positions repeat.
 */
#include "helpers.h"

#include <stdlib.h>

static const int DIRS[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};

static bool on_board(int file, int rank) { return file >= 0 && file < 16 && rank >= 0 && rank < 16; }

/* The far corner of each seat's goal (White's is a16, Black's p1, Red's
 * p16, Yellow's a1), by file and rank. */
static const int GOAL_CORNER[MAX_SEATS][2] = {{0, 15}, {15, 0}, {15, 15}, {0, 0}};

static bool reference_in_goal(int seat, int s) {
    int dx = abs(s % 16 - GOAL_CORNER[seat][0]), dy = abs(s / 16 - GOAL_CORNER[seat][1]);
    return dx + dy <= 4 && !(dx == 4 && dy == 0) && !(dx == 0 && dy == 4);
}

static int reference_distance(int seat, int s) {
    return abs(s % 16 - GOAL_CORNER[seat][0]) + abs(s / 16 - GOAL_CORNER[seat][1]);
}

/* Marks in reach[] every square a chain from `s` lands on, never landing
 * on a square of `avoid`, by depth-first recursion. */
static void reference_flood(const Position *pos, int s, const bool avoid[256], bool reach[256]) {
    for (int d = 0; d < 8; d++) {
        int f1 = s % 16 + DIRS[d][0], r1 = s / 16 + DIRS[d][1];
        int f2 = s % 16 + 2 * DIRS[d][0], r2 = s / 16 + 2 * DIRS[d][1];
        if (!on_board(f2, r2)) continue;
        int over = r1 * 16 + f1, land = r2 * 16 + f2;
        if (pos->at[over] == NO_SEAT || pos->at[land] != NO_SEAT || reach[land] || avoid[land]) continue;
        reach[land] = true;
        reference_flood(pos, land, avoid, reach);
    }
}

/* Hop distances from `from` by breadth-first rounds over reference_flood's
 * single hops: the length a shortest written chain must have. */
static void reference_hop_distance(const Position *pos, int from, int dist[256]) {
    for (int s = 0; s < 256; s++) dist[s] = -1;
    dist[from] = 0;
    for (int round = 0, changed = 1; changed; round++) {
        changed = 0;
        for (int s = 0; s < 256; s++) {
            if (dist[s] != round) continue;
            for (int d = 0; d < 8; d++) {
                int f2 = s % 16 + 2 * DIRS[d][0], r2 = s / 16 + 2 * DIRS[d][1];
                if (!on_board(f2, r2)) continue;
                int over = (s / 16 + DIRS[d][1]) * 16 + s % 16 + DIRS[d][0], land = r2 * 16 + f2;
                if (pos->at[over] != NO_SEAT && pos->at[land] == NO_SEAT && dist[land] < 0) {
                    dist[land] = round + 1;
                    changed = 1;
                }
            }
        }
    }
}

/* The reference's legal destinations of the piece on `from`. */
static void reference_destinations(const Position *pos, int from, bool legal[256]) {
    bool none[256] = {false}, reach[256] = {false};
    reach[from] = true;
    reference_flood(pos, from, none, reach);
    reach[from] = false;
    int seat = pos->at[from];
    for (int to = 0; to < 256; to++) {
        int df = abs(to % 16 - from % 16), dr = abs(to / 16 - from / 16);
        bool step = df <= 1 && dr <= 1 && to != from && pos->at[to] == NO_SEAT;
        legal[to] = (step || reach[to]) && !(reference_in_goal(seat, from) && !reference_in_goal(seat, to));
    }
}

static Bitboard set_of(const bool squares_in[256]) {
    Bitboard b = {{0, 0, 0, 0}};
    for (int s = 0; s < 256; s++)
        if (squares_in[s]) bb_add(&b, s);
    return b;
}

/* The generator's chains that may not land on a set agree with the
 * reference's, and the early-stopping search with the full one, for the
 * goal camp and each quarter of the board. */
static void check_chain_searches(const Position *pos, int from) {
    Bitboard sets[5] = {seat_goal(pos->seat)};
    for (int w = 0; w < 4; w++) sets[w + 1].w[w] = ~0ULL;
    Bitboard jumps = jump_destinations(pos, from);
    for (int k = 0; k < 5; k++) {
        bool avoid[256], reach[256] = {false};
        for (int s = 0; s < 256; s++) avoid[s] = bb_has(&sets[k], s);
        reach[from] = true;
        reference_flood(pos, from, avoid, reach);
        reach[from] = false;
        cr_assert(bb_equal(chain_landings(pos, from, sets[k]), set_of(reach)), "avoiding set %d from %d", k, from);
        cr_assert_eq(jump_lands_in(pos, from, sets[k]), !bb_is_empty(bb_and(jumps, sets[k])));
    }
}

static void check_moves(const Position *pos) {
    static MoveList list;
    generate_moves(pos, &list);
    static bool listed[256][256];
    memset(listed, 0, sizeof listed);
    for (int i = 0; i < list.count; i++) {
        Move m = list.moves[i];
        if (move_is_pass(m)) continue;
        cr_assert_not(listed[m.from][m.to], "duplicate move");
        listed[m.from][m.to] = true;
    }
    int legal_total = 0;
    for (int from = 0; from < 256; from++) {
        if (pos->at[from] != pos->seat) continue;
        check_chain_searches(pos, from);
        bool legal[256];
        reference_destinations(pos, from, legal);
        cr_assert(bb_equal(piece_destinations(pos, from), set_of(legal)), "destinations of %d", from);
        int dist[256];
        reference_hop_distance(pos, from, dist);
        for (int to = 0; to < 256; to++) {
            Move m = {(uint8_t)from, (uint8_t)to};
            cr_assert_eq(legal[to], listed[from][to], "move %d-%d: reference %d", from, to, legal[to]);
            cr_assert_eq(move_is_legal(pos, m), legal[to], "move_is_legal %d-%d", from, to);
            if (!legal[to]) continue;
            legal_total++;
            uint8_t path[MAX_PATH];
            int n = shortest_path(pos, from, to, path);
            bool step = abs(to % 16 - from % 16) <= 1 && abs(to / 16 - from / 16) <= 1;
            cr_assert_eq(n, step ? 2 : dist[to] + 1, "path of %d-%d is not a shortest one", from, to);
            char text[MOVE_TEXT_SIZE];
            Text t = text_on(text, sizeof text);
            text_move(&t, pos, m);
            Move back = multi_read(pos, text);
            cr_assert(move_equal(back, m), "%s read back", text);
        }
    }
    cr_assert_eq(list.count, legal_total ? legal_total : 1);
    cr_assert_eq(legal_count(pos), legal_total);
    cr_assert_eq(count_moves(pos), list.count);
    if (legal_total == 0) cr_assert(move_is_pass(multi_read(pos, "pass")));
}

static void check_make_unmake_and_fen(const Position *pos, Move m) {
    Position copy = *pos;
    position_make(&copy, m);
    cr_assert_eq(copy.hash, position_compute_hash(&copy));
    char fen[FEN_TEXT_SIZE];
    Text t = text_on(fen, sizeof fen);
    text_fen(&t, &copy);
    Position back = multi_from_fen(position_seating(&copy), fen);
    cr_assert(position_same(&back, &copy) && back.turns == copy.turns && back.hash == copy.hash, "%s", fen);
    position_unmake(&copy, m);
    cr_assert_eq(memcmp(&copy, pos, sizeof copy), 0);
}

typedef struct {
    Position seen[MAX_TURN_LIMIT + 1];
    int count;
} History;

static bool reference_home(const Position *pos, int seat) {
    int home = 0;
    for (int s = 0; s < 256; s++) home += pos->at[s] == seat && reference_in_goal(seat, s);
    return home == 13;
}

static Result reference_result(const History *h, int turn_limit) {
    const Position *now = &h->seen[h->count - 1];
    for (int seat = 0; seat < now->players; seat++) {
        if (!reference_home(now, seat)) continue;
        if (!now->partners) return (Result)(RESULT_WHITE_WINS + seat);
        if (reference_home(now, seat ^ 1)) return seat < 2 ? RESULT_WHITE_BLACK_WIN : RESULT_RED_YELLOW_WIN;
    }
    int same = 0;
    for (int i = 0; i < h->count; i++)
        same += h->seen[i].seat == now->seat && !memcmp(h->seen[i].at, now->at, sizeof now->at);
    if (same >= 3) return RESULT_DRAW_REPETITION;
    return now->turns >= turn_limit ? RESULT_DRAW_TURN_LIMIT : RESULT_ONGOING;
}

/* The move that brings the seat's pieces nearest their goal corner (ties
 * broken at random); 0 gain moves allowed, so play goes on when stuck. */
static Move greedy(const Position *pos, const MoveList *list, unsigned *seed) {
    int best = -1000, ties = 0;
    Move choice = list->moves[0];
    for (int i = 0; i < list->count; i++) {
        Move m = list->moves[i];
        if (move_is_pass(m)) return m;
        int gain = reference_distance(pos->seat, m.from) - reference_distance(pos->seat, m.to);
        if (reference_in_goal(pos->seat, m.to) && !reference_in_goal(pos->seat, m.from)) gain += 2;
        if (gain > best) best = gain, ties = 0;
        if (gain == best && test_random(seed) % (unsigned)++ties == 0) choice = m;
    }
    return choice;
}

typedef struct {
    int greedy_percent;
    bool undoing;            /* seats take their last move back when they can */
    Move last[MAX_SEATS];
} Chooser;

static Move pick_move(const Position *pos, Chooser *c, unsigned *seed) {
    static MoveList list;
    generate_moves(pos, &list);
    Move back = {c->last[pos->seat].to, c->last[pos->seat].from};
    Move m;
    if (c->undoing && !move_is_pass(back) && move_is_legal(pos, back)) m = back;
    else if ((int)(test_random(seed) % 100) < c->greedy_percent) m = greedy(pos, &list, seed);
    else m = list.moves[test_random(seed) % (unsigned)list.count];
    c->last[pos->seat] = m;
    return m;
}

static int property_games(void) {
    const char *env = getenv("HALMA_PROPERTY_GAMES");
    return env ? atoi(env) : 400;
}

static void play_games(Seating seating) {
    static Game game;
    static History history;
    int games = property_games(), wins = 0, repetitions = 0, limits = 0, passes = 0;
    long turns = 0;
    for (int g = 0; g < games; g++) {
        unsigned seed = (unsigned)g * 2654435761u + seating.players * 7u + seating.partners;
        int turn_limit = g % 5 == 0 ? 60 + g % 40 : default_turn_limit(seating.players);
        Chooser chooser = {.greedy_percent = 60 + (int)(test_random(&seed) % 40), .undoing = g % 7 == 3};
        game_start_seating(&game, seating, VARIANT_13, turn_limit);
        history.seen[0] = game.pos;
        history.count = 1;
        while (game.result == RESULT_ONGOING) {
            bool deep = game.pos.turns % 16 == 0; /* the full check is slow: sample it */
            if (deep) check_moves(&game.pos);
            Move m = pick_move(&game.pos, &chooser, &seed);
            if (deep) check_make_unmake_and_fen(&game.pos, m);
            passes += move_is_pass(m);
            cr_assert(game_play(&game, m));
            history.seen[history.count++] = game.pos;
            cr_assert_eq(game.result, reference_result(&history, turn_limit), "game %d turn %d", g, game.pos.turns);
        }
        cr_assert_not(game_play(&game, MOVE_PASS), "a move was accepted after the end");
        turns += game.length;
        wins += result_winners(game.result) != 0;
        repetitions += game.result == RESULT_DRAW_REPETITION;
        limits += game.result == RESULT_DRAW_TURN_LIMIT;
    }
    cr_log_info("%d players%s, %d games of %ld turns on average: %d wins, %d repetitions, %d turn limits, %d passes",
                seating.players, seating.partners ? " (partners)" : "", games, games ? turns / games : 0, wins,
                repetitions, limits, passes);
    if (games >= 100) cr_assert(wins > 0 && repetitions > 0 && limits > 0, "the games did not reach every ending");
}

Test(multi_properties, three_players, .timeout = 600) { play_games(THREE); }
Test(multi_properties, four_players, .timeout = 600) { play_games(FOUR); }
Test(multi_properties, four_partners, .timeout = 600) { play_games(PARTNERS); }

Test(multi_properties, perft_divide_sums_in_played_positions) {
    static Game game;
    static MoveList list;
    static uint64_t counts[MAX_MOVES];
    const Seating kinds[3] = {THREE, FOUR, PARTNERS};
    for (unsigned g = 0; g < 12; g++) {
        unsigned seed = g + 99;
        Chooser chooser = {.greedy_percent = 70};
        game_start_seating(&game, kinds[g % 3], VARIANT_13, 800);
        for (int i = 0; i < (int)(g * 11) && game.result == RESULT_ONGOING; i++)
            game_play(&game, pick_move(&game.pos, &chooser, &seed));
        Position pos = game.pos;
        cr_assert_eq(perft_divide(&pos, 3, &list, counts), perft(&pos, 3, NULL));
    }
}
