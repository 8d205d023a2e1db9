/* movecheck.c: checking a written move hop by hop, with the reason it fails. */
#include "core/movecheck.h"

#include "core/movegen.h"
#include "core/notation.h"

static bool refuse_square(Text *err, const char *before, int sq, const char *after) {
    text_str(err, before);
    text_square(err, sq);
    text_str(err, after);
    return false;
}

static bool check_origin(const Position *pos, int from, Text *err) {
    Side side = (Side)pos->side_to_move;
    if (pos->at[from] == side) return true;
    text_str(err, "it is ");
    text_str(err, side_name(side));
    text_str(err, "'s turn, ");
    text_square(err, from);
    if (pos->at[from] == NO_PIECE) text_str(err, " is empty");
    else text_str(err, pos->at[from] == WHITE ? " holds a White piece" : " holds a Black piece");
    return false;
}

/* Is `to` two squares from `from` in one of the eight directions? */
static bool hop_shape(int from, int to, int *over) {
    int df = square_file(to) - square_file(from), dr = square_rank(to) - square_rank(from);
    bool shape = (df == 0 || df == 2 || df == -2) && (dr == 0 || dr == 2 || dr == -2) && (df || dr);
    if (shape) *over = square_at(square_file(from) + df / 2, square_rank(from) + dr / 2);
    return shape;
}

static bool check_hop(const Position *pos, int from, int to, Text *err) {
    int over;
    if (bb_has(&NEIGHBOURS[from], to)) {
        text_square(err, from);
        text_char(err, '-');
        text_square(err, to);
        text_str(err, " is a step, and a step cannot be part of a jump chain");
        return false;
    }
    if (!hop_shape(from, to, &over)) {
        text_square(err, from);
        text_char(err, '-');
        text_square(err, to);
        text_str(err, " is neither a step nor a hop (a hop goes over a neighbouring piece "
                      "to the square straight beyond it)");
        return false;
    }
    if (pos->at[over] == NO_PIECE) return refuse_square(err, "there is no piece on ", over, " to hop over");
    if (pos->at[to] != NO_PIECE) return refuse_square(err, "the hop lands on ", to, ", which is occupied");
    return true;
}

/* Every landing of a written chain, in order, against the rules. */
static bool check_chain(const Position *pos, const uint8_t *path, int n, Text *err) {
    Bitboard landed = {{0, 0, 0, 0}};
    bb_add(&landed, path[0]);
    for (int i = 1; i < n; i++) {
        if (bb_has(&landed, path[i]))
            return refuse_square(err, "the chain lands on ", path[i],
                                 i == n - 1 && path[i] == path[0] ? " where it started, which is no move"
                                                                  : " twice");
        if (!check_hop(pos, path[i - 1], path[i], err)) return false;
        bb_add(&landed, path[i]);
    }
    return true;
}

/* "from-to" that is not a step: any chain of hops will do. */
static bool check_shortcut(const Position *pos, int from, int to, Text *err) {
    Bitboard reach = jump_destinations(pos, from);
    if (bb_has(&reach, to)) return true;
    int over;
    if (hop_shape(from, to, &over)) return check_hop(pos, from, to, err);
    if (pos->at[to] != NO_PIECE) return refuse_square(err, "", to, " is occupied");
    text_str(err, "no chain of hops leads from ");
    text_square(err, from);
    return refuse_square(err, " to ", to, "");
}

static bool check_goal_rule(const Position *pos, int from, int to, Text *err) {
    Bitboard goal = goal_of((Variant)pos->variant, (Side)pos->side_to_move);
    if (!bb_has(&goal, from) || bb_has(&goal, to)) return true;
    return refuse_square(err, "the piece on ", from,
                         " has reached its goal camp and must end its move inside it");
}

static bool read_pass(const Position *pos, Move *move, Text *err) {
    MoveList list;
    generate_moves(pos, &list);
    if (move_is_pass(list.moves[0])) {
        *move = MOVE_PASS;
        return true;
    }
    text_str(err, "pass is only allowed with no legal move, and ");
    text_str(err, side_name((Side)pos->side_to_move));
    text_str(err, " has ");
    text_int(err, list.count);
    text_str(err, list.count == 1 ? " move" : " moves");
    return false;
}

bool move_read(const Position *pos, const char *s, int len, Move *move, Text *err) {
    if (len == 4 && s[0] == 'p' && s[1] == 'a' && s[2] == 's' && s[3] == 's') return read_pass(pos, move, err);
    uint8_t path[MAX_PATH];
    int n = path_parse(s, len, path, err);
    if (n == 0 || !check_origin(pos, path[0], err)) return false;
    int from = path[0], to = path[n - 1];
    if (n == 2 && bb_has(&NEIGHBOURS[from], to)) {
        if (pos->at[to] != NO_PIECE) return refuse_square(err, "the step lands on ", to, ", which is occupied");
    } else if (n == 2) {
        if (!check_shortcut(pos, from, to, err)) return false;
    } else if (!check_chain(pos, path, n, err)) {
        return false;
    }
    if (!check_goal_rule(pos, from, to, err)) return false;
    *move = (Move){(uint8_t)from, (uint8_t)to};
    return true;
}
