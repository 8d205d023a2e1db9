/* greedy.c: the advance-most player. */
#include "greedy.h"

#include "movegen.h"

int corner_distance(Side side, int sq) {
    int file = square_file(sq), rank = square_rank(sq);
    return side == WHITE ? file + (BOARD_SIZE - 1 - rank) : (BOARD_SIZE - 1 - file) + rank;
}

Move greedy_move(const Position *pos) {
    MoveList list;
    generate_moves(pos, &list);
    Side side = (Side)pos->side_to_move;
    Move best = list.moves[0];
    int best_gain = -1000;
    for (int i = 0; i < list.count; i++) {
        Move m = list.moves[i];
        if (move_is_pass(m)) break;
        int gain = corner_distance(side, m.from) - corner_distance(side, m.to);
        if (gain > best_gain) best_gain = gain, best = m;
    }
    return best;
}
