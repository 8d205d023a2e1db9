/*
 * The house rule nospoil (RULES-HOUSE.md) in the engines: the searches of
 * two and of three or four seats take Parlett's win as the game does (and
 * not a goal a third seat's piece blocks), the sparring partners too; the
 * evaluations count a goal's squares its owner holds late as filled; the
 * guard against returning pieces is off.  Each position under the seeds'
 * rules beside it, where nothing changes.
 */
#include "helpers.h"

#include <stdio.h>
#include <stdlib.h>

#include "engine/eval.h"
#include "engine/guard.h"
#include "engine/held.h"
#include "engine/mcts.h"
#include "engine/multi_eval.h"
#include "engine/multi_plain.h"
#include "engine/multi_search.h"
#include "engine/plainab.h"
#include "engine/search.h"

enum { HASH_BYTES = 4 << 20 };

static Engine *engine;
static MultiEngine *multi;
static void *hash;
static Game *game;

static void setup(void) {
    engine = malloc(sizeof *engine);
    multi = malloc(sizeof *multi);
    hash = malloc(HASH_BYTES);
    game = malloc(sizeof *game);
    cr_assert(engine && multi && hash && game);
}

static void teardown(void) {
    free(engine);
    free(multi);
    free(hash);
    free(game);
}

TestSuite(house_search, .init = setup, .fini = teardown);
TestSuite(house_multi, .init = setup, .fini = teardown);
TestSuite(house_eval, .init = setup, .fini = teardown);
TestSuite(house_guard, .init = setup, .fini = teardown);

static const Seating TWO_NOSPOIL = {2, false, RULES_NOSPOIL};
static const Seating THREE_NOSPOIL = {3, false, RULES_NOSPOIL};
static const Seating PARTNERS_NOSPOIL = {4, true, RULES_NOSPOIL};

static Seating standard(Seating s) { return (Seating){s.players, s.partners, RULES_STANDARD}; }

/* A position of 13-piece camps from a FEN, of any seating and rules. */
static Position from_fen(Seating seating, const char *fen) {
    Position pos;
    Refusal why;
    cr_assert(fen_parse_seating(fen, seating, VARIANT_13, &pos, &why), "%s (%s)", refusal_english(&why), fen);
    return pos;
}

static const char *text_of(const Position *pos, Move m) {
    static char text[MOVE_TEXT_SIZE];
    Text t = text_on(text, sizeof text);
    text_move(&t, pos, m);
    return text;
}

/* ---- two players -------------------------------------------------------- */

/* 13-piece camps.  Black's home (White's goal) full but a13, twelve of its
 * squares Black's; White's a12 beside a13. */
static const char *TWO_WIN_IN_ONE = "bbbb11b/bbbb12/bbb13/1b14/w15/16/16/16/4wwwwwwww4/4wwww8/16/16/16/16/16/16 w 40";

/* Black's a16 walled in by White's pieces on its home (White's goal); a13
 * and b13 open, White's a12 and c12 a step from them.  Black can never
 * come back to fill them: two White moves win, whatever Black does. */
static const char *TWO_WIN_IN_TWO = "bwww12/wwww12/www13/16/w1w13/16/16/16/7w8/16/16/4bbbbbb6/4bbbbbb6/16/16/16 w 40";

static SearchReport last;
static void keep(void *ctx, const SearchReport *r) {
    (void)ctx;
    last = *r;
}

/* The two-player engine's move at a depth, racing alone never (so that
 * both sides' moves are searched and a forced win is claimed). */
static Move two_think(Seating seating, const char *fen, int depth) {
    engine_init(engine, hash, HASH_BYTES);
    engine_seed(engine, 7);
    Tune t = engine_tuning(engine);
    t.search.solo_lead_13 = 0;
    engine_tune(engine, &t);
    Position pos = from_fen(seating, fen);
    game_from(game, &pos, DEFAULT_TURN_LIMIT);
    SearchLimits limits = search_limits_none();
    limits.depth = depth;
    last = (SearchReport){0};
    atomic_store(&engine->stop, false);
    return engine_think(engine, game, &limits, keep, NULL);
}

