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
#include "core/notation.h"
#include "core/names.h"
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
    int level = player_level(&p->player);
    free(p->player.hash_memory);
    size_t bytes = (size_t)mb << 20;
    void *memory = hash_memory_alloc(bytes);
    while (!memory && bytes > (1u << 20)) memory = hash_memory_alloc(bytes /= 2);
    player_init(&p->player, memory, memory ? bytes : 0);
    player_set_level(&p->player, level);
    p->hash_mb = (int)(bytes >> 20);
}

/* The turn limit of a new game: TurnLimit when it was set, else the
 * seating's own (0). */
static int turn_limit_for(const Protocol *p) { return p->turn_limit_set ? p->turn_limit : 0; }

bool protocol_init(Protocol *p, EmitFn emit, void *ctx) {
    p->emit = emit;
    p->wait_for_stop = NULL;
    p->ctx = ctx;
    p->out = malloc(OUT_SIZE);
    p->words = malloc(sizeof *p->words);
    p->player.hash_memory = NULL;
    p->player.level = ENGINE_LEVEL;
    p->turn_limit = DEFAULT_TURN_LIMIT;
    p->turn_limit_set = false;
    p->input_closed = false;
    p->quit = false;
    if (!p->out || !p->words) return false;
    allocate_hash(p, DEFAULT_HASH_MB);
    table_start(&p->game, (TableSeating){2, false, 19, RULES_STANDARD}, turn_limit_for(p));
    return true;
}

void protocol_free(Protocol *p) {
    free(p->player.hash_memory);
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
        else player_set_level(&p->player, (int)value);
    } else if (!strcasecmp(name, "TurnLimit")) {
        if (!number || value < 1 || value > MAX_TURN_LIMIT) reply(p, "error TurnLimit must be 1 to %d", MAX_TURN_LIMIT);
        else {
            p->turn_limit = (int)value;
            p->turn_limit_set = true;
            table_set_turn_limit(&p->game, p->turn_limit);
        }
    } else {
        reply(p, "error unknown option '%s' (options: Hash, Level, TurnLimit)", name);
    }
}

static const char POSITION_USAGE[] =
    "error usage: position [variant 19|13] [players 2|3|4 [partners]] [rules standard|nospoil] (startpos | fen <placement> <side> <turns>) "
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

/* The game from word i on: (startpos | fen ...) [moves ...], built in
 * scratch and kept if every move is played; else a reply says why not. */
static void position_at(Protocol *p, const Words *w, int i, TableSeating seating) {
    Table *g = &p->scratch;
    char fen[FEN_TEXT_SIZE + 64];
    Source source = position_source(p, w, &i, fen);
    if (source == NO_SOURCE) return;
    Refusal why;
    if (source == FROM_START) {
        table_start(g, seating, turn_limit_for(p));
    } else if (!table_from_fen(g, seating, fen, turn_limit_for(p), &why)) {
        bad_fen(p, &why);
        return;
    }
    if (i < w->count && strcmp(w->word[i], "moves")) {
        reply(p, "error expected 'moves' or the end of the line, found '%.40s'", w->word[i]);
        return;
    }
    for (int m = i + 1; m < w->count; m++) {
        if (!table_play_text(g, w->word[m], (int)strlen(w->word[m]), &why)) {
            refused_move(p, w, m, i, &why);
            return;
        }
    }
    memcpy(&p->game, g, sizeof *g);
}

/* position [variant 19|13] [players 2|3|4 [partners]] [rules standard|nospoil] (startpos | fen <placement> <side> <turns>) [moves ...] */
static void cmd_position(Protocol *p, const Words *w) {
    Variant variant = VARIANT_19;
    TableSeating seating = {2, false, 19, RULES_STANDARD};
    bool variant_given = false;
    int i = 1;
    if (i < w->count && !strcmp(w->word[i], "variant")) {
        if (i + 1 >= w->count || !variant_parse(w->word[i + 1], &variant)) {
            reply(p, "error variant must be 19 or 13");
            return;
        }
        variant_given = true;
        seating.camp = variant == VARIANT_13 ? 13 : 19;
        i += 2;
    }
    if (i < w->count && !strcmp(w->word[i], "players")) {
        const char *n = i + 1 < w->count ? w->word[i + 1] : "";
        if (strlen(n) != 1 || n[0] < '2' || n[0] > '4') {
            reply(p, "error players must be 2, 3 or 4");
            return;
        }
        seating.players = n[0] - '0';
        i += 2;
        if (i < w->count && !strcmp(w->word[i], "partners")) {
            seating.partners = true;
            i++;
        }
    }
    if (i < w->count && !strcmp(w->word[i], "rules")) {
        if (i + 1 >= w->count || !rules_parse(w->word[i + 1], &seating.rules)) {
            reply(p, "error rules must be standard or nospoil");
            return;
        }
        i += 2;
    }
    TableSeating asked = seating;
    if (table_seating_check(&seating) == SEATING_PLAYERS) {
        reply(p, "error partners needs players 4 (White and Black against Red and Yellow)");
        return;
    }
    if (variant_given && seating.camp != asked.camp) {
        reply(p, "error three and four players play on 13-piece camps: variant 13, or no variant");
        return;
    }
    position_at(p, w, i, seating);
}

/* info: the search's figures, each seat's moves still needed where there
 * are many (hundredths, the evaluation's estimate at the root) in turn
 * order, `seats w:3520,r:3610,b:3400,y:3700` (docs/ENGINE.md), and the
 * principal variation. */
