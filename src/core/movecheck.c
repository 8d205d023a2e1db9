/* movecheck.c: checking a written move hop by hop, with the reason it fails. */
#include "core/movecheck.h"

#include "core/hopgraph.h"
#include "core/movegen.h"
#include "core/notation.h"

static bool refuse_on(const MoveBoard *b, Refusal *why, RefusalCode code, int sq) {
    refuse(why, code, sq, -1);
    why->side = (Side)b->mover;
    why->players = b->players;
    return false;
}

static bool check_origin(const MoveBoard *b, int from, Refusal *why) {
    if (b->at[from] == b->mover) return true;
    refuse_on(b, why, b->at[from] == b->empty ? REFUSAL_EMPTY_ORIGIN : REFUSAL_NOT_YOUR_PIECE, from);
    why->owner = (Side)b->at[from];
    return false;
}

static bool check_hop(const MoveBoard *b, int from, int to, Refusal *why) {
    if (bb_has(&NEIGHBOURS[from], to)) return refuse(why, REFUSAL_STEP_IN_CHAIN, from, to);
    int over = hop_over(from, to);
    if (over < 0) return refuse(why, REFUSAL_NOT_A_HOP, from, to);
    if (b->at[over] == b->empty) return refuse(why, REFUSAL_NOTHING_TO_HOP, over, -1);
    if (b->at[to] != b->empty) return refuse(why, REFUSAL_HOP_LANDS_OCCUPIED, to, -1);
    return true;
}

/* Every landing of a written chain, in order, against the rules. */
static bool check_chain(const MoveBoard *b, const uint8_t *path, int n, Refusal *why) {
    Bitboard landed = {{0, 0, 0, 0}};
    bb_add(&landed, path[0]);
    for (int i = 1; i < n; i++) {
        if (bb_has(&landed, path[i]))
            return refuse(why, i == n - 1 && path[i] == path[0] ? REFUSAL_RETURNS_TO_START : REFUSAL_LANDS_TWICE,
                          path[i], -1);
        if (!check_hop(b, path[i - 1], path[i], why)) return false;
        bb_add(&landed, path[i]);
    }
    return true;
}

/* "from-to" that is not a step: any chain of hops will do. */
static bool check_shortcut(const MoveBoard *b, int from, int to, Refusal *why) {
    if (mailbox_reaches(b->at, b->empty, from, to)) return true;
    if (hop_over(from, to) >= 0) return check_hop(b, from, to, why);
    if (b->at[to] != b->empty) return refuse(why, REFUSAL_OCCUPIED, to, -1);
    return refuse(why, REFUSAL_UNREACHABLE, from, to);
}

static bool check_goal_rule(const MoveBoard *b, int from, int to, Refusal *why) {
    if (!bb_has(&b->goal, from) || bb_has(&b->goal, to)) return true;
    return refuse(why, REFUSAL_GOAL_CAMP, from, -1);
}

static bool check_home_rule(const MoveBoard *b, int from, int to, Refusal *why) {
    if (bb_has(&b->home, from) || !bb_has(&b->home, to)) return true;
    return refuse(why, REFUSAL_RETURNS_HOME, to, from);
}

bool move_text_is_pass(const char *s, int len) {
    return len == 4 && s[0] == 'p' && s[1] == 'a' && s[2] == 's' && s[3] == 's';
}

bool move_read_pass(const MoveBoard *board, int legal, Move *move, Refusal *why) {
    if (legal == 0) {
        *move = MOVE_PASS;
        return true;
    }
    refuse_on(board, why, REFUSAL_PASS_NOT_ALLOWED, -1);
    why->number = legal;
    return false;
}

bool move_read_path(const MoveBoard *b, const char *s, int len, Move *move, Refusal *why) {
    uint8_t path[MAX_PATH];
    int n = path_parse(s, len, path, why);
    if (n == 0 || !check_origin(b, path[0], why)) return false;
    int from = path[0], to = path[n - 1];
    if (n == 2 && bb_has(&NEIGHBOURS[from], to)) {
        if (b->at[to] != b->empty) return refuse(why, REFUSAL_STEP_OCCUPIED, to, -1);
    } else if (n == 2) {
        if (!check_shortcut(b, from, to, why)) return false;
    } else if (!check_chain(b, path, n, why)) {
        return false;
    }
    if (!check_goal_rule(b, from, to, why) || !check_home_rule(b, from, to, why)) return false;
    *move = (Move){(uint8_t)from, (uint8_t)to};
    return true;
}

bool move_read(const Position *pos, const char *s, int len, Move *move, Refusal *why) {
    uint8_t players = pos->players == TWO_SEATS ? 0 : pos->players;
    Bitboard home = pos->rules == RULES_NOSPOIL ? camp_of((Variant)pos->variant, pos->seat) : (Bitboard){{0}};
    MoveBoard board = {pos->at, NO_PIECE, pos->seat, players, goal_of((Variant)pos->variant, pos->seat), home};
    if (move_text_is_pass(s, len)) return move_read_pass(&board, legal_count(pos), move, why);
    /* A partner home passes (a seat home alone has ended the game). */
    if (players && position_has_won(pos, pos->seat)) {
        refuse_seated(why, REFUSAL_SEAT_FINISHED, pos);
        why->side = (Side)pos->seat;
        return false;
    }
    return move_read_path(&board, s, len, move, why);
}
