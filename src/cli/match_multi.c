/*
 * match_multi.c: `halma match --players 3|4 [--partners]`, games of three
 * or four players, and the statistics of their figures in
 * docs/MEASUREMENTS.md.
 *
 * A player list names a player for each seat in the turn order (White,
 * Red, Black, Yellow); a shorter list repeats its last player.  Game g seats
 * the list turned by g places, so that in every run of as many games as
 * seats each player takes each seat once, from the same opening (a few
 * random plies from the seed).  As partners the list's first and third
 * players are partners, and stay so.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli/match_multi.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/hash_memory.h"
#include "core/notation.h"
#include "engine/levels.h"
#include "engine/multi_greedy.h"
#include "engine/multi_plain.h"
#include "engine/multi_search.h"
#include "engine/random.h"

static const char USAGE[] =
    "usage: halma match --players 3|4 [--partners] [options] PLAYER...\n\n"
    "Plays games of three or four players, the seats rotating from game to\n"
    "game, and reports each player's wins, draws and losses, its Elo against\n"
    "the field (a win beats every other seat, the seats that did not win draw\n"
    "among themselves; partners score against the other team), the average\n"
    "turn of its wins, its think time and its false win claims.\n\n"
    "PLAYER... names the players in the turn order of the first game (White,\n"
    "Red, Black, Yellow); a shorter list repeats its last player, so\n"
    "'level:10 greedy' is level 10 against greedy on every other seat.  As\n"
    "partners the first and third are partners.  A player is one of:\n"
    "  level:N          the built-in engine at level N (" LEVEL_TEXT(MIN_LEVEL) "-" LEVEL_TEXT(MAX_LEVEL) "), its own think time\n"
    "  level:N@MS       the same with MS milliseconds a move\n"
    "  level:N#NODES    the same with a budget of NODES nodes a move\n"
    "  greedy           the advance-most player\n"
    "  plain, plain@MS  a plain paranoid alpha-beta (the sum of the distances to\n"
    "                   the goals as its evaluation), MS milliseconds a move\n"
    "                   (default 100)\n"
    "A level may end with tunables of its own, level:N[name=value,...]\n"
    "(engine/multi_tune.h names them), which also tell it apart.\n\n"
    "options:\n"
    "  --games N          games to play (default 100; rounded up to whole rotations)\n"
    "  --random-plies K   random opening plies (default: one a seat)\n"
    "  --seed S           seed of the openings (default 1)\n"
    "  --threads T        games played at once (default: the number of cores)\n"
    "  --hash MB          hash table of each built-in engine (default 16)\n"
    "  --turn-limit N     turns before a game is drawn (default 200 a seat)\n"
    "  --log FILE         write every game (seats, result, turns, moves) to FILE\n"
    "  --quiet            no line per finished game\n\n"
    "The first player takes its tunables from HALMA_TUNE, every other built-in\n"
    "engine from HALMA_TUNE2 (name=value,...; engine/multi_tune.h names them).\n";

typedef enum { SEAT_ENGINE, SEAT_GREEDY, SEAT_PLAIN } SeatKind;

enum { MAX_CLAIMS = 200, DEFAULT_PLAIN_MS = 100 };

typedef struct {
    SeatKind kind;
    int level;
    int64_t movetime; /* < 0: none */
    uint64_t nodes;   /* 0: none */
    char label[160];
    char tunables[128]; /* its own "name=value,..." after the environment's */
    bool tuned;       /* takes HALMA_TUNE (else HALMA_TUNE2) */
} SeatSpec;

typedef struct {
    int turn, within; /* claimed at `turn`: a win in `within` turns */
} Claim;

typedef struct {
    const SeatSpec *spec;
    MultiEngine *engine;
    MultiPlain *plain;
    void *hash;
    int claim_count;
    Claim claims[MAX_CLAIMS];
    int last_win_in;
} SeatPlayer;