static void send_report(void *ctx, const PlayerReport *r) {
    Protocol *p = ctx;
    char pv[PLAYER_MAX_PV * MOVE_TEXT_SIZE], seats[64] = "";
    Text t = text_on(pv, sizeof pv);
    table_text_line(&p->game, r->pv, r->pv_length, &t);
    Text c = text_on(seats, sizeof seats);
    const uint8_t *order = table_turn_order(&p->game);
    for (int i = 0; i < r->seats; i++) {
        text_str(&c, i ? "," : " seats ");
        text_char(&c, colour_letter(order[i]));
        text_char(&c, ':');
        text_int(&c, r->costs[order[i]]);
    }
    char score[48];
    if (r->win_in > 0) snprintf(score, sizeof score, "win %d", r->win_in);
    else if (r->win_in < 0) snprintf(score, sizeof score, "loss %d", -r->win_in);
    else snprintf(score, sizeof score, "%d", r->score);
    long long nps = r->time_ms > 0 ? (long long)(r->nodes * 1000 / (uint64_t)r->time_ms) : 0;
    reply(p, "info depth %d score %s nodes %llu nps %lld time %lld%s pv%s", r->depth, score,
          (unsigned long long)r->nodes, nps, (long long)r->time_ms, seats, pv);
}

/* The seats whose clocks `go` takes, by the kind of game: White's and
 * Black's, and Red's and Yellow's where there can be four. */
static const char *const CLOCKS[TABLE_KINDS] = {[TABLE_TWO] = "wb", [TABLE_MANY] = "wbry"};

/* go [movetime <ms>] [depth <n>] [nodes <n>] [wtime <ms>] [btime <ms>] [rtime <ms>] [ytime <ms>] [infinite]:
 * rtime and ytime with three or four players only */
static void cmd_go(Protocol *p, const Words *w) {
    PlayerLimits limits = player_limits_none();
    const char *clocks = CLOCKS[table_kind(&p->game)];
    for (int i = 1; i < w->count; i++) {
        const char *key = w->word[i];
        if (!strcmp(key, "infinite")) {
            limits.infinite = true;
            continue;
        }
        long long value = 0;
        bool has = i + 1 < w->count && parse_count(w->word[i + 1], &value);
        bool clock = strlen(key) == 5 && !strcmp(key + 1, "time") && strchr(clocks, key[0]);
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
            else limits.clock[seat_of_letter(key[0])] = value;
            continue;
        }
        char more[32] = "";
        Text m = text_on(more, sizeof more);
        for (const char *c = clocks + 2; *c; c++) {
            text_char(&m, ' ');
            text_char(&m, *c);
            text_str(&m, "time,");
        }
        reply(p, "error unknown go parameter '%.40s' (movetime, depth, nodes, wtime, btime,%s infinite)", key, more);
        return;
    }
    if (table_verdict(&p->game).over) {
        reply(p, "bestmove none");
        return;
    }
    if (limits.infinite && p->input_closed) player_stop(&p->player);
    Move best = player_think(&p->player, &p->game, &limits, send_report, p);
    /* An infinite search answers when told to stop, however soon it ends. */
    if (limits.infinite && p->wait_for_stop) p->wait_for_stop(p->ctx);
    char move[MOVE_TEXT_SIZE];
    Text t = text_on(move, sizeof move);
    table_text_move(&p->game, best, &t);
    reply(p, "bestmove %s", move);
}

static void cmd_legal(Protocol *p) {
    MoveList list;
    table_generate(&p->game, &list);
    Text t = text_on(p->out, OUT_SIZE);
    text_str(&t, "legal ");
    text_int(&t, list.count);
    for (int i = 0; i < list.count; i++) {
        text_char(&t, ' ');
        table_text_move(&p->game, list.moves[i], &t);
    }
    p->emit(p->ctx, p->out);
}

static void cmd_perft(Protocol *p, const Words *w) {
    long long depth;
    if (w->count != 2 || !parse_count(w->word[1], &depth) || depth > 20) {
        reply(p, "error usage: perft <depth>, depth 0 to 20");
        return;
    }
    uint64_t count = table_perft(&p->game, (int)depth, player_stop_flag(&p->player));
    if (player_stopped(&p->player)) reply(p, "error perft %lld stopped before it finished", depth);
    else reply(p, "perft %lld %llu", depth, (unsigned long long)count);
}

/* status: ongoing, win and the winners' letters, or draw and why. */
static void cmd_status(Protocol *p) {
    Verdict v = table_verdict(&p->game);
    char text[32];
    Text t = text_on(text, sizeof text);
    if (!v.over) {
        text_str(&t, "ongoing");
    } else if (v.winners) {
        text_str(&t, "win");
        for (int seat = 0; seat < MAX_SEATS; seat++) {
            if (!(v.winners >> seat & 1)) continue;
            text_char(&t, ' ');
            text_char(&t, colour_letter(seat));
        }
    } else if (v.over) {
        text_str(&t, !strcmp(v.reason, "repetition") ? "draw repetition" : "draw turnlimit");
    }
    reply(p, "status %s", text);
}

static void cmd_fen(Protocol *p) {
    char fen[FEN_TEXT_SIZE];
    Text t = text_on(fen, sizeof fen);
    table_text_fen(&p->game, table_length(&p->game), &t);
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
    board_print(out, &p->game, &style);
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
            table_start(&p->game, p->game.seating, turn_limit_for(p));
            player_new_game(&p->player, &p->game);
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
