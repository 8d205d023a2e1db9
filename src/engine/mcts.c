/* mcts.c: the Monte Carlo tree search sparring partner (see mcts.h). */
#include "engine/mcts.h"

#include "core/movegen.h"
#include "engine/clock.h"
#include "engine/greedy.h"
#include "engine/random.h"

enum {
    CLOCK_EVERY = 64,   /* iterations between looks at the clock */
    MAX_TREE_DEPTH = 128,
    PRIOR_ONE = 65535,  /* a prior of 1 */
};

/* PUCT's weight of the prior, and the distance difference (in squares) at
 * which a playout scores 3/4: about two moves ahead. */
static const float EXPLORATION = 1.4f;
static const float RESULT_SCALE = 20.0f;

void mcts_init(Mcts *mcts, void *memory, size_t bytes) {
    mcts->nodes = memory;
    size_t n = bytes / sizeof(MctsNode);
    mcts->capacity = n > 0xFFFFFFF0u ? 0xFFFFFFF0u : (uint32_t)n;
    mcts->used = 0;
    mcts->rng = GOLDEN_GAMMA;
    mcts->iterations = 0;
}

void mcts_seed(Mcts *mcts, uint64_t seed) { mcts->rng = seed * GOLDEN_GAMMA + 3; }

static int gain_of(const Position *pos, Move m) {
    Side us = (Side)pos->seat;
    return move_is_pass(m) ? 0 : goal_distance(us, m.from) - goal_distance(us, m.to);
}

/* The `keep` moves of `list` that gain most, best first, ties in random
 * order (a random low byte under the gain). */
static int best_moves(Mcts *mcts, const Position *pos, const MoveList *list, int keep, Move *out, int *gains) {
    int keys[MCTS_WIDTH], n = 0;
    for (int i = 0; i < list->count; i++) {
        int gain = gain_of(pos, list->moves[i]);
        int key = gain * 256 + (int)(random_next(&mcts->rng) & 255);
        if (n == keep && key <= keys[n - 1]) continue;
        int at = n < keep ? n++ : keep - 1;
        while (at > 0 && keys[at - 1] < key) {
            keys[at] = keys[at - 1], out[at] = out[at - 1], gains[at] = gains[at - 1];
            at--;
        }
        keys[at] = key, out[at] = list->moves[i], gains[at] = gain;
    }
    return n;
}

/* A playout move: one of the few that gain most, each as likely. */
static Move playout_move(Mcts *mcts, const Position *pos) {
    MoveList list;
    generate_moves(pos, &list);
    Move best[MCTS_PLAYOUT_CHOICE];
    int gains[MCTS_PLAYOUT_CHOICE];
    int n = best_moves(mcts, pos, &list, MCTS_PLAYOUT_CHOICE, best, gains);
    return best[random_next(&mcts->rng) % (uint64_t)n];
}

/* The playout's result for `side`: 1 for a win, else the distance sums'
 * difference squashed into (0, 1). */
static float playout(Mcts *mcts, Position *pos, Side side) {
    for (int ply = 0; ply < MCTS_PLAYOUT_PLIES; ply++) {
        position_make_for(pos, playout_move(mcts, pos), TWO_SEATS);
        Side mover = (Side)(pos->seat ^ 1);
        if (position_goal_complete(pos, mover)) return mover == side ? 1.0f : 0.0f; /* either win */
    }
    float x = (float)(distance_sum(pos, (Side)(side ^ 1)) - distance_sum(pos, side));
    float magnitude = x < 0 ? -x : x;
    return 0.5f + 0.5f * x / (RESULT_SCALE + magnitude);
}

/* A move of `list` that wins at once, by either win (the goal's last open
 * square filled), or a pass. */
static Move winning_move(const Position *pos, const MoveList *list) {
    int seat = pos->seat;
    Bitboard goal = goal_of((Variant)pos->variant, seat), held = pos->pieces[seat];
    if (pos->rules == RULES_NOSPOIL) held = bb_or(held, pos->pieces[seat ^ 1]);
    Bitboard open = bb_minus(goal, held);
    if (bb_count(open) != 1) return MOVE_PASS;
    for (int i = 0; i < list->count; i++) {
        Move m = list->moves[i];
        if (move_is_pass(m) || !bb_has(&open, m.to) || bb_has(&goal, m.from)) continue;
        Position next = *pos;
        position_make_for(&next, m, TWO_SEATS);
        if (position_goal_complete(&next, seat)) return m;
    }
    return MOVE_PASS;
}

/* Gives `node` its children: the moves that gain most, with priors that
 * grow with the square of what each gains over the least of them; and a
 * move that wins at once, however little it gains (a Parlett win may gain
 * one square), in place of the last of them. */
