/*
 * match_player.c: the players of `halma match` (see match_player.h).
 *
 * KINDS is the one list of them: how each is written, made and asked for a
 * move, a move function for each seating kind it plays (none: it does not
 * play that seating).  The built-in engine plays every seating through the
 * one Player, greedy and the stayer through greedy's one move (engine/greedy.c
 * serves any seat); the other sparring partners are of one seating kind, as
 * their searches are.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli/match_player.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/hash_memory.h"
#include "cli/tuning.h"
#include "engine/greedy.h"
#include "engine/levels.h"
#include "engine/random.h"

enum { DEFAULT_SPARRING_MS = 100, DEFAULT_EXTERNAL_MS = 100 };

typedef bool MoveFn(MatchPlayer *pl, const Table *t, Move *move, char *err, int err_size);

typedef struct {
    const char *name;                          /* the text before ':', '@', '#' or '[' */
    bool (*parse)(const char *rest, MatchSpec *spec); /* what follows the name */
    bool (*open)(MatchPlayer *pl, size_t bytes, TableSeating seating);
    MoveFn *move[TABLE_KINDS];
    bool engine;                               /* the built-in engine: its claims are checked */
} Kind;

/* ---- reading a player --------------------------------------------------------- */

/* A whole number of at least `min` (milliseconds, nodes) filling all of s. */
static bool parse_count(const char *s, long long min, long long *value) {
    char *end;
    long long v = strtoll(s, &end, 10);
    if (end == s || *end || v < min) return false;
    *value = v;
    return true;
}

static bool parse_nothing(const char *rest, MatchSpec *spec) { return (void)spec, !*rest; }

static bool parse_random(const char *rest, MatchSpec *spec) { return (void)spec, !strcmp(rest, ":random"); }

/* "@MS" (at least 1) or nothing: DEFAULT_SPARRING_MS. */
static bool parse_timed(const char *rest, MatchSpec *spec) {
    long long ms = DEFAULT_SPARRING_MS;
    if (*rest && (*rest != '@' || !parse_count(rest + 1, 1, &ms))) return false;
    spec->movetime = ms;
    return true;
}

/* ":K:T": the pieces kept, until turn T. */
static bool parse_stayer(const char *rest, MatchSpec *spec) {
    int kept, until, end = 0;
    if (sscanf(rest, ":%d:%d%n", &kept, &until, &end) != 2 || rest[end] || kept < 1 || kept > 19 || until < 0)
        return false;
    spec->kept = kept;
    spec->keep_until = until;
    return true;
}

/* ":N", then "@MS" or "#NODES", then "[name=value,...]". */
static bool parse_level(const char *rest, MatchSpec *spec) {
    char s[sizeof spec->label];
    snprintf(s, sizeof s, "%s", rest);
    char *open = strchr(s, '[');
    if (open) {
        size_t n = strlen(open);
        if (n < 3 || open[n - 1] != ']' || n - 2 >= sizeof spec->tunables) return false;
        memcpy(spec->tunables, open + 1, n - 2);
        spec->tunables[n - 2] = '\0';
        *open = '\0';
    }
    char *end;
    long level = s[0] == ':' ? strtol(s + 1, &end, 10) : 0;
    if (s[0] != ':' || end == s + 1 || level < MIN_LEVEL || level > MAX_LEVEL) return false;
    spec->level = (int)level;
    long long n;
    if (*end == '@') return parse_count(end + 1, 0, &n) && (spec->movetime = n, true);
    if (*end == '#') return parse_count(end + 1, 1, &n) && (spec->nodes = (uint64_t)n, true);
    return *end == '\0';
}

/* ":COMMAND", perhaps ending "@MS" (the movetime of its `go`). */
static bool parse_command(const char *rest, MatchSpec *spec) {
    if (rest[0] != ':' || !rest[1]) return false;
    snprintf(spec->command, sizeof spec->command, "%s", rest + 1);
    spec->movetime = DEFAULT_EXTERNAL_MS;
    char *at = strrchr(spec->command, '@');
    long long ms;
    if (at && parse_count(at + 1, 0, &ms)) {
        spec->movetime = ms;
        *at = '\0';
    }
    return true;
}

/* ---- making a player ------------------------------------------------------- */

static bool open_nothing(MatchPlayer *pl, size_t bytes, TableSeating seating) {
    return (void)pl, (void)bytes, (void)seating, true;
}

/* The tunables of the environment, then the level's own. */
static bool tune(MatchPlayer *pl) {
    const char *env = pl->spec->tuned ? "HALMA_TUNE" : "HALMA_TUNE2";
    char err[160];
    if (!tuning_apply_player(pl->engine, getenv(env), err, sizeof err)) {
        fprintf(stderr, "halma match: %s: %s\n", env, err);
        return false;
    }
    if (!tuning_apply_player(pl->engine, pl->spec->tunables, err, sizeof err)) {
        fprintf(stderr, "halma match: %s: %s\n", pl->spec->label, err);
        return false;
    }
    return true;
}

