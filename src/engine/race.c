/* race.c: the race planned by a beam search (see race.h). */
#include "engine/race.h"

#include "core/movegen.h"
#include "engine/clock.h"

enum {
    CLOCK_EVERY = 512, /* positions scored between looks at the clock */
    REAR_PIECES = 3,   /* the pieces whose next jump counts in the rank */
};

/* The beam ranks by the search's evaluation with four changes, each measured
 * on the plans' length (docs/ENGINE.md, the race planner). */
void race_weights(EvalWeights *w) {
    *w = tune_defaults().eval;
    w->straggler = 0;
    w->outside = 20;
    w->no_ladder = 30;
    w->lateral_free = 0;
    w->learned = 0; /* learnt from two-sided games (learned.h) */
    w->returnable = 0; /* measured without it */
}

/* A side's costliest pieces, dearest first; among equal costs the lower
 * square first. */
typedef struct {
    int n;
    int sq[REAR_PIECES + 1], cost[REAR_PIECES + 1];
} RearPieces;

/* Inserts a piece, keeping the first `keep` (at most REAR_PIECES + 1). */
static void rear_insert(RearPieces *r, int keep, int sq, int c) {
    int at = r->n < keep ? r->n++ : keep;
    while (at > 0 && (r->cost[at - 1] < c || (r->cost[at - 1] == c && r->sq[at - 1] > sq))) {
        if (at < keep) r->sq[at] = r->sq[at - 1], r->cost[at] = r->cost[at - 1];
        at--;
    }
    if (at < keep) r->sq[at] = sq, r->cost[at] = c;
}

/* The REAR_PIECES + 1 costliest pieces of `us`: one more than ranks use,
 * so that after any one move the costliest REAR_PIECES are known without
 * looking at the other pieces again (rear_after). */
static RearPieces rear_of(const int16_t *cost, const Position *pos, Side us) {
    RearPieces r = {0};
    Bitboard pieces = pos->pieces[us];
    while (!bb_is_empty(pieces)) {
        int sq = bb_pop(&pieces);
        rear_insert(&r, REAR_PIECES + 1, sq, cost[sq]);
    }
    return r;
}

/* The costliest REAR_PIECES after the piece on `from` moved to `to`.  If
 * `from` was among the REAR_PIECES + 1 the others of them are the rest of
 * the side's costliest; either way the moved piece competes with them. */
static RearPieces rear_after(const int16_t *cost, const RearPieces *before, int from, int to) {
    RearPieces r = {0};
    for (int i = 0; i < before->n; i++)
        if (before->sq[i] != from) rear_insert(&r, REAR_PIECES, before->sq[i], before->cost[i]);
    rear_insert(&r, REAR_PIECES, to, cost[to]);
    return r;
}

/*
 * The best the REAR_PIECES costliest pieces (`rear`) gain (in cost) by one
 * jump chain next move.  The beam ranks a position by its cost less this
 * gain.  The cost alone ranks a position whose stragglers have a ladder
 * ahead the same as one whose stragglers are stranded, and the beam keeps
 * the wrong ones: a crossing waits for its stragglers.  From the start of a
 * lone crossing, a beam of 32 ranked so finds 57 moves (19 pieces) and 47
 * (13 pieces); ranked by the cost alone, 70 and 54, and still 64 and 47 at
 * a width of 256.  Only rear pieces and only jumps: a step gains one square,
 * and looking at every piece cost six times as much and planned no better.  (The
 * goal-camp rule is left out: rear pieces are hardly ever in the goal.)
 */
static int rear_jump_gain(const int16_t *cost, const Position *pos, const RearPieces *rear) {
    Bitboard landings[REAR_PIECES];
    pieces_jump_destinations(pos, rear->sq, rear->n, landings);
    int best = 0;
    for (int i = 0; i < rear->n; i++) {
        while (!bb_is_empty(landings[i])) {
            int gain = rear->cost[i] - cost[bb_pop(&landings[i])];
            if (gain > best) best = gain;
        }
    }
    return best;
}

/* The candidates of the next layer are kept in a max-heap on their score, so
 * the worst of the best `width` is on top, ready to be replaced. */
static void sift_down(RaceCandidate *heap, int count, int i) {
    for (;;) {
        int worst = i, l = 2 * i + 1, r = l + 1;
        if (l < count && heap[l].score > heap[worst].score) worst = l;
        if (r < count && heap[r].score > heap[worst].score) worst = r;
        if (worst == i) return;
        RaceCandidate t = heap[i];
        heap[i] = heap[worst];
        heap[worst] = t;
        i = worst;
    }
}

static void sift_up(RaceCandidate *heap, int i) {
    while (i > 0) {
        int parent = (i - 1) / 2;
        if (heap[parent].score >= heap[i].score) return;
        RaceCandidate t = heap[i];
        heap[i] = heap[parent];
        heap[parent] = t;
        i = parent;
    }
}

