/* greedy.c: the advance-most player of any seating. */
#include "engine/greedy.h"

#include "core/movegen.h"
#include "engine/random.h"

int distance_sum(const Position *pos, int seat) {
    int sum = 0;
    for (Bitboard b = pos->pieces[seat]; !bb_is_empty(b);) sum += seat_goal_distance(seat, bb_pop(&b));
    return sum;
}

/* Among the moves that advance most, the one of the piece furthest from the
 * goal: a plain player moves its rear pieces when it can gain as much with
 * them, instead of leaving them at home (which is the opponent's goal) until
 * nothing else advances (docs/DECISIONS.md). */
Move greedy_move_keeping(const Position *pos, Bitboard kept) {
    MoveList list;
    generate_moves(pos, &list);
    int seat = pos->seat;
    Move best = list.moves[0]; /* the pass, or a kept piece's move when only those move */
    int best_gain = -1000, best_behind = -1;
    for (int i = 0; i < list.count; i++) {
        Move m = list.moves[i];
        if (move_is_pass(m)) break;
        if (bb_has(&kept, m.from)) continue;
        int behind = seat_goal_distance(seat, m.from);
        int gain = behind - seat_goal_distance(seat, m.to);
        if (gain > best_gain || (gain == best_gain && behind > best_behind))
            best_gain = gain, best_behind = behind, best = m;
    }
    return best;
}

Move greedy_move(const Position *pos) { return greedy_move_keeping(pos, (Bitboard){{0, 0, 0, 0}}); }

/* Reservoir sampling: the k-th move of the best gain seen replaces the one
 * kept with probability 1/k. */
Move greedy_move_random(const Position *pos, uint64_t *rng) {
    MoveList list;
    generate_moves(pos, &list);
    int seat = pos->seat;
    Move best = list.moves[0];
    int best_gain = -1000, ties = 0;
    for (int i = 0; i < list.count; i++) {
        Move m = list.moves[i];
        if (move_is_pass(m)) break;
        int gain = seat_goal_distance(seat, m.from) - seat_goal_distance(seat, m.to);
        if (gain > best_gain) best_gain = gain, ties = 0;
        if (gain == best_gain && random_next(rng) % (uint64_t)++ties == 0) best = m;
    }
    return best;
}

/* Nearest the home corner: farthest from the goal corner, then the lower
 * square. */
Bitboard home_corner_squares(Variant variant, int seat, int count) {
    Bitboard chosen = {{0, 0, 0, 0}};
    for (int k = 0; k < count; k++) {
        int best = -1;
        for (Bitboard camp = bb_minus(camp_of(variant, seat), chosen); !bb_is_empty(camp);) {
            int sq = bb_pop(&camp);
            if (best < 0 || seat_goal_distance(seat, sq) > seat_goal_distance(seat, best)) best = sq;
        }
        if (best < 0) break;
        bb_add(&chosen, best);
    }
    return chosen;
}
