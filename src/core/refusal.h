/*
 * refusal.h: why the rules refuse a move or a position, as data.
 *
 * The readers (path_parse, move_read, fen_parse, game_play_text) say what
 * they refuse with a code and the squares and numbers involved; every
 * interface shows it its own way: the English of refusal_write, or the code
 * and squares for the web page to translate.
 */
#ifndef HALMA_REFUSAL_H
#define HALMA_REFUSAL_H

#include <stdbool.h>

#include "core/board.h"
#include "core/text.h"

/* Each with the fields it fills: a and b are square[0] and square[1]. */
typedef enum {
    REFUSAL_NONE,
    /* a written path (path_parse) */
    REFUSAL_TOO_FEW_SQUARES,
    REFUSAL_TOO_MANY_SQUARES,
    REFUSAL_EMPTY_SQUARE_NAME,
    REFUSAL_NOT_A_SQUARE,       /* word: the name */
    /* a move by the rules (move_read, game_play_text) */
    REFUSAL_EMPTY_ORIGIN,       /* a: from; side: to move */
    REFUSAL_NOT_YOUR_PIECE,     /* a: from; side: to move; owner: the piece's */
    REFUSAL_STEP_OCCUPIED,      /* a: to */
    REFUSAL_OCCUPIED,           /* a: to, of a from-to with no hop there */
    REFUSAL_UNREACHABLE,        /* a: from, b: to */
    REFUSAL_STEP_IN_CHAIN,      /* a, b: the step */
    REFUSAL_NOT_A_HOP,          /* a, b: the landings */
    REFUSAL_NOTHING_TO_HOP,     /* a: the square hopped over */
    REFUSAL_HOP_LANDS_OCCUPIED, /* a: the landing */
    REFUSAL_LANDS_TWICE,        /* a: the landing */
    REFUSAL_RETURNS_TO_START,   /* a: from */
    REFUSAL_GOAL_CAMP,          /* a: from */
    REFUSAL_PASS_NOT_ALLOWED,   /* side: to move; number: its moves */
    REFUSAL_GAME_OVER,          /* number: the Result */
    /* a position (fen_parse, and a record's FEN header) */
    REFUSAL_RANK_TOO_LONG,      /* number: the rank, 1..16 */
    REFUSAL_RANK_TOO_SHORT,     /* number: the rank */
    REFUSAL_BAD_PLACEMENT_CHAR, /* number: the rank; word: the character */
    REFUSAL_TOO_FEW_RANKS,      /* number: the ranks found */
    REFUSAL_TOO_MANY_RANKS,
    REFUSAL_FEN_SIDE,
    REFUSAL_FEN_TURNS,
    REFUSAL_PIECE_COUNT,        /* side; number: its pieces; expected: the variant's */
    REFUSAL_BOTH_WON,
    REFUSAL_FEN_TOO_LONG,
    /* three or four players */
    REFUSAL_SEAT_FINISHED,      /* side: to move, all of its pieces on its goal (partners) */
    /* the house rule against spoiling (RULES-HOUSE.md) */
    REFUSAL_RETURNS_HOME,       /* a: to, a square of the mover's home camp; b: from, outside it */
    REFUSAL_CODES               /* how many codes there are */
} RefusalCode;

typedef struct {
    RefusalCode code;
    int square[2]; /* -1 when not named */
    int number, expected;
    Side side, owner; /* a side, or a seat of three or four (the numbers of names.h) */
    /* The game refused: 0 the two-player one, 3 or 4 players (then a
     * GAME_OVER's number is a Result). */
    uint8_t players;
    bool partners;
    /* The refused text, inside the input that was read: write the refusal
     * while that input lives. */
    const char *word;
    int word_len;
} Refusal;

/* Sets *why to `code` naming squares a and b (-1 for none), the rest
 * zero (the two-player game); returns false, for the readers'
 * `return refuse(...)`. */
bool refuse(Refusal *why, RefusalCode code, int a, int b);

/* The English sentence for a refusal, as every interface has shown it. */
void refusal_write(const Refusal *why, Text *t);

#endif
