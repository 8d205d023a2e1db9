/* multi_notation.c: reading and writing positions and moves of three or four. */
#include "core/multi_notation.h"

#include "core/movecheck.h"

static const char *seat_letters(int players) { return players == 4 ? "wbry" : "wbr"; }

int seat_of_letter(char c) {
    for (int seat = 0; seat < MAX_SEATS; seat++)
        if (colour_letter(seat) == c) return seat;
    return -1;
}

static bool refuse_seating(Refusal *why, RefusalCode code, const Position *pos) {
    refuse(why, code, -1, -1);
    why->players = pos->players;
    why->partners = pos->partners;
    return false;
}

/* Every seat that plays has its 13 pieces, and no game ended twice. */
static bool check_seats(const Position *pos, Refusal *why) {
    for (int seat = 0; seat < pos->players; seat++) {
        int have = bb_count(pos->pieces[seat]);
        if (have != SEAT_PIECES) {
            refuse_seating(why, REFUSAL_PIECE_COUNT, pos);
            why->side = (Side)seat;
            why->number = have;
            why->expected = SEAT_PIECES;
            return false;
        }
    }
    int home = 0, partnerships = 0;
    for (int seat = 0; seat < pos->players; seat++) home += position_has_won(pos, seat);
    for (int seat = 0; seat < pos->players; seat += 2)
        partnerships += position_has_won(pos, seat) && position_has_won(pos, seat_partner(seat));
    if (pos->partners ? partnerships > 1 : home > 1) return refuse_seating(why, REFUSAL_BOTH_WON, pos);
    return true;
}

bool multi_fen_parse(const char *s, Seating seating, Position *out, Refusal *why) {
    FenFields f;
    if (!fen_fields_parse(s, seat_letters(seating.players), seating.players, &f, why)) return false;
    Position pos;
    position_clear_seating(&pos, seating, VARIANT_13);
    for (int sq = 0; sq < NUM_SQUARES; sq++)
        if (f.piece[sq] >= 0) position_put(&pos, sq, f.piece[sq]);
    position_set_seat(&pos, f.mover);
    pos.turns = f.turns;
    if (!check_seats(&pos, why)) return false;
    *out = pos;
    return true;
}

void multi_text_fen(Text *t, const Position *pos) {
    text_placement(t, pos->at, "wbry");
    text_char(t, ' ');
    text_char(t, colour_letter(pos->seat));
    text_char(t, ' ');
    text_int(t, pos->turns);
}

bool multi_move_read(const Position *pos, const char *s, int len, Move *move, Refusal *why) {
    MoveBoard board = {pos->at, NO_SEAT, pos->seat, pos->players, seat_goal(pos->seat)};
    if (move_text_is_pass(s, len)) return move_read_pass(&board, legal_count(pos), move, why);
    if (position_has_won(pos, pos->seat)) {
        refuse_seating(why, REFUSAL_SEAT_FINISHED, pos);
        why->side = (Side)pos->seat;
        return false;
    }
    return move_read_path(&board, s, len, move, why);
}

void multi_text_move(Text *t, const Position *pos, Move m) {
    uint8_t path[MAX_PATH];
    if (move_is_pass(m)) {
        text_str(t, "pass");
        return;
    }
    text_path(t, path, shortest_path(pos, m.from, m.to, path));
}
