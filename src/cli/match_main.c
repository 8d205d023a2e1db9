/*
 * match_main.c: `halma match`, games between players at any seating (two,
 * three or four, partners), and the statistics every strength figure of
 * docs/MEASUREMENTS.md comes from.
 *
 * The list names a player a seat in the turn order of the first game (a
 * shorter list repeats its last player); game g seats the list turned by g
 * places, so that each run of as many games as seats seats every player on
 * every seat from the same opening (a few random plies from the seed).  Of
 * two that is a pair of games, each player taking White once.  Worker
 * threads each own their players.  The games are the core's one game
 * (core/table.h); the seating's kind picks how they are reported (match.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/match.h"
#include "engine/levels.h"
#include "engine/random.h"

static const char USAGE[] =
    "usage: halma match [options] PLAYER...\n\n"
    "Plays games between players, the seats rotating from game to game.  Of\n"
    "two players (the default) it reports the wins, draws and losses of the\n"
    "first, the Elo difference with its 95% error bars, the average game length\n"
    "and each side's think time per move.  Of three or four (--players) it\n"
    "reports each player's wins, draws and losses, its Elo against the field (a\n"
    "win beats every other seat, the seats that did not win draw among\n"
    "themselves; partners score against the other team), the average turn of\n"
    "its wins, its think time and its false win claims.\n\n"
    "PLAYER... names the players in the turn order of the first game (White,\n"
    "Black of two; White, Red, Black, Yellow of more); a shorter list repeats\n"
    "its last player, so 'level:10 greedy' is level 10 against greedy on every\n"
    "other seat.  As partners the first and third are partners.\n\n"
    "A player is one of:\n"
    "  level:N          the built-in engine at level N (" LEVEL_TEXT(MIN_LEVEL) "-" LEVEL_TEXT(MAX_LEVEL) "), its own think time\n"
    "  level:N@MS       the same with MS milliseconds a move\n"
    "  level:N#NODES    the same with a budget of NODES nodes a move\n"
    "                   A level may end with tunables of its own,\n"
    "                   level:N[name=value,...] (engine/tune.h names them, and\n"
    "                   which seating's search reads each), which also tell it apart.\n"
    "  greedy           the advance-most player of today's Halma sites (ties:\n"
    "                   the rear piece's move)\n"
    "  stayer:K:T       greedy that keeps its K pieces nearest its home corner\n"
    "                   there until turn T\n"
    "of two players only:\n"
    "  greedy:random    greedy, its ties broken at random\n"
    "  ab, ab@MS        a plain alpha-beta (transposition table, the sum of the\n"
    "                   distances to the goal as its evaluation), MS milliseconds\n"
    "                   a move (default 100)\n"
    "  convex, convex@MS  the same alpha-beta scoring squared distances (a piece\n"
    "                   left behind weighs most) and the best move in hand\n"
    "  mcts, mcts@MS    a Monte Carlo tree search (short playouts biased to the\n"
    "                   moves that gain most), MS milliseconds a move\n"
    "  cmd:COMMAND      an external engine speaking PROTOCOL.md (COMMAND is run by\n"
    "                   /bin/sh, e.g. cmd:\"./build/halma engine\"); add @MS for\n"
    "                   'go movetime MS' (default 100)\n"
    "of three or four only:\n"
    "  plain, plain@MS  a plain paranoid alpha-beta (the sum of the distances to\n"
    "                   the goals as its evaluation), MS milliseconds a move\n"
    "                   (default 100)\n\n"
    "options:\n"
    "  --players 2|3|4    players (default 2)\n"
    "  --partners         four as partners, White and Black against Red and Yellow\n"
    "  --rules NAME       standard (default) or nospoil, the house rule against\n"
    "                     spoiling (docs/RULES-HOUSE.md): every player plays under it\n"
    "  --games N          games to play (default 100; rounded up to whole rotations)\n"
    "  --camps 19|13      the camps of two players (default 19); more play with 13\n"
    "  --random-plies K   random opening plies before the players take over\n"
    "                     (default 4 of two, one a seat of more)\n"
    "  --seed S           seed of the openings (default 1)\n"
    "  --threads T        games played at once (default: the number of cores)\n"
    "  --hash MB          hash table of each built-in engine (default 16)\n"
    "  --turn-limit N     turns before a game is drawn (default 400 of two, 200 a\n"
    "                     seat of more)\n"
    "  --sprt E0,E1       of two: stop early once an SPRT (alpha = beta = 0.05)\n"
    "                     accepts Elo E0 or E1 for PLAYER1 over PLAYER2\n"
    "  --log FILE         write every game (seats, result, turns, moves) to FILE\n"
    "  --quiet            no line per finished game\n\n"
    "The first player takes its tunables from HALMA_TUNE, every other built-in\n"
    "engine from HALMA_TUNE2 (name=value,...).\n";

const MatchReport *match_report(TableKind kind) {
    static const MatchReport *const REPORTS[TABLE_KINDS] = {[TABLE_TWO] = &MATCH_DUEL, [TABLE_MANY] = &MATCH_FIELD};
    return REPORTS[kind];
}

double match_elo(double score) {
    if (score <= 0) return -INFINITY;
    if (score >= 1) return INFINITY;
    return -400.0 * log10(1.0 / score - 1.0);
}

void match_log_moves(FILE *log, const Table *t) {
    char text[MAX_TURN_LIMIT * MOVE_TEXT_SIZE];
    Text out = text_on(text, sizeof text);
    table_text_moves(t, &out);
    fprintf(log, " moves%s%s\n", table_length(t) ? " " : "", text);
    fflush(log);
}

/* ------------------------------------------------------------------------ */

