/* notation.c: reading and writing squares, paths and positions. */
#include "core/notation.h"

const char *side_name(Side side) { return side == WHITE ? "White" : "Black"; }

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

void text_square(Text *t, int sq) {
    text_char(t, (char)('a' + square_file(sq)));
    text_int(t, square_rank(sq) + 1);
}

int path_parse(const char *s, int len, uint8_t path[MAX_PATH], Text *err) {
    int n = 0, start = 0;
    if (len == 0) {
        text_str(err, "a move names at least two squares, joined by '-'");
        return 0;
    }
    for (int i = 0; i <= len; i++) {
        if (i < len && s[i] != '-') continue;
        if (n == MAX_PATH) {
            text_str(err, "too many squares: a chain never lands on a square twice");
            return 0;
        }
        int sq = square_parse(s + start, i - start);
        if (sq < 0) {
            text_str(err, "'");
            text_chars(err, s + start, i - start);
            text_str(err, i > start ? "' is not a square (a1 to p16)" : "' is an empty square name");
            return 0;
        }
        path[n++] = (uint8_t)sq;
        start = i + 1;
    }
    if (n < 2) {
        text_str(err, "a move names at least two squares, joined by '-'");
        return 0;
    }
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

static int rank_error(Text *err, int rank, const char *what) {
    text_str(err, "rank ");
    text_int(err, rank + 1);
    text_str(err, what);
    return -1;
}

/* The placement field: 16 ranks from 16 down to 1. Returns characters used. */
static int parse_placement(const char *s, Position *pos, Text *err) {
    int i = 0;
    for (int rank = BOARD_SIZE - 1; rank >= 0; rank--) {
        int file = 0;
        for (char c; (c = s[i]) != '\0' && c != '/' && c != ' ';) {
            if (c == 'w' || c == 'b') {
                if (file == BOARD_SIZE) return rank_error(err, rank, " has more than 16 squares");
                position_put(pos, square_at(file++, rank), c == 'w' ? WHITE : BLACK);
                i++;
            } else if (c >= '1' && c <= '9') {
                int run = 0;
                while (s[i] >= '0' && s[i] <= '9' && run <= BOARD_SIZE) run = run * 10 + (s[i++] - '0');
                if (run > BOARD_SIZE - file) return rank_error(err, rank, " has more than 16 squares");
                file += run;
            } else {
                text_str(err, "unexpected '");
                text_char(err, c > ' ' && c <= '~' ? c : '?');
                text_str(err, "' in ");
                return rank_error(err, rank, " (use w, b and counts of empty squares)");
            }
        }
        if (file < BOARD_SIZE) return rank_error(err, rank, " has fewer than 16 squares");
        if (rank > 0) {
            if (s[i] != '/') {
                text_str(err, "the placement needs 16 ranks separated by '/', found ");
                text_int(err, BOARD_SIZE - rank);
                return -1;
            }
            i++;
        }
    }
    if (s[i] == '/') {
        text_str(err, "the placement has more than 16 ranks");
        return -1;
    }
    return i;
}

static int skip_spaces(const char *s, int i) {
    while (s[i] == ' ') i++;
    return i;
}

static bool check_armies(const Position *pos, Text *err) {
    int want = variant_pieces((Variant)pos->variant);
    for (int side = WHITE; side <= BLACK; side++) {
        int have = bb_count(pos->pieces[side]);
        if (have != want) {
            text_str(err, side_name((Side)side));
            text_str(err, " has ");
            text_int(err, have);
            text_str(err, " pieces; the ");
            text_int(err, want);
            text_str(err, "-piece game needs ");
            text_int(err, want);
            return false;
        }
    }
    if (position_has_won(pos, WHITE) && position_has_won(pos, BLACK)) {
        text_str(err, "both sides have filled their goal camps, which no game can reach");
        return false;
    }
    return true;
}

bool fen_parse(const char *s, Variant variant, Position *out, Text *err) {
    Position pos;
    position_clear(&pos, variant);
    int i = skip_spaces(s, 0);
    int used = parse_placement(s + i, &pos, err);
    if (used < 0) return false;
    i = skip_spaces(s, i + used);
    if ((s[i] != 'w' && s[i] != 'b') || (s[i + 1] != ' ' && s[i + 1] != '\0')) {
        text_str(err, "the side to move must be 'w' or 'b' after the placement");
        return false;
    }
    if (s[i] == 'b') {
        pos.side_to_move = BLACK;
        pos.hash ^= ZOBRIST_BLACK_TO_MOVE;
    }
    i = skip_spaces(s, i + 1);
    long turns = 0;
    int digits = 0;
    while (s[i] >= '0' && s[i] <= '9' && turns <= MAX_FEN_TURNS) turns = turns * 10 + (s[i++] - '0'), digits++;
    i = skip_spaces(s, i);
    if (digits == 0 || s[i] != '\0' || turns > MAX_FEN_TURNS) {
        text_str(err, "the number of turns played must follow the side to move (0 to 1000000), and end the position");
        return false;
    }
    pos.turns = (int)turns;
    if (!check_armies(&pos, err)) return false;
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
