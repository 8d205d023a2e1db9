/*
 * play_multi.h: `halma play` for three and four players (play_multi.c),
 * reached from play_main.c when `--players` is given.
 */
#ifndef HALMA_PLAY_MULTI_H
#define HALMA_PLAY_MULTI_H

#include <stdbool.h>

/* Does the command line name a number of players? */
bool play_is_multi(int argc, char **argv);

int play_multi_main(int argc, char **argv);

#endif