/* A few random plies that do not lose ground, the same for a whole rotation. */
static void play_opening(Table *t, int plies, uint64_t seed) {
    uint64_t rng = seed;
    MoveList list;
    for (int i = 0; i < plies && !table_verdict(t).over; i++) {
        table_generate(t, &list);
        int seat = table_seat_to_move(t), n = 0;
        Move forward[MAX_MOVES];
        for (int j = 0; j < list.count; j++) {
            Move m = list.moves[j];
            if (!move_is_pass(m) && seat_goal_distance(seat, m.to) <= seat_goal_distance(seat, m.from)) forward[n++] = m;
        }
        table_play(t, n ? forward[random_next(&rng) % (uint64_t)n] : list.moves[0]);
    }
}

/* The game's seats: the list turned by `rotation` places. */
static void seat_players(const Match *m, const Table *t, int rotation, MatchGame *g) {
    const uint8_t *order = table_turn_order(t);
    for (int s = 0; s < m->slots; s++) {
        g->seat_of[s] = order[(s + rotation) % m->slots];
        g->slot_of[g->seat_of[s]] = s;
    }
}

/* The places that won: the verdict's seats', or after a forfeit every
 * other place. */
static unsigned winning_places(const Match *m, const MatchGame *g) {
    unsigned places = 0;
    for (int s = 0; s < m->slots; s++)
        places |= (unsigned)(g->failed >= 0 ? s != g->failed : g->verdict.winners >> g->seat_of[s] & 1) << s;
    return places;
}

/* Counts what every report counts, then the report's own; under the lock. */
static void record(Match *m, const MatchGame *g, const double think[MAX_SEATS], const long long moves[MAX_SEATS]) {
    pthread_mutex_lock(&m->lock);
    m->played++;
    m->turns_total += table_turns(g->table);
    if (g->verdict.reason && !strcmp(g->verdict.reason, "repetition")) m->draws_repetition++;
    if (g->verdict.reason && !strcmp(g->verdict.reason, "turn_limit")) m->draws_limit++;
    for (int s = 0; s < m->slots; s++) {
        m->think_ms[s] += think[s];
        m->think_moves[s] += moves[s];
    }
    if (m->report->record(m, g)) atomic_store(&m->abort, true);
    pthread_mutex_unlock(&m->lock);
}

