/*
 * match_main.c: `halma match`, games between two players, and the statistics
 * every strength figure of docs/MEASUREMENTS.md comes from.
 *
 * Games are played in pairs from the same opening (a few random plies from
 * the seed), each player taking White once, by worker threads that each own
 * their engines.  Results are from the first player's point of view.
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
#include "cli/extengine.h"
#include "cli/hash_memory.h"
#include "cli/match_multi.h"
#include "cli/tuning.h"
#include "core/game.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "engine/clock.h"
#include "engine/greedy.h"
#include "engine/mcts.h"
#include "engine/plainab.h"
#include "engine/random.h"
#include "engine/levels.h"
#include "engine/search.h"

static const char USAGE[] =
    "usage: halma match [options] PLAYER1 PLAYER2\n\n"
    "Plays games between two players, colours alternating, and reports wins,\n"
    "draws and losses of PLAYER1, the Elo difference with its 95% error bars,\n"
    "the average game length and each side's think time per move.\n\n"
    "A player is one of:\n"
    "  level:N          the built-in engine at level N (" LEVEL_TEXT(MIN_LEVEL) "-" LEVEL_TEXT(MAX_LEVEL) "), its own think time\n"
    "  level:N@MS       the same with MS milliseconds a move\n"
    "  level:N#NODES    the same with a budget of NODES nodes a move\n"
    "  greedy           the advance-most player of today's Halma sites (ties:\n"
    "                   the rear piece's move)\n"
    "  greedy:random    the same, its ties broken at random\n"
    "  stayer:K:T       greedy that keeps its K pieces nearest its home corner\n"
    "                   there until turn T\n"
    "  ab, ab@MS        a plain alpha-beta (transposition table, the sum of the\n"
    "                   distances to the goal as its evaluation), MS milliseconds\n"
    "                   a move (default 100)\n"
    "  convex, convex@MS  the same alpha-beta scoring squared distances (a piece\n"
    "                   left behind weighs most) and the best move in hand\n"
    "  mcts, mcts@MS    a Monte Carlo tree search (short playouts biased to the\n"
    "                   moves that gain most), MS milliseconds a move\n"
    "  cmd:COMMAND      an external engine speaking PROTOCOL.md (COMMAND is run by\n"
    "                   /bin/sh, e.g. cmd:\"./build/halma engine\"); add @MS for\n"
    "                   'go movetime MS' (default 100)\n\n"
    "options:\n"
    "  --games N          games to play (default 100; rounded up to pairs)\n"
    "  --camps 19|13      the variant (default 19)\n"
    "  --random-plies K   random opening plies before the players take over (default 4)\n"
    "  --seed S           seed of the openings (default 1)\n"
    "  --threads T        games played at once (default: the number of cores)\n"
    "  --hash MB          hash table of each built-in engine (default 16)\n"
    "  --turn-limit N     turns before a game is drawn (default 400)\n"
    "  --sprt E0,E1       stop early once an SPRT (alpha = beta = 0.05) accepts\n"
    "                     Elo E0 or E1 for PLAYER1 over PLAYER2\n"
    "  --log FILE         write every game (result, turns, moves) to FILE\n"
    "  --quiet            no line per finished game\n";

typedef enum {
    PLAYER_ENGINE, PLAYER_GREEDY, PLAYER_RANDOM_GREEDY, PLAYER_STAYER, PLAYER_AB, PLAYER_CONVEX, PLAYER_MCTS,
    PLAYER_EXTERNAL
} PlayerKind;

enum { MAX_CLAIMS = 400, DEFAULT_SPARRING_MS = 100 };

typedef struct {
    PlayerKind kind;
    int level;
    int64_t movetime; /* < 0: none */
    uint64_t nodes;   /* 0: none */
    int kept, keep_until; /* a stayer's pieces kept at home, and until which turn */
    char command[1024];
    char label[1100];
    bool tuned;       /* the first player takes HALMA_TUNE's tunables */
} PlayerSpec;