typedef struct {
    int wins, draws, losses;
    double points, pairs;          /* pairwise points against the field, and their number */
    double points_sq;              /* sum over games of (points / pairs)^2, for the error */
    long long win_turns;
    int false_claims;
    double think_ms;
    long long moves;
} Tally;

/* A name's games: one of its seats won, the game was drawn, or another won. */
typedef struct {
    int won, drawn, lost;
    long long won_turns;
} GameTally;

typedef struct {
    Seating seating;
    int slots; /* players = seats */
    int name_of[MAX_SEATS]; /* the first slot with the same name */
    SeatSpec spec[MAX_SEATS];
    int games, random_plies, threads, turn_limit;
    size_t hash_mb;
    uint64_t seed;
    bool quiet;
    FILE *log;
    atomic_int next_game;
    atomic_bool abort;
    pthread_mutex_t lock;
    int played, draws_repetition, draws_limit;
    long long turns_total;
    Tally tally[MAX_SEATS];
    GameTally named[MAX_SEATS]; /* by name_of */
} MultiMatch;

/* ------------------------------------------------------------------------ */

static bool parse_ms(const char *s, int64_t *ms) {
    char *end;
    long long v = strtoll(s, &end, 10);
    if (end == s || *end || v < 0) return false;
    *ms = v;
    return true;
}

static bool parse_seat_player(const char *text, SeatSpec *p) {
    memset(p, 0, sizeof *p);
    p->movetime = -1;
    snprintf(p->label, sizeof p->label, "%s", text);
    char s[160];
    snprintf(s, sizeof s, "%s", text);
    char *open = strchr(s, '[');
    if (open) {
        size_t n = strlen(open);
        if (n < 3 || open[n - 1] != ']' || n - 2 >= sizeof p->tunables || strncmp(s, "level:", 6)) return false;
        memcpy(p->tunables, open + 1, n - 2);
        p->tunables[n - 2] = '\0';
        *open = '\0';
    }
    if (!strcmp(s, "greedy")) {
        p->kind = SEAT_GREEDY;
        return true;
    }
    if (!strcmp(s, "plain") || !strncmp(s, "plain@", 6)) {
        p->kind = SEAT_PLAIN;
        p->movetime = DEFAULT_PLAIN_MS;
        return s[5] != '@' || (parse_ms(s + 6, &p->movetime) && p->movetime > 0);
    }
    if (strncmp(s, "level:", 6)) return false;
    char *end;
    long level = strtol(s + 6, &end, 10);
    if (end == s + 6 || level < MIN_LEVEL || level > MAX_LEVEL) return false;
    p->kind = SEAT_ENGINE;
    p->level = (int)level;
    if (*end == '@') return parse_ms(end + 1, &p->movetime);
    if (*end == '#') {
        int64_t n;
        if (!parse_ms(end + 1, &n) || n == 0) return false;
        p->nodes = (uint64_t)n;
        return true;
    }
    return *end == '\0';
}

/* "name=value,..." onto the engine's tunables; `name` says where it came from. */
static bool tune_engine(MultiEngine *engine, const char *name, const char *spec) {
    if (!spec) return true;
    MultiTune tune = multi_engine_tuning(engine);
    for (const char *item = spec; *item;) {
        size_t len = strcspn(item, ",");
        const char *eq = memchr(item, '=', len);
        int *field = eq ? multi_tune_field(&tune, item, (int)(eq - item)) : NULL;
        char *end = NULL;
        long value = field ? strtol(eq + 1, &end, 10) : 0;
        if (!field || end != item + len || end == eq + 1) {
            fprintf(stderr, "halma match: %s: '%.*s' is no name=value of engine/multi_tune.h\n", name, (int)len,
                    item);
            return false;
        }
        *field = (int)value;
        item += len + (item[len] == ',');
    }
    multi_engine_tune(engine, &tune);
    return true;
}

