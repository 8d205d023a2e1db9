/*
 * multi_proof.c: forced wins of three or four seats (see multi_proof.h).
 *
 * An AND-OR search: the seat's own moves are tried until one wins, every
 * move of every other seat must fail to stop it.  Two of the seat's moves
 * are within reach: the first must leave a single piece outside the goal,
 * then each other seat moves once, then that piece must come in.  At the
 * last of the other seats, a move that neither takes a piece from under
 * the finishing chain nor lands on it leaves that chain as it was, so only
 * the few moves that touch it are made and tried.
 *
 * Under the house rule nospoil (RULES-HOUSE.md) the goal's squares its
 * owner holds count as the seat's (Parlett's win): a single open square
 * left, any piece outside may fill it, and a square the owner holds must
 * stay held, as a square the chain hops over must stay occupied.  A win is
 * confirmed as the game judges it (position_goal_complete()).
 */
#include "engine/multi_proof.h"

#include "core/movegen.h"

int multi_pieces_outside(const Position *pos, int seat) {
    return SEAT_PIECES - bb_count(bb_and(pos->pieces[seat], seat_goal(seat)));
}

/* The squares of the seat's goal still to fill: those its pieces do not
 * hold, and under nospoil its owner's neither. */
static Bitboard open_squares(const Position *pos, int seat) {
    Bitboard goal = seat_goal(seat), held = pos->pieces[seat];
    if (pos->rules == RULES_NOSPOIL) held = bb_or(held, pos->pieces[seat_partner(seat)]);
    return bb_minus(goal, held);
}

int multi_pieces_to_go(const Position *pos, int seat) {
    if (pos->rules != RULES_NOSPOIL) return multi_pieces_outside(pos, seat);
    Bitboard open = open_squares(pos, seat);
    if (bb_is_empty(open) && bb_is_empty(bb_and(pos->pieces[seat], seat_goal(seat)))) return SEAT_PIECES;
    return bb_count(open);
}

/* Is the seat's goal complete after its move m, as the game judges it (and
 * as partners its partner's)?  On a copy: the few moves that fill the last
 * open square under nospoil. */
static bool completes(const Position *pos, int seat, Move m) {
    Position after = *pos;
    position_move_piece(&after, seat, m.from, m.to);
    return position_goal_complete(&after, seat) &&
           (!after.partners || position_goal_complete(&after, seat_partner(seat)));
}

/* Would the position `key` occur for the third time, the proof's line up
 * to `upto` positions counted?  By key alone: a collision only makes the
 * proof more careful. */
static bool third_time(const MultiProof *p, uint64_t key, int upto) {
    int seen = 0;
    for (int i = 0; i < upto; i++) seen += p->path[i] == key;
    if (p->filter[key & (PROOF_FILTER_SIZE - 1)] + seen < 2) return false;
    for (int i = 0; i <= p->game->length; i++) seen += p->game->keys[i] == key;
    return seen >= 2;
}

/* The position just reached (the last of the line) draws the game. */
static bool draws(const MultiProof *p) {
    return p->pos.turns >= p->turn_limit || third_time(p, p->pos.hash, p->path_count - 1);
}

/* Does the seat's move complete its goal, and with it the game for it (its
 * partnership's for partners)?  `to_go`: its multi_pieces_to_go(). */
static bool wins_with(const Position *pos, int seat, Move m, int to_go) {
    if (pos->rules == RULES_NOSPOIL) {
        Bitboard goal = seat_goal(seat);
        return to_go == 1 && !move_is_pass(m) && !bb_has(&goal, m.from) && bb_has(&goal, m.to) && completes(pos, seat, m);
    }
    Bitboard after = pos->pieces[seat];
    if (!move_is_pass(m)) {
        bb_remove(&after, m.from);
        bb_add(&after, m.to);
    }
    if (!bb_equal(after, seat_goal(seat))) return false;
    return !pos->partners || position_has_won(pos, seat_partner(seat));
}

/* The root's finishing move now, if it has one: its last piece outside
 * reaching the last empty square of its goal; under nospoil any piece
 * outside reaching the goal's last open square, the win confirmed. */
static bool finish_now(const Position *pos, int root, Move *move) {
    bool nospoil = pos->rules == RULES_NOSPOIL;
    if (pos->partners && !(nospoil ? position_goal_complete(pos, seat_partner(root))
                                   : position_has_won(pos, seat_partner(root))))
        return false;
    Bitboard goal = seat_goal(root), outside = bb_minus(pos->pieces[root], goal);
    Bitboard open = open_squares(pos, root);
    if ((!nospoil && bb_count(outside) != 1) || bb_count(open) != 1) return false;
    Bitboard target = open;
    int to = bb_pop(&open);
    if (pos->at[to] != NO_SEAT) return false;
    while (!bb_is_empty(outside)) {
        int from = bb_pop(&outside);
        if (!bb_has(&NEIGHBOURS[from], to) && !jump_lands_in(pos, from, target)) continue;
        *move = (Move){(uint8_t)from, (uint8_t)to};
        if (!nospoil || completes(pos, root, *move)) return true;
    }
    return false;
}

/* The squares a finishing move needs: those it hops over (to stay
 * occupied) and those it lands on (to stay empty). */
typedef struct {
    Bitboard hopped, landings;
} Chain;

static Chain chain_of(const Position *pos, Move m) {
    Chain c = {{{0, 0, 0, 0}}, {{0, 0, 0, 0}}};
    bb_add(&c.landings, m.to);
    if (bb_has(&NEIGHBOURS[m.from], m.to)) return c;
    uint8_t path[MAX_PATH];
    int n = shortest_path(pos, m.from, m.to, path);
    for (int i = 1; i < n; i++) {
        bb_add(&c.landings, path[i]);
        bb_add(&c.hopped, (path[i - 1] + path[i]) / 2);
    }
    return c;
}

