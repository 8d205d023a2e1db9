/*
 * texel.c: learns the evaluation's per-square corrections (src/engine/learned.c)
 * from games, by Texel's method.
 *
 *   build/texel 19|13 LAMBDA GAMES.log... > table
 *
 * GAMES.log are `halma match --log` records.  Every position from the eighth
 * turn of every game becomes a sample: its evaluation from White's side with
 * no correction, the pieces' squares, and the game's result for White (1,
 * 1/2 or 0).  A logistic curve sigmoid(K * eval) turns an evaluation into an
 * expected result; K is fitted first, then one correction per square class
 * (learned.h) by gradient descent (Adam) on the mean squared error between
 * expected and actual results, plus LAMBDA times the sum of the squared
 * corrections.  The last 15% of the games are held out: their error is
 * printed (on stderr) so that over-fitting shows.  Prints the table of
 * corrections, in hundredths of a move, laid out as in learned.c.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "engine/eval.h"
#include "engine/learned.h"

enum { MAX_SAMPLES = 1 << 20, FIRST_TURN = 8, ITERATIONS = 600 };

typedef struct {
    float result; /* for White */
    float eval;   /* White's view, without corrections */
    int game;
    uint8_t white[19], black[19]; /* square classes of the pieces */
    uint8_t pieces;
} Sample;

static Sample samples[MAX_SAMPLES];
static int sample_count, game_count;

static float result_of(const char *line) {
    const char *r = strstr(line, "result \"");
    if (!r) return -1;
    r += 8;
    return !strncmp(r, "White", 5) ? 1.0f : !strncmp(r, "Black", 5) ? 0.0f : 0.5f;
}

static void add_sample(const Evaluator *ev, const Position *pos, float result) {
    Sample *s = &samples[sample_count++];
    s->result = result;
    s->game = game_count;
    int score = evaluate(ev, pos, WHITE);
    s->eval = (float)(pos->seat == WHITE ? score : -score);
    int n = 0;
    for (Bitboard b = pos->pieces[WHITE]; !bb_is_empty(b);) s->white[n++] = (uint8_t)learned_class(WHITE, bb_pop(&b));
    s->pieces = (uint8_t)n;
    n = 0;
    for (Bitboard b = pos->pieces[BLACK]; !bb_is_empty(b);) s->black[n++] = (uint8_t)learned_class(BLACK, bb_pop(&b));
}

/* Replays every game of one log, adding its positions. */
static void read_log(const char *path, Variant variant, const Evaluator *ev) {
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        exit(1);
    }
    static char line[1 << 20];
    static Game game;
    while (fgets(line, sizeof line, f)) {
        float result = result_of(line);
        char *moves = strstr(line, " moves ");
        if (result < 0 || !moves) continue;
        game_count++;
        game_start(&game, variant, MAX_TURN_LIMIT);
        char *save;
        for (char *tok = strtok_r(moves + 7, " \n", &save); tok; tok = strtok_r(NULL, " \n", &save)) {
            Refusal why;
            if (!game_play_text(&game, tok, (int)strlen(tok), &why)) {
                char message[200];
                Text err = text_on(message, sizeof message);
                refusal_write(&why, &err);
                fprintf(stderr, "%s: game %d: %s\n", path, game_count, message);
                break;
            }
            if (game.length >= FIRST_TURN && game.result == RESULT_ONGOING && sample_count < MAX_SAMPLES)
                add_sample(ev, &game.pos, result);
        }
    }
    fclose(f);
}

static double corrected(const Sample *s, const double *c) {
    double e = s->eval;
    /* a correction is a cost: White's pieces' count against White */
    for (int k = 0; k < s->pieces; k++) e += c[s->black[k]] - c[s->white[k]];
    return e;
}

static double sigmoid(double x) { return 1 / (1 + exp(-x)); }

/* The mean squared error of the held-out games (held) or the others. */
static double error(const double *c, double k, int first_held, int held) {
    double sum = 0;
    int n = 0;
    for (int i = 0; i < sample_count; i++) {
        if ((samples[i].game >= first_held) != held) continue;
        double r = sigmoid(k * corrected(&samples[i], c)) - samples[i].result;
        sum += r * r;
        n++;
    }
    return n ? sum / n : 0;
}

int main(int argc, char **argv) {
    if (argc < 4 || (strcmp(argv[1], "19") && strcmp(argv[1], "13"))) {
        fprintf(stderr, "usage: texel 19|13 LAMBDA GAMES.log...\n");
        return 2;
    }
    Variant variant = !strcmp(argv[1], "13") ? VARIANT_13 : VARIANT_19;
    double lambda = atof(argv[2]);
    EvalWeights w = tune_defaults().eval;
    w.learned = 0;
    static Evaluator ev;
    eval_init(&ev, &w);
    for (int i = 3; i < argc; i++) read_log(argv[i], variant, &ev);
    int first_held = game_count - game_count * 15 / 100 + 1;
    fprintf(stderr, "%d games, %d positions\n", game_count, sample_count);

    double c[LEARNED_CLASSES] = {0};
    double k = 0.0005, best_k = k, best = 1e9;
    for (; k < 0.05; k *= 1.05) {
        double e = error(c, k, first_held, 0);
        if (e < best) best = e, best_k = k;
    }
    k = best_k;
    fprintf(stderr, "K %.5f: error %.6f, held out %.6f\n", k, best, error(c, k, first_held, 1));

    double m[LEARNED_CLASSES] = {0}, v[LEARNED_CLASSES] = {0};
    const double rate = 2.0, beta1 = 0.9, beta2 = 0.999;
    for (int it = 1; it <= ITERATIONS; it++) {
        double grad[LEARNED_CLASSES] = {0};
        int n = 0;
        for (int i = 0; i < sample_count; i++) {
            const Sample *s = &samples[i];
            if (s->game >= first_held) continue;
            double q = sigmoid(k * corrected(s, c));
            double g = 2 * (q - s->result) * q * (1 - q) * k;
            for (int j = 0; j < s->pieces; j++) grad[s->black[j]] += g, grad[s->white[j]] -= g;
            n++;
        }
        for (int j = 0; j < LEARNED_CLASSES; j++) {
            double g = grad[j] / n + 2 * lambda * c[j];
            m[j] = beta1 * m[j] + (1 - beta1) * g;
            v[j] = beta2 * v[j] + (1 - beta2) * g * g;
            c[j] -= rate * (m[j] / (1 - pow(beta1, it))) / (sqrt(v[j] / (1 - pow(beta2, it))) + 1e-12);
        }
        if (it % 100 == 0)
            fprintf(stderr, "iteration %d: error %.6f, held out %.6f\n", it, error(c, k, first_held, 0),
                    error(c, k, first_held, 1));
    }
    /* one row of the triangle (learned.h) a line, as learned.c lays it out */
    for (int near = 0, j = 0; near < BOARD_SIZE; near++) {
        printf("       ");
        for (int far = near; far < BOARD_SIZE; far++) printf(" %d,", (int)lround(c[j++]));
        printf("\n");
    }
    return 0;
}