static bool seat_open(SeatPlayer *pl, const SeatSpec *spec, size_t hash_mb) {
    memset(pl, 0, sizeof *pl);
    pl->spec = spec;
    if (spec->kind == SEAT_GREEDY) return true;
    pl->hash = hash_memory_alloc(hash_mb << 20);
    if (!pl->hash) return false;
    if (spec->kind == SEAT_PLAIN) {
        pl->plain = malloc(sizeof *pl->plain);
        if (!pl->plain) return false;
        multi_plain_init(pl->plain, pl->hash, hash_mb << 20);
        return true;
    }
    pl->engine = malloc(sizeof *pl->engine);
    if (!pl->engine) return false;
    multi_engine_init(pl->engine, pl->hash, hash_mb << 20);
    multi_engine_set_level(pl->engine, spec->level);
    const char *env = spec->tuned ? "HALMA_TUNE" : "HALMA_TUNE2";
    return tune_engine(pl->engine, env, getenv(env)) && tune_engine(pl->engine, spec->label, spec->tunables);
}

static void seat_close(SeatPlayer *pl) {
    free(pl->engine);
    free(pl->plain);
    free(pl->hash);
}

static void seat_new_game(SeatPlayer *pl, uint64_t seed) {
    if (pl->engine) {
        multi_engine_new_game(pl->engine);
        multi_engine_seed(pl->engine, seed);
    }
    if (pl->plain) multi_plain_new_game(pl->plain);
    pl->claim_count = 0;
}

static void keep_claim(void *ctx, const MultiReport *report) {
    SeatPlayer *pl = ctx;
    pl->last_win_in = report->win_in;
}

static Move seat_move(SeatPlayer *pl, const Game *game) {
    const SeatSpec *spec = pl->spec;
    if (spec->kind == SEAT_GREEDY) return multi_greedy_move(&game->pos);
    if (spec->kind == SEAT_PLAIN) return multi_plain_move(pl->plain, game, spec->movetime);
    MultiLimits limits = multi_limits_none();
    limits.movetime = spec->movetime;
    limits.nodes = spec->nodes;
    atomic_store(&pl->engine->own_stop, false);
    pl->last_win_in = 0;
    Move m = multi_engine_think(pl->engine, game, &limits, keep_claim, pl);
    if (pl->last_win_in > 0 && pl->claim_count < MAX_CLAIMS)
        pl->claims[pl->claim_count++] = (Claim){game->pos.turns, pl->last_win_in};
    return m;
}

static int false_claims(const SeatPlayer *pl, bool won, int final_turns) {
    int count = 0;
    for (int i = 0; i < pl->claim_count; i++)
        count += !(won && final_turns <= pl->claims[i].turn + pl->claims[i].within);
    return count;
}

/* ------------------------------------------------------------------------ */

/* A few random plies that do not lose ground, the same for a whole rotation. */
static void play_opening(Game *game, int plies, uint64_t seed) {
    uint64_t rng = seed;
    MoveList list;
    for (int i = 0; i < plies && game->result == RESULT_ONGOING; i++) {
        generate_moves(&game->pos, &list);
        int seat = game->pos.seat, n = 0;
        Move forward[MAX_MOVES];
        for (int j = 0; j < list.count; j++) {
            Move m = list.moves[j];
            if (!move_is_pass(m) && seat_goal_distance(seat, m.to) <= seat_goal_distance(seat, m.from)) forward[n++] = m;
        }
        game_play(game, n ? forward[random_next(&rng) % (uint64_t)n] : list.moves[0]);
    }
}

/* The seat of each turn position (0 White, 1 Red, 2 Black, 3 Yellow). */
static int seat_at(int players, int position) {
    int seat = SEAT_WHITE;
    for (int i = 0; i < position; i++) seat = seat_after(players, seat);
    return seat;
}

