/* multi_greedy.c: the advance-most player of three and four seats. */
#include "engine/multi_greedy.h"

#include "core/movegen.h"

/* As greedy.c for two: its rear pieces move when they gain as much. */
Move multi_greedy_move(const Position *pos) {
    uint8_t from[MAX_PIECES];
    Bitboard dests[MAX_PIECES];
    int pieces = side_destinations(pos, from, dests), seat = pos->seat;
    Move best = MOVE_PASS;
    int best_gain = -1000, best_behind = -1;
    for (int i = 0; i < pieces; i++) {
        int behind = seat_goal_distance(seat, from[i]);
        while (!bb_is_empty(dests[i])) {
            int to = bb_pop(&dests[i]), gain = behind - seat_goal_distance(seat, to);
            if (gain > best_gain || (gain == best_gain && behind > best_behind))
                best_gain = gain, best_behind = behind, best = (Move){from[i], (uint8_t)to};
        }
    }
    return best;
}
