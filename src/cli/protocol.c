/* protocol.c: the commands of PROTOCOL.md. */
#define _POSIX_C_SOURCE 200809L
#include "cli/protocol.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli/boardview.h"
#include "cli/hash_memory.h"
#include "cli/version.h"
#include "core/movegen.h"
#include "core/multi_notation.h"
#include "core/notation.h"
#include "engine/levels.h"

enum { OUT_SIZE = MAX_MOVES * MOVE_TEXT_SIZE + 64, MAX_TOKENS = MAX_LINE / 2 + 1 };

/* A line split into words; the words point into a private copy of it. */
struct Words {
    int count;
    char *word[MAX_TOKENS];
    char text[MAX_LINE + 1];
};
typedef struct Words Words;

static void reply(Protocol *p, const char *format, ...) {
    va_list args;
    va_start(args, format);
    vsnprintf(p->out, OUT_SIZE, format, args);
    va_end(args);
    p->emit(p->ctx, p->out);
}

static bool split_words(const char *line, size_t len, Words *w) {
    if (len > MAX_LINE) return false;
    memcpy(w->text, line, len);
    w->text[len] = '\0';
    w->count = 0;
    for (char *s = w->text; *s;) {
        while (*s == ' ') *s++ = '\0';
        if (*s) w->word[w->count++] = s;
        while (*s && *s != ' ') s++;
    }
    return true;
}

/* A non-negative decimal number that fits in 62 bits. */
static bool parse_count(const char *s, long long *value) {
    long long v = 0;
    if (!*s) return false;
    for (; *s; s++) {
        if (*s < '0' || *s > '9' || v > (1LL << 62) / 10) return false;
        v = v * 10 + (*s - '0');
    }
    *value = v;
    return true;
}

/* The engine of three and four players goes with the old table, and is
 * made again, with the new size, at its next go. */
static void free_multi_engine(Protocol *p) {
    free(p->multi_engine);
    free(p->multi_hash);
    p->multi_engine = NULL;
    p->multi_hash = NULL;
}

static void allocate_hash(Protocol *p, int mb) {
    free_multi_engine(p);
    free(p->engine.hash_memory);
    size_t bytes = (size_t)mb << 20;
    void *memory = hash_memory_alloc(bytes);
    while (!memory && bytes > (1u << 20)) memory = hash_memory_alloc(bytes /= 2);
    int level = p->engine.level;
    engine_init(&p->engine, memory, memory ? bytes : 0);
    engine_set_level(&p->engine, level);
    p->hash_mb = (int)(bytes >> 20);
}

bool protocol_init(Protocol *p, EmitFn emit, void *ctx) {
    p->emit = emit;
    p->wait_for_stop = NULL;
    p->ctx = ctx;
    p->out = malloc(OUT_SIZE);
    p->words = malloc(sizeof *p->words);
    p->engine.hash_memory = NULL;
    p->engine.level = ENGINE_LEVEL;
    p->multi_engine = NULL;
    p->multi_hash = NULL;
    p->turn_limit = DEFAULT_TURN_LIMIT;
    p->turn_limit_set = false;
    p->players = 2;
    p->input_closed = false;
    p->quit = false;
    if (!p->out || !p->words) return false;
    allocate_hash(p, DEFAULT_HASH_MB);
    game_start(&p->game, VARIANT_19, p->turn_limit);
    multi_game_start(&p->multi, (Seating){4, false}, multi_default_turn_limit(4));
    return true;
}

void protocol_free(Protocol *p) {
    free_multi_engine(p);
    free(p->engine.hash_memory);
    free(p->out);
    free(p->words);
}

static void cmd_hep(Protocol *p) {
    reply(p, "id name halma %s", HALMA_VERSION);
    reply(p, "id author the halma developers");
    reply(p, "option name Hash type spin default %d min 1 max %d", DEFAULT_HASH_MB, MAX_HASH_MB);
    reply(p, "option name Level type spin default %d min %d max %d", ENGINE_LEVEL, MIN_LEVEL, MAX_LEVEL);
    reply(p, "option name TurnLimit type spin default %d min 1 max %d", DEFAULT_TURN_LIMIT, MAX_TURN_LIMIT);
    reply(p, "hepok");
}