static void log_game(MultiMatch *m, int index, const Game *game, const int slot_of_seat[MAX_SEATS],
                     const SeatPlayer players[MAX_SEATS]) {
    if (!m->log) return;
    unsigned winners = result_winners(game->result);
    fprintf(m->log, "game %d", index + 1);
    for (int p = 0; p < m->slots; p++) {
        int seat = seat_at(game->pos.players, p);
        fprintf(m->log, " %s %s", colour_name(seat), m->spec[slot_of_seat[seat]].label);
    }
    fprintf(m->log, " result \"%s\" turns %d", result_text(game->result), game->pos.turns);
    for (int seat = 0; seat < game->pos.players; seat++) {
        const SeatPlayer *pl = &players[slot_of_seat[seat]];
        for (int i = 0; i < pl->claim_count; i++)
            if (!((winners >> seat & 1) && game->pos.turns <= pl->claims[i].turn + pl->claims[i].within))
                fprintf(m->log, " false_claim %s %d+%d", colour_name(seat), pl->claims[i].turn, pl->claims[i].within);
    }
    fputs(" moves", m->log);
    Position pos = game->start;
    for (int i = 0; i < game->length; i++) {
        char text[MOVE_TEXT_SIZE];
        Text t = text_on(text, sizeof text);
        text_move(&t, &pos, game->moves[i]);
        position_make(&pos, game->moves[i]);
        fprintf(m->log, " %s", text);
    }
    fputc('\n', m->log);
    fflush(m->log);
}

/* Each slot's pairwise points against the others of this game. */
static void score_game(const MultiMatch *m, const Game *game, const int seat_of_slot[MAX_SEATS],
                       double points[MAX_SEATS], double pairs[MAX_SEATS]) {
    unsigned winners = result_winners(game->result);
    for (int a = 0; a < m->slots; a++) {
        points[a] = pairs[a] = 0;
        for (int b = 0; b < m->slots; b++) {
            int sa = seat_of_slot[a], sb = seat_of_slot[b];
            if (a == b || (m->seating.partners && seat_partner(sa) == sb)) continue;
            bool wa = winners >> sa & 1, wb = winners >> sb & 1;
            points[a] += wa == wb ? 0.5 : wa ? 1.0 : 0.0;
            pairs[a] += 1;
        }
    }
}

static void play_game(MultiMatch *m, SeatPlayer players[MAX_SEATS], int index) {
    int rotation = index % m->slots, opening = index / m->slots;
    int seat_of_slot[MAX_SEATS], slot_of_seat[MAX_SEATS];
    for (int s = 0; s < m->slots; s++) {
        seat_of_slot[s] = seat_at(m->seating.players, (s + rotation) % m->slots);
        slot_of_seat[seat_of_slot[s]] = s;
    }
    Game *game = malloc(sizeof *game);
    if (!game) return;
    game_start_seating(game, m->seating, VARIANT_13, m->turn_limit);
    play_opening(game, m->random_plies, m->seed * 1000003ULL + (uint64_t)opening);
    for (int s = 0; s < m->slots; s++) seat_new_game(&players[s], m->seed ^ ((uint64_t)index << 32) ^ (uint64_t)s);
    double think[MAX_SEATS] = {0};
    long long moves[MAX_SEATS] = {0};
    while (game->result == RESULT_ONGOING && !atomic_load(&m->abort)) {
        int slot = slot_of_seat[game->pos.seat];
        struct timespec a, b;
        clock_gettime(CLOCK_MONOTONIC, &a);
        Move move = seat_move(&players[slot], game);
        clock_gettime(CLOCK_MONOTONIC, &b);
        think[slot] += (b.tv_sec - a.tv_sec) * 1e3 + (b.tv_nsec - a.tv_nsec) / 1e6;
        moves[slot]++;
        game_play(game, move);
    }
    if (game->result == RESULT_ONGOING) { /* aborted */
        free(game);
        return;
    }
    unsigned winners = result_winners(game->result);
    double points[MAX_SEATS], pairs[MAX_SEATS];
    score_game(m, game, seat_of_slot, points, pairs);
    pthread_mutex_lock(&m->lock);
    m->played++;
    m->turns_total += game->pos.turns;
    m->draws_repetition += game->result == RESULT_DRAW_REPETITION;
    m->draws_limit += game->result == RESULT_DRAW_TURN_LIMIT;
    for (int n = 0; n < m->slots; n++) {
        if (m->name_of[n] != n) continue;
        bool won = false;
        for (int s = 0; s < m->slots; s++) won |= m->name_of[s] == n && (winners >> seat_of_slot[s] & 1);
        GameTally *g = &m->named[n];
        if (won) g->won++, g->won_turns += game->pos.turns;
        else if (winners == 0) g->drawn++;
        else g->lost++;
    }
    for (int s = 0; s < m->slots; s++) {
        Tally *t = &m->tally[s];
        bool won = winners >> seat_of_slot[s] & 1;
        if (won) t->wins++, t->win_turns += game->pos.turns;
        else if (winners == 0) t->draws++;
        else t->losses++;
        t->points += points[s];
        t->pairs += pairs[s];
        t->points_sq += (points[s] / pairs[s]) * (points[s] / pairs[s]);
        t->false_claims += false_claims(&players[s], won, game->pos.turns);
        t->think_ms += think[s];
        t->moves += moves[s];
    }
    if (!m->quiet) {
        printf("game %d:", index + 1);
        for (int p = 0; p < m->slots; p++) {
            int seat = seat_at(m->seating.players, p);
            printf(" %s %s%s", colour_name(seat), m->spec[slot_of_seat[seat]].label, p + 1 < m->slots ? "," : ":");
        }
        printf(" %s after %d turns\n", result_text(game->result), game->pos.turns);
        fflush(stdout);
    }
    log_game(m, index, game, slot_of_seat, players);
    pthread_mutex_unlock(&m->lock);
    free(game);
}

