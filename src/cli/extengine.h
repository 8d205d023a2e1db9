/*
 * extengine.h: an external engine, a child process speaking PROTOCOL.md
 * over pipes.  Used by `halma match` to play against other programs.
 */
#ifndef HALMA_EXTENGINE_H
#define HALMA_EXTENGINE_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

#include "core/game.h"

typedef struct {
    pid_t pid;
    FILE *to;   /* the engine's standard input */
    FILE *from; /* its standard output */
    char name[128];
} ExtEngine;

/* Starts `command` with /bin/sh -c and waits for `hepok`; false on failure. */
bool ext_start(ExtEngine *x, const char *command);

/* Sends one line (a newline is added). */
bool ext_send(ExtEngine *x, const char *line);

/* Reads lines until one starts with `prefix`; copies it (without its newline)
 * into line[size].  False at end of output. */
bool ext_expect(ExtEngine *x, const char *prefix, char *line, int size);

/* Asks for a move in `game` with `go <go_args>` and plays it into *move;
 * false, with a message in err, if the engine fails or answers illegally. */
bool ext_think(ExtEngine *x, const Game *game, const char *go_args, Move *move, char *err, int err_size);

/* Sends quit and reaps the process. */
void ext_stop(ExtEngine *x);

#endif
