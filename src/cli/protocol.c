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

static void allocate_hash(Protocol *p, int mb) {
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
    p->turn_limit = DEFAULT_TURN_LIMIT;
    p->input_closed = false;
    p->quit = false;
    if (!p->out || !p->words) return false;
    allocate_hash(p, DEFAULT_HASH_MB);
    game_start(&p->game, VARIANT_19, p->turn_limit);
    return true;
}

void protocol_free(Protocol *p) {
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
            game_set_turn_limit(&p->game, p->turn_limit);
        }
    } else {
        reply(p, "error unknown option '%s' (options: Hash, Level, TurnLimit)", name);
    }
}

/* position [variant 19|13] (startpos | fen <placement> <side> <turns>) [moves ...] */
static void cmd_position(Protocol *p, const Words *w) {
    Game *g = &p->scratch;
    Variant variant = VARIANT_19;
    int i = 1;
    char err[512];
    Text t = text_on(err, sizeof err);
    Refusal why;
    if (i < w->count && !strcmp(w->word[i], "variant")) {
        if (i + 1 >= w->count || !variant_parse(w->word[i + 1], &variant)) {
            reply(p, "error variant must be 19 or 13");
            return;
        }
        i += 2;
    }
    if (i < w->count && !strcmp(w->word[i], "startpos")) {
        game_start(g, variant, p->turn_limit);
        i++;
    } else if (i < w->count && !strcmp(w->word[i], "fen")) {
        if (i + 3 >= w->count) {
            reply(p, "error fen needs <placement> <side> <turns>");
            return;
        }
        char fen[FEN_TEXT_SIZE + 64];
        snprintf(fen, sizeof fen, "%s %s %s", w->word[i + 1], w->word[i + 2], w->word[i + 3]);
        Position start;
        if (strlen(w->word[i + 1]) > FEN_TEXT_SIZE) {
            reply(p, "error bad fen: the placement is too long");
            return;
        }
        if (!fen_parse(fen, variant, &start, &why)) {
            refusal_write(&why, &t);
            reply(p, "error bad fen: %s", err);
            return;
        }
        game_from(g, &start, p->turn_limit);
        i += 4;
    } else {
        reply(p, "error usage: position [variant 19|13] (startpos | fen <placement> <side> <turns>) [moves ...]");
        return;
    }
    if (i < w->count && strcmp(w->word[i], "moves")) {
        reply(p, "error expected 'moves' or the end of the line, found '%.40s'", w->word[i]);
        return;
    }
    for (int m = i + 1; m < w->count; m++) {
        if (!game_play_text(g, w->word[m], (int)strlen(w->word[m]), &why)) {
            refusal_write(&why, &t);
            reply(p, "error move %d (%.300s): %s", m - i, w->word[m], err);
            return;
        }
    }
    memcpy(&p->game, g, sizeof *g);
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

/* go [movetime <ms>] [depth <n>] [nodes <n>] [wtime <ms>] [btime <ms>] [infinite] */
static void cmd_go(Protocol *p, const Words *w) {
    SearchLimits limits = search_limits_none();
    for (int i = 1; i < w->count; i++) {
        const char *key = w->word[i];
        if (!strcmp(key, "infinite")) {
            limits.infinite = true;
            continue;
        }
        long long value = 0;
        bool has = i + 1 < w->count && parse_count(w->word[i + 1], &value);
        bool clock = !strcmp(key, "wtime") || !strcmp(key, "btime");
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
            else limits.clock[key[0] == 'w' ? WHITE : BLACK] = value;
            continue;
        }
        reply(p, "error unknown go parameter '%.40s' (movetime, depth, nodes, wtime, btime, infinite)", key);
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
    generate_moves(&p->game.pos, &list);
    Text t = text_on(p->out, OUT_SIZE);
    text_str(&t, "legal ");
    text_int(&t, list.count);
    for (int i = 0; i < list.count; i++) {
        text_char(&t, ' ');
        text_move(&t, &p->game.pos, list.moves[i]);
    }
    p->emit(p->ctx, p->out);
}

static void cmd_perft(Protocol *p, const Words *w) {
    long long depth;
    if (w->count != 2 || !parse_count(w->word[1], &depth) || depth > 20) {
        reply(p, "error usage: perft <depth>, depth 0 to 20");
        return;
    }
    Position pos = p->game.pos;
    uint64_t count = perft(&pos, (int)depth, &p->engine.stop);
    if (atomic_load(&p->engine.stop)) reply(p, "error perft %lld stopped before it finished", depth);
    else reply(p, "perft %lld %llu", depth, (unsigned long long)count);
}

static void cmd_status(Protocol *p) {
    static const char *const names[] = {
        [RESULT_ONGOING] = "ongoing", [RESULT_WHITE_WINS] = "win w", [RESULT_BLACK_WINS] = "win b",
        [RESULT_DRAW_REPETITION] = "draw repetition", [RESULT_DRAW_TURN_LIMIT] = "draw turnlimit"};
    reply(p, "status %s", names[p->game.result]);
}

static void cmd_fen(Protocol *p) {
    char fen[FEN_TEXT_SIZE];
    Text t = text_on(fen, sizeof fen);
    text_fen(&t, &p->game.pos);
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
    board_print(out, &p->game.pos, &style);
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