static bool over_budget(MultiProof *p) {
    if (++p->nodes > p->budget) p->exhausted = true;
    return p->exhausted;
}

static void push(MultiProof *p, Move m) {
    position_make(&p->pos, m);
    p->path[p->path_count++] = p->pos.hash;
}

static void pop(MultiProof *p, Move m) {
    p->path_count--;
    position_unmake(&p->pos, m);
}

static bool others_fail(MultiProof *p, int own_moves);

/* The root to move, with `own_moves` moves to win in (1 or 2). */
static bool root_wins(MultiProof *p, int own_moves, Move *first) {
    Move finish;
    if (finish_now(&p->pos, p->root, &finish)) {
        *first = finish;
        return true;
    }
    int to_go = multi_pieces_to_go(&p->pos, p->root);
    if (own_moves < 2 || to_go > 2) return false;
    MoveList list;
    generate_moves(&p->pos, &list);
    Bitboard goal = seat_goal(p->root);
    for (int i = 0; i < list.count && !p->exhausted; i++) {
        Move m = list.moves[i];
        if (move_is_pass(m)) continue;
        int left = to_go - (!bb_has(&goal, m.from) && bb_has(&goal, m.to));
        if (left != 1 || over_budget(p)) continue;
        push(p, m);
        bool won = !draws(p) && !others_fail(p, own_moves - 1);
        pop(p, m);
        if (won) {
            *first = m;
            return true;
        }
    }
    return false;
}

/* Is the root still sure to finish after this move of the last seat before
 * it, the finishing chain `c` being there now?  Only a move touching the
 * chain is made. */
static bool last_reply_fails(MultiProof *p, Move m, bool have_chain, Chain c) {
    if (have_chain && !move_is_pass(m) && !bb_has(&c.hopped, m.from) && !bb_has(&c.landings, m.to)) {
        if (p->pos.turns + 1 >= p->turn_limit) return true;
        uint64_t after = p->pos.hash;
        int seat = p->pos.seat;
        after ^= ZOBRIST_PIECE[seat][m.from] ^ ZOBRIST_PIECE[seat][m.to];
        after ^= ZOBRIST_SEAT_TO_MOVE[seat] ^ ZOBRIST_SEAT_TO_MOVE[p->root];
        if (!third_time(p, after, p->path_count)) return false;
    }
    push(p, m);
    Move finish;
    bool fails = draws(p) || !finish_now(&p->pos, p->root, &finish);
    pop(p, m);
    return fails;
}

/* Another seat to move: does any of its moves (or a later seat's) stop the
 * root's win within `own_moves` of its moves? */
static bool others_fail(MultiProof *p, int own_moves) {
    if (p->pos.seat == p->root) {
        Move first;
        return !root_wins(p, own_moves, &first);
    }
    if (over_budget(p)) return true;
    int seat = p->pos.seat;
    MoveList list;
    generate_moves(&p->pos, &list);
    bool last = seat_after(p->pos.players, seat) == p->root && own_moves == 1;
    Move finish;
    bool have_chain = false;
    Chain c = {{{0, 0, 0, 0}}, {{0, 0, 0, 0}}};
    if (last) {
        Position before_root = p->pos;
        position_set_seat(&before_root, p->root);
        have_chain = finish_now(&before_root, p->root, &finish);
        if (have_chain) c = chain_of(&before_root, finish);
        /* Under nospoil the squares the goal's owner holds must stay held. */
        if (have_chain && p->pos.rules == RULES_NOSPOIL)
            c.hopped = bb_or(c.hopped, bb_and(seat_goal(p->root), p->pos.pieces[seat_partner(p->root)]));
    }
    /* The likeliest spoilers first: moves onto the root's goal or next to its pieces outside. */
    Bitboard near = seat_goal(p->root);
    for (Bitboard out = bb_minus(p->pos.pieces[p->root], near); !bb_is_empty(out);)
        near = bb_or(near, NEIGHBOURS[bb_pop(&out)]);
    for (int i = 0, front = 0; i < list.count; i++)
        if (!move_is_pass(list.moves[i]) && bb_has(&near, list.moves[i].to)) {
            Move m = list.moves[i];
            list.moves[i] = list.moves[front];
            list.moves[front++] = m;
        }
    int to_go = multi_pieces_to_go(&p->pos, seat);
    for (int i = 0; i < list.count; i++) {
        Move m = list.moves[i];
        if (wins_with(&p->pos, seat, m, to_go)) return true; /* another seat or team home first */
        if (over_budget(p)) return true;
        if (last) {
            if (last_reply_fails(p, m, have_chain, c)) return true;
            continue;
        }
        push(p, m);
        bool fails = draws(p) || others_fail(p, own_moves);
        pop(p, m);
        if (fails) return true;
    }
    return false;
}

int multi_prove_win(MultiProof *p, const Game *game, uint64_t budget, Move *move) {
    p->pos = game->pos;
    p->root = game->pos.seat;
    p->turn_limit = game->turn_limit;
    p->nodes = 0;
    p->budget = budget;
    p->exhausted = false;
    p->game = game;
    p->path_count = 0;
    if (multi_pieces_to_go(&p->pos, p->root) > 2) return 0;
    for (int i = 0; i < PROOF_FILTER_SIZE; i++) p->filter[i] = 0;
    for (int i = 0; i <= game->length; i++) {
        uint8_t *slot = &p->filter[game->keys[i] & (PROOF_FILTER_SIZE - 1)];
        if (*slot < 255) (*slot)++;
    }
    if (root_wins(p, 1, move)) return 1;
    if (root_wins(p, 2, move) && !p->exhausted) return p->pos.players + 1;
    return 0;
}
