/* race.c: the single-player race solver (see race.h). */
#include "race.h"

#include "clock.h"
#include "movegen.h"

bool race_is_separated(const Position *pos) {
    /* Along the axis from White's goal corner (0) to Black's (30), White's
     * pieces move down and Black's up: passed means every White piece is
     * below every Black one.  Pieces on different values of the axis can
     * only hop over each other backwards. */
    int white_max = -1, black_min = 99;
    Bitboard w = pos->pieces[WHITE], b = pos->pieces[BLACK];
    while (!bb_is_empty(w)) {
        int d = goal_distance(WHITE, bb_pop(&w));
        if (d > white_max) white_max = d;
    }
    while (!bb_is_empty(b)) {
        int d = goal_distance(WHITE, bb_pop(&b));
        if (d < black_min) black_min = d;
    }
    return white_max < black_min;
}

void race_forget(RaceSolver *rs) { rs->has_plan = false; }

static int side_cost(const Evaluator *ev, const Position *pos, Side side) {
    const int16_t *cost = ev->cost[pos->variant][side];
    Bitboard pieces = pos->pieces[side];
    int total = -ev->floor[pos->variant][side];
    while (!bb_is_empty(pieces)) total += cost[bb_pop(&pieces)];
    return total;
}

/* Plays a move of the side to move and gives it the move again. */
static void solo_make(Position *pos, Move m) {
    position_make(pos, m);
    position_make(pos, MOVE_PASS);
    pos->turns -= 2;
}

/* What `steps` greedy moves of the side to move still gain from here (each
 * the move that gains most): how well the position is set up for the moves
 * that follow, its ladders. */
static int rollout_gain(const Evaluator *ev, const Position *start, int steps) {
    Position pos = *start;
    MoveList list;
    const int16_t *table = ev->cost[pos.variant][pos.side_to_move];
    int total = 0;
    for (int s = 0; s < steps; s++) {
        generate_moves(&pos, &list);
        int best = 0;
        Move best_move = MOVE_PASS;
        for (int i = 0; i < list.count; i++) {
            int gain = table[list.moves[i].from] - table[list.moves[i].to];
            if (gain > best) best = gain, best_move = list.moves[i];
        }
        if (best <= 0) break;
        total += best;
        if (s + 1 < steps) solo_make(&pos, best_move);
    }
    return total;
}

static bool candidate_before(const RaceCandidate *a, const RaceCandidate *b) {
    return a->cost != b->cost ? a->cost < b->cost : a->hash < b->hash;
}

static void sort_candidates(RaceCandidate *c, int n) {
    static const int gaps[] = {1750, 701, 301, 132, 57, 23, 10, 4, 1};
    for (int g = 0; g < (int)(sizeof gaps / sizeof *gaps); g++) {
        int gap = gaps[g];
        for (int i = gap; i < n; i++) {
            RaceCandidate x = c[i];
            int j = i;
            for (; j >= gap && candidate_before(&x, &c[j - gap]); j -= gap) c[j] = c[j - gap];
            c[j] = x;
        }
    }
}

static bool seen_insert(uint64_t *seen, uint64_t hash) {
    uint64_t key = hash | 1; /* 0 marks an empty slot */
    for (uint64_t i = hash & (RACE_SEEN - 1);; i = (i + 1) & (RACE_SEEN - 1)) {
        if (seen[i] == key) return false;
        if (seen[i] == 0) {
            seen[i] = key;
            return true;
        }
    }
}

/* Adds the children of beam state `parent` to the pool, keeping only its
 * RACE_CHILDREN_PER_STATE cheapest.  Returns the index of a child that
 * finishes, or -1. */