typedef struct {
    PlayerSpec spec[2];
    Variant variant;
    int games, random_plies, threads, turn_limit;
    size_t hash_mb;
    uint64_t seed;
    bool sprt;
    double elo0, elo1;
    bool quiet;
    FILE *log;
    /* shared progress */
    atomic_int next_game;
    atomic_bool abort;
    pthread_mutex_t lock;
    int played, wins, draws, losses;     /* for player 1 */
    long long turns_total;
    long long win_turns_total[2];        /* turns of the games each player won */
    int win_count[2];
    double think_ms[2];
    long long think_moves[2];
    int draws_repetition, draws_limit, failures;
    int false_wins[2];                   /* root `win N` claims that did not come true in N turns */
} Match;

/* A built-in engine's root claim of a forced win. */
typedef struct {
    int turn, within; /* claimed at `turn`: a win in `within` turns */
} WinClaim;

/* A built-in engine's root score of its move at `turn` (the log's calibration data). */
typedef struct {
    int turn, score;
} RootScore;

typedef struct {
    PlayerSpec *spec;
    Engine *engine;
    void *hash;
    ExtEngine ext;
    bool ext_running;
    PlainAB *ab;
    Mcts *mcts;
    uint64_t rng;     /* greedy:random's tie-breaks */
    int claim_count;
    WinClaim claims[MAX_CLAIMS];
    int last_win_in;  /* of the last report of the move being thought */
    int last_score;
    int score_count;
    RootScore scores[MAX_TURN_LIMIT / 2 + 1];
} Player;

/* ------------------------------------------------------------------------ */

static bool parse_player(const char *s, PlayerSpec *p) {
    memset(p, 0, sizeof *p);
    p->movetime = -1;
    snprintf(p->label, sizeof p->label, "%s", s);
    if (!strcmp(s, "greedy")) {
        p->kind = PLAYER_GREEDY;
        return true;
    }
    if (!strncmp(s, "stayer:", 7)) {
        int kept, until, end = 0;
        if (sscanf(s + 7, "%d:%d%n", &kept, &until, &end) != 2 || s[7 + end] || kept < 1 || kept > 19 ||
            until < 0)
            return false;
        p->kind = PLAYER_STAYER;
        p->kept = kept;
        p->keep_until = until;
        return true;
    }
    if (!strcmp(s, "greedy:random")) {
        p->kind = PLAYER_RANDOM_GREEDY;
        return true;
    }
    static const struct {
        const char *name;
        PlayerKind kind;
    } TIMED[] = {{"ab", PLAYER_AB}, {"convex", PLAYER_CONVEX}, {"mcts", PLAYER_MCTS}};
    for (size_t i = 0; i < sizeof TIMED / sizeof *TIMED; i++) {
        size_t n = strlen(TIMED[i].name);
        if (strncmp(s, TIMED[i].name, n) || (s[n] && s[n] != '@')) continue;
        p->kind = TIMED[i].kind;
        p->movetime = DEFAULT_SPARRING_MS;
        if (s[n] == '@') {
            char *end;
            long long ms = strtoll(s + n + 1, &end, 10);
            if (end == s + n + 1 || *end || ms < 1) return false;
            p->movetime = ms;
        }
        return true;
    }
    if (!strncmp(s, "level:", 6)) {
        char *end;
        long level = strtol(s + 6, &end, 10);
        if (end == s + 6 || level < MIN_LEVEL || level > MAX_LEVEL) return false;
        p->kind = PLAYER_ENGINE;
        p->level = (int)level;
        if (*end == '@') {
            char *e2;
            long long ms = strtoll(end + 1, &e2, 10);
            if (e2 == end + 1 || *e2 || ms < 0) return false;
            p->movetime = ms;
        } else if (*end == '#') {
            char *e2;
            long long n = strtoll(end + 1, &e2, 10);
            if (e2 == end + 1 || *e2 || n <= 0) return false;
            p->nodes = (uint64_t)n;
        } else if (*end) {
            return false;
        }
        return true;
    }
    if (!strncmp(s, "cmd:", 4) && s[4]) {
        p->kind = PLAYER_EXTERNAL;
        snprintf(p->command, sizeof p->command, "%s", s + 4);
        p->movetime = 100;
        char *at = strrchr(p->command, '@');
        if (at) {
            char *e2;
            long long ms = strtoll(at + 1, &e2, 10);
            if (e2 != at + 1 && !*e2 && ms >= 0) {
                p->movetime = ms;
                *at = '\0';
            }
        }
        return true;
    }
    return false;
}