/* setoption name <Name> value <value> */
static void cmd_setoption(Protocol *p, const Words *w) {
    long long value = 0;
    if (w->count != 5 || strcmp(w->word[1], "name") || strcmp(w->word[3], "value")) {
        reply(p, "error usage: setoption name <Name> value <value>");
        return;
    }
    const char *name = w->word[2];
    bool number = parse_count(w->word[4], &value);
    if (!strcasecmp(name, "Hash")) {
        if (!number || value < 1 || value > MAX_HASH_MB) reply(p, "error Hash must be 1 to %d (MiB)", MAX_HASH_MB);
        else allocate_hash(p, (int)value);
    } else if (!strcasecmp(name, "Level")) {
        if (!number || value < MIN_LEVEL || value > MAX_LEVEL) reply(p, "error Level must be %d to %d", MIN_LEVEL, MAX_LEVEL);
        else engine_set_level(&p->engine, (int)value);
    } else if (!strcasecmp(name, "TurnLimit")) {
        if (!number || value < 1 || value > MAX_TURN_LIMIT) reply(p, "error TurnLimit must be 1 to %d", MAX_TURN_LIMIT);
        else {
            p->turn_limit = (int)value;
            p->turn_limit_set = true;
            game_set_turn_limit(&p->game, p->turn_limit);
            if (p->players > 2) multi_game_set_turn_limit(&p->multi, p->turn_limit);
        }
    } else {
        reply(p, "error unknown option '%s' (options: Hash, Level, TurnLimit)", name);
    }
}

static const char POSITION_USAGE[] =
    "error usage: position [variant 19|13] [players 2|3|4 [partners]] (startpos | fen <placement> <side> <turns>) "
    "[moves ...]";

/* The three words of `fen <placement> <side> <turns>` at w->word[i + 1],
 * joined into fen[]; false after replying why not. */
static bool fen_words(Protocol *p, const Words *w, int i, char fen[FEN_TEXT_SIZE + 64]) {
    if (i + 3 >= w->count) {
        reply(p, "error fen needs <placement> <side> <turns>");
        return false;
    }
    if (strlen(w->word[i + 1]) > FEN_TEXT_SIZE) {
        reply(p, "error bad fen: the placement is too long");
        return false;
    }
    snprintf(fen, FEN_TEXT_SIZE + 64, "%s %s %s", w->word[i + 1], w->word[i + 2], w->word[i + 3]);
    return true;
}

static void refused_move(Protocol *p, const Words *w, int m, int first, const Refusal *why) {
    char err[512];
    Text t = text_on(err, sizeof err);
    refusal_write(why, &t);
    reply(p, "error move %d (%.300s): %s", m - first, w->word[m], err);
}

static void bad_fen(Protocol *p, const Refusal *why) {
    char err[512];
    Text t = text_on(err, sizeof err);
    refusal_write(why, &t);
    reply(p, "error bad fen: %s", err);
}

/* Where a position comes from: `startpos`, or `fen` and its three words
 * (joined into fen[]), read from word *i on and left after them. */
typedef enum { NO_SOURCE, FROM_START, FROM_FEN } Source;

static Source position_source(Protocol *p, const Words *w, int *i, char fen[FEN_TEXT_SIZE + 64]) {
    if (*i < w->count && !strcmp(w->word[*i], "startpos")) {
        (*i)++;
        return FROM_START;
    }
    if (*i < w->count && !strcmp(w->word[*i], "fen")) {
        if (!fen_words(p, w, *i, fen)) return NO_SOURCE;
        *i += 4;
        return FROM_FEN;
    }
    reply(p, POSITION_USAGE);
    return NO_SOURCE;
}

/* Plays one written move in a game of either kind. */
typedef bool (*PlayText)(void *game, const char *s, int len, Refusal *why);

static bool play_two(void *game, const char *s, int len, Refusal *why) { return game_play_text(game, s, len, why); }

static bool play_multi(void *game, const char *s, int len, Refusal *why) {
    return multi_game_play_text(game, s, len, why);
}

/* After the position, word i on: nothing, or `moves` and the moves, played;
 * false after replying what was refused. */