static int expand(RaceSolver *rs, const Evaluator *ev, const Position *pos, int parent, int cost,
                  int *pool_count, uint64_t *nodes) {
    MoveList list;
    generate_moves(pos, &list);
    Side side = (Side)pos->side_to_move;
    const int16_t *table = ev->cost[pos->variant][side];
    Bitboard goal = goal_of((Variant)pos->variant, side);
    RaceCandidate best[RACE_CHILDREN_PER_STATE];
    int kept = 0;
    for (int i = 0; i < list.count; i++) {
        Move m = list.moves[i];
        if (move_is_pass(m)) continue;
        (*nodes)++;
        RaceCandidate c = {pos->hash ^ ZOBRIST_PIECE[side][m.from] ^ ZOBRIST_PIECE[side][m.to],
                           cost - table[m.from] + table[m.to], (uint16_t)parent, m};
        if (c.cost == 0) {
            Bitboard after = pos->pieces[side];
            bb_remove(&after, m.from);
            bb_add(&after, m.to);
            if (bb_equal(after, goal)) {
                rs->pool[0] = c;
                return 0;
            }
        }
        if (kept == RACE_CHILDREN_PER_STATE && !candidate_before(&c, &best[kept - 1])) continue;
        int j = kept < RACE_CHILDREN_PER_STATE ? kept++ : kept - 1;
        for (; j > 0 && candidate_before(&c, &best[j - 1]); j--) best[j] = best[j - 1];
        best[j] = c;
    }
    for (int i = 0; i < kept; i++) rs->pool[(*pool_count)++] = best[i];
    return -1;
}

/* One beam search of the given width.  Returns the moves of the plan found
 * (written to plan[]) or -1. */
static int beam_search(RaceSolver *rs, const Evaluator *ev, const Position *start, int width,
                       Move plan[RACE_MAX_PLAN], uint64_t *nodes, int64_t deadline,
                       const atomic_bool *stop) {
    int cur = 0, count = 1;
    rs->beam[0][0] = *start;
    rs->beam_cost[0] = side_cost(ev, start, (Side)start->side_to_move);
    for (int layer = 0; layer < RACE_MAX_PLAN; layer++) {
        if (layer > 0 && (deadline >= 0 || stop) && (layer & 3) == 0) {
            if (stop && atomic_load_explicit(stop, memory_order_relaxed)) return -1;
            if (deadline >= 0 && clock_ms() >= deadline) return -1;
        }
        int pool_count = 0, finisher = -1;
        for (int i = 0; i < count && finisher < 0; i++)
            finisher = expand(rs, ev, &rs->beam[cur][i], i, rs->beam_cost[i], &pool_count, nodes);
        int idx;
        Move last;
        if (finisher >= 0) {
            idx = rs->pool[0].parent;
            last = rs->pool[0].move;
        } else {
            if (pool_count == 0) return -1;
            sort_candidates(rs->pool, pool_count);
            for (int i = 0; i < RACE_SEEN; i++) rs->seen[i] = 0;
            /* Of the cheapest few times `width` candidates, rank by the cost
             * after their best next move: a position that sets up a long jump
             * is worth more than its cost says. */
            int shortlist = 0;
            for (int i = 0; i < pool_count && shortlist < RACE_LOOKAHEAD * width; i++) {
                RaceCandidate c = rs->pool[i];
                if (!seen_insert(rs->seen, c.hash)) continue;
                Position p = rs->beam[cur][c.parent];
                solo_make(&p, c.move);
                c.cost += eval_side_cost(ev, &p, (Side)p.side_to_move) - c.cost - rollout_gain(ev, &p, RACE_ROLLOUT) * RACE_POTENTIAL / 8;
                rs->pool[shortlist++] = c;
            }
            pool_count = shortlist;
            sort_candidates(rs->pool, pool_count);
            int next = 0;
            for (int i = 0; i < pool_count && next < width; i++) {
                const RaceCandidate *c = &rs->pool[i];
                rs->beam[cur ^ 1][next] = rs->beam[cur][c->parent];
                solo_make(&rs->beam[cur ^ 1][next], c->move);
                rs->steps[layer][next] = (RaceStep){c->parent, c->move};
                rs->beam_cost[next] = side_cost(ev, &rs->beam[cur ^ 1][next], (Side)start->side_to_move);
                next++;
            }
            cur ^= 1;
            count = next;
            continue;
        }
        plan[layer] = last;
        for (int l = layer - 1; l >= 0; l--) {
            plan[l] = rs->steps[l][idx].move;
            idx = rs->steps[l][idx].parent;
        }
        return layer + 1;
    }
    return -1;
}

