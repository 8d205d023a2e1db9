/*
 * match_field.c: a match of three or four seats, each player scored against
 * the field (see match.h; docs/DECISIONS.md, `halma match --players 3|4`):
 * a win beats every other seat, the seats that did not win draw among
 * themselves, partners meet only the two opponents.
 */
#include <math.h>

#include "cli/match.h"
#include "core/names.h"

static void log_game(const Match *m, const MatchGame *g) {
    if (!m->log) return;
    const uint8_t *order = table_turn_order(g->table);
    int turns = table_turns(g->table);
    fprintf(m->log, "game %d", g->index + 1);
    for (int p = 0; p < m->slots; p++) fprintf(m->log, " %s %s", colour_name(order[p]), m->spec[g->slot_of[order[p]]].label);
    fprintf(m->log, " result \"%s\" turns %d", table_result_text(g->table), turns);
    for (int seat = 0; seat < m->slots; seat++) {
        const MatchPlayer *pl = &g->players[g->slot_of[seat]];
        for (int i = 0; i < pl->claim_count; i++)
            if (!match_claim_came_true(&pl->claims[i], g->verdict.winners >> seat & 1, turns))
                fprintf(m->log, " false_claim %s %d+%d", colour_name(seat), pl->claims[i].turn, pl->claims[i].within);
    }
    match_log_moves(m->log, g->table);
}

/* Each place's pairwise points against the others of this game. */
static void score_game(const Match *m, const MatchGame *g, double points[MAX_SEATS], double pairs[MAX_SEATS]) {
    for (int a = 0; a < m->slots; a++) {
        points[a] = pairs[a] = 0;
        for (int b = 0; b < m->slots; b++) {
            int sa = g->seat_of[a], sb = g->seat_of[b];
            if (a == b || (m->seating.partners && seat_partner(sa) == sb)) continue;
            bool wa = g->winners >> a & 1, wb = g->winners >> b & 1;
            points[a] += wa == wb ? 0.5 : wa ? 1.0 : 0.0;
            pairs[a] += 1;
        }
    }
}

/* Each name's game: won if any of its places won. */
static void count_names(Match *m, const MatchGame *g, int turns) {
    for (int n = 0; n < m->slots; n++) {
        if (m->name_of[n] != n) continue;
        bool won = false;
        for (int s = 0; s < m->slots; s++) won |= m->name_of[s] == n && (g->winners >> s & 1);
        NameTally *t = &m->named[n];
        if (won) t->won++, t->won_turns += turns;
        else if (g->winners == 0) t->drawn++;
        else t->lost++;
    }
}

static bool field_record(Match *m, const MatchGame *g) {
    int turns = table_turns(g->table);
    double points[MAX_SEATS], pairs[MAX_SEATS];
    score_game(m, g, points, pairs);
    count_names(m, g, turns);
    for (int s = 0; s < m->slots; s++) {
        FieldTally *t = &m->field[s];
        bool won = g->winners >> s & 1;
        if (won) t->wins++, t->win_turns += turns;
        else if (g->winners == 0) t->draws++;
        else t->losses++;
        t->points += points[s];
        t->pairs += pairs[s];
        t->points_sq += (points[s] / pairs[s]) * (points[s] / pairs[s]);
        t->false_claims += match_player_false_claims(&g->players[s], won, turns);
    }
    if (!m->quiet) {
        const uint8_t *order = table_turn_order(g->table);
        printf("game %d:", g->index + 1);
        for (int p = 0; p < m->slots; p++)
            printf(" %s %s%s", colour_name(order[p]), m->spec[g->slot_of[order[p]]].label, p + 1 < m->slots ? "," : ":");
        printf(" %s after %d turns\n", table_result_text(g->table), turns);
        fflush(stdout);
    }
    log_game(m, g);
    return false;
}

/* A name's places summed: its seats' tallies and think time. */
typedef struct {
    FieldTally tally;
    double think_ms;
    long long moves;
    int seats;
} NameSum;

static NameSum sum_name(const Match *m, int name) {
    NameSum sum = {0};
    for (int s = name; s < m->slots; s++) {
        if (m->name_of[s] != name) continue;
        const FieldTally *t = &m->field[s];
        FieldTally *to = &sum.tally;
        to->wins += t->wins, to->draws += t->draws, to->losses += t->losses;
        to->points += t->points, to->pairs += t->pairs, to->points_sq += t->points_sq;
        to->win_turns += t->win_turns, to->false_claims += t->false_claims;
        sum.think_ms += m->think_ms[s], sum.moves += m->think_moves[s], sum.seats++;
    }
    return sum;
}

static void print_name(const Match *m, int name) {
    NameSum sum = sum_name(m, name);
    const FieldTally *t = &sum.tally;
    const NameTally *g = &m->named[name];
    int games = g->won + g->drawn + g->lost, seat_games = t->wins + t->draws + t->losses;
    printf("%s", m->spec[name].label);
    if (sum.seats > 1) printf(" (%d seats)", sum.seats);
    printf(": won %d, drew %d, lost %d of %d games", g->won, g->drawn, g->lost, games);
    if (seat_games && t->pairs > 0) {
        double score = t->points / t->pairs, var = t->points_sq / seat_games - score * score;
        double margin = 1.96 * sqrt((var > 0 ? var : 0) / seat_games);
        double elo = match_elo(score);
        printf("; score %.1f%% against the field, Elo ", 100 * score);
        if (isinf(elo)) printf("%s", elo > 0 ? "+inf" : "-inf");
        else printf("%+.0f [%+.0f, %+.0f]", elo, match_elo(score - margin), match_elo(score + margin));
    }
    printf("\n");
    if (g->won)
        printf("    its wins end at turn %.1f on average (%.1f of each seat's moves)\n", (double)g->won_turns / g->won,
               (double)g->won_turns / g->won / m->seating.players);
    printf("    think time %.1f ms a move", sum.moves ? sum.think_ms / sum.moves : 0.0);
    if (match_spec_is_engine(&m->spec[name])) printf("; false win claims: %d", t->false_claims);
    printf("\n");
}

static void field_summary(const Match *m) {
    printf("\n%d players%s, %d games:", m->seating.players, m->seating.partners ? " as partners" : " each for themselves",
           m->played);
    for (int s = 0; s < m->slots; s++) printf(" %s", m->spec[s].label);
    printf("\n");
    if (m->played == 0) return;
    printf("draws: %d by repetition, %d by the turn limit; average game length %.1f turns\n", m->draws_repetition,
           m->draws_limit, (double)m->turns_total / m->played);
    for (int s = 0; s < m->slots; s++)
        if (m->name_of[s] == s) print_name(m, s);
}

/* Each seat's seed apart from the game's in its low bits, as it always was. */
static uint64_t field_seed(uint64_t seed, int slot) { return seed ^ (uint64_t)slot; }

const MatchReport MATCH_FIELD = {1, false, field_seed, field_record, field_summary};
