/*
 * main.c: `halma`, the command line.  Dispatches to a subcommand; with none,
 * it serves the game's web page (`halma serve`).
 */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/version.h"

typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} Command;

static const Command COMMANDS[] = {
    {"serve", serve_main, "serve the game's web page and print its address (the default)"},
    {"play", play_main, "play in the terminal, against a friend or the computer"},
    {"engine", engine_main, "speak the engine protocol on stdin/stdout"},
    {"perft", perft_main, "count move sequences: the move generator's check and benchmark"},
    {"bench", bench_main, "search fixed positions to a fixed depth: the search's speed and signature"},
    {"match", match_main, "play games between two players (engine levels, greedy, external engines)"},
    {"puzzles", puzzles_main, "make, verify and export the engine's puzzles (fill, chain, win)"},
};

static void print_help(void) {
    printf("usage: halma [command] [options]\n\n"
           "Halma, the 1883 jumping game, on a 16x16 board.\n\n"
           "commands:\n");
    for (size_t i = 0; i < sizeof COMMANDS / sizeof *COMMANDS; i++)
        printf("  %-8s %s\n", COMMANDS[i].name, COMMANDS[i].summary);
    printf("\n'halma <command> --help' describes a command.\n"
           "options:\n  --help     this help\n  --version  the version\n");
}

int main(int argc, char **argv) {
    if (argc < 2) return serve_main(1, (char *[]){"serve", NULL});
    if (cli_is_help(argv[1])) {
        print_help();
        return 0;
    }
    if (!strcmp(argv[1], "--version")) {
        printf("halma %s\n", HALMA_VERSION);
        return 0;
    }
    for (size_t i = 0; i < sizeof COMMANDS / sizeof *COMMANDS; i++)
        if (!strcmp(argv[1], COMMANDS[i].name)) return COMMANDS[i].run(argc - 1, argv + 1);
    fprintf(stderr, "halma: unknown command '%s' (try 'halma --help')\n", argv[1]);
    return 2;
}