/* Plays game `index` on this worker's players. */
static void play_game(Match *m, MatchPlayer players[MAX_SEATS], int index) {
    Table *t = malloc(sizeof *t);
    if (!t || !table_start(t, m->seating, m->turn_limit)) {
        free(t);
        return;
    }
    MatchGame g = {.index = index, .table = t, .players = players, .failed = -1};
    seat_players(m, t, index % m->slots, &g);
    play_opening(t, m->random_plies, m->seed * 1000003ULL + (uint64_t)(index / m->slots));
    uint64_t seed = m->seed ^ ((uint64_t)index << 32);
    for (int s = 0; s < m->slots; s++) match_player_new_game(&players[s], t, m->report->player_seed(seed, s));
    double think[MAX_SEATS] = {0};
    long long moves[MAX_SEATS] = {0};
    char err[512] = "";
    while (!table_verdict(t).over && !atomic_load(&m->abort)) {
        int slot = g.slot_of[table_seat_to_move(t)];
        Move move;
        struct timespec a, b;
        clock_gettime(CLOCK_MONOTONIC, &a);
        bool ok = match_player_move(&players[slot], t, &move, err, sizeof err);
        clock_gettime(CLOCK_MONOTONIC, &b);
        think[slot] += (b.tv_sec - a.tv_sec) * 1e3 + (b.tv_nsec - a.tv_nsec) / 1e6;
        moves[slot]++;
        if (!ok) {
            g.failed = slot;
            g.error = err;
            break;
        }
        table_play(t, move);
    }
    g.verdict = table_verdict(t);
    if (g.verdict.over || g.failed >= 0) { /* not cut short by the match's end */
        g.winners = winning_places(m, &g);
        record(m, &g, think, moves);
    }
    free(t);
}

static void *worker(void *arg) {
    Match *m = arg;
    MatchPlayer players[MAX_SEATS];
    bool ok = true;
    for (int s = 0; s < m->slots; s++) ok = match_player_open(&players[s], &m->spec[s], m->seating, m->hash_mb) && ok;
    if (!ok) {
        fprintf(stderr, "halma match: could not start a player\n");
        atomic_store(&m->abort, true);
    }
    for (;;) {
        if (!ok || atomic_load(&m->abort)) break;
        int index = atomic_fetch_add(&m->next_game, 1);
        if (index >= m->games) break;
        play_game(m, players, index);
    }
    for (int s = 0; s < m->slots; s++) match_player_close(&players[s]);
    return NULL;
}

/* ------------------------------------------------------------------------ */

/* The command line into *m (its players in m->spec, `listed` of them);
 * 0 when it is good, else the exit status, the error said. */
static int read_options(int argc, char **argv, Match *m, int *listed, const char **log_path, int *camp_asked) {
    long long v;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (cli_is_help(a)) {
            fputs(USAGE, stdout);
            return -1;
        } else if (!strcmp(a, "--quiet")) {
            m->quiet = true;
        } else if (!strcmp(a, "--partners")) {
            m->seating.partners = true;
        } else if (a[0] == '-' && a[1] == '-') {
            if (!val) return cli_usage_error("match", "missing value");
            i++;
            Variant variant;
            if (!strcmp(a, "--players") && cli_parse_int(val, 2, MAX_SEATS, &v)) m->seating.players = (int)v;
            else if (!strcmp(a, "--games") && cli_parse_int(val, 1, 1000000, &v)) m->games = (int)v;
            else if (!strcmp(a, "--rules") && rules_parse(val, &m->seating.rules)) continue;
            else if (!strcmp(a, "--camps") && cli_parse_camps(val, &variant)) *camp_asked = (int)strtol(val, NULL, 10);
            else if (!strcmp(a, "--random-plies") && cli_parse_int(val, 0, 100, &v)) m->random_plies = (int)v;
            else if (!strcmp(a, "--seed") && cli_parse_int(val, 0, 1LL << 60, &v)) m->seed = (uint64_t)v;
            else if (!strcmp(a, "--threads") && cli_parse_int(val, 1, 256, &v)) m->threads = (int)v;
            else if (!strcmp(a, "--hash") && cli_parse_int(val, 1, 4096, &v)) m->hash_mb = (size_t)v;
            else if (!strcmp(a, "--turn-limit") && cli_parse_int(val, 1, MAX_TURN_LIMIT, &v)) m->turn_limit = (int)v;
            else if (!strcmp(a, "--sprt") && sscanf(val, "%lf,%lf", &m->duel.elo0, &m->duel.elo1) == 2) m->duel.sprt = true;
            else if (!strcmp(a, "--log")) *log_path = val;
            else return cli_usage_error("match", "unknown option or bad value");
        } else if (*listed < MAX_SEATS) {
            if (!match_spec_parse(a, &m->spec[(*listed)++])) return cli_usage_error("match", "bad player");
        } else {
            return cli_usage_error("match", "more players than seats");
        }
    }
    return 0;
}