static bool play_moves(Protocol *p, const Words *w, int i, void *game, PlayText play) {
    if (i < w->count && strcmp(w->word[i], "moves")) {
        reply(p, "error expected 'moves' or the end of the line, found '%.40s'", w->word[i]);
        return false;
    }
    for (int m = i + 1; m < w->count; m++) {
        Refusal why;
        if (!play(game, w->word[m], (int)strlen(w->word[m]), &why)) {
            refused_move(p, w, m, i, &why);
            return false;
        }
    }
    return true;
}

/* The two-player game from word i on: (startpos | fen ...) [moves ...] */
static void position_two(Protocol *p, const Words *w, int i, Variant variant) {
    Game *g = &p->scratch;
    char fen[FEN_TEXT_SIZE + 64];
    Source source = position_source(p, w, &i, fen);
    if (source == NO_SOURCE) return;
    if (source == FROM_START) {
        game_start(g, variant, p->turn_limit);
    } else {
        Position start;
        Refusal why;
        if (!fen_parse(fen, variant, &start, &why)) {
            bad_fen(p, &why);
            return;
        }
        game_from(g, &start, p->turn_limit);
    }
    if (!play_moves(p, w, i, g, play_two)) return;
    memcpy(&p->game, g, sizeof *g);
    p->players = 2;
}

/* The turn limit of a game of `players`: TurnLimit when it was set. */
static int turn_limit_for(const Protocol *p, int players) {
    return p->turn_limit_set ? p->turn_limit : multi_default_turn_limit(players);
}

/* Three or four players from word i on, as position_two. */
static void position_multi(Protocol *p, const Words *w, int i, Seating seating) {
    MultiGame *g = &p->multi_scratch;
    char fen[FEN_TEXT_SIZE + 64];
    Source source = position_source(p, w, &i, fen);
    if (source == NO_SOURCE) return;
    int turn_limit = turn_limit_for(p, seating.players);
    if (source == FROM_START) {
        multi_game_start(g, seating, turn_limit);
    } else {
        MultiPosition start;
        Refusal why;
        if (!multi_fen_parse(fen, seating, &start, &why)) {
            bad_fen(p, &why);
            return;
        }
        multi_game_from(g, &start, turn_limit);
    }
    if (!play_moves(p, w, i, g, play_multi)) return;
    memcpy(&p->multi, g, sizeof *g);
    p->players = seating.players;
}

/* position [variant 19|13] [players 2|3|4 [partners]] (startpos | fen <placement> <side> <turns>) [moves ...] */
static void cmd_position(Protocol *p, const Words *w) {
    Variant variant = VARIANT_19;
    Seating seating = {2, false};
    bool variant_given = false;
    int i = 1;
    if (i < w->count && !strcmp(w->word[i], "variant")) {
        if (i + 1 >= w->count || !variant_parse(w->word[i + 1], &variant)) {
            reply(p, "error variant must be 19 or 13");
            return;
        }
        variant_given = true;
        i += 2;
    }
    if (i < w->count && !strcmp(w->word[i], "players")) {
        const char *n = i + 1 < w->count ? w->word[i + 1] : "";
        if (strlen(n) != 1 || n[0] < '2' || n[0] > '4') {
            reply(p, "error players must be 2, 3 or 4");
            return;
        }
        seating.players = (uint8_t)(n[0] - '0');
        i += 2;
        if (i < w->count && !strcmp(w->word[i], "partners")) {
            if (seating.players != 4) {
                reply(p, "error partners needs players 4 (White and Black against Red and Yellow)");
                return;
            }
            seating.partners = true;
            i++;
        }
    }
    if (seating.players > 2 && variant_given && variant != VARIANT_13) {
        reply(p, "error three and four players play on 13-piece camps: variant 13, or no variant");
        return;
    }
    if (seating.players == 2) position_two(p, w, i, variant);
    else position_multi(p, w, i, seating);
}