Test(house_search, two_players_a_parlett_win_in_one) {
    Move m = two_think(TWO_NOSPOIL, TWO_WIN_IN_ONE, 3);
    cr_assert_str_eq(text_of(&game->pos, m), "a12-a13");
    cr_assert_eq(last.win_in, 1, "claimed %d", last.win_in);
    cr_assert(game_play(game, m) && game->result == RESULT_WHITE_WINS);
    two_think(standard(TWO_NOSPOIL), TWO_WIN_IN_ONE, 3);
    cr_assert_eq(last.win_in, 0, "the seeds' rules need every piece home");
}

Test(house_search, two_players_a_parlett_win_in_two) {
    Move m = two_think(TWO_NOSPOIL, TWO_WIN_IN_TWO, 4);
    cr_assert_eq(last.win_in, 3, "White, Black, White: claimed %d", last.win_in);
    const char *text = text_of(&game->pos, m);
    cr_assert(!strcmp(text, "a12-a13") || !strcmp(text, "c12-b13"), "%s", text);
    two_think(standard(TWO_NOSPOIL), TWO_WIN_IN_TWO, 4);
    cr_assert_eq(last.win_in, 0, "Black's a16 keeps the seeds' win out of reach");
}

/* The sparring partners of two (plain and convex alpha-beta, Monte Carlo)
 * take the win too: a12-a13 gains one square of distance, and others more. */
Test(house_search, the_sparring_partners_take_a_parlett_win) {
    Position pos = from_fen(TWO_NOSPOIL, TWO_WIN_IN_ONE);
    game_from(game, &pos, DEFAULT_TURN_LIMIT);
    PlainAB *ab = malloc(sizeof *ab);
    Mcts *mcts = malloc(sizeof *mcts);
    cr_assert(ab && mcts);
    for (int e = AB_EVAL_DISTANCE; e <= AB_EVAL_CONVEX; e++) {
        plainab_init(ab, hash, HASH_BYTES, (ABEvaluation)e);
        cr_assert_str_eq(text_of(&pos, plainab_move(ab, game, 50)), "a12-a13", "evaluation %d", e);
    }
    mcts_init(mcts, hash, HASH_BYTES);
    mcts_seed(mcts, 3);
    cr_assert_str_eq(text_of(&pos, mcts_move(mcts, game, 0, 200)), "a12-a13");
    free(ab);
    free(mcts);
}

/* ---- three and four players --------------------------------------------- */

/* Three players.  Black's a16, b16 and a15 hold three squares of White's
 * goal, White's pieces nine; b13 is open and White's c12 beside it. */
static const char *THREE_WIN_IN_ONE =
    "bbww12/bwww12/www13/w15/2w13/16/7bbbb5/7bbbbbb3/4www9/16/16/16/rr14/rrr13/rrrr12/rrrr12 w 60";

/* The same but Red's piece on c14: a third seat's piece blocks the goal. */
static const char *THREE_BLOCKED =
    "bbww12/bwww12/wwr13/w15/2w13/16/7bbbb5/7bbbbbb3/4wwww8/16/16/16/r15/rrr13/rrrr12/rrrr12 w 60";

/* Black's a16 walled in on White's goal, a13 and b13 open, White's a12
 * and c12 a step from them: neither Black nor Red can keep White out. */
static const char *THREE_WIN_IN_TWO =
    "bwww12/wwww12/www13/16/w1w13/16/7bbbbbb3/7bbbbbb3/7w8/16/16/16/rr14/rrr13/rrrr12/rrrr12 w 60";

/* Partners: Black's goal (White's home) full of Black's pieces and White's
 * three at home; White's goal as THREE_WIN_IN_ONE's.  c12-b13 completes
 * both: the partnership wins. */
static const char *PARTNERS_WIN_IN_ONE =
    "bbww8yyyy/bwww8yyyy/www10yyy/w13yy/2w13/16/16/16/16/16/16/16/rr12bb/rrr10bbb/rrrr8bbbw/rrrr8bbww w 80";

/* The same with Black's o4 on h8: Black's goal is not complete. */
static const char *PARTNERS_PARTNER_OPEN =
    "bbww8yyyy/bwww8yyyy/www10yyy/w13yy/2w13/16/16/16/7b8/16/16/16/rr13b/rrr10bbb/rrrr8bbbw/rrrr8bbww w 80";

typedef struct {
    int reports;
    MultiReport last;
} Seen;

static void keep_multi(void *ctx, const MultiReport *r) {
    Seen *seen = ctx;
    seen->reports++;
    seen->last = *r;
}

