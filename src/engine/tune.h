/*
 * tune.h: every tunable number of the engine, for any seating, named in one
 * place.
 *
 * The two searches' evaluation weights and parameters side by side: the
 * two-seat PVS's (eval.c, search.c) and the many-seat BRS's (multi_eval.c,
 * multi_search.c), their values in tune.c, and one name table through which
 * experiments change them without a rebuild (`halma match` and `halma bench`
 * read HALMA_TUNE and HALMA_TUNE2 as "name=value,..."; `level:N[...]` too).
 * The table marks which search reads each name: a name both read (per_square,
 * contempt, ...) sets both.  docs/ENGINE.md says what was measured for each.
 */
#ifndef HALMA_TUNE_H
#define HALMA_TUNE_H

#include <stdbool.h>

/* The weights the two-seat evaluation is built from (eval.c). */
typedef struct {
    int per_square;      /* cost of one square of distance */
    int convexity;       /* extra cost of distance squared, /64 */
    int lateral;         /* cost of a square off the main diagonal, beyond lateral_free */
    int lateral_free;    /* squares off the diagonal that cost nothing */
    int lane;            /* squares to our right of the diagonal where we would rather travel,
                            so that the armies pass side by side instead of jamming */
    int home_late;       /* per piece still in the home camp, per own move past the grace */
    int home_grace;      /* own moves before a piece in the home camp costs extra */
    int their_home_late; /* percent of home_late that the opponent's pieces at home cost it */
    int tempo;           /* the side to move has a move in hand */
    int outside;         /* a piece outside the goal camp needs at least one more move */
    int straggler;       /* per square the last piece lags behind the average, beyond the slack */
    int straggler_slack; /* squares */
    int no_ladder;       /* a piece outside the goal with nothing ahead of it to hop over */
    int their_share;     /* percent: how much the opponent's cost counts against ours */
    int deadlock_divisor; /* a piece walled in at home shrinks the score toward a draw */
    int door_moves;      /* own moves until which the leader keeps that way out open */
    int forward_exit;    /* 1: only a move out that gains ground frees a piece */
    int learned;         /* percent of the learnt per-square corrections (learned.h) */
    int returnable;      /* an empty square of the goal that an enemy piece next to it (its home
                            camp) could move back into at once: keep it closed (guard.h) */
    int held_most;       /* nospoil: the goal's squares its owner's pieces hold past the grace count
                            as filled, while they are at most this many (held.h); 0: never */
    int held_open;       /* ... and once at most this many of the goal's other squares are open */
} EvalWeights;

/* The two-seat search's parameters (search.c, moveorder.c, timeman.c). */
typedef struct {
    int contempt;           /* hundredths of a move a draw costs the engine */
    int aspiration_depth;   /* first depth searched with a window around the last score */
    int aspiration_window;  /* its half-width, doubled on each failure */
    int losing_prune_depth; /* depth up to which moves that lose ground are pruned */
    int late_move_slope;    /* at depth <= 3, 6 + slope * depth^2 moves are tried */
    int reduction_percent;  /* late move reductions, percent of the table's */
    int futility_margin;    /* reverse futility margin per ply */
    int history_bonus_max;  /* largest history reward of one cutoff */
    int solo_lead_19;       /* lead from which the engine races alone before the armies pass; 0: never */
    int solo_lead_13;       /* the same with 13 pieces */
    int lead_home_late;     /* percent of home_late the opponent's pieces at home cost it in that lead */
    int greedy_reply_depth; /* racing alone (19 pieces), the opponent replies as greedy with this
                               many plies or more left to search; 0: it passes */
    int race_beam_width;    /* widest beam of the race planner; 0: no planning */
    int guard_outside;      /* our pieces still outside our goal at most, from which a move of the
                               opponent's back into it is a draw in hand (guard.h); 0: never */
} SearchParams;

/* The search algorithms for seats playing each for themselves. */
typedef enum {
    MULTI_PARANOID = 0, /* every opponent in turn, all against the root seat */
    MULTI_BRS = 1,      /* Best-Reply Search: of all opponents only the strongest reply moves */
    MULTI_BRS_PLUS = 2, /* BRS+: the others play their most advancing move instead of passing */
} MultiAlgorithm;

/* The weights of the many-seat evaluation (multi_eval.c). */
typedef struct {
    int per_square;      /* cost of one square of distance to the goal's far corner */
    int convexity;       /* extra cost of distance squared, /64 */
    int lateral;         /* cost of a square off the seat's diagonal, beyond lateral_free */
    int lateral_free;    /* squares off the diagonal that cost nothing */
    int home_late;       /* per piece still at home, per own move past the grace */
    int home_grace;      /* own moves before a piece at home costs extra */
    int tempo;           /* the root seat to move has a move in hand */
    int their_share;     /* percent: how much the opponents' costs count against ours */
    int leader_share;    /* percent of the opponents' part given by the leading one (the rest: their mean) */
    int team_slowest;    /* partners: percent of the partners' difference added to their mean cost
                            (100: a team costs what its slower partner does) */
    int blocker;         /* per piece of another seat on our goal, once past the grace (nospoil:
                            of a third seat; the owner's hold squares for us, held_most) */
    int held_most;       /* nospoil: as the two-seat held_most and held_open, for each seat's goal */
    int held_open;
} MultiEvalWeights;

/* The many-seat search's parameters (multi_search.c, multi_proof.c). */
typedef struct {
    int algorithm;          /* MultiAlgorithm, each for themselves; partners search the two teams */
    int contempt;           /* hundredths of a move a draw costs the engine */
    int prune_depth;        /* depth up to which moves are pruned late */
    int late_move_base;     /* at depth <= prune_depth, base + slope * depth^2 moves are tried */
    int late_move_slope;
    int history_bonus_max;  /* largest history reward of one cutoff */
    int proof_nodes;        /* node budget of the proof of a forced win (multi_proof.c) */
} MultiSearchParams;

/* Both searches' tunables: each engine reads its own half. */
typedef struct {
    EvalWeights eval;         /* two seats */
    SearchParams search;      /* two seats */
    MultiEvalWeights multi_eval;     /* three and four seats */
    MultiSearchParams multi_search;  /* three and four seats */
} Tune;

/* Which search a tunable is read by. */
typedef enum { TUNE_TWO_SEATS, TUNE_MANY_SEATS } TuneSearch;

/* The engine's values. */
Tune tune_defaults(void);

/* The field called `name` (`len` characters) that `search` reads, or NULL:
 * no such tunable, or not one that search reads. */
int *tune_field(Tune *tune, const char *name, int len, TuneSearch search);

/* The i-th tunable's name (i from 0), NULL past the last: for listings. */
const char *tune_name(int i);

#endif