static void send_report(void *ctx, const SearchReport *r) {
    Protocol *p = ctx;
    char pv[MAX_PV * MOVE_TEXT_SIZE];
    Text t = text_on(pv, sizeof pv);
    Position pos = p->game.pos;
    for (int i = 0; i < r->pv_length; i++) {
        text_char(&t, ' ');
        text_move(&t, &pos, r->pv[i]);
        position_make(&pos, r->pv[i]);
    }
    char score[48];
    if (r->win_in > 0) snprintf(score, sizeof score, "win %d", r->win_in);
    else if (r->win_in < 0) snprintf(score, sizeof score, "loss %d", -r->win_in);
    else snprintf(score, sizeof score, "%d", r->score);
    long long nps = r->time_ms > 0 ? (long long)(r->nodes * 1000 / (uint64_t)r->time_ms) : 0;
    reply(p, "info depth %d score %s nodes %llu nps %lld time %lld pv%s", r->depth, score,
          (unsigned long long)r->nodes, nps, (long long)r->time_ms, pv);
}

/* info for three or four players: as for two, and each seat's moves still
 * needed (hundredths, the evaluation's estimate at the root) in turn order,
 * `seats w:3520,r:3610,b:3400,y:3700` (docs/ENGINE.md). */
static void send_multi_report(void *ctx, const MultiReport *r) {
    Protocol *p = ctx;
    char pv[MULTI_MAX_PV * MOVE_TEXT_SIZE], seats[64];
    Text t = text_on(pv, sizeof pv);
    MultiPosition pos = p->multi.pos;
    for (int i = 0; i < r->pv_length; i++) {
        text_char(&t, ' ');
        multi_text_move(&t, &pos, r->pv[i]);
        multi_make(&pos, r->pv[i]);
    }
    Text c = text_on(seats, sizeof seats);
    for (int i = 0, seat = SEAT_WHITE; i < p->multi.pos.players; i++, seat = seat_after(p->multi.pos.players, seat)) {
        if (i) text_char(&c, ',');
        text_char(&c, colour_letter(seat));
        text_char(&c, ':');
        text_int(&c, r->costs[seat]);
    }
    char score[48];
    if (r->win_in > 0) snprintf(score, sizeof score, "win %d", r->win_in);
    else snprintf(score, sizeof score, "%d", r->score);
    long long nps = r->time_ms > 0 ? (long long)(r->nodes * 1000 / (uint64_t)r->time_ms) : 0;
    reply(p, "info depth %d score %s nodes %llu nps %lld time %lld seats %s pv%s", r->depth, score,
          (unsigned long long)r->nodes, nps, (long long)r->time_ms, seats, pv);
}

/* The engine of three and four players, made at its first go with the
 * table size of the Hash option; false when out of memory. */
static bool multi_engine_ready(Protocol *p) {
    if (p->multi_engine) return true;
    size_t bytes = (size_t)p->hash_mb << 20;
    p->multi_engine = malloc(sizeof *p->multi_engine);
    p->multi_hash = hash_memory_alloc(bytes);
    while (!p->multi_hash && bytes > (1u << 20)) p->multi_hash = hash_memory_alloc(bytes /= 2);
    if (!p->multi_engine) {
        free_multi_engine(p);
        return false;
    }
    multi_engine_init(p->multi_engine, p->multi_hash, p->multi_hash ? bytes : 0);
    multi_engine_watch(p->multi_engine, &p->engine.stop);
    return true;
}

/* go for three or four players, with each seat's clock. */
static void go_multi(Protocol *p, const SearchLimits *two, const int64_t clocks[MAX_SEATS]) {
    if (p->multi.result != MULTI_ONGOING) {
        reply(p, "bestmove none");
        return;
    }
    if (!multi_engine_ready(p)) {
        reply(p, "error out of memory");
        return;
    }
    MultiLimits limits = multi_limits_none();
    limits.depth = two->depth;
    limits.nodes = two->nodes;
    limits.movetime = two->movetime;
    limits.infinite = two->infinite;
    for (int seat = 0; seat < MAX_SEATS; seat++) limits.clock[seat] = clocks[seat];
    if (limits.infinite && p->input_closed) engine_stop(&p->engine);
    multi_engine_set_level(p->multi_engine, p->engine.level);
    Move best = multi_engine_think(p->multi_engine, &p->multi, &limits, send_multi_report, p);
    if (limits.infinite && p->wait_for_stop) p->wait_for_stop(p->ctx);
    char move[MOVE_TEXT_SIZE];
    Text t = text_on(move, sizeof move);
    multi_text_move(&t, &p->multi.pos, best);
    reply(p, "bestmove %s", move);
}

