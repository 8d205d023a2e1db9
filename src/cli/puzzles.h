/*
 * puzzles.h: `halma puzzles`, the engine's puzzles (docs/PUZZLES.md): made
 * (puzzles_generate.c), written and read as JSON lines (puzzles_json.c),
 * and checked again from the file alone (puzzles_verify.c).
 */
#ifndef HALMA_PUZZLES_H
#define HALMA_PUZZLES_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "core/board.h"
#include "core/notation.h"

typedef enum { PUZZLE_FILL, PUZZLE_CHAIN, PUZZLE_WIN, PUZZLE_KINDS } PuzzleKind;

enum {
    PUZZLE_MAX_SOLUTION = 12, /* the longest fill; a win's main line is at most 5 */
    PUZZLE_ID_SIZE = 24,
    PUZZLE_SOURCE_SIZE = 24,
    PUZZLE_RATING_MIN = 400,
    PUZZLE_RATING_MAX = 2800,
};

typedef struct {
    char id[PUZZLE_ID_SIZE];
    PuzzleKind kind;
    Variant variant;
    char fen[FEN_TEXT_SIZE];
    int target; /* fill: the fewest moves; chain: the most hops; win: own moves to the win */
    int solution_length;
    char solution[PUZZLE_MAX_SOLUTION][MOVE_TEXT_SIZE];
    int rating;
    char source[PUZZLE_SOURCE_SIZE]; /* "game L1-L2" (the levels that played it) or "setup" */
} Puzzle;

typedef struct {
    int count, capacity;
    Puzzle *items;
} PuzzleList;

/* The kind's name in the file ("fill", "chain", "win"), and back (-1: none). */
const char *puzzle_kind_name(PuzzleKind kind);
int puzzle_kind_parse(const char *name);

/* The field of a kind's target in the file: "moves", "hops", "win_in". */
const char *puzzle_target_field(PuzzleKind kind);

/* Appends a copy; false when out of memory. */
bool puzzle_list_add(PuzzleList *list, const Puzzle *p);
void puzzle_list_free(PuzzleList *list);

typedef struct {
    uint64_t seed;
    int per_kind;     /* puzzles of each kind */
    int games;        /* the engine's games to mine */
    bool quiet;       /* no progress on stderr */
} GenerateOptions;

typedef struct {
    int candidates[PUZZLE_KINDS];
    int from_games[PUZZLE_KINDS], from_setups[PUZZLE_KINDS];
    double seconds_games, seconds_setups;
} GenerateStats;

/* Makes the puzzles, per_kind of each kind (fewer if the sources run dry),
 * the same for the same options; false when out of memory. */
bool puzzles_generate(const GenerateOptions *options, PuzzleList *out, GenerateStats *stats);

/* One puzzle as one line of JSON (no newline) into a malloc'd string. */
char *puzzle_to_json(const Puzzle *p);

/* Reads one line; false with a message in err[] when it is no puzzle. */
bool puzzle_from_json(const char *line, Puzzle *p, char *err, size_t err_size);

/* Checks every claim of a puzzle from its text alone: the solution replayed
 * move by move, its length, and the proof again.  False with the reason. */
bool puzzle_verify(const Puzzle *p, char *err, size_t err_size);

/* The rating of a puzzle from what makes it hard (docs/DECISIONS.md,
 * "Puzzle ratings"), clamped to PUZZLE_RATING_MIN..MAX. */
int puzzle_rating(PuzzleKind kind, int target, int slack, int alternatives, int answers);


#endif
