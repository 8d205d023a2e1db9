/*
 * match_multi.h: `halma match` for three and four players (match_multi.c),
 * reached from match_main.c when `--players 3|4` is given.
 */
#ifndef HALMA_MATCH_MULTI_H
#define HALMA_MATCH_MULTI_H

#include <stdbool.h>

/* Does the command line ask for three or four players? */
bool match_is_multi(int argc, char **argv);

int match_multi_main(int argc, char **argv);

#endif
