/*
 * perft_main.c: `halma perft`, the move generator's ground truth and its
 * benchmark: counts every sequence of legal moves to a depth.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "core/notation.h"
#include "core/table.h"

static const char USAGE[] =
    "usage: halma perft [--camps 19|13] [--players 2|3|4 [--partners]] [--rules standard|nospoil]\n"
    "                   [--fen \"PLACEMENT SIDE TURNS\"] [--divide] DEPTH\n\n"
    "Counts the sequences of DEPTH legal moves from the starting position (or the\n"
    "given one) and prints the count, the time and the moves per second.\n"
    "  --camps 19|13   the variant (default 19; three and four players play 13)\n"
    "  --players N     2 (default), 3 or 4 players\n"
    "  --partners      four players as two partnerships (White and Black, Red and Yellow)\n"
    "  --rules NAME    standard (default) or nospoil, the house rule against spoiling\n"
    "                  (no return home, Parlett's win: docs/RULES-HOUSE.md)\n"
    "  --fen TEXT      start from this position instead (w, r, b, y for the seats)\n"
    "  --divide        also print the count below each first move\n";

static double seconds_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

/* table_perft_divide, with a line per first move. */
static uint64_t divide(const Table *t, int depth) {
    static MoveList list;
    static uint64_t counts[MAX_MOVES];
    uint64_t total = table_perft_divide(t, depth, &list, counts);
    for (int i = 0; i < list.count; i++) {
        char move[MOVE_TEXT_SIZE];
        Text text = text_on(move, sizeof move);
        table_text_move(t, list.moves[i], &text);
        printf("%s %llu\n", move, (unsigned long long)counts[i]);
    }
    return total;
}

static int bad_fen(const Refusal *why) {
    char err[256];
    Text t = text_on(err, sizeof err);
    refusal_write(why, &t);
    fprintf(stderr, "halma perft: bad --fen: %s\n", err);
    return 2;
}

static void print_count(long long depth, uint64_t count, double elapsed) {
    printf("perft %lld: %llu moves, %.0f ms, %.1f million moves/s\n", depth, (unsigned long long)count,
           elapsed * 1000, elapsed > 0 ? count / elapsed / 1e6 : 0.0);
}

int perft_main(int argc, char **argv) {
    Variant variant = VARIANT_19;
    const char *fen = NULL;
    bool by_move = false, camps_given = false, partners = false;
    long long depth = -1, players = 2;
    int rules = RULES_STANDARD;
    for (int i = 1; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            fputs(USAGE, stdout);
            return 0;
        } else if (!strcmp(argv[i], "--camps") && i + 1 < argc) {
            if (!cli_parse_camps(argv[++i], &variant)) return cli_usage_error("perft", "--camps must be 19 or 13");
            camps_given = true;
        } else if (!strcmp(argv[i], "--players") && i + 1 < argc) {
            if (!cli_parse_int(argv[++i], 2, 4, &players)) return cli_usage_error("perft", "--players must be 2, 3 or 4");
        } else if (!strcmp(argv[i], "--partners")) {
            partners = true;
        } else if (!strcmp(argv[i], "--rules") && i + 1 < argc) {
            if (!rules_parse(argv[++i], &rules)) return cli_usage_error("perft", "--rules must be standard or nospoil");
        } else if (!strcmp(argv[i], "--fen") && i + 1 < argc) {
            fen = argv[++i];
        } else if (!strcmp(argv[i], "--divide")) {
            by_move = true;
        } else if (argv[i][0] != '-' && depth < 0) {
            if (!cli_parse_int(argv[i], 1, 12, &depth)) return cli_usage_error("perft", "DEPTH must be 1 to 12");
        } else {
            return cli_usage_error("perft", "unexpected argument");
        }
    }
    if (depth < 0) return cli_usage_error("perft", "missing DEPTH");
    TableSeating seating = {(int)players, partners, variant == VARIANT_13 ? 13 : 19, rules}, asked = seating;
    if (table_seating_check(&seating) != SEATING_OK) return cli_usage_error("perft", "--partners needs --players 4");
    if (camps_given && seating.camp != asked.camp)
        return cli_usage_error("perft", "three and four players play on 13-piece camps (--camps 13)");
    static Table t;
    Refusal why;
    if (!fen) table_start(&t, seating, 0);
    else if (!table_from_fen(&t, seating, fen, 0, &why)) return bad_fen(&why);
    double start = seconds_now();
    uint64_t count = by_move ? divide(&t, (int)depth) : table_perft(&t, (int)depth, NULL);
    print_count(depth, count, seconds_now() - start);
    return 0;
}
