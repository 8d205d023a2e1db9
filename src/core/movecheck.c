/* movecheck.c: checking a written move hop by hop, with the reason it fails. */
#include "core/movecheck.h"

#include "core/movegen.h"
#include "core/notation.h"

static bool check_origin(const Position *pos, int from, Refusal *why) {
    if (pos->at[from] == pos->side_to_move) return true;
    refuse(why, pos->at[from] == NO_PIECE ? REFUSAL_EMPTY_ORIGIN : REFUSAL_NOT_YOUR_PIECE, from, -1);
    why->side = (Side)pos->side_to_move;
    return false;
}

static bool check_hop(const Position *pos, int from, int to, Refusal *why) {
    if (bb_has(&NEIGHBOURS[from], to)) return refuse(why, REFUSAL_STEP_IN_CHAIN, from, to);
    int over = hop_over(from, to);
    if (over < 0) return refuse(why, REFUSAL_NOT_A_HOP, from, to);
    if (pos->at[over] == NO_PIECE) return refuse(why, REFUSAL_NOTHING_TO_HOP, over, -1);
    if (pos->at[to] != NO_PIECE) return refuse(why, REFUSAL_HOP_LANDS_OCCUPIED, to, -1);
    return true;
}

/* Every landing of a written chain, in order, against the rules. */
static bool check_chain(const Position *pos, const uint8_t *path, int n, Refusal *why) {
    Bitboard landed = {{0, 0, 0, 0}};
    bb_add(&landed, path[0]);
    for (int i = 1; i < n; i++) {
        if (bb_has(&landed, path[i]))
            return refuse(why, i == n - 1 && path[i] == path[0] ? REFUSAL_RETURNS_TO_START : REFUSAL_LANDS_TWICE,
                          path[i], -1);
        if (!check_hop(pos, path[i - 1], path[i], why)) return false;
        bb_add(&landed, path[i]);
    }
    return true;
}

/* "from-to" that is not a step: any chain of hops will do. */
static bool check_shortcut(const Position *pos, int from, int to, Refusal *why) {
    Bitboard reach = jump_destinations(pos, from);
    if (bb_has(&reach, to)) return true;
    if (hop_over(from, to) >= 0) return check_hop(pos, from, to, why);
    if (pos->at[to] != NO_PIECE) return refuse(why, REFUSAL_OCCUPIED, to, -1);
    return refuse(why, REFUSAL_UNREACHABLE, from, to);
}

static bool check_goal_rule(const Position *pos, int from, int to, Refusal *why) {
    Bitboard goal = goal_of((Variant)pos->variant, (Side)pos->side_to_move);
    if (!bb_has(&goal, from) || bb_has(&goal, to)) return true;
    return refuse(why, REFUSAL_GOAL_CAMP, from, -1);
}

static bool read_pass(const Position *pos, Move *move, Refusal *why) {
    MoveList list;
    generate_moves(pos, &list);
    if (move_is_pass(list.moves[0])) {
        *move = MOVE_PASS;
        return true;
    }
    refuse(why, REFUSAL_PASS_NOT_ALLOWED, -1, -1);
    why->side = (Side)pos->side_to_move;
    why->number = list.count;
    return false;
}

bool move_read(const Position *pos, const char *s, int len, Move *move, Refusal *why) {
    if (len == 4 && s[0] == 'p' && s[1] == 'a' && s[2] == 's' && s[3] == 's') return read_pass(pos, move, why);
    uint8_t path[MAX_PATH];
    int n = path_parse(s, len, path, why);
    if (n == 0 || !check_origin(pos, path[0], why)) return false;
    int from = path[0], to = path[n - 1];
    if (n == 2 && bb_has(&NEIGHBOURS[from], to)) {
        if (pos->at[to] != NO_PIECE) return refuse(why, REFUSAL_STEP_OCCUPIED, to, -1);
    } else if (n == 2) {
        if (!check_shortcut(pos, from, to, why)) return false;
    } else if (!check_chain(pos, path, n, why)) {
        return false;
    }
    if (!check_goal_rule(pos, from, to, why)) return false;
    *move = (Move){(uint8_t)from, (uint8_t)to};
    return true;
}
