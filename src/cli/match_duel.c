/*
 * match_duel.c: a match of two seats, scored as the first player's wins,
 * draws and losses against the second (see match.h): the figures every
 * two-player strength table of docs/MEASUREMENTS.md comes from.
 */
#include <math.h>
#include <string.h>

#include "cli/match.h"

/* The player that won (by the list's place), -1 for a draw. */
static int winner_of(const MatchGame *g) { return g->winners == 1u ? 0 : g->winners == 2u ? 1 : -1; }

static double sprt_llr(const DuelTally *d) {
    int n = d->wins + d->draws + d->losses;
    if (n == 0) return 0;
    double mean = (d->wins + 0.5 * d->draws) / n;
    double var = (d->wins * pow(1 - mean, 2) + d->draws * pow(0.5 - mean, 2) + d->losses * pow(mean, 2)) / n;
    if (var <= 1e-9) var = 1e-9;
    double s0 = 1 / (1 + pow(10, -d->elo0 / 400)), s1 = 1 / (1 + pow(10, -d->elo1 / 400));
    return (s1 - s0) * (2 * mean - s0 - s1) * n / (2 * var);
}

/* The SPRT's bounds for alpha = beta = 0.05. */
static double sprt_lower(void) { return log(0.05 / 0.95); }
static double sprt_upper(void) { return log(0.95 / 0.05); }

/* One line a game: who had White, the result, the engines' win claims that
 * did not come true (turn+N), each built-in engine's root scores (scores1 for
 * PLAYER1, scores2 for PLAYER2: turn:score, for the side that moved), and the moves. */
static void log_game(const Match *m, const MatchGame *g) {
    if (!m->log) return;
    int white = g->slot_of[SEAT_WHITE], turns = table_turns(g->table);
    int winner = g->failed >= 0 ? -1 : winner_of(g);
    fprintf(m->log, "game %d white %s result \"%s\" turns %d%s%s", g->index + 1, m->spec[white].label,
            table_result_text(g->table), turns, g->error ? " note " : "", g->error ? g->error : "");
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < g->players[p].claim_count; i++) {
            const WinClaim *c = &g->players[p].claims[i];
            if (!match_claim_came_true(c, winner == p, turns))
                fprintf(m->log, " false_claim %s %d+%d", m->spec[p].label, c->turn, c->within);
        }
    for (int p = 0; p < 2; p++) {
        const MatchPlayer *pl = &g->players[p];
        if (!pl->score_count) continue;
        fprintf(m->log, " scores%d", p + 1);
        for (int i = 0; i < pl->score_count; i++) fprintf(m->log, " %d:%d", pl->scores[i].turn, pl->scores[i].score);
    }
    match_log_moves(m->log, g->table);
}

static bool duel_record(Match *m, const MatchGame *g) {
    DuelTally *d = &m->duel;
    int winner = winner_of(g), turns = table_turns(g->table);
    if (winner == 0) d->wins++;
    else if (winner == 1) d->losses++;
    else d->draws++;
    if (g->failed >= 0) d->failures++;
    if (winner >= 0 && g->failed < 0) {
        d->win_turns_total[winner] += turns;
        d->win_count[winner]++;
    }
    for (int p = 0; p < 2; p++)
        d->false_wins[p] += match_player_false_claims(&g->players[p], winner == p && g->failed < 0, turns);
    if (!m->quiet) {
        int white = g->slot_of[SEAT_WHITE];
        printf("game %d: %s (White) vs %s: %s after %d turns%s%s; score %d-%d-%d\n", g->index + 1,
               m->spec[white].label, m->spec[1 - white].label,
               g->failed >= 0 ? "forfeit" : table_result_text(g->table), turns, g->failed >= 0 ? ": " : "",
               g->failed >= 0 ? g->error : "", d->wins, d->draws, d->losses);
        fflush(stdout);
    }
    log_game(m, g);
    if (!d->sprt || m->played % 2) return false;
    double llr = sprt_llr(d);
    return llr <= sprt_lower() || llr >= sprt_upper();
}

static void duel_summary(const Match *m) {
    const DuelTally *d = &m->duel;
    int n = d->wins + d->draws + d->losses;
    printf("\n%s vs %s, %d-piece game, %d games\n", m->spec[0].label, m->spec[1].label, m->seating.camp, n);
    if (n == 0) return;
    double score = (d->wins + 0.5 * d->draws) / n;
    double var = (d->wins * pow(1 - score, 2) + d->draws * pow(0.5 - score, 2) + d->losses * pow(score, 2)) / n;
    double margin = 1.96 * sqrt(var / n);
    printf("result: +%d =%d -%d (score %.1f%%)", d->wins, d->draws, d->losses, 100 * score);
    if (d->draws) printf("; draws: %d by repetition, %d by the turn limit", m->draws_repetition, m->draws_limit);
    if (d->failures) printf("; %d forfeits", d->failures);
    printf("\n");
    double elo = match_elo(score), lo = match_elo(score - margin), hi = match_elo(score + margin);
    if (isinf(elo)) printf("Elo difference: %s (no game lost by one side: no finite estimate)\n", elo > 0 ? "+inf" : "-inf");
    else printf("Elo difference: %+.0f, 95%% interval [%+.0f, %+.0f]\n", elo, lo, isinf(hi) ? INFINITY : hi);
    printf("average game length: %.1f turns\n", (double)m->turns_total / n);
    for (int p = 0; p < 2; p++) {
        if (d->win_count[p])
            printf("games won by %s: %d, average %.1f turns (%.1f of its own moves)\n", m->spec[p].label,
                   d->win_count[p], (double)d->win_turns_total[p] / d->win_count[p],
                   (double)d->win_turns_total[p] / d->win_count[p] / 2.0);
    }
    for (int p = 0; p < 2; p++)
        printf("think time of %s: %.1f ms a move\n", m->spec[p].label,
               m->think_moves[p] ? m->think_ms[p] / m->think_moves[p] : 0.0);
    for (int p = 0; p < 2; p++)
        if (match_spec_is_engine(&m->spec[p]))
            printf("false win claims of %s: %d\n", m->spec[p].label, d->false_wins[p]);
    if (d->sprt) {
        double llr = sprt_llr(d), lower = sprt_lower(), upper = sprt_upper();
        printf("SPRT [%g, %g]: LLR %.2f (bounds %.2f, %.2f): %s\n", d->elo0, d->elo1, llr, lower, upper,
               llr >= upper ? "H1 accepted" : llr <= lower ? "H0 accepted" : "inconclusive");
    }
}

/* The second player's seed one above the first's, as it always was. */
static uint64_t duel_seed(uint64_t seed, int slot) { return seed + (uint64_t)slot; }

const MatchReport MATCH_DUEL = {2, true, duel_seed, duel_record, duel_summary};