/* `pos` with `side` to move. */
static Position solo_position(const Position *pos, Side side) {
    Position p = *pos;
    if (p.side_to_move != side) {
        p.side_to_move = (uint8_t)side;
        p.hash ^= ZOBRIST_BLACK_TO_MOVE;
    }
    return p;
}

/* How much of the remembered plan still applies: the moves left, or -1. */
static int remembered_plan(RaceSolver *rs, const Position *pos, Side side) {
    if (!rs->has_plan || rs->plan_side != side || rs->plan_variant != pos->variant || rs->plan_length < 2)
        return -1;
    Bitboard after_first = rs->plan_start;
    bb_remove(&after_first, rs->plan[0].from);
    bb_add(&after_first, rs->plan[0].to);
    if (!bb_equal(after_first, pos->pieces[side])) return -1;
    Position p = solo_position(pos, side);
    for (int i = 1; i < rs->plan_length; i++) {
        Move m = rs->plan[i];
        if (p.at[m.from] != side) return -1;
        Bitboard dests = piece_destinations(&p, m.from);
        if (!bb_has(&dests, m.to)) return -1;
        solo_make(&p, m);
    }
    if (!position_has_won(&p, side)) return -1;
    for (int i = 1; i < rs->plan_length; i++) rs->plan[i - 1] = rs->plan[i];
    return --rs->plan_length;
}

RaceResult race_solve(RaceSolver *rs, const Evaluator *ev, const Position *pos, Side side,
                      int max_width, int64_t deadline, const atomic_bool *stop) {
    RaceResult result = {-1, MOVE_PASS, 0, true};
    Position start = solo_position(pos, side);
    if (max_width > RACE_MAX_WIDTH) max_width = RACE_MAX_WIDTH;
    if (max_width < 1) max_width = 1;
    int best = remembered_plan(rs, pos, side);
    Move plan[RACE_MAX_PLAN];
    for (int width = max_width < 4 ? max_width : 4;; width *= 2) {
        if (width > max_width) width = max_width;
        bool first = result.nodes == 0;
        int moves = beam_search(rs, ev, &start, width, plan, &result.nodes, first ? -1 : deadline,
                                first ? NULL : stop);
        if (moves > 0 && (best < 0 || moves < best)) {
            best = moves;
            for (int i = 0; i < moves; i++) rs->plan[i] = plan[i];
            rs->plan_length = moves;
        }
        if (width == max_width) break;
        if ((stop && atomic_load_explicit(stop, memory_order_relaxed)) || (deadline >= 0 && clock_ms() >= deadline)) {
            result.complete = false;
            break;
        }
    }
    rs->has_plan = best > 0;
    if (best <= 0) return result;
    rs->plan_start = pos->pieces[side];
    rs->plan_side = (uint8_t)side;
    rs->plan_variant = pos->variant;
    result.moves = best;
    result.first = rs->plan[0];
    return result;
}

int race_estimate(RaceSolver *rs, const Evaluator *ev, const Position *pos, Side side, int width) {
    Position start = solo_position(pos, side);
    if (position_has_won(&start, side)) return 0;
    Move plan[RACE_MAX_PLAN];
    uint64_t nodes = 0;
    if (width > RACE_MAX_WIDTH) width = RACE_MAX_WIDTH;
    return beam_search(rs, ev, &start, width < 1 ? 1 : width, plan, &nodes, -1, NULL);
}