/* The many-seat engine's move at a depth; `proof_nodes` its proof's budget. */
static Move multi_think(Seating seating, const char *fen, int depth, int proof_nodes, Seen *seen) {
    multi_engine_init(multi, hash, HASH_BYTES);
    multi_engine_seed(multi, 7);
    Tune t = multi_engine_tuning(multi);
    t.multi_search.proof_nodes = proof_nodes;
    multi_engine_tune(multi, &t);
    Position pos = from_fen(seating, fen);
    game_from(game, &pos, default_turn_limit(pos.players));
    MultiLimits limits = multi_limits_none();
    limits.depth = depth;
    *seen = (Seen){0};
    Move m = multi_engine_think(multi, game, &limits, keep_multi, seen);
    cr_assert(seen->reports > 0);
    return m;
}

static bool search_sees_a_finish(void) { return multi->search.best_score > MULTI_FINISH_BOUND; }

Test(house_multi, three_players_a_parlett_win_in_one) {
    Seen seen;
    Move m = multi_think(THREE_NOSPOIL, THREE_WIN_IN_ONE, 3, 200000, &seen);
    cr_assert_str_eq(text_of(&game->pos, m), "c12-b13");
    cr_assert_eq(seen.last.win_in, 1, "claimed %d", seen.last.win_in);
    cr_assert(game_play(game, m) && game->result == RESULT_WHITE_WINS);
    multi_think(standard(THREE_NOSPOIL), THREE_WIN_IN_ONE, 3, 200000, &seen);
    cr_assert_eq(seen.last.win_in, 0, "the seeds' rules need every piece home");
}

/* Without the proof, the search alone: a finish two own moves away. */
Test(house_multi, three_players_the_search_sees_a_parlett_win_in_two) {
    Seen seen;
    Move m = multi_think(THREE_NOSPOIL, THREE_WIN_IN_TWO, 3, 0, &seen);
    cr_assert(search_sees_a_finish(), "scored %d", multi->search.best_score);
    cr_assert_eq(seen.last.win_in, 0, "nothing proven, nothing claimed");
    const char *text = text_of(&game->pos, m);
    cr_assert(!strcmp(text, "a12-a13") || !strcmp(text, "c12-b13"), "%s", text);
    multi_think(standard(THREE_NOSPOIL), THREE_WIN_IN_TWO, 3, 0, &seen);
    cr_assert_not(search_sees_a_finish(), "the seeds' rules: Black's a16 keeps White out for good");
    /* With the proof: every move of Black's and Red's fails to stop it. */
    multi_think(THREE_NOSPOIL, THREE_WIN_IN_TWO, 3, 200000, &seen);
    cr_assert_eq(seen.last.win_in, 4, "a round of every seat and White's last move: claimed %d", seen.last.win_in);
}

/* White's a13 and b13 open beside its a12 and c12, but Black, the last
 * seat before White, can take b16 off White's goal (b16-d14): no win is
 * forced, however the finishing move's own squares stay. */
Test(house_multi, the_owner_leaving_its_home_can_stop_a_parlett_win) {
    const char *fen = "bbww12/wwww12/www13/16/w1w13/16/7bbbbb4/7bbbbbb3/4ww10/16/16/16/rr14/rrr13/rrrr12/rrrr12 w 60";
    Position black = from_fen(THREE_NOSPOIL, fen);
    position_set_seat(&black, SEAT_BLACK);
    cr_assert(move_is_legal(&black, (Move){(uint8_t)sq("b16"), (uint8_t)sq("d14")}), "b16 leaves home");
    Seen seen;
    multi_think(THREE_NOSPOIL, fen, 3, 200000, &seen);
    cr_assert_eq(seen.last.win_in, 0, "claimed %d", seen.last.win_in);
    cr_assert_not(search_sees_a_finish(), "scored %d", multi->search.best_score);
}

Test(house_multi, a_goal_a_third_seats_piece_blocks_is_no_win) {
    Position pos = from_fen(THREE_NOSPOIL, THREE_BLOCKED);
    Position after = pos;
    position_make(&after, multi_read(&pos, "c12-b13"));
    cr_assert_eq(position_result(&after), RESULT_ONGOING, "the game: Red's c14 blocks");
    Seen seen;
    multi_think(THREE_NOSPOIL, THREE_BLOCKED, 3, 200000, &seen);
    cr_assert_eq(seen.last.win_in, 0, "claimed %d", seen.last.win_in);
    cr_assert_not(search_sees_a_finish(), "scored %d", multi->search.best_score);
}

