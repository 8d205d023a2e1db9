/*
 * match_player.h: the players `halma match` seats, for any seating: the
 * built-in engine through the one way in to the computer (engine/player.h),
 * the sparring partners (greedy and the stayer for any seating; greedy with
 * random ties, the plain and convex alpha-beta and the Monte Carlo tree
 * search of two; the plain paranoid alpha-beta of three and four), and
 * external engines speaking PROTOCOL.md (two seats).  A kind of player says
 * which seatings it plays (match_player.c's KINDS).
 *
 * A player keeps the built-in engine's root claims of a forced win and its
 * root scores, for the match to check when the game has ended.
 */
#ifndef HALMA_MATCH_PLAYER_H
#define HALMA_MATCH_PLAYER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli/extengine.h"
#include "core/table.h"
#include "engine/mcts.h"
#include "engine/multi_plain.h"
#include "engine/plainab.h"
#include "engine/player.h"

enum { MATCH_MAX_CLAIMS = 400 };

/* A player as the command line names it. */
typedef struct {
    int kind;             /* match_player.c's KINDS */
    int level;
    int64_t movetime;     /* < 0: none */
    uint64_t nodes;       /* 0: none */
    int kept, keep_until; /* a stayer's pieces kept at home, and until which turn */
    char command[1024];   /* an external engine's */
    char tunables[128];   /* a level's own "name=value,..." after the environment's */
    char label[1100];     /* as written: it names the player in every report */
    bool tuned;           /* takes HALMA_TUNE (else HALMA_TUNE2) */
} MatchSpec;

/* Reads a player ("level:10@100", "greedy", "cmd:./engine@50", ...); false
 * for no such player. */
bool match_spec_parse(const char *text, MatchSpec *spec);

/* Whether the player plays games of the seating's kind. */
bool match_spec_plays(const MatchSpec *spec, TableKind kind);

/* Whether it is the built-in engine (whose win claims are checked). */
bool match_spec_is_engine(const MatchSpec *spec);

/* A claim of a forced win made at `turn`: a win within `within` turns. */
typedef struct {
    int turn, within;
} WinClaim;

/* The engine's root score of its move at `turn` (the log's calibration data). */
typedef struct {
    int turn, score;
} RootScore;

typedef struct {
    const MatchSpec *spec;
    Player *engine;
    void *hash;
    ExtEngine ext;
    bool ext_running;
    PlainAB *ab;
    Mcts *mcts;
    MultiPlain *plain;
    uint64_t rng;         /* greedy:random's tie-breaks */
    int claim_count;
    WinClaim claims[MATCH_MAX_CLAIMS];
    int last_win_in;      /* of the last report of the move being thought */
    int last_score;
    int score_count;
    RootScore scores[MAX_TURN_LIMIT / 2 + 1];
} MatchPlayer;

/* Starts the player for games of `seating`, with `hash_mb` MiB of table
 * where it has one; false (with a word on stderr where there is more to
 * say) when it cannot. */
bool match_player_open(MatchPlayer *pl, const MatchSpec *spec, TableSeating seating, size_t hash_mb);
void match_player_close(MatchPlayer *pl);

/* A new game, t at its start; `seed` varies the players that draw lots. */
void match_player_new_game(MatchPlayer *pl, const Table *t, uint64_t seed);

/* Its move for the seat to move in t; false (and why in err) when an
 * external engine fails or answers no legal move. */
bool match_player_move(MatchPlayer *pl, const Table *t, Move *move, char *err, int err_size);

/* A claim comes true when the claimant wins within the turns it named. */
bool match_claim_came_true(const WinClaim *claim, bool won, int final_turns);

/* Its claims of this game that did not come true. */
int match_player_false_claims(const MatchPlayer *pl, bool won, int final_turns);

#endif