static bool player_open(Player *pl, PlayerSpec *spec, size_t hash_mb) {
    memset(pl, 0, sizeof *pl);
    pl->spec = spec;
    if (spec->kind == PLAYER_ENGINE) {
        pl->engine = malloc(sizeof *pl->engine);
        pl->hash = hash_memory_alloc(hash_mb << 20);
        if (!pl->engine || !pl->hash) return false;
        engine_init(pl->engine, pl->hash, hash_mb << 20);
        engine_set_level(pl->engine, spec->level);
        if (!tuning_from_env(pl->engine, spec->tuned ? "HALMA_TUNE" : "HALMA_TUNE2", "match")) return false;
    } else if (spec->kind == PLAYER_AB || spec->kind == PLAYER_CONVEX) {
        pl->ab = malloc(sizeof *pl->ab);
        pl->hash = hash_memory_alloc(hash_mb << 20);
        if (!pl->ab || !pl->hash) return false;
        plainab_init(pl->ab, pl->hash, hash_mb << 20, spec->kind == PLAYER_CONVEX ? AB_EVAL_CONVEX : AB_EVAL_DISTANCE);
    } else if (spec->kind == PLAYER_MCTS) {
        pl->mcts = malloc(sizeof *pl->mcts);
        pl->hash = hash_memory_alloc(hash_mb << 20);
        if (!pl->mcts || !pl->hash) return false;
        mcts_init(pl->mcts, pl->hash, hash_mb << 20);
    } else if (spec->kind == PLAYER_EXTERNAL) {
        if (!ext_start(&pl->ext, spec->command)) return false;
        pl->ext_running = true;
    }
    return true;
}

static void player_close(Player *pl) {
    if (pl->ext_running) ext_stop(&pl->ext);
    free(pl->engine);
    free(pl->ab);
    free(pl->mcts);
    free(pl->hash);
}

static void player_new_game(Player *pl, uint64_t seed) {
    if (pl->engine) {
        engine_new_game(pl->engine);
        engine_seed(pl->engine, seed);
    }
    if (pl->ab) plainab_new_game(pl->ab);
    if (pl->mcts) mcts_seed(pl->mcts, seed);
    pl->rng = seed * GOLDEN_GAMMA + 7;
    if (pl->ext_running) ext_send(&pl->ext, "newgame");
    pl->claim_count = 0;
    pl->score_count = 0;
}

static void keep_win_in(void *ctx, const SearchReport *report) {
    Player *pl = ctx;
    pl->last_win_in = report->win_in;
    pl->last_score = report->score;
}

/* Keeps the engine's claim of a forced win, made before its move at `turn`. */
static void note_claim(Player *pl, int turn) {
    if (pl->last_win_in > 0 && pl->claim_count < MAX_CLAIMS)
        pl->claims[pl->claim_count++] = (WinClaim){turn, pl->last_win_in};
    if (pl->score_count < (int)(sizeof pl->scores / sizeof pl->scores[0]))
        pl->scores[pl->score_count++] = (RootScore){turn, pl->last_score};
}

/* A claim comes true when the claimant wins within the turns it named. */
static bool came_true(const WinClaim *claim, bool won, int final_turns) {
    return won && final_turns <= claim->turn + claim->within;
}

static int false_claims(const Player *pl, bool won, int final_turns) {
    int count = 0;
    for (int i = 0; i < pl->claim_count; i++) count += !came_true(&pl->claims[i], won, final_turns);
    return count;
}