static void offer(RaceCandidate *heap, int *count, int width, RaceCandidate c) {
    if (*count < width) {
        heap[*count] = c;
        sift_up(heap, (*count)++);
    } else if (c.score < heap[0].score) {
        heap[0] = c;
        sift_down(heap, *count, 0);
    }
}

/* A position already kept (by its key) on an earlier layer or this one: a
 * plan through it again would only be longer, or the same. */
static bool already_seen(RacePlanner *rp, uint64_t key) {
    uint64_t *slot = &rp->seen[key % RACE_SEEN];
    if (*slot == key) return true;
    *slot = key;
    return false;
}

/* Our move, then the other side's pass: in the race it does not matter. */
static void make_own(Position *pos, Move m) {
    position_make_for(pos, m, TWO_SEATS);
    position_make_for(pos, MOVE_PASS, TWO_SEATS);
}

static void play_own(const Evaluator *ev, RaceState *st, Move m) {
    eval_acc_move(ev, &st->acc, st->pos.variant, st->pos.seat, m.from, m.to);
    make_own(&st->pos, m);
}

static void write_plan(const RacePlanner *rp, int layers, int index, Move last, RacePlan *plan) {
    plan->length = layers + 1;
    plan->moves[layers] = last;
    for (int l = layers - 1; l >= 0; l--) {
        plan->moves[l] = rp->trail[l][index].move;
        index = rp->trail[l][index].parent;
    }
}

bool race_plan(RacePlanner *rp, const Evaluator *ev, const Position *pos, int width, SearchClock *clock,
               int64_t deadline, const atomic_bool *stop, uint64_t *nodes, RacePlan *plan) {
    if (width > RACE_MAX_WIDTH) width = RACE_MAX_WIDTH;
    Side us = (Side)pos->seat;
    const int16_t *cost = ev->cost[pos->variant][us];
    for (int i = 0; i < RACE_SEEN; i++) rp->seen[i] = 0;
    RaceState *now = rp->layer[0], *next = rp->layer[1];
    now[0].pos = *pos;
    eval_acc_init(ev, pos, &now[0].acc);
    int count = 1;
    MoveList list;
    uint64_t scored = 0;
    /* Layer l holds the positions after l own moves. */
    for (int l = 0; l < RACE_MAX_PLAN; l++) {
        int kept = 0;
        for (int i = 0; i < count; i++) {
            RaceState *st = &now[i];
            RearPieces rear = rear_of(cost, &st->pos, us);
            generate_moves(&st->pos, &list);
            for (int k = 0; k < list.count; k++) {
                Move m = list.moves[k];
                if (move_is_pass(m)) continue;
                position_make_for(&st->pos, m, TWO_SEATS);
                if (position_goal_complete(&st->pos, us)) { /* either win */
                    *nodes += ++scored;
                    write_plan(rp, l, i, m, plan);
                    return true;
                }
                /* Looked up before scoring: one move in six leads to a
                 * position already kept, and scoring is most of the work. */
                if (already_seen(rp, st->pos.hash)) {
                    position_unmake_for(&st->pos, m, TWO_SEATS);
                    continue;
                }
                EvalAcc acc = st->acc;
                eval_acc_move(ev, &acc, st->pos.variant, us, m.from, m.to);
                RearPieces rear_now = rear_after(cost, &rear, m.from, m.to);
                int score = eval_side_cost_acc(ev, &st->pos, &acc, us) - rear_jump_gain(cost, &st->pos, &rear_now);
                position_unmake_for(&st->pos, m, TWO_SEATS);
                offer(rp->heap, &kept, width, (RaceCandidate){score, (uint16_t)i, m});
                if (++scored % CLOCK_EVERY == 0 &&
                    ((deadline >= 0 && search_clock_now(clock) >= deadline) || (stop && atomic_load_explicit(stop, memory_order_relaxed)))) {
                    *nodes += scored;
                    return false;
                }
            }
        }
        if (kept == 0) break;
        for (int j = 0; j < kept; j++) {
            RaceCandidate c = rp->heap[j];
            next[j] = now[c.parent];
            play_own(ev, &next[j], c.move);
            rp->trail[l][j].parent = c.parent;
            rp->trail[l][j].move = c.move;
        }
        RaceState *t = now;
        now = next;
        next = t;
        count = kept;
    }
    *nodes += scored;
    return false;
}

bool race_plan_valid(const RacePlan *plan, int from, const Position *pos) {
    if (from >= plan->length) return false;
    Position p = *pos;
    Side us = (Side)p.seat;
    for (int i = from; i < plan->length; i++) {
        if (move_is_pass(plan->moves[i]) || !move_is_legal(&p, plan->moves[i])) return false;
        make_own(&p, plan->moves[i]);
    }
    return position_goal_complete(&p, us);
}
