/*
 * boardview.c: drawing the board in a terminal.
 *
 * Without colour, camps show as ':' and empty squares as '.', pieces as 'W'
 * and 'B' (three and four players: 'W', 'R', 'B', 'Y'), the last move's
 * squares in lower case or as '+', and marked squares as '*'.  With colour
 * the same glyphs get camp backgrounds; the pieces of three and four
 * players are chips of their seat's colour, told apart by their letters
 * whatever the eyes (RULES-MULTI.md).
 */
#include "cli/boardview.h"

#define RESET "\033[0m"
#define WHITE_CAMP_BG "\033[48;5;224m"
#define BLACK_CAMP_BG "\033[48;5;152m"
#define PLAIN_BG "\033[48;5;230m"
#define LAST_MOVE_BG "\033[48;5;221m"
#define WHITE_PIECE "\033[1;38;5;160m"
#define BLACK_PIECE "\033[1;38;5;17m"
#define MARK "\033[1;38;5;28m"
#define DIM "\033[38;5;244m"

static bool on_path(const BoardStyle *style, int sq) {
    for (int i = 0; i < style->path_length; i++)
        if (style->path[i] == sq) return true;
    return false;
}

static void print_files(FILE *out) {
    fputs("    ", out);
    for (int file = 0; file < BOARD_SIZE; file++) fprintf(out, " %c", 'a' + file);
    fputc('\n', out);
}

static void print_square(FILE *out, const Position *pos, const BoardStyle *style, int sq) {
    Variant v = (Variant)pos->variant;
    bool white_camp = bb_has(&CAMPS[v][WHITE], sq), black_camp = bb_has(&CAMPS[v][BLACK], sq);
    bool last = on_path(style, sq), marked = bb_has(&style->marked, sq);
    int piece = pos->at[sq];
    if (!style->colour) {
        char c = piece == WHITE ? 'W' : piece == BLACK ? 'B' : marked ? '*' : last ? '+' : (white_camp || black_camp) ? ':' : '.';
        if (last && piece != NO_PIECE) c = piece == WHITE ? 'w' : 'b';
        fprintf(out, " %c", c);
        return;
    }
    const char *bg = last ? LAST_MOVE_BG : white_camp ? WHITE_CAMP_BG : black_camp ? BLACK_CAMP_BG : PLAIN_BG;
    const char *glyph = piece == WHITE ? WHITE_PIECE " W" : piece == BLACK ? BLACK_PIECE " B"
                      : marked ? MARK " *" : DIM " .";
    fprintf(out, "%s%s" RESET, bg, glyph);
}

typedef void (*PrintSquare)(FILE *out, const Table *t, const BoardStyle *style, int sq);

static void print_board(FILE *out, const Table *t, const BoardStyle *style, PrintSquare square) {
    print_files(out);
    for (int rank = BOARD_SIZE - 1; rank >= 0; rank--) {
        fprintf(out, " %2d ", rank + 1);
        for (int file = 0; file < BOARD_SIZE; file++) square(out, t, style, square_at(file, rank));
        fprintf(out, "  %d\n", rank + 1);
    }
    print_files(out);
}

static void print_two(FILE *out, const Table *t, const BoardStyle *style, int sq) {
    print_square(out, &t->game.pos, style, sq);
}

/* Three and four players, by seat (White, Black, Red, Yellow): a chip's
 * background and letter, and an empty camp square's background. */
static const char *const SEAT_CHIP[MAX_SEATS] = {"\033[1;48;5;255;38;5;16m", "\033[1;48;5;16;38;5;231m",
                                                 "\033[1;48;5;160;38;5;231m", "\033[1;48;5;220;38;5;16m"};
static const char *const SEAT_CAMP_BG[MAX_SEATS] = {"\033[48;5;254m", "\033[48;5;247m", "\033[48;5;217m",
                                                   "\033[48;5;229m"};
#define MULTI_PLAIN_BG "\033[48;5;194m"
#define UNDERLINE "\033[4m"

static int camp_owner(int sq) {
    for (int seat = 0; seat < MAX_SEATS; seat++)
        if (bb_has(&CAMPS[VARIANT_13][seat], sq)) return seat;
    return NO_SEAT;
}

static void print_many(FILE *out, const Table *t, const BoardStyle *style, int sq) {
    const Position *pos = &t->game.pos;
    int piece = pos->at[sq], camp = camp_owner(sq);
    bool last = on_path(style, sq), marked = bb_has(&style->marked, sq);
    char letter = piece == NO_SEAT ? 0 : "WBRY"[piece];
    if (!style->colour) {
        char c = letter ? letter : marked ? '*' : last ? '+' : camp != NO_SEAT ? ':' : '.';
        if (last && letter) c = (char)(c - 'A' + 'a');
        fprintf(out, " %c", c);
        return;
    }
    if (letter) {
        fprintf(out, "%s%s %c" RESET, SEAT_CHIP[piece], last ? UNDERLINE : "", letter);
        return;
    }
    const char *bg = last ? LAST_MOVE_BG : camp != NO_SEAT ? SEAT_CAMP_BG[camp] : MULTI_PLAIN_BG;
    fprintf(out, "%s%s" RESET, bg, marked ? MARK " *" : DIM " .");
}

/* The squares of each kind of game (core/table.h). */
static const PrintSquare SQUARES[TABLE_KINDS] = {[TABLE_TWO] = print_two, [TABLE_MANY] = print_many};

void board_print(FILE *out, const Table *t, const BoardStyle *style) {
    print_board(out, t, style, SQUARES[table_kind(t)]);
}
