/* plain_search.c: the iterative deepening of the plain sparring searches (see plain_search.h). */
#include "engine/plain_search.h"

#include "engine/clock.h"

Move plain_deepen(PlainState *s, void *player, PlainRootSearch *search_root, int max_ply, const Game *game,
                  int64_t movetime_ms) {
    s->pos = game->pos;
    s->nodes = 0;
    s->stopped = false;
    s->deadline = clock_ms() + movetime_ms;
    tt_new_search(&s->tt);
    MoveList root;
    generate_moves(&s->pos, &root);
    Move best = root.moves[0];
    s->pv_move = best;
    for (int depth = 1; depth < max_ply; depth++) {
        int score = search_root(player, depth, game);
        if (s->stopped) break;
        best = s->pv_move;
        if (score > PLAIN_WIN_BOUND || score < -PLAIN_WIN_BOUND) break; /* decided */
    }
    return best;
}
