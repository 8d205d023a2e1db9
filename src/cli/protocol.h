/*
 * protocol.h: the engine protocol of PROTOCOL.md, one line at a time.
 *
 * This is the protocol without its transport: `halma engine` feeds it lines
 * from standard input (see engine_main.c), tests and the fuzzer call it
 * directly.  Replies go out through `emit`, one complete line per call.
 */
#ifndef HALMA_PROTOCOL_H
#define HALMA_PROTOCOL_H

#include <stdbool.h>
#include <stddef.h>

#include "core/table.h"
#include "engine/player.h"

enum { MAX_LINE = 64 * 1024, DEFAULT_HASH_MB = 64, MAX_HASH_MB = 4096 };

typedef void (*EmitFn)(void *ctx, const char *line);
typedef void (*WaitFn)(void *ctx);

typedef struct {
    Table game;       /* the game set up, of any seating */
    Table scratch;    /* a `position` is built here and kept only if valid */
    Player player;    /* the computer, of the game's seating; a `stop` is player_stop */
    int hash_mb;
    int turn_limit;
    bool turn_limit_set; /* TurnLimit was given: it holds for every game; else the seating's own */
    bool input_closed; /* no `stop` can come any more: infinite searches end */
    bool quit;
    EmitFn emit;
    WaitFn wait_for_stop; /* after `go infinite`, blocks until a stop or the input's end; NULL: nothing
                             can stop it (no transport), and the answer comes at once */
    void *ctx;
    char *out;        /* room for the longest reply line */
    struct Words *words; /* the line being executed, split */
} Protocol;

/* Sets up a protocol on the 19-piece starting position; false if out of
 * memory. */
bool protocol_init(Protocol *p, EmitFn emit, void *ctx);
void protocol_free(Protocol *p);

/* Executes one line, without its line ending.  Refused lines get an `error`
 * reply and change nothing.  Returns false once `quit` has been read. */
bool protocol_execute(Protocol *p, const char *line, size_t len);

#endif
