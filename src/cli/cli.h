/*
 * cli.h: what the subcommands of `halma` share.
 */
#ifndef HALMA_CLI_H
#define HALMA_CLI_H

#include <stdbool.h>

#include "core/board.h"

/* The subcommands; each returns the process's exit status. */
int serve_main(int argc, char **argv);
int play_main(int argc, char **argv);
int engine_main(int argc, char **argv);
int perft_main(int argc, char **argv);
int bench_main(int argc, char **argv);
int match_main(int argc, char **argv);
int puzzles_main(int argc, char **argv);

/* Prints "halma <command>: <message>" and a pointer to --help; returns 2. */
int cli_usage_error(const char *command, const char *message);

/* Is argv[i] "--help" or "-h"? */
bool cli_is_help(const char *arg);

/* Parses a whole decimal number within [min, max]. */
bool cli_parse_int(const char *s, long long min, long long max, long long *value);

/* "--camps 19|13" */
bool cli_parse_camps(const char *s, Variant *variant);

#endif