Test(house_multi, partners_a_parlett_win_in_one) {
    Seen seen;
    Move m = multi_think(PARTNERS_NOSPOIL, PARTNERS_WIN_IN_ONE, 3, 200000, &seen);
    cr_assert_str_eq(text_of(&game->pos, m), "c12-b13");
    cr_assert_eq(seen.last.win_in, 1, "claimed %d", seen.last.win_in);
    cr_assert(game_play(game, m) && game->result == RESULT_WHITE_BLACK_WIN);
    /* Not while the partner's goal is open, nor under the seeds' rules. */
    multi_think(PARTNERS_NOSPOIL, PARTNERS_PARTNER_OPEN, 3, 200000, &seen);
    cr_assert_eq(seen.last.win_in, 0, "claimed %d", seen.last.win_in);
    cr_assert_not(search_sees_a_finish(), "scored %d", multi->search.best_score);
    multi_think(standard(PARTNERS_NOSPOIL), PARTNERS_WIN_IN_ONE, 3, 200000, &seen);
    cr_assert_eq(seen.last.win_in, 0);
    cr_assert_not(search_sees_a_finish());
}

/* Partners, the search alone: White's p1 and Black's twelve pieces fill
 * Black's goal; Black's a16 is walled in on White's, whose a13 and b13 are
 * open beside White's a12 and c12.  The teams' turns W, R, B, Y, W. */
Test(house_multi, partners_the_search_sees_a_parlett_win_in_two) {
    const char *fen = "bwww8yyyy/wwww8yyyy/www10yyy/14yy/w1w13/16/16/16/16/16/16/16/rr12bb/rrr10bbb/rrrr8bbbb/rrrr8bbbw w 80";
    Seen seen;
    Move m = multi_think(PARTNERS_NOSPOIL, fen, 5, 0, &seen);
    cr_assert(search_sees_a_finish(), "scored %d", multi->search.best_score);
    const char *text = text_of(&game->pos, m);
    cr_assert(!strcmp(text, "a12-a13") || !strcmp(text, "c12-b13"), "%s", text);
    multi_think(standard(PARTNERS_NOSPOIL), fen, 5, 0, &seen);
    cr_assert_not(search_sees_a_finish(), "the seeds' rules");
    multi_think(PARTNERS_NOSPOIL, fen, 5, 200000, &seen);
    cr_assert_eq(seen.last.win_in, 5, "claimed %d", seen.last.win_in);
}

/* The plain paranoid sparring partner of many seats ends its tree there too. */
Test(house_multi, the_plain_partner_takes_a_parlett_win) {
    MultiPlain *plain = malloc(sizeof *plain);
    cr_assert(plain);
    const char *fens[] = {THREE_WIN_IN_ONE, PARTNERS_WIN_IN_ONE};
    Seating seatings[] = {THREE_NOSPOIL, PARTNERS_NOSPOIL};
    for (int i = 0; i < 2; i++) {
        multi_plain_init(plain, hash, HASH_BYTES);
        Position pos = from_fen(seatings[i], fens[i]);
        game_from(game, &pos, default_turn_limit(pos.players));
        cr_assert_str_eq(text_of(&pos, multi_plain_move(plain, game, 100)), "c12-b13", "%d players", pos.players);
    }
    free(plain);
}

/* ---- the evaluations ---------------------------------------------------- */

/* White's goal: Black's a16 held, White's ten pieces, a13 and b13 open;
 * White's a12 and c12 beside them and a piece far behind, on `far`. */
static Position two_held(const char *far, int turns, Seating seating) {
    char white[128];
    snprintf(white, sizeof white, "b16 c16 d16 a15 b15 c15 d15 a14 b14 c14 a12 c12 %s", far);
    Position pos = position_of(VARIANT_13, white, "a16 e5 f5 g5 h5 i5 j5 e4 f4 g4 h4 i4 j4", WHITE);
    pos.rules = seating.rules;
    pos.turns = turns;
    return pos;
}

/* Under nospoil, past the grace: the held square counts as filled and the
 * piece that would cost most to bring is left out.  White costs what it
 * would with a16 its own and no piece far behind, wherever that piece is. */
