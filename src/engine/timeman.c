/* timeman.c: the search's deadlines (see timeman.h). */
#include "engine/timeman.h"

enum {
    MOVES_TO_GO_MIN = 10, /* moves still to play, beyond the estimate of the race */
    MOVES_TO_GO_MAX = 80,
    CLOCK_RESERVE_MS = 50, /* never planned: the time to answer */
};

/* A fixed time a move: stop 10 ms early to answer in time, start no
 * iteration past 60% of it (the next would rarely finish). */
static Deadlines fixed_time(int64_t movetime, int64_t start) {
    int64_t margin = movetime >= 100 ? 10 : movetime / 10;
    return (Deadlines){start + movetime * 6 / 10, start + movetime - margin};
}

/* A share of the clock for each of the moves still to play, up to four
 * shares on a hard move, never the reserve. */
static Deadlines clock_time(int64_t left, int cost, int64_t start) {
    int moves_to_go = cost / 100 + MOVES_TO_GO_MIN;
    if (moves_to_go > MOVES_TO_GO_MAX) moves_to_go = MOVES_TO_GO_MAX;
    int64_t soft = left / moves_to_go;
    int64_t hard = soft * 4 < left / 4 ? soft * 4 : left / 4;
    int64_t reserve = left > 1000 ? CLOCK_RESERVE_MS : left / 20;
    if (hard > left - reserve) hard = left - reserve;
    if (hard < 1) hard = 1;
    if (soft > hard) soft = hard;
    return (Deadlines){start + soft, start + hard};
}

static int64_t earlier(int64_t a, int64_t b) { return a < 0 || (b >= 0 && b < a) ? b : a; }

Deadlines time_plan(const SearchLimits *limits, const LevelParams *level, int side, int cost, int64_t start) {
    Deadlines d = {-1, -1};
    bool timed = false;
    if (limits->movetime >= 0) {
        d = fixed_time(limits->movetime, start);
        timed = true;
    }
    if (limits->clock[side] >= 0) {
        Deadlines c = clock_time(limits->clock[side], cost, start);
        d = (Deadlines){earlier(d.soft, c.soft), earlier(d.hard, c.hard)};
        timed = true;
    }
    if (!timed && !limits->infinite && limits->depth == 0 && limits->nodes == 0)
        d = (Deadlines){start + level->think_ms / 2, start + level->think_ms};
    return d;
}
