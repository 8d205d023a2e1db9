/*
 * record.h: game records as text (docs/RECORD.md), read from outside.
 *
 * Reading is in two steps.  record_parse reads the form: headers, move
 * tokens, or a lone FEN, without the rules.  record_replay then plays the
 * record by the rules and names the first move they refuse.  The web page
 * uses the first step (its worker replays the moves itself, keeping each
 * path as written); `halma play --load` and the fuzzer use both.
 */
#ifndef HALMA_RECORD_H
#define HALMA_RECORD_H

#include <stdbool.h>

#include "core/game.h"
#include "core/notation.h"

enum { MAX_RECORD_TEXT = 200000, RECORD_DETAIL_SIZE = 48 };

typedef enum {
    RECORD_OK,
    RECORD_EMPTY,          /* nothing but blanks */
    RECORD_TOO_LONG,       /* over MAX_RECORD_TEXT bytes, or more moves than any game */
    RECORD_BAD_HEADER,     /* detail: the line */
    RECORD_BAD_VARIANT,    /* detail: the value */
    RECORD_BAD_TURN_LIMIT, /* detail: the value */
    RECORD_BAD_MOVE,       /* number, detail: a token that is not a move */
    RECORD_BAD_POSITION,   /* reason: why the rules refuse the FEN */
    RECORD_ILLEGAL_MOVE,   /* number, detail: the move; reason: the rules' */
    RECORD_BAD_PLAYERS,    /* detail: the value (or, replayed as the wrong game, the record's players) */
    RECORD_BAD_PARTNERS,   /* detail: the value */
    RECORD_BAD_RULES,      /* detail: the value */
} RecordError;

/* Where a move token lies in the text. */
typedef struct {
    int start, length;
} Token;

typedef struct {
    Variant variant;         /* VARIANT_13 for three and four players */
    int players;             /* 2, 3 or 4 */
    bool partners;           /* four players as two partnerships */
    int rules;               /* board.h's Rules: RULES_STANDARD unless `Rules "nospoil"` */
    int turn_limit;
    char fen[FEN_TEXT_SIZE]; /* "" for the variant's starting position */
    Token white, black;      /* the players' names as written (length 0: none) */
    int move_count;
    Token moves[MAX_TURN_LIMIT];
} Record;

typedef struct {
    RecordError error;
    int number;                        /* the move, counted from 1 */
    char detail[RECORD_DETAIL_SIZE];   /* printable ASCII, cut short */
    Refusal why;                       /* the rules' refusal, for BAD_POSITION and ILLEGAL_MOVE
                                          (its word points into the record) */
    char reason[256];                  /* ... and its English; for BAD_PLAYERS from a replay, the
                                          record's players */
} RecordProblem;

/* The form of a record of `len` bytes; false with *problem set if bad. */
bool record_parse(const char *text, int len, Record *record, RecordProblem *problem);

/* Plays a parsed record of any seating (the record's) into *game by the
 * rules; false with *problem set at the first position or move they refuse
 * (*game then holds what came before it). */
bool record_replay(const char *text, const Record *record, Game *game, RecordProblem *problem);

/* The i18n code of an error: "empty", "too-long", "bad-header", ... */
const char *record_error_code(RecordError error);

#endif
