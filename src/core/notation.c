/* notation.c: reading and writing squares, paths and positions, for any seating. */
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

/* The index of the letter c in `letters`, or -1 (never for the NUL). */
static int letter_index(const char *letters, char c) {
    for (int i = 0; c && letters[i]; i++)
        if (letters[i] == c) return i;
    return -1;
}

/* Refuses rank `rank` (0..15, named 1..16); -1, parse_placement's refusal. */
static int rank_error(Refusal *why, RefusalCode code, int rank) {
    refuse(why, code, -1, -1);
    why->number = rank + 1;
    return -1;
}

/* The placement field: 16 ranks from 16 down to 1, each square's piece
 * into f->piece[] (-1 for none).  Returns the characters used, or -1. */
static int parse_placement(const char *s, const char *letters, FenFields *f, Refusal *why) {
    int i = 0;
    for (int rank = BOARD_SIZE - 1; rank >= 0; rank--) {
        int file = 0;
        for (char c; (c = s[i]) != '\0' && c != '/' && c != ' ';) {
            int piece = letter_index(letters, c);
            if (piece >= 0) {
                if (file == BOARD_SIZE) return rank_error(why, REFUSAL_RANK_TOO_LONG, rank);
                f->piece[square_at(file++, rank)] = (int8_t)piece;
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

static bool read_fields(const char *s, const char *letters, FenFields *f, Refusal *why) {
    for (int sq = 0; sq < NUM_SQUARES; sq++) f->piece[sq] = -1;
    int i = skip_spaces(s, 0);
    int used = parse_placement(s + i, letters, f, why);
    if (used < 0) return false;
    i = skip_spaces(s, i + used);
    f->mover = letter_index(letters, s[i]);
    if (f->mover < 0 || (s[i + 1] != ' ' && s[i + 1] != '\0')) return refuse(why, REFUSAL_FEN_SIDE, -1, -1);
    i = skip_spaces(s, i + 1);
    long turns = 0;
    int digits = 0;
    while (s[i] >= '0' && s[i] <= '9' && turns <= MAX_FEN_TURNS) turns = turns * 10 + (s[i++] - '0'), digits++;
    i = skip_spaces(s, i);
    if (digits == 0 || s[i] != '\0' || turns > MAX_FEN_TURNS) return refuse(why, REFUSAL_FEN_TURNS, -1, -1);
    f->turns = (int)turns;
    return true;
}

bool fen_fields_parse(const char *s, const char *letters, int players, FenFields *f, Refusal *why) {
    if (read_fields(s, letters, f, why)) return true;
    why->players = (uint8_t)players;
    return false;
}

/* The letters of a seating's FEN, in seat order. */
static const char *fen_letters(int players) { return players == 4 ? "wbry" : players == 3 ? "wbr" : "wb"; }

int seat_of_letter(char c) {
    for (int seat = 0; seat < MAX_SEATS; seat++)
        if (colour_letter(seat) == c) return seat;
    return -1;
}

/* A refusal of a position or move of the seating: names the seating for
 * three or four (Refusal's players: 0 for the two-player game). */
bool refuse_seated(Refusal *why, RefusalCode code, const Position *pos) {
    refuse(why, code, -1, -1);
    if (pos->players != TWO_SEATS) {
        why->players = pos->players;
        why->partners = pos->partners;
    }
    return false;
}

/* Every seat that plays has its camp's pieces, and no game ended twice
 * (two seats home, or two partnerships). */
static bool check_seats(const Position *pos, Refusal *why) {
    int want = variant_pieces((Variant)pos->variant);
    for (int seat = 0; seat < pos->players; seat++) {
        int have = bb_count(pos->pieces[seat]);
        if (have != want) {
            refuse_seated(why, REFUSAL_PIECE_COUNT, pos);
            why->side = (Side)seat;
            why->number = have;
            why->expected = want;
            return false;
        }
    }
    int home = 0, partnerships = 0;
    for (int seat = 0; seat < pos->players; seat++) home += position_has_won(pos, seat);
    for (int seat = 0; seat < pos->players; seat += 2)
        partnerships += position_has_won(pos, seat) && position_has_won(pos, seat_partner(seat));
    if (pos->partners ? partnerships > 1 : home > 1) return refuse_seated(why, REFUSAL_BOTH_WON, pos);
    return true;
}

bool fen_parse_seating(const char *s, Seating seating, Variant variant, Position *out, Refusal *why) {
    FenFields f;
    int players = seating.players == TWO_SEATS ? 0 : seating.players;
    if (!fen_fields_parse(s, fen_letters(seating.players), players, &f, why)) return false;
    Position pos;
    position_clear_seating(&pos, seating, variant);
    for (int sq = 0; sq < NUM_SQUARES; sq++)
        if (f.piece[sq] >= 0) position_put(&pos, sq, f.piece[sq]);
    position_set_seat(&pos, f.mover);
    pos.turns = f.turns;
    if (!check_seats(&pos, why)) return false;
    *out = pos;
    return true;
}

void text_placement(Text *t, const uint8_t *at, const char *letters) {
    int count = text_length(letters);
    for (int rank = BOARD_SIZE - 1; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < BOARD_SIZE; file++) {
            int piece = at[square_at(file, rank)];
            if (piece >= count) {
                empty++;
                continue;
            }
            if (empty) text_int(t, empty);
            empty = 0;
            text_char(t, letters[piece]);
        }
        if (empty) text_int(t, empty);
        if (rank) text_char(t, '/');
    }
}

void text_fen(Text *t, const Position *pos) {
    text_placement(t, pos->at, fen_letters(pos->players));
    text_char(t, ' ');
    text_char(t, colour_letter(pos->seat));
    text_char(t, ' ');
    text_int(t, pos->turns);
}