Test(house_eval, two_players_a_held_square_counts_as_filled) {
    engine_init(engine, hash, HASH_BYTES);
    const Evaluator *ev = &engine->eval;
    Position near = two_held("h8", 40, TWO_NOSPOIL), far = two_held("l4", 40, TWO_NOSPOIL);
    int cost = eval_side_cost(ev, &near, WHITE, 100);
    cr_assert_eq(eval_side_cost(ev, &far, WHITE, 100), cost, "the piece left out costs nothing wherever it is");
    Position own = position_of(VARIANT_13, "a16 b16 c16 d16 a15 b15 c15 d15 a14 b14 c14 a12 c12",
                               "e5 f5 g5 h5 i5 j5 e4 f4 g4 h4 i4 j4 k4", WHITE);
    own.turns = 40;
    cr_assert_eq(cost, eval_side_cost(ev, &own, WHITE, 100), "as if a16 were White's and nothing lagged");
    cr_assert_gt(cost, 0, "two squares still to fill");
    /* The seeds' rules, and nospoil before the grace, count every piece. */
    Position seeds = two_held("h8", 40, standard(TWO_NOSPOIL));
    int seeds_cost = eval_side_cost(ev, &seeds, WHITE, 100);
    cr_assert_gt(seeds_cost, cost);
    Position early = two_held("h8", 10, TWO_NOSPOIL), early_seeds = two_held("h8", 10, standard(TWO_NOSPOIL));
    cr_assert_eq(eval_side_cost(ev, &early, WHITE, 100), eval_side_cost(ev, &early_seeds, WHITE, 100));
    /* More held squares than held_most, or more open ones than held_open:
     * every piece counts. */
    Tune t = engine_tuning(engine);
    t.eval.held_most = 0;
    engine_tune(engine, &t);
    cr_assert_eq(eval_side_cost(&engine->eval, &near, WHITE, 100), seeds_cost);
    t.eval.held_most = 3;
    t.eval.held_open = 1;
    engine_tune(engine, &t);
    cr_assert_eq(eval_side_cost(&engine->eval, &near, WHITE, 100), seeds_cost, "a13 and b13 open");
    t.eval.held_open = 2;
    engine_tune(engine, &t);
    cr_assert_eq(eval_side_cost(&engine->eval, &near, WHITE, 100), cost);
}

/* The gain the many-seat search scores each of White's moves by is what
 * White's cost then is. */
static void assert_gains_are_costs_after(const MultiEvaluator *ev, const MultiEvalRoot *root, const Position *pos) {
    MultiAcc acc;
    multi_acc_init(ev, pos, &acc);
    int costs[MAX_SEATS];
    multi_seat_costs(ev, root, pos, &acc, costs);
    HeldCut cut = multi_held_cut(ev, root, pos, &acc, SEAT_WHITE);
    MoveList list;
    generate_moves(pos, &list);
    for (int i = 0; i < list.count; i++) {
        Move m = list.moves[i];
        int gain = multi_move_gain_held(ev, root, &cut, SEAT_WHITE, m.from, m.to);
        Position after = *pos;
        position_make(&after, m);
        MultiAcc acc_after;
        multi_acc_init(ev, &after, &acc_after);
        int costs_after[MAX_SEATS];
        multi_seat_costs(ev, root, &after, &acc_after, costs_after);
        cr_assert_eq(costs[SEAT_WHITE] - gain, costs_after[SEAT_WHITE], "%s", text_of(pos, m));
    }
}

/* Three players: White's cost leaves out its costliest piece while Black
 * holds a16 and two of the goal's other squares are open. */
Test(house_eval, many_seats_the_held_gain_is_the_cost_after) {
    multi_engine_init(multi, hash, HASH_BYTES);
    const MultiEvaluator *ev = &multi->eval;
    Position pos = from_fen(THREE_NOSPOIL, THREE_WIN_IN_TWO);
    MultiEvalRoot root = multi_eval_root(ev, &pos, SEAT_WHITE);
    cr_assert_gt(root.held_most, 0);
    MultiAcc acc;
    multi_acc_init(ev, &pos, &acc);
    int costs[MAX_SEATS];
    multi_seat_costs(ev, &root, &pos, &acc, costs);
    HeldCut cut = multi_held_cut(ev, &root, &pos, &acc, SEAT_WHITE);
    cr_assert_eq(cut.k, 1);
    cr_assert_not(cut.entering);
    cr_assert(bb_has(&cut.squares, sq("h8")), "the piece far behind is left out");
    Position seeds = from_fen(standard(THREE_NOSPOIL), THREE_WIN_IN_TWO);
    MultiEvalRoot seeds_root = multi_eval_root(ev, &seeds, SEAT_WHITE);
    int seeds_costs[MAX_SEATS];
    multi_seat_costs(ev, &seeds_root, &seeds, &acc, seeds_costs);
    cr_assert_lt(costs[SEAT_WHITE], seeds_costs[SEAT_WHITE]);
    cr_assert_eq(costs[SEAT_WHITE], seeds_costs[SEAT_WHITE] - cut.cost + ev->cost[SEAT_WHITE][sq("a16")]);
    assert_gains_are_costs_after(ev, &root, &pos);
}

