/* notation.c: reading and writing squares, paths and positions. */
#include "core/notation.h"

int square_parse(const char *s, int len) {
    if (len < 2 || len > 3 || s[0] < 'a' || s[0] > 'p') return -1;
    int rank = 0;
    for (int i = 1; i < len; i++) {
        if (s[i] < '0' || s[i] > '9') return -1;
        rank = rank * 10 + (s[i] - '0');
    }
    if (s[1] == '0' || rank < 1 || rank > BOARD_SIZE) return -1;
    return square_at(s[0] - 'a', rank - 1);
}

int path_parse(const char *s, int len, uint8_t path[MAX_PATH], Refusal *why) {
    int n = 0, start = 0;
    if (len == 0) return refuse(why, REFUSAL_TOO_FEW_SQUARES, -1, -1);
    for (int i = 0; i <= len; i++) {
        if (i < len && s[i] != '-') continue;
        if (n == MAX_PATH) return refuse(why, REFUSAL_TOO_MANY_SQUARES, -1, -1);
        int sq = square_parse(s + start, i - start);
        if (sq < 0) {
            refuse(why, i > start ? REFUSAL_NOT_A_SQUARE : REFUSAL_EMPTY_SQUARE_NAME, -1, -1);
            why->word = s + start;
            why->word_len = i - start;
            return 0;
        }
        path[n++] = (uint8_t)sq;
        start = i + 1;
    }
    if (n < 2) return refuse(why, REFUSAL_TOO_FEW_SQUARES, -1, -1);
    return n;
}

void text_path(Text *t, const uint8_t *path, int n) {
    for (int i = 0; i < n; i++) {
        if (i) text_char(t, '-');
        text_square(t, path[i]);
    }
}

void text_move(Text *t, const Position *pos, Move m) {
    uint8_t path[MAX_PATH];
    if (move_is_pass(m)) {
        text_str(t, "pass");
        return;
    }
    int n = shortest_path(pos, m.from, m.to, path);
    text_path(t, path, n);
}

bool variant_parse(const char *s, Variant *variant) {
    if (text_equal(s, "19")) *variant = VARIANT_19;
    else if (text_equal(s, "13")) *variant = VARIANT_13;
    else return false;
    return true;
}

/* Refuses rank `rank` (0..15, named 1..16); -1, parse_placement's refusal. */
static int rank_error(Refusal *why, RefusalCode code, int rank) {
    refuse(why, code, -1, -1);
    why->number = rank + 1;
    return -1;
}

/* The placement field: 16 ranks from 16 down to 1. Returns characters used. */
static int parse_placement(const char *s, Position *pos, Refusal *why) {
    int i = 0;
    for (int rank = BOARD_SIZE - 1; rank >= 0; rank--) {
        int file = 0;
        for (char c; (c = s[i]) != '\0' && c != '/' && c != ' ';) {
            if (c == 'w' || c == 'b') {
                if (file == BOARD_SIZE) return rank_error(why, REFUSAL_RANK_TOO_LONG, rank);
                position_put(pos, square_at(file++, rank), c == 'w' ? WHITE : BLACK);
                i++;
            } else if (c >= '1' && c <= '9') {
                int run = 0;
                while (s[i] >= '0' && s[i] <= '9' && run <= BOARD_SIZE) run = run * 10 + (s[i++] - '0');
                if (run > BOARD_SIZE - file) return rank_error(why, REFUSAL_RANK_TOO_LONG, rank);
                file += run;
            } else {
                rank_error(why, REFUSAL_BAD_PLACEMENT_CHAR, rank);
                why->word = s + i;
                why->word_len = 1;
                return -1;
            }
        }
        if (file < BOARD_SIZE) return rank_error(why, REFUSAL_RANK_TOO_SHORT, rank);
        if (rank > 0) {
            if (s[i] != '/') {
                refuse(why, REFUSAL_TOO_FEW_RANKS, -1, -1);
                why->number = BOARD_SIZE - rank;
                return -1;
            }
            i++;
        }
    }
    if (s[i] == '/') {
        refuse(why, REFUSAL_TOO_MANY_RANKS, -1, -1);
        return -1;
    }
    return i;
}

static int skip_spaces(const char *s, int i) {
    while (s[i] == ' ') i++;
    return i;
}

static bool check_armies(const Position *pos, Refusal *why) {
    int want = variant_pieces((Variant)pos->variant);
    for (int side = WHITE; side <= BLACK; side++) {
        int have = bb_count(pos->pieces[side]);
        if (have != want) {
            refuse(why, REFUSAL_PIECE_COUNT, -1, -1);
            why->side = (Side)side;
            why->number = have;
            why->expected = want;
            return false;
        }
    }
    if (position_has_won(pos, WHITE) && position_has_won(pos, BLACK)) return refuse(why, REFUSAL_BOTH_WON, -1, -1);
    return true;
}

bool fen_parse(const char *s, Variant variant, Position *out, Refusal *why) {
    Position pos;
    position_clear(&pos, variant);
    int i = skip_spaces(s, 0);
    int used = parse_placement(s + i, &pos, why);
    if (used < 0) return false;
    i = skip_spaces(s, i + used);
    if ((s[i] != 'w' && s[i] != 'b') || (s[i + 1] != ' ' && s[i + 1] != '\0'))
        return refuse(why, REFUSAL_FEN_SIDE, -1, -1);
    if (s[i] == 'b') {
        pos.side_to_move = BLACK;
        pos.hash ^= ZOBRIST_BLACK_TO_MOVE;
    }
    i = skip_spaces(s, i + 1);
    long turns = 0;
    int digits = 0;
    while (s[i] >= '0' && s[i] <= '9' && turns <= MAX_FEN_TURNS) turns = turns * 10 + (s[i++] - '0'), digits++;
    i = skip_spaces(s, i);
    if (digits == 0 || s[i] != '\0' || turns > MAX_FEN_TURNS) return refuse(why, REFUSAL_FEN_TURNS, -1, -1);
    pos.turns = (int)turns;
    if (!check_armies(&pos, why)) return false;
    *out = pos;
    return true;
}

void text_fen(Text *t, const Position *pos) {
    for (int rank = BOARD_SIZE - 1; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < BOARD_SIZE; file++) {
            int piece = pos->at[square_at(file, rank)];
            if (piece == NO_PIECE) {
                empty++;
                continue;
            }
            if (empty) text_int(t, empty);
            empty = 0;
            text_char(t, piece == WHITE ? 'w' : 'b');
        }
        if (empty) text_int(t, empty);
        if (rank) text_char(t, '/');
    }
    text_str(t, pos->side_to_move == WHITE ? " w " : " b ");
    text_int(t, pos->turns);
}
