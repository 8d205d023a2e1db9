/*
 * levels.h: what each playing level may do.
 *
 * A level bounds the search (depth, think time when the caller sets no
 * limit) and blurs the evaluation with noise that
 * fades as the side nears home, so weak levels still finish their games.
 */
#ifndef HALMA_LEVELS_H
#define HALMA_LEVELS_H

typedef struct {
    int max_depth;  /* plies; 0: no limit */
    int think_ms;   /* default time for a move when no limit is given */
    int noise;      /* amplitude of the evaluation's noise, hundredths of a move */
} LevelParams;

/* The parameters of a level, 1 (weakest) to 10 (full strength). */
const LevelParams *level_params(int level);

#endif