static void expand(Mcts *mcts, MctsNode *node, const Position *pos) {
    if (mcts->capacity - mcts->used < MCTS_WIDTH) return;
    MoveList list;
    generate_moves(pos, &list);
    Move moves[MCTS_WIDTH];
    int gains[MCTS_WIDTH];
    int n = best_moves(mcts, pos, &list, MCTS_WIDTH, moves, gains);
    Move win = winning_move(pos, &list);
    if (!move_is_pass(win)) {
        int at = 0;
        while (at < n && !move_equal(moves[at], win)) at++;
        if (at == n) moves[n - 1] = win; /* with the prior of the move it replaces */
    }
    long weights[MCTS_WIDTH], total = 0;
    for (int i = 0; i < n; i++) {
        long w = gains[i] - gains[n - 1] + 1;
        weights[i] = w * w;
        total += weights[i];
    }
    node->first = mcts->used;
    node->children = (uint8_t)n;
    for (int i = 0; i < n; i++) {
        MctsNode *child = &mcts->nodes[mcts->used++];
        Position next = *pos;
        position_make_for(&next, moves[i], TWO_SEATS);
        *child = (MctsNode){.move = moves[i],
                            .terminal = position_goal_complete(&next, pos->seat),
                            .prior = (uint16_t)(weights[i] * PRIOR_ONE / total)};
    }
}

static float sqrt_of(uint32_t n) {
    float x = n > 1 ? (float)n / 2 : 1;
    for (int i = 0; i < 12; i++) x = 0.5f * (x + (float)n / x);
    return x;
}

/* The child PUCT picks; an unvisited child counts as the parent's mean a
 * little worse. */
static MctsNode *select_child(Mcts *mcts, const MctsNode *parent) {
    float root_n = sqrt_of(parent->visits);
    float unvisited = parent->visits ? 1.0f - parent->value / (float)parent->visits - 0.05f : 0.5f;
    MctsNode *best = NULL;
    float best_score = -1e30f;
    for (int i = 0; i < parent->children; i++) {
        MctsNode *c = &mcts->nodes[parent->first + i];
        float q = c->visits ? c->value / (float)c->visits : unvisited;
        float score = q + EXPLORATION * ((float)c->prior / PRIOR_ONE) * root_n / (float)(1 + c->visits);
        if (score > best_score) best_score = score, best = c;
    }
    return best;
}

/* One walk down, a playout and the results carried back up. */
static void iterate(Mcts *mcts, const Position *root) {
    Position pos = *root;
    MctsNode *path[MAX_TREE_DEPTH + 1];
    int depth = 0;
    MctsNode *node = &mcts->nodes[0];
    path[0] = node;
    while (node->children && !node->terminal && depth < MAX_TREE_DEPTH) {
        node = select_child(mcts, node);
        position_make_for(&pos, node->move, TWO_SEATS);
        path[++depth] = node;
        if (!node->children && !node->terminal && node->visits > 0) expand(mcts, node, &pos);
    }
    Side last_mover = (Side)(pos.seat ^ 1);
    float result = node->terminal ? 1.0f : playout(mcts, &pos, last_mover);
    /* path[k] was moved into by the side that moved last when k has the
     * parity of depth, by the other side otherwise. */
    for (int k = depth; k >= 0; k--) {
        path[k]->visits++;
        path[k]->value += (depth - k) % 2 == 0 ? result : 1.0f - result;
    }
}

Move mcts_move(Mcts *mcts, const Game *game, int64_t movetime_ms, uint64_t iterations) {
    const Position *root = &game->pos;
    mcts->used = 1;
    mcts->nodes[0] = (MctsNode){.move = MOVE_PASS};
    expand(mcts, &mcts->nodes[0], root);
    MctsNode *top = &mcts->nodes[0];
    if (top->children == 0) return MOVE_PASS; /* no move: it passes */
    for (int i = 0; i < top->children; i++)
        if (mcts->nodes[top->first + i].terminal) return mcts->nodes[top->first + i].move;
    int64_t deadline = clock_ms() + movetime_ms;
    uint64_t done = 0;
    for (;;) {
        if (iterations ? done >= iterations : done % CLOCK_EVERY == 0 && clock_ms() >= deadline) break;
        iterate(mcts, root);
        done++;
    }
    mcts->iterations = done;
    Move best = MOVE_PASS;
    long best_visits = -2;
    for (int i = 0; i < top->children; i++) {
        const MctsNode *c = &mcts->nodes[top->first + i];
        long visits = game_occurrences_after(game, c->move) >= 3 ? -1 : (long)c->visits;
        if (visits > best_visits) best_visits = visits, best = c->move;
    }
    return best;
}
