/*
 * boardview.c: drawing the board in a terminal.
 *
 * Without colour, camps show as ':' and empty squares as '.', pieces as 'W'
 * and 'B', the last move's squares in lower case or as '+', and marked squares
 * as '*'.  With colour the same glyphs get camp backgrounds.
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

void board_print(FILE *out, const Position *pos, const BoardStyle *style) {
    print_files(out);
    for (int rank = BOARD_SIZE - 1; rank >= 0; rank--) {
        fprintf(out, " %2d ", rank + 1);
        for (int file = 0; file < BOARD_SIZE; file++) print_square(out, pos, style, square_at(file, rank));
        fprintf(out, "  %d\n", rank + 1);
    }
    print_files(out);
}
