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

#include "core/game.h"
#include "core/multi_game.h"
#include "engine/multi_search.h"
#include "engine/search.h"

enum { MAX_LINE = 64 * 1024, DEFAULT_HASH_MB = 64, MAX_HASH_MB = 4096 };

typedef void (*EmitFn)(void *ctx, const char *line);
typedef void (*WaitFn)(void *ctx);

typedef struct {
    Game game;
    Game scratch;     /* a `position` is built here and kept only if valid */
    MultiGame multi;  /* the game of three or four players, when players > 2 */
    MultiGame multi_scratch;
    int players;      /* of the game set up: 2 (game) or 3 or 4 (multi) */
    Engine engine;
    MultiEngine *multi_engine; /* the computer of three and four players, made at its first go;
                                  it stops on engine.stop */
    void *multi_hash;
    int hash_mb;
    int turn_limit;
    bool turn_limit_set; /* TurnLimit was given: it holds for every game; else 200 a seat for 3 or 4 */
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