/* go [movetime <ms>] [depth <n>] [nodes <n>] [wtime <ms>] [btime <ms>] [rtime <ms>] [ytime <ms>] [infinite]:
 * rtime and ytime with three or four players only */
static void cmd_go(Protocol *p, const Words *w) {
    SearchLimits limits = search_limits_none();
    int64_t clocks[MAX_SEATS] = {-1, -1, -1, -1}; /* by seat, for three or four players */
    bool multi = p->players > 2;
    for (int i = 1; i < w->count; i++) {
        const char *key = w->word[i];
        if (!strcmp(key, "infinite")) {
            limits.infinite = true;
            continue;
        }
        long long value = 0;
        bool has = i + 1 < w->count && parse_count(w->word[i + 1], &value);
        bool seat_clock = multi && (!strcmp(key, "rtime") || !strcmp(key, "ytime"));
        bool clock = !strcmp(key, "wtime") || !strcmp(key, "btime") || seat_clock;
        if (!has && clock && i + 1 < w->count && w->word[i + 1][0] == '-' && parse_count(w->word[i + 1] + 1, &value))
            has = true, value = 0; /* a clock already run out */
        if (!strcmp(key, "movetime") || !strcmp(key, "depth") || !strcmp(key, "nodes") || clock) {
            if (!has) {
                reply(p, "error go %s needs a whole number", key);
                return;
            }
            i++;
            if (!strcmp(key, "movetime")) limits.movetime = value;
            else if (!strcmp(key, "depth")) limits.depth = value > 1000 ? 1000 : (int)value;
            else if (!strcmp(key, "nodes")) limits.nodes = (uint64_t)value;
            else if (!seat_clock) limits.clock[key[0] == 'w' ? WHITE : BLACK] = value;
            if (clock) clocks[seat_of_letter(key[0])] = value;
            continue;
        }
        reply(p, "error unknown go parameter '%.40s' (movetime, depth, nodes, wtime, btime,%s infinite)", key,
              multi ? " rtime, ytime," : "");
        return;
    }
    if (multi) {
        go_multi(p, &limits, clocks);
        return;
    }
    if (p->game.result != RESULT_ONGOING) {
        reply(p, "bestmove none");
        return;
    }
    if (limits.infinite && p->input_closed) engine_stop(&p->engine);
    Move best = engine_think(&p->engine, &p->game, &limits, send_report, p);
    /* An infinite search answers when told to stop, however soon it ends. */
    if (limits.infinite && p->wait_for_stop) p->wait_for_stop(p->ctx);
    char move[MOVE_TEXT_SIZE];
    Text t = text_on(move, sizeof move);
    text_move(&t, &p->game.pos, best);
    reply(p, "bestmove %s", move);
}

static void cmd_legal(Protocol *p) {
    MoveList list;
    bool multi = p->players > 2;
    if (multi) multi_generate_moves(&p->multi.pos, &list);
    else generate_moves(&p->game.pos, &list);
    Text t = text_on(p->out, OUT_SIZE);
    text_str(&t, "legal ");
    text_int(&t, list.count);
    for (int i = 0; i < list.count; i++) {
        text_char(&t, ' ');
        if (multi) multi_text_move(&t, &p->multi.pos, list.moves[i]);
        else text_move(&t, &p->game.pos, list.moves[i]);
    }
    p->emit(p->ctx, p->out);
}

static void cmd_perft(Protocol *p, const Words *w) {
    long long depth;
    if (w->count != 2 || !parse_count(w->word[1], &depth) || depth > 20) {
        reply(p, "error usage: perft <depth>, depth 0 to 20");
        return;
    }
    uint64_t count;
    if (p->players > 2) {
        MultiPosition pos = p->multi.pos;
        count = multi_perft(&pos, (int)depth, &p->engine.stop);
    } else {
        Position pos = p->game.pos;
        count = perft(&pos, (int)depth, &p->engine.stop);
    }
    if (atomic_load(&p->engine.stop)) reply(p, "error perft %lld stopped before it finished", depth);
    else reply(p, "perft %lld %llu", depth, (unsigned long long)count);
}

