/*
 * multi_tune.h: every tunable number of the engine for three and four
 * players, named in one place, beside tune.h's for two.
 *
 * The evaluation's weights (multi_eval.c) and the search's parameters
 * (multi_search.c) side by side, their values in multi_tune.c, and one name
 * table through which experiments change them without a rebuild (`halma
 * match --players 3|4` reads HALMA_TUNE and HALMA_TUNE2 as "name=value,...").
 * docs/ENGINE.md says what was measured for each value.
 */
#ifndef HALMA_MULTI_TUNE_H
#define HALMA_MULTI_TUNE_H

/* The search algorithms for seats playing each for themselves. */
typedef enum {
    MULTI_PARANOID = 0, /* every opponent in turn, all against the root seat */
    MULTI_BRS = 1,      /* Best-Reply Search: of all opponents only the strongest reply moves */
    MULTI_BRS_PLUS = 2, /* BRS+: the others play their most advancing move instead of passing */
} MultiAlgorithm;

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
    int blocker;         /* per piece of another seat on our goal, once past the grace */
} MultiEvalWeights;

typedef struct {
    int algorithm;          /* MultiAlgorithm, each for themselves; partners search the two teams */
    int contempt;           /* hundredths of a move a draw costs the engine */
    int prune_depth;        /* depth up to which moves are pruned late */
    int late_move_base;     /* at depth <= prune_depth, base + slope * depth^2 moves are tried */
    int late_move_slope;
    int history_bonus_max;  /* largest history reward of one cutoff */
    int proof_nodes;        /* node budget of the proof of a forced win (multi_proof.c) */
} MultiSearchParams;

typedef struct {
    MultiEvalWeights eval;
    MultiSearchParams search;
} MultiTune;

/* The engine's values. */
MultiTune multi_tune_defaults(void);

/* The field called `name` (`len` characters), or NULL: no such tunable. */
int *multi_tune_field(MultiTune *tune, const char *name, int len);

/* The i-th tunable's name (i from 0), NULL past the last: for listings. */
const char *multi_tune_name(int i);

#endif
