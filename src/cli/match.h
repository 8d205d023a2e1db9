/*
 * match.h: what the files of `halma match` share: the match under way (its
 * seating, players and tallies), a finished game, and the two ways a match
 * is scored and reported:
 *
 *   match_duel.c   two seats: the first player's wins, draws and losses
 *                  against the second, its Elo, an SPRT;
 *   match_field.c  three or four: each player against the field.
 *
 * match_main.c reads the command line and plays the games, the same way for
 * every seating; the seating's kind picks the report (match_report).
 */
#ifndef HALMA_MATCH_H
#define HALMA_MATCH_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "cli/match_player.h"
#include "core/table.h"

/* The first player's tally against the second (match_duel.c). */
typedef struct {
    int wins, draws, losses;
    long long win_turns_total[2]; /* turns of the games each player won */
    int win_count[2];
    int false_wins[2];            /* root `win N` claims that did not come true in N turns */
    int failures;                 /* forfeits */
    bool sprt;
    double elo0, elo1;
} DuelTally;

/* A seat's (by the list's place) tally against the field (match_field.c). */
typedef struct {
    int wins, draws, losses;
    double points, pairs; /* pairwise points against the field, and their number */
    double points_sq;     /* sum over games of (points / pairs)^2, for the error */
    long long win_turns;
    int false_claims;
} FieldTally;

/* A name's games: one of its seats won, the game was drawn, or another won. */
typedef struct {
    int won, drawn, lost;
    long long won_turns;
} NameTally;

typedef struct MatchReport MatchReport;

typedef struct {
    TableSeating seating;
    const MatchReport *report;
    int slots;                   /* the players' list, one a seat */
    MatchSpec spec[MAX_SEATS];
    int name_of[MAX_SEATS];      /* the first place in the list with the same name */
    int games, random_plies, threads, turn_limit;
    size_t hash_mb;
    uint64_t seed;
    bool quiet;
    FILE *log;
    /* shared progress, under `lock` */
    atomic_int next_game;
    atomic_bool abort;
    pthread_mutex_t lock;
    int played, draws_repetition, draws_limit;
    long long turns_total;
    double think_ms[MAX_SEATS];
    long long think_moves[MAX_SEATS];
    DuelTally duel;
    FieldTally field[MAX_SEATS];
    NameTally named[MAX_SEATS]; /* by name_of */
} Match;

/* A game played to its end (or to a forfeit), by the list's places. */
typedef struct {
    int index;
    const Table *table;
    const MatchPlayer *players;       /* the list's, one a seat */
    int seat_of[MAX_SEATS];           /* the seat each place played */
    int slot_of[MAX_SEATS];           /* the place that played each seat */
    Verdict verdict;                  /* the rules' (not over for a forfeit) */
    unsigned winners;                 /* one bit a place */
    int failed;                       /* the place that forfeited, -1: none */
    const char *error;                /* why */
} MatchGame;

struct MatchReport {
    int plies_a_seat;  /* random opening plies a seat when none are asked */
    bool sprt;         /* --sprt applies */
    /* The seed of the player at `slot` in the game whose seed is `seed`. */
    uint64_t (*player_seed)(uint64_t seed, int slot);
    /* Counts a finished game, prints its line and logs it (under the lock);
     * true when the match has been decided (an SPRT). */
    bool (*record)(Match *m, const MatchGame *g);
    void (*summary)(const Match *m);
};

extern const MatchReport MATCH_DUEL, MATCH_FIELD;

/* The report of a seating's kind. */
const MatchReport *match_report(TableKind kind);

/* Elo from a score fraction (infinite at 0 and 1). */
double match_elo(double score);

/* The moves of g's game, each after a space, to the log. */
void match_log_moves(FILE *log, const Table *t);

#endif