static void cmd_status(Protocol *p) {
    static const char *const names[] = {
        [RESULT_ONGOING] = "ongoing", [RESULT_WHITE_WINS] = "win w", [RESULT_BLACK_WINS] = "win b",
        [RESULT_DRAW_REPETITION] = "draw repetition", [RESULT_DRAW_TURN_LIMIT] = "draw turnlimit"};
    static const char *const multi_names[] = {
        [MULTI_ONGOING] = "ongoing", [MULTI_WHITE_WINS] = "win w", [MULTI_BLACK_WINS] = "win b",
        [MULTI_RED_WINS] = "win r", [MULTI_YELLOW_WINS] = "win y", [MULTI_WHITE_BLACK_WIN] = "win w b",
        [MULTI_RED_YELLOW_WIN] = "win r y", [MULTI_DRAW_REPETITION] = "draw repetition",
        [MULTI_DRAW_TURN_LIMIT] = "draw turnlimit"};
    reply(p, "status %s", p->players > 2 ? multi_names[p->multi.result] : names[p->game.result]);
}

static void cmd_fen(Protocol *p) {
    char fen[FEN_TEXT_SIZE];
    Text t = text_on(fen, sizeof fen);
    if (p->players > 2) multi_text_fen(&t, &p->multi.pos);
    else text_fen(&t, &p->game.pos);
    reply(p, "fen %s", fen);
}

static void cmd_board(Protocol *p) {
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    if (!out) {
        reply(p, "error out of memory");
        return;
    }
    BoardStyle style = {0};
    if (p->players > 2) board_print_multi(out, &p->multi.pos, &style);
    else board_print(out, &p->game.pos, &style);
    fclose(out);
    char *rest = text;
    for (char *line; (line = strtok_r(rest, "\n", &rest)) != NULL;) p->emit(p->ctx, line);
    free(text);
}

static bool printable(const char *line, size_t len) {
    for (size_t i = 0; i < len; i++)
        if (line[i] < ' ' || line[i] > '~') return false;
    return true;
}

static bool bare(Protocol *p, const Words *w) {
    if (w->count == 1) return true;
    reply(p, "error '%s' takes no arguments", w->word[0]);
    return false;
}

bool protocol_execute(Protocol *p, const char *line, size_t len) {
    if (len > MAX_LINE) {
        reply(p, "error line longer than %d bytes", MAX_LINE);
        return true;
    }
    if (!printable(line, len)) {
        reply(p, "error the line holds bytes that are not printable ASCII");
        return true;
    }
    Words *w = p->words;
    split_words(line, len, w);
    if (w->count == 0) return true;
    const char *cmd = w->word[0];
    if (!strcmp(cmd, "hep")) { if (bare(p, w)) cmd_hep(p); }
    else if (!strcmp(cmd, "isready")) { if (bare(p, w)) reply(p, "readyok"); }
    else if (!strcmp(cmd, "setoption")) cmd_setoption(p, w);
    else if (!strcmp(cmd, "newgame")) {
        if (bare(p, w)) {
            engine_new_game(&p->engine);
            game_start(&p->game, (Variant)p->game.pos.variant, p->turn_limit);
            Seating seating = multi_seating(&p->multi.pos);
            if (p->players > 2) multi_game_start(&p->multi, seating, turn_limit_for(p, seating.players));
            if (p->multi_engine) multi_engine_new_game(p->multi_engine);
        }
    }
    else if (!strcmp(cmd, "position")) cmd_position(p, w);
    else if (!strcmp(cmd, "go")) cmd_go(p, w);
    else if (!strcmp(cmd, "stop")) { (void)0; /* no search is running: nothing to stop */ }
    else if (!strcmp(cmd, "legal")) { if (bare(p, w)) cmd_legal(p); }
    else if (!strcmp(cmd, "perft")) cmd_perft(p, w);
    else if (!strcmp(cmd, "status")) { if (bare(p, w)) cmd_status(p); }
    else if (!strcmp(cmd, "fen")) { if (bare(p, w)) cmd_fen(p); }
    else if (!strcmp(cmd, "board")) { if (bare(p, w)) cmd_board(p); }
    else if (!strcmp(cmd, "quit")) p->quit = true;
    else reply(p, "error unknown command '%.40s'", cmd);
    return !p->quit;
}
