/*
 * perft_main.c: `halma perft`, the move generator's ground truth and its
 * benchmark: counts every sequence of legal moves to a depth.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "core/movegen.h"
#include "core/notation.h"

static const char USAGE[] =
    "usage: halma perft [--camps 19|13] [--fen \"PLACEMENT SIDE TURNS\"] [--divide] DEPTH\n\n"
    "Counts the sequences of DEPTH legal moves from the starting position (or the\n"
    "given one) and prints the count, the time and the moves per second.\n"
    "  --camps 19|13  the variant (default 19)\n"
    "  --fen TEXT     start from this position instead\n"
    "  --divide       also print the count below each first move\n";

static double seconds_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

/* perft_divide, with a line per first move. */
static uint64_t divide(Position *pos, int depth) {
    static MoveList list;
    static uint64_t counts[MAX_MOVES];
    uint64_t total = perft_divide(pos, depth, &list, counts);
    for (int i = 0; i < list.count; i++) {
        char move[MOVE_TEXT_SIZE];
        Text t = text_on(move, sizeof move);
        text_move(&t, pos, list.moves[i]);
        printf("%s %llu\n", move, (unsigned long long)counts[i]);
    }
    return total;
}

int perft_main(int argc, char **argv) {
    Variant variant = VARIANT_19;
    const char *fen = NULL;
    bool by_move = false;
    long long depth = -1;
    for (int i = 1; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            fputs(USAGE, stdout);
            return 0;
        } else if (!strcmp(argv[i], "--camps") && i + 1 < argc) {
            if (!cli_parse_camps(argv[++i], &variant)) return cli_usage_error("perft", "--camps must be 19 or 13");
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
    Position pos;
    position_start(&pos, variant);
    if (fen) {
        Refusal why;
        if (!fen_parse(fen, variant, &pos, &why)) {
            char err[256];
            Text t = text_on(err, sizeof err);
            refusal_write(&why, &t);
            fprintf(stderr, "halma perft: bad --fen: %s\n", err);
            return 2;
        }
    }
    double start = seconds_now();
    uint64_t count = by_move ? divide(&pos, (int)depth) : perft(&pos, (int)depth, NULL);
    double elapsed = seconds_now() - start;
    printf("perft %lld: %llu moves, %.0f ms, %.1f million moves/s\n", depth, (unsigned long long)count,
           elapsed * 1000, elapsed > 0 ? count / elapsed / 1e6 : 0.0);
    return 0;
}
