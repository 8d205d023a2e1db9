/*
 * levels.h: the playing levels, all of them here: their limits, the defaults
 * for a person and for a program, their names and what each may do.
 *
 * A level bounds the search (depth, think time when the caller sets no
 * limit) and blurs the evaluation with noise that fades as the side nears
 * home, so weak levels still finish their games.  The web page reads this
 * table from the WebAssembly module (api_levels), never a copy of it.
 */
#ifndef HALMA_LEVELS_H
#define HALMA_LEVELS_H

/* Macros rather than an enum so that help texts can spell them
 * (LEVEL_TEXT(MAX_LEVEL) is "10"). */
#define MIN_LEVEL 1
#define MAX_LEVEL 10
/* A person's opponent when nobody chose: `halma play` and the web page. */
#define PERSON_LEVEL 5
/* An engine driven by a program: the protocol, and any new Engine. */
#define ENGINE_LEVEL 10

#include <stdbool.h>

#define LEVEL_TEXT(n) LEVEL_TEXT_(n)
#define LEVEL_TEXT_(n) #n

typedef struct {
    const char *name; /* in English, lower case: "beginner" ... "strongest" */
    const char *about; /* how it plays, in English, lower case: "misses long jumps and errs often" */
    int max_depth;    /* plies; 0: no limit */
    int think_ms;     /* default time for a move when no limit is given */
    int noise;        /* amplitude of the evaluation's noise, hundredths of a move */
    int sight;        /* the longest jump chain it sees, in hops; 0: every chain (beginner.h) */
    bool plain;       /* plain moves only: no step back while another move is left, no move
                         undone, no position seen before (beginner.h) */
} LevelParams;

/* The nearest level to `level`: the one place a level is clamped. */
int level_clamp(int level);

/* The parameters of a level, clamped to MIN_LEVEL (weakest) .. MAX_LEVEL. */
const LevelParams *level_params(int level);

/* Three and four players: the same levels and names (level_params), and
 * what each may do in the search for many seats (multi_search.h). */
typedef struct {
    int max_depth; /* layers of the many-seat search (a move of the seat, or the
                      other seats' reply); 0: no limit */
    int think_ms;  /* default time for a move when no limit is given, at most */
    int noise;     /* amplitude of the evaluation's noise, hundredths of a move */
    int shallow;   /* percent of its moves searched one layer deep only (the others'
                      replies unseen): the many-seat game's strength is in that layer */
} MultiLevelParams;

const MultiLevelParams *multi_level_params(int level);

#endif