static bool player_move(Player *pl, const Game *game, Move *move, char *err, int err_size) {
    const PlayerSpec *spec = pl->spec;
    if (spec->kind == PLAYER_GREEDY) {
        *move = greedy_move(&game->pos);
        return true;
    }
    if (spec->kind == PLAYER_RANDOM_GREEDY) {
        *move = greedy_move_random(&game->pos, &pl->rng);
        return true;
    }
    if (spec->kind == PLAYER_STAYER) {
        Side us = (Side)game->pos.seat;
        Bitboard kept = game->pos.turns < spec->keep_until
                            ? home_corner_squares((Variant)game->pos.variant, us, spec->kept)
                            : (Bitboard){{0, 0, 0, 0}};
        *move = greedy_move_keeping(&game->pos, kept);
        return true;
    }
    if (spec->kind == PLAYER_AB || spec->kind == PLAYER_CONVEX) {
        *move = plainab_move(pl->ab, game, spec->movetime);
        return true;
    }
    if (spec->kind == PLAYER_MCTS) {
        *move = mcts_move(pl->mcts, game, spec->movetime, 0);
        return true;
    }
    if (spec->kind == PLAYER_EXTERNAL) {
        char go[64];
        snprintf(go, sizeof go, "movetime %lld", (long long)spec->movetime);
        return ext_think(&pl->ext, game, go, move, err, err_size);
    }
    SearchLimits limits = search_limits_none();
    limits.movetime = spec->movetime;
    limits.nodes = spec->nodes;
    atomic_store(&pl->engine->stop, false);
    pl->last_win_in = 0;
    pl->last_score = 0;
    *move = engine_think(pl->engine, game, &limits, keep_win_in, pl);
    note_claim(pl, game->pos.turns);
    return true;
}

/* ------------------------------------------------------------------------ */

/* A few random plies that do not lose ground, the same for both games of a pair. */
static void play_opening(Game *game, int plies, uint64_t seed) {
    uint64_t rng = seed;
    MoveList list;
    for (int i = 0; i < plies && game->result == RESULT_ONGOING; i++) {
        generate_moves(&game->pos, &list);
        Side us = (Side)game->pos.seat;
        Move forward[MAX_MOVES];
        int n = 0;
        for (int j = 0; j < list.count; j++) {
            Move m = list.moves[j];
            if (!move_is_pass(m) && goal_distance(us, m.to) <= goal_distance(us, m.from)) forward[n++] = m;
        }
        game_play(game, n ? forward[random_next(&rng) % (uint64_t)n] : list.moves[0]);
    }
}

/* One line a game: who had White, the result, the engines' win claims that
 * did not come true (turn+N), each built-in engine's root scores (scores1 for
 * PLAYER1, scores2 for PLAYER2: turn:score, for the side that moved), and the moves. */