/* Seven of the goal's other squares open, one more than held_open: the
 * held square counts only once a move into the goal leaves six, and the
 * search's gain of that move says so. */
Test(house_eval, many_seats_a_move_into_the_goal_brings_the_held_square_in) {
    multi_engine_init(multi, hash, HASH_BYTES);
    const MultiEvaluator *ev = &multi->eval;
    Position pos = from_fen(THREE_NOSPOIL,
                            "bww13/ww2w11/w3w11/3ww11/w1w13/16/7bbbbbb3/7bbbbbb3/7ww7/16/16/16/rr14/rrr13/rrrr12/rrrr12 w 60");
    MultiEvalRoot root = multi_eval_root(ev, &pos, SEAT_WHITE);
    cr_assert_eq(root.held_open, 6);
    MultiAcc acc;
    multi_acc_init(ev, &pos, &acc);
    HeldCut cut = multi_held_cut(ev, &root, &pos, &acc, SEAT_WHITE);
    cr_assert(cut.k == 1 && cut.entering);
    int costs[MAX_SEATS], seeds_costs[MAX_SEATS];
    multi_seat_costs(ev, &root, &pos, &acc, costs);
    Position seeds = pos;
    seeds.rules = RULES_STANDARD;
    MultiEvalRoot seeds_root = multi_eval_root(ev, &seeds, SEAT_WHITE);
    multi_seat_costs(ev, &seeds_root, &seeds, &acc, seeds_costs);
    cr_assert_eq(costs[SEAT_WHITE], seeds_costs[SEAT_WHITE], "not yet");
    assert_gains_are_costs_after(ev, &root, &pos);
}

/* ---- the guard ---------------------------------------------------------- */

/* Black's piece on a12 steps back onto a13 or b13, under the seeds' rules. */
Test(house_guard, no_return_no_threat_no_approach) {
    guard_init(&engine->guard);
    Position pos = position_of(VARIANT_13, "a16", "a12", WHITE);
    cr_assert(guard_return_possible(&pos, BLACK) && guard_threat_near(&engine->guard, &pos, BLACK));
    pos.rules = RULES_NOSPOIL;
    cr_assert_not(guard_return_possible(&pos, BLACK));
    cr_assert_not(guard_threat_near(&engine->guard, &pos, BLACK));
    Position near = position_of(VARIANT_13, "p1", "e10 j3", BLACK);
    Move moves[64];
    cr_assert_gt(guard_approaches(&engine->guard, &near, moves, 64), 0);
    near.rules = RULES_NOSPOIL;
    cr_assert_eq(guard_approaches(&engine->guard, &near, moves, 64), 0);
}

/* White's last pieces coming home: the seeds' search guards the goal
 * (its phase, the open squares' cost); under nospoil it does not. */
Test(house_guard, the_search_and_the_evaluation_leave_it_off) {
    const char *fen = "wwww12/wwww12/www13/16/16/16/7b8/16/4bbbbbb6/4bbbbbb6/16/7w8/7w8/16/16/16 w 60";
    two_think(standard(TWO_NOSPOIL), fen, 2);
    cr_assert(engine->search.guard_phase, "the seeds' rules: the guard is on");
    two_think(TWO_NOSPOIL, fen, 2);
    cr_assert_not(engine->search.guard_phase, "nospoil: no guard");
    Position pos = position_of(VARIANT_13, "a16 b16 c16 d16 a15 b15 c15 d15 a14 b14 c14 h4 h5", "a12 p1", WHITE);
    pos.rules = RULES_NOSPOIL;
    int with = evaluate(&engine->eval, &pos, WHITE);
    Tune t = engine_tuning(engine);
    t.eval.returnable = 0;
    engine_tune(engine, &t);
    cr_assert_eq(evaluate(&engine->eval, &pos, WHITE), with, "no open square costs anything");
}