static void *worker(void *arg) {
    MultiMatch *m = arg;
    SeatPlayer players[MAX_SEATS];
    bool ok = true;
    for (int s = 0; s < m->slots; s++) ok = seat_open(&players[s], &m->spec[s], m->hash_mb) && ok;
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
    for (int s = 0; s < m->slots; s++) seat_close(&players[s]);
    return NULL;
}

/* ------------------------------------------------------------------------ */

static double elo_of(double score) {
    if (score <= 0) return -INFINITY;
    if (score >= 1) return INFINITY;
    return -400.0 * log10(1.0 / score - 1.0);
}

/* Adds slot s's tally into the label's. */
static void add_tally(Tally *to, const Tally *t) {
    to->wins += t->wins, to->draws += t->draws, to->losses += t->losses;
    to->points += t->points, to->pairs += t->pairs, to->points_sq += t->points_sq;
    to->win_turns += t->win_turns, to->false_claims += t->false_claims;
    to->think_ms += t->think_ms, to->moves += t->moves;
}

static void print_player(const MultiMatch *m, const char *label, int seats, const Tally *t, const GameTally *g,
                         bool engine) {
    int games = g->won + g->drawn + g->lost, seat_games = t->wins + t->draws + t->losses;
    printf("%s", label);
    if (seats > 1) printf(" (%d seats)", seats);
    printf(": won %d, drew %d, lost %d of %d games", g->won, g->drawn, g->lost, games);
    if (seat_games && t->pairs > 0) {
        double score = t->points / t->pairs, var = t->points_sq / seat_games - score * score;
        double margin = 1.96 * sqrt((var > 0 ? var : 0) / seat_games);
        double elo = elo_of(score);
        printf("; score %.1f%% against the field, Elo ", 100 * score);
        if (isinf(elo)) printf("%s", elo > 0 ? "+inf" : "-inf");
        else printf("%+.0f [%+.0f, %+.0f]", elo, elo_of(score - margin), elo_of(score + margin));
    }
    printf("\n");
    if (g->won)
        printf("    its wins end at turn %.1f on average (%.1f of each seat's moves)\n", (double)g->won_turns / g->won,
               (double)g->won_turns / g->won / m->seating.players);
    printf("    think time %.1f ms a move", t->moves ? t->think_ms / t->moves : 0.0);
    if (engine) printf("; false win claims: %d", t->false_claims);
    printf("\n");
}