/* The seating asked for, and every player able to play it; 0 or the exit status. */
static int check_seating(Match *m, int listed, int camp_asked) {
    if (camp_asked) m->seating.camp = camp_asked;
    SeatingCheck check = table_seating_check(&m->seating);
    if (check != SEATING_OK)
        return cli_usage_error("match", "--players 2, 3 or 4 (--partners with 4 only) for a game there is");
    if (camp_asked && camp_asked != m->seating.camp)
        return cli_usage_error("match", "--camps is for two players; three and four play with 13 pieces");
    m->slots = m->seating.players;
    if (listed == 0) return cli_usage_error("match", "no player named");
    if (listed > m->slots) return cli_usage_error("match", "more players than seats");
    TableKind kind = table_seating_kind(m->seating);
    for (int s = 0; s < listed; s++)
        if (!match_spec_plays(&m->spec[s], kind)) {
            char message[sizeof m->spec[s].label + 48];
            snprintf(message, sizeof message, "%s does not play a game of this seating", m->spec[s].label);
            return cli_usage_error("match", message);
        }
    m->report = match_report(kind);
    if (m->duel.sprt && !m->report->sprt) return cli_usage_error("match", "--sprt is for a match of two players");
    return 0;
}

/* The players named and their places: the last repeated, names grouped. */
static void fill_list(Match *m, int listed) {
    for (int s = listed; s < m->slots; s++) m->spec[s] = m->spec[listed - 1];
    for (int s = 0; s < m->slots; s++) {
        m->name_of[s] = s;
        for (int o = 0; o < s; o++)
            if (!strcmp(m->spec[o].label, m->spec[s].label)) {
                m->name_of[s] = o;
                break;
            }
    }
    m->spec[0].tuned = true;
}

int match_main(int argc, char **argv) {
    static Match match;
    Match *m = &match;
    m->seating = (TableSeating){2, false, 19, RULES_STANDARD};
    m->games = 100;
    m->random_plies = -1;
    m->seed = 1;
    m->threads = (int)sysconf(_SC_NPROCESSORS_ONLN);
    if (m->threads < 1) m->threads = 1;
    m->hash_mb = 16;
    const char *log_path = NULL;
    int listed = 0, camp_asked = 0;
    int status = read_options(argc, argv, m, &listed, &log_path, &camp_asked);
    if (status) return status < 0 ? 0 : status;
    if ((status = check_seating(m, listed, camp_asked))) return status;
    fill_list(m, listed);
    if (m->random_plies < 0) m->random_plies = m->report->plies_a_seat * m->slots;
    if (m->turn_limit == 0) m->turn_limit = table_default_turn_limit(m->slots);
    m->games += (m->slots - m->games % m->slots) % m->slots;
    if (log_path && !(m->log = fopen(log_path, "w"))) {
        fprintf(stderr, "halma match: cannot write %s\n", log_path);
        return 1;
    }
    pthread_mutex_init(&m->lock, NULL);
    atomic_init(&m->next_game, 0);
    atomic_init(&m->abort, false);
    if (m->threads > m->games) m->threads = m->games;
    pthread_t *threads = calloc((size_t)m->threads, sizeof *threads);
    for (int t = 0; t < m->threads; t++) pthread_create(&threads[t], NULL, worker, m);
    for (int t = 0; t < m->threads; t++) pthread_join(threads[t], NULL);
    free(threads);
    m->report->summary(m);
    if (m->log) fclose(m->log);
    return 0;
}