/* The Player at its level, its engine that of the seating (made by a first
 * new game, so that the tunables reach the engine that will play). */
static bool open_engine(MatchPlayer *pl, size_t bytes, TableSeating seating) {
    pl->engine = malloc(sizeof *pl->engine);
    pl->hash = hash_memory_alloc(bytes);
    Table *t = malloc(sizeof *t);
    bool ok = pl->engine && pl->hash && t && table_start(t, seating, 0);
    if (ok) {
        player_init(pl->engine, pl->hash, bytes);
        player_set_level(pl->engine, pl->spec->level);
        player_new_game(pl->engine, t);
        ok = tune(pl);
    }
    free(t);
    return ok;
}

static bool open_ab(MatchPlayer *pl, size_t bytes, ABEvaluation evaluation) {
    pl->ab = malloc(sizeof *pl->ab);
    pl->hash = hash_memory_alloc(bytes);
    if (!pl->ab || !pl->hash) return false;
    plainab_init(pl->ab, pl->hash, bytes, evaluation);
    return true;
}

static bool open_distance(MatchPlayer *pl, size_t bytes, TableSeating seating) {
    return (void)seating, open_ab(pl, bytes, AB_EVAL_DISTANCE);
}

static bool open_convex(MatchPlayer *pl, size_t bytes, TableSeating seating) {
    return (void)seating, open_ab(pl, bytes, AB_EVAL_CONVEX);
}

static bool open_mcts(MatchPlayer *pl, size_t bytes, TableSeating seating) {
    (void)seating;
    pl->mcts = malloc(sizeof *pl->mcts);
    pl->hash = hash_memory_alloc(bytes);
    if (!pl->mcts || !pl->hash) return false;
    mcts_init(pl->mcts, pl->hash, bytes);
    return true;
}

static bool open_plain(MatchPlayer *pl, size_t bytes, TableSeating seating) {
    (void)seating;
    pl->plain = malloc(sizeof *pl->plain);
    pl->hash = hash_memory_alloc(bytes);
    if (!pl->plain || !pl->hash) return false;
    multi_plain_init(pl->plain, pl->hash, bytes);
    return true;
}

static bool open_external(MatchPlayer *pl, size_t bytes, TableSeating seating) {
    (void)bytes, (void)seating;
    return pl->ext_running = ext_start(&pl->ext, pl->spec->command);
}

/* ---- their moves ------------------------------------------------------------- */

static void keep_report(void *ctx, const PlayerReport *report) {
    MatchPlayer *pl = ctx;
    pl->last_win_in = report->win_in;
    pl->last_score = report->score;
}

/* Keeps the engine's claim of a forced win and its score, of its move at `turn`. */
static void note_claim(MatchPlayer *pl, int turn) {
    if (pl->last_win_in > 0 && pl->claim_count < MATCH_MAX_CLAIMS)
        pl->claims[pl->claim_count++] = (WinClaim){turn, pl->last_win_in};
    if (pl->score_count < (int)(sizeof pl->scores / sizeof pl->scores[0]))
        pl->scores[pl->score_count++] = (RootScore){turn, pl->last_score};
}

static bool engine_move(MatchPlayer *pl, const Table *t, Move *move, char *err, int err_size) {
    (void)err, (void)err_size;
    PlayerLimits limits = player_limits_none();
    limits.movetime = pl->spec->movetime;
    limits.nodes = pl->spec->nodes;
    player_resume(pl->engine);
    pl->last_win_in = 0;
    pl->last_score = 0;
    *move = player_think(pl->engine, t, &limits, keep_report, pl);
    note_claim(pl, table_turns(t));
    return true;
}

static bool greedy_player_move(MatchPlayer *pl, const Table *t, Move *move, char *err, int err_size) {
    (void)pl, (void)err, (void)err_size;
    *move = greedy_move(&t->game.pos);
    return true;
}

static bool random_greedy_move(MatchPlayer *pl, const Table *t, Move *move, char *err, int err_size) {
    (void)err, (void)err_size;
    *move = greedy_move_random(&t->game.pos, &pl->rng);
    return true;
}

static bool stayer_move(MatchPlayer *pl, const Table *t, Move *move, char *err, int err_size) {
    (void)err, (void)err_size;
    const Position *pos = &t->game.pos;
    Bitboard kept = pos->turns < pl->spec->keep_until
                        ? home_corner_squares((Variant)pos->variant, pos->seat, pl->spec->kept)
                        : (Bitboard){{0, 0, 0, 0}};
    *move = greedy_move_keeping(pos, kept);
    return true;
}