static void print_summary(const MultiMatch *m) {
    printf("\n%d players%s, %d games:", m->seating.players, m->seating.partners ? " as partners" : " each for themselves",
           m->played);
    for (int s = 0; s < m->slots; s++) printf(" %s", m->spec[s].label);
    printf("\n");
    if (m->played == 0) return;
    printf("draws: %d by repetition, %d by the turn limit; average game length %.1f turns\n", m->draws_repetition,
           m->draws_limit, (double)m->turns_total / m->played);
    for (int s = 0; s < m->slots; s++) {
        if (m->name_of[s] != s) continue;
        Tally total = {0};
        int seats = 0;
        for (int o = s; o < m->slots; o++)
            if (m->name_of[o] == s) add_tally(&total, &m->tally[o]), seats++;
        print_player(m, m->spec[s].label, seats, &total, &m->named[s], m->spec[s].kind == SEAT_ENGINE);
    }
}

bool match_is_multi(int argc, char **argv) {
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--players") && (!strcmp(argv[i + 1], "3") || !strcmp(argv[i + 1], "4"))) return true;
    return false;
}

int match_multi_main(int argc, char **argv) {
    static MultiMatch match;
    MultiMatch *m = &match;
    long long v;
    m->seating = (Seating){0, false};
    m->games = 100;
    m->random_plies = -1;
    m->seed = 1;
    m->threads = (int)sysconf(_SC_NPROCESSORS_ONLN);
    if (m->threads < 1) m->threads = 1;
    m->hash_mb = 16;
    m->turn_limit = 0;
    const char *log_path = NULL;
    int listed = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (cli_is_help(a)) {
            fputs(USAGE, stdout);
            return 0;
        } else if (!strcmp(a, "--quiet")) {
            m->quiet = true;
        } else if (!strcmp(a, "--partners")) {
            m->seating.partners = true;
        } else if (a[0] == '-' && a[1] == '-') {
            if (!val) return cli_usage_error("match", "missing value");
            i++;
            if (!strcmp(a, "--players") && cli_parse_int(val, 3, 4, &v)) m->seating.players = (uint8_t)v;
            else if (!strcmp(a, "--games") && cli_parse_int(val, 1, 1000000, &v)) m->games = (int)v;
            else if (!strcmp(a, "--random-plies") && cli_parse_int(val, 0, 100, &v)) m->random_plies = (int)v;
            else if (!strcmp(a, "--seed") && cli_parse_int(val, 0, 1LL << 60, &v)) m->seed = (uint64_t)v;
            else if (!strcmp(a, "--threads") && cli_parse_int(val, 1, 256, &v)) m->threads = (int)v;
            else if (!strcmp(a, "--hash") && cli_parse_int(val, 1, 4096, &v)) m->hash_mb = (size_t)v;
            else if (!strcmp(a, "--turn-limit") && cli_parse_int(val, 1, MAX_TURN_LIMIT, &v)) m->turn_limit = (int)v;
            else if (!strcmp(a, "--log")) log_path = val;
            else return cli_usage_error("match", "unknown option or bad value");
        } else if (listed < MAX_SEATS) {
            if (!parse_seat_player(a, &m->spec[listed++])) return cli_usage_error("match", "bad player");
        } else {
            return cli_usage_error("match", "more players than seats");
        }
    }
    if (!seating_valid(m->seating))
        return cli_usage_error("match", "--players 3 or 4 (--partners with 4 only) for a game of many players");
    m->slots = m->seating.players;
    if (listed == 0) return cli_usage_error("match", "no player named");
    if (listed > m->slots) return cli_usage_error("match", "more players than seats");
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
    if (m->random_plies < 0) m->random_plies = m->slots;
    if (m->turn_limit == 0) m->turn_limit = default_turn_limit(m->slots);
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
    print_summary(m);
    if (m->log) fclose(m->log);
    return 0;
}