static void log_game(Match *m, int index, const Game *game, const Player players[2], int white, int winner,
                     const char *why) {
    if (!m->log) return;
    fprintf(m->log, "game %d white %s result \"%s\" turns %d%s%s", index + 1, m->spec[white].label,
            result_text(game->result), game->pos.turns, why ? " note " : "", why ? why : "");
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < players[p].claim_count; i++) {
            const WinClaim *c = &players[p].claims[i];
            if (!came_true(c, winner == p, game->pos.turns))
                fprintf(m->log, " false_claim %s %d+%d", m->spec[p].label, c->turn, c->within);
        }
    for (int p = 0; p < 2; p++) {
        if (!players[p].score_count) continue;
        fprintf(m->log, " scores%d", p + 1);
        for (int i = 0; i < players[p].score_count; i++)
            fprintf(m->log, " %d:%d", players[p].scores[i].turn, players[p].scores[i].score);
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

/* Elo from a score fraction. */
static double elo_of(double score) {
    if (score <= 0) return -INFINITY;
    if (score >= 1) return INFINITY;
    return -400.0 * log10(1.0 / score - 1.0);
}

static double sprt_llr(const Match *m) {
    int n = m->wins + m->draws + m->losses;
    if (n == 0) return 0;
    double mean = (m->wins + 0.5 * m->draws) / n;
    double var = (m->wins * pow(1 - mean, 2) + m->draws * pow(0.5 - mean, 2) + m->losses * pow(mean, 2)) / n;
    if (var <= 1e-9) var = 1e-9;
    double s0 = 1 / (1 + pow(10, -m->elo0 / 400)), s1 = 1 / (1 + pow(10, -m->elo1 / 400));
    return (s1 - s0) * (2 * mean - s0 - s1) * n / (2 * var);
}

/* Plays game `index` on this worker's players. */
static void play_game(Match *m, Player players[2], int index) {
    int pair = index / 2;
    int white = index % 2; /* which player has White */
    Game *game = malloc(sizeof *game);
    if (!game) return;
    game_start(game, m->variant, m->turn_limit);
    play_opening(game, m->random_plies, m->seed * 1000003ULL + (uint64_t)pair);
    uint64_t seed = m->seed ^ ((uint64_t)index << 32);
    player_new_game(&players[0], seed);
    player_new_game(&players[1], seed + 1);
    double think[2] = {0, 0};
    long long moves[2] = {0, 0};
    char err[512] = "";
    int failed = -1;
    while (game->result == RESULT_ONGOING && !atomic_load(&m->abort)) {
        int mover = game->pos.seat == WHITE ? white : 1 - white;
        Move move;
        struct timespec a, b;
        clock_gettime(CLOCK_MONOTONIC, &a);
        bool ok = player_move(&players[mover], game, &move, err, sizeof err);
        clock_gettime(CLOCK_MONOTONIC, &b);
        think[mover] += (b.tv_sec - a.tv_sec) * 1e3 + (b.tv_nsec - a.tv_nsec) / 1e6;
        moves[mover]++;
        if (!ok) {
            failed = mover;
            break;
        }
        game_play(game, move);
    }
    if (atomic_load(&m->abort) && failed < 0 && game->result == RESULT_ONGOING) {
        free(game);
        return;
    }
    /* Player 1's result: 1 win, 0 draw, -1 loss. */
    int outcome;
    int winner = -1; /* player index */
    if (failed >= 0) winner = 1 - failed;
    else if (game->result == RESULT_WHITE_WINS) winner = white;
    else if (game->result == RESULT_BLACK_WINS) winner = 1 - white;
    outcome = winner == 0 ? 1 : winner == 1 ? -1 : 0;

    pthread_mutex_lock(&m->lock);
    m->played++;
    if (outcome > 0) m->wins++;
    else if (outcome < 0) m->losses++;
    else m->draws++;
    if (failed >= 0) m->failures++;
    if (game->result == RESULT_DRAW_REPETITION) m->draws_repetition++;
    if (game->result == RESULT_DRAW_TURN_LIMIT) m->draws_limit++;
    m->turns_total += game->pos.turns;
    if (winner >= 0 && failed < 0) {
        m->win_turns_total[winner] += game->pos.turns;
        m->win_count[winner]++;
    }
    for (int p = 0; p < 2; p++) {
        m->think_ms[p] += think[p];
        m->think_moves[p] += moves[p];
        m->false_wins[p] += false_claims(&players[p], winner == p && failed < 0, game->pos.turns);
    }
    if (!m->quiet) {
        printf("game %d: %s (White) vs %s: %s after %d turns%s%s; score %d-%d-%d\n", index + 1,
               m->spec[white].label, m->spec[1 - white].label,
               failed >= 0 ? "forfeit" : result_text(game->result), game->pos.turns, failed >= 0 ? ": " : "",
               failed >= 0 ? err : "", m->wins, m->draws, m->losses);
        fflush(stdout);
    }
    log_game(m, index, game, players, white, failed >= 0 ? -1 : winner, failed >= 0 ? err : NULL);
    if (m->sprt && m->played % 2 == 0) {
        double llr = sprt_llr(m), lower = log(0.05 / 0.95), upper = log(0.95 / 0.05);
        if (llr <= lower || llr >= upper) atomic_store(&m->abort, true);
    }
    pthread_mutex_unlock(&m->lock);
    free(game);
}

static void *worker(void *arg) {
    Match *m = arg;
    Player players[2];
    bool ok = player_open(&players[0], &m->spec[0], m->hash_mb) && player_open(&players[1], &m->spec[1], m->hash_mb);
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
    player_close(&players[0]);
    player_close(&players[1]);
    return NULL;
}

static void print_summary(const Match *m) {
    int n = m->wins + m->draws + m->losses;
    printf("\n%s vs %s, %d-piece game, %d games\n", m->spec[0].label, m->spec[1].label,
           variant_pieces(m->variant), n);
    if (n == 0) return;
    double score = (m->wins + 0.5 * m->draws) / n;
    double var = (m->wins * pow(1 - score, 2) + m->draws * pow(0.5 - score, 2) + m->losses * pow(score, 2)) / n;
    double margin = 1.96 * sqrt(var / n);
    printf("result: +%d =%d -%d (score %.1f%%)", m->wins, m->draws, m->losses, 100 * score);
    if (m->draws) printf("; draws: %d by repetition, %d by the turn limit", m->draws_repetition, m->draws_limit);
    if (m->failures) printf("; %d forfeits", m->failures);
    printf("\n");
    double elo = elo_of(score), lo = elo_of(score - margin), hi = elo_of(score + margin);
    if (isinf(elo)) printf("Elo difference: %s (no game lost by one side: no finite estimate)\n", elo > 0 ? "+inf" : "-inf");
    else printf("Elo difference: %+.0f, 95%% interval [%+.0f, %+.0f]\n", elo, lo, isinf(hi) ? INFINITY : hi);
    printf("average game length: %.1f turns\n", (double)m->turns_total / n);
    for (int p = 0; p < 2; p++) {
        if (m->win_count[p])
            printf("games won by %s: %d, average %.1f turns (%.1f of its own moves)\n", m->spec[p].label,
                   m->win_count[p], (double)m->win_turns_total[p] / m->win_count[p],
                   (double)m->win_turns_total[p] / m->win_count[p] / 2.0);
    }
    for (int p = 0; p < 2; p++)
        printf("think time of %s: %.1f ms a move\n", m->spec[p].label,
               m->think_moves[p] ? m->think_ms[p] / m->think_moves[p] : 0.0);
    for (int p = 0; p < 2; p++)
        if (m->spec[p].kind == PLAYER_ENGINE)
            printf("false win claims of %s: %d\n", m->spec[p].label, m->false_wins[p]);
    if (m->sprt) {
        double llr = sprt_llr(m), lower = log(0.05 / 0.95), upper = log(0.95 / 0.05);
        printf("SPRT [%g, %g]: LLR %.2f (bounds %.2f, %.2f): %s\n", m->elo0, m->elo1, llr, lower, upper,
               llr >= upper ? "H1 accepted" : llr <= lower ? "H0 accepted" : "inconclusive");
    }
}

int match_main(int argc, char **argv) {
    if (match_is_multi(argc, argv)) return match_multi_main(argc, argv);
    static Match match;
    Match *m = &match;
    long long v;
    m->variant = VARIANT_19;
    m->games = 100;
    m->random_plies = 4;
    m->seed = 1;
    m->threads = (int)sysconf(_SC_NPROCESSORS_ONLN);
    if (m->threads < 1) m->threads = 1;
    m->hash_mb = 16;
    m->turn_limit = DEFAULT_TURN_LIMIT;
    const char *log_path = NULL;
    int players = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (cli_is_help(a)) {
            fputs(USAGE, stdout);
            return 0;
        } else if (!strcmp(a, "--quiet")) {
            m->quiet = true;
            continue;
        } else if (a[0] == '-' && a[1] == '-') {
            if (!val) return cli_usage_error("match", "missing value");
            i++;
            if (!strcmp(a, "--games") && cli_parse_int(val, 1, 1000000, &v)) m->games = (int)v;
            else if (!strcmp(a, "--camps") && cli_parse_camps(val, &m->variant)) {}
            else if (!strcmp(a, "--random-plies") && cli_parse_int(val, 0, 100, &v)) m->random_plies = (int)v;
            else if (!strcmp(a, "--seed") && cli_parse_int(val, 0, 1LL << 60, &v)) m->seed = (uint64_t)v;
            else if (!strcmp(a, "--threads") && cli_parse_int(val, 1, 256, &v)) m->threads = (int)v;
            else if (!strcmp(a, "--hash") && cli_parse_int(val, 1, 4096, &v)) m->hash_mb = (size_t)v;
            else if (!strcmp(a, "--turn-limit") && cli_parse_int(val, 1, MAX_TURN_LIMIT, &v)) m->turn_limit = (int)v;
            else if (!strcmp(a, "--sprt") && sscanf(val, "%lf,%lf", &m->elo0, &m->elo1) == 2) m->sprt = true;
            else if (!strcmp(a, "--log")) log_path = val;
            else return cli_usage_error("match", "unknown option or bad value");
        } else if (players < 2) {
            if (!parse_player(a, &m->spec[players++])) return cli_usage_error("match", "bad player");
        } else {
            return cli_usage_error("match", "more than two players");
        }
    }
    if (players != 2) return cli_usage_error("match", "two players are needed");
    m->spec[0].tuned = true;
    m->games += m->games % 2;
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