static bool ab_move(MatchPlayer *pl, const Table *t, Move *move, char *err, int err_size) {
    (void)err, (void)err_size;
    *move = plainab_move(pl->ab, &t->game, pl->spec->movetime);
    return true;
}

static bool mcts_player_move(MatchPlayer *pl, const Table *t, Move *move, char *err, int err_size) {
    (void)err, (void)err_size;
    *move = mcts_move(pl->mcts, &t->game, pl->spec->movetime, 0);
    return true;
}

static bool plain_move(MatchPlayer *pl, const Table *t, Move *move, char *err, int err_size) {
    (void)err, (void)err_size;
    *move = multi_plain_move(pl->plain, &t->game, pl->spec->movetime);
    return true;
}

static bool external_move(MatchPlayer *pl, const Table *t, Move *move, char *err, int err_size) {
    char go[64];
    snprintf(go, sizeof go, "movetime %lld", (long long)pl->spec->movetime);
    return ext_think(&pl->ext, &t->game, go, move, err, err_size);
}

/* ---- the kinds --------------------------------------------------------------- */

static const Kind KINDS[] = {
    {"level", parse_level, open_engine, {[TABLE_TWO] = engine_move, [TABLE_MANY] = engine_move}, true},
    {"greedy", parse_nothing, open_nothing, {[TABLE_TWO] = greedy_player_move, [TABLE_MANY] = greedy_player_move}, false},
    {"greedy", parse_random, open_nothing, {[TABLE_TWO] = random_greedy_move}, false},
    {"stayer", parse_stayer, open_nothing, {[TABLE_TWO] = stayer_move, [TABLE_MANY] = stayer_move}, false},
    {"ab", parse_timed, open_distance, {[TABLE_TWO] = ab_move}, false},
    {"convex", parse_timed, open_convex, {[TABLE_TWO] = ab_move}, false},
    {"mcts", parse_timed, open_mcts, {[TABLE_TWO] = mcts_player_move}, false},
    {"plain", parse_timed, open_plain, {[TABLE_MANY] = plain_move}, false},
    {"cmd", parse_command, open_external, {[TABLE_TWO] = external_move}, false},
};
enum { KIND_COUNT = sizeof KINDS / sizeof KINDS[0] };

bool match_spec_parse(const char *text, MatchSpec *spec) {
    size_t name = strcspn(text, ":@#[");
    for (int k = 0; k < KIND_COUNT; k++) {
        if (strlen(KINDS[k].name) != name || strncmp(text, KINDS[k].name, name)) continue;
        memset(spec, 0, sizeof *spec);
        spec->kind = k;
        spec->movetime = -1;
        snprintf(spec->label, sizeof spec->label, "%s", text);
        if (KINDS[k].parse(text + name, spec)) return true;
    }
    return false;
}

bool match_spec_plays(const MatchSpec *spec, TableKind kind) { return KINDS[spec->kind].move[kind] != NULL; }

bool match_spec_is_engine(const MatchSpec *spec) { return KINDS[spec->kind].engine; }

/* ---- a player's life ---------------------------------------------------------- */

bool match_player_open(MatchPlayer *pl, const MatchSpec *spec, TableSeating seating, size_t hash_mb) {
    memset(pl, 0, sizeof *pl);
    pl->spec = spec;
    return KINDS[spec->kind].open(pl, hash_mb << 20, seating);
}

void match_player_close(MatchPlayer *pl) {
    if (pl->ext_running) ext_stop(&pl->ext);
    free(pl->engine);
    free(pl->ab);
    free(pl->mcts);
    free(pl->plain);
    free(pl->hash);
}

void match_player_new_game(MatchPlayer *pl, const Table *t, uint64_t seed) {
    if (pl->engine) {
        player_new_game(pl->engine, t);
        player_seed(pl->engine, seed);
    }
    if (pl->ab) plainab_new_game(pl->ab);
    if (pl->mcts) mcts_seed(pl->mcts, seed);
    if (pl->plain) multi_plain_new_game(pl->plain);
    pl->rng = seed * GOLDEN_GAMMA + 7;
    if (pl->ext_running) ext_send(&pl->ext, "newgame");
    pl->claim_count = 0;
    pl->score_count = 0;
}

bool match_player_move(MatchPlayer *pl, const Table *t, Move *move, char *err, int err_size) {
    return KINDS[pl->spec->kind].move[table_kind(t)](pl, t, move, err, err_size);
}

bool match_claim_came_true(const WinClaim *claim, bool won, int final_turns) {
    return won && final_turns <= claim->turn + claim->within;
}

int match_player_false_claims(const MatchPlayer *pl, bool won, int final_turns) {
    int count = 0;
    for (int i = 0; i < pl->claim_count; i++) count += !match_claim_came_true(&pl->claims[i], won, final_turns);
    return count;
}
