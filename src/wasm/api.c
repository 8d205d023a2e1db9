/*
 * api.c: the WebAssembly interface of the rules and the engine, for the web
 * page's worker (web/js/engine-worker.js).
 *
 * One game lives in the module instance.  Text goes both ways through one
 * shared buffer, `io`: the caller writes its input there and passes its
 * length; answers are written back there, NUL-terminated, mostly as JSON so
 * the worker can JSON.parse them.  Refusals carry a reason code and the
 * squares involved, so the page can show them in the player's language, and
 * the rules' own English message as well.
 */
#include "wasm/api.h"

#include "core/game.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/record.h"
#include "core/text.h"
#include "engine/levels.h"
#include "engine/search.h"
#include "wasm/chain.h"
#include "wasm/json.h"

/* Room for the longest game record (MAX_RECORD_TEXT) and its JSON. */
enum { IO_SIZE = 1 << 18, WASM_PAGE = 1 << 16 };

static char io[IO_SIZE];
static Game game;
static Engine engine;
static bool engine_ready;
static SearchReport last_report;
static Record record;
static char record_text[MAX_RECORD_TEXT + 1];

static Text out_begin(void) { return text_on(io, IO_SIZE); }

/* {reason, a, b, number, message} in io (json.h). */
static void write_reason(const char *reason, const int sq[2], int number, const char *message) {
    Text t = out_begin();
    json_reason(&t, reason, sq, number, message);
}

static void write_refusal(const Refusal *why) {
    Text t = out_begin();
    json_refusal(&t, why);
}

/* ---- the game ---------------------------------------------------------- */

static const char *result_code(Result r) {
    switch (r) {
    case RESULT_WHITE_WINS: return "white-wins";
    case RESULT_BLACK_WINS: return "black-wins";
    case RESULT_DRAW_REPETITION: return "draw-repetition";
    case RESULT_DRAW_TURN_LIMIT: return "draw-turn-limit";
    default: return "ongoing";
    }
}

/* The input in io as a NUL-terminated string of `len` bytes. */
static const char *input(int len) { return text_in(io, IO_SIZE, len); }

char *api_io(void) { return io; }
int api_io_size(void) { return IO_SIZE; }

/* A new game from the starting position; variant is 19 or 13. */
int api_new_game(int pieces, int turn_limit) {
    if (pieces != 19 && pieces != 13) return 0;
    game_start(&game, pieces == 13 ? VARIANT_13 : VARIANT_19, turn_limit);
    return 1;
}

/* A new game from the FEN in io.  0 on success; otherwise 1 and a refusal
 * in io, the game unchanged. */
int api_set_fen(int pieces, int turn_limit, int len) {
    Position pos;
    Refusal why;
    if (pieces != 19 && pieces != 13) {
        write_reason("variant", NO_SQUARES, 0, "the variant is 19 or 13");
        return 1;
    }
    if (!fen_parse(input(len), pieces == 13 ? VARIANT_13 : VARIANT_19, &pos, &why)) {
        write_refusal(&why);
        return 1;
    }
    game_from(&game, &pos, turn_limit);
    return 0;
}

/* Plays the move written in io ("pass", a step, a whole path or a from-to
 * chain).  0 on success, with the move written with its whole path in io;
 * otherwise 1 and a refusal in io, the game unchanged. */
int api_play(int len) {
    char text[MOVE_TEXT_SIZE + 1];
    if (len < 0 || len > MOVE_TEXT_SIZE) {
        write_reason("malformed", NO_SQUARES, 0, "the move is too long");
        return 1;
    }
    const char *s = input(len);
    for (int i = 0; i <= len; i++) text[i] = s[i];
    Refusal why;
    Position before = game.pos;
    if (!game_play_text(&game, text, len, &why)) {
        write_refusal(&why);
        return 1;
    }
    /* The move as played: a written chain keeps its path, a from-to is
     * resolved to a shortest one. */
    Text t = out_begin();
    uint8_t path[MAX_PATH];
    int n = len == 4 && text[0] == 'p' ? 0 : path_parse(text, len, path, &why);
    if (n > 2) text_path(&t, path, n);
    else text_move(&t, &before, game.moves[game.length - 1]);
    return 0;
}

int api_undo(void) { return game_undo(&game); }

/* The state of the game as JSON in io. */
int api_state(void) {
    char fen[FEN_TEXT_SIZE];
    Text f = text_on(fen, sizeof fen);
    text_fen(&f, &game.pos);
    Text t = out_begin();
    text_char(&t, '{');
    json_text(&t, "fen", fen);
    json_int(&t, "variant", variant_pieces((Variant)game.pos.variant));
    json_text(&t, "side", game.pos.side_to_move == WHITE ? "w" : "b");
    json_int(&t, "turns", game.pos.turns);
    json_int(&t, "turnLimit", game.turn_limit);
    json_int(&t, "length", game.length);
    json_text(&t, "result", result_code(game.result));
    json_int(&t, "occurrences", game_occurrences(&game));
    json_int(&t, "moves", game.result == RESULT_ONGOING ? count_moves(&game.pos) : 0);
    MoveList moves;
    generate_moves(&game.pos, &moves);
    json_key(&t, "mustPass");
    text_str(&t, game.result == RESULT_ONGOING && move_is_pass(moves.moves[0]) ? "true" : "false");
    /* Moves that would draw by a third repetition, so the page can warn. */
    json_key(&t, "repeating");
    text_char(&t, '[');
    int shown = 0;
    for (int i = 0; game.result == RESULT_ONGOING && i < moves.count; i++) {
        if (move_is_pass(moves.moves[i]) || game_occurrences_after(&game, moves.moves[i]) < 3) continue;
        if (shown++) text_char(&t, ',');
        text_char(&t, '"');
        text_square(&t, moves.moves[i].from);
        text_char(&t, '-');
        text_square(&t, moves.moves[i].to);
        text_char(&t, '"');
    }
    text_str(&t, "]}");
    return t.len;
}

/* The FEN after the first k moves of the game, in io. */
int api_fen_at(int k) {
    if (k < 0 || k > game.length) return 0;
    Position pos = game.start;
    for (int i = 0; i < k; i++) position_make(&pos, game.moves[i]);
    Text t = out_begin();
    text_fen(&t, &pos);
    return t.len;
}

int api_moves(void) {
    Text t = out_begin();
    Position pos = game.start;
    for (int i = 0; i < game.length; i++) {
        if (i) text_char(&t, ' ');
        text_move(&t, &pos, game.moves[i]);
        position_make(&pos, game.moves[i]);
    }
    return game.length;
}

int api_occurrences_after(int from, int to) {
    if (game.result != RESULT_ONGOING || from < 0 || from >= NUM_SQUARES || to < 0 || to >= NUM_SQUARES) return 0;
    if (game.pos.at[from] != game.pos.side_to_move) return 0;
    Bitboard reach = piece_destinations(&game.pos, from);
    if (!bb_has(&reach, to)) return 0;
    return game_occurrences_after(&game, (Move){(uint8_t)from, (uint8_t)to});
}

/* ---- choosing a move on the board -------------------------------------- */

static int occurrences_of(const void *g, int from, int to) {
    return game_occurrences_after(g, (Move){(uint8_t)from, (uint8_t)to});
}

static Bitboard landings_of(const void *pos, int from, Bitboard avoid) { return chain_landings(pos, from, avoid); }

/* The board of the game as chain.c reads it. */
static ChainBoard chain_board(void) {
    const Position *pos = &game.pos;
    return (ChainBoard){pos->at, NO_PIECE, (uint8_t)pos->side_to_move, pos->occupied,
                        goal_of((Variant)pos->variant, (Side)pos->side_to_move), landings_of, pos, occurrences_of, &game};
}

/* The partial chain whose n squares are in io (chain.h), in a game going on. */
static int read_chain(const ChainBoard *b, int n, uint8_t path[MAX_PATH], Bitboard *landed) {
    return game.result == RESULT_ONGOING && chain_read(b, io, n, path, landed);
}

/*
 * For a piece picked up and moved along the partial chain whose n squares
 * are in io (the origin alone for a piece just picked up): a flag byte per
 * square in io, saying where the move may go on and end (TARGET_*, chain.h).
 * Returns the number of squares marked, or -1 for an invalid chain.
 */
int api_targets(int n) {
    uint8_t path[MAX_PATH];
    Bitboard landed;
    ChainBoard b = chain_board();
    if (!read_chain(&b, n, path, &landed)) return -1;
    return chain_targets(&b, path, n, landed, io);
}

/*
 * The move that takes the partial chain in io (n squares) on to `to` by a
 * shortest continuation that lands nowhere twice, written in notation in io
 * (a step when the chain is only the origin and `to` is next to it).
 * Returns its length, or 0 when `to` cannot be reached that way.
 */
int api_chain_to(int n, int to) {
    uint8_t path[MAX_PATH];
    Bitboard landed;
    ChainBoard b = chain_board();
    if (!read_chain(&b, n, path, &landed)) return 0;
    n = chain_extend(&b, path, n, landed, to);
    if (!n) return 0;
    Text t = out_begin();
    text_path(&t, path, n);
    return t.len;
}

/* Every legal move with a shortest path, space-separated, in io. */
int api_legal(void) {
    MoveList moves;
    Text t = out_begin();
    if (game.result != RESULT_ONGOING) return 0;
    generate_moves(&game.pos, &moves);
    for (int i = 0; i < moves.count; i++) {
        if (i) text_char(&t, ' ');
        text_move(&t, &game.pos, moves.moves[i]);
    }
    return moves.count;
}

/* perft from the current position, for measuring wasm against native. */
double api_perft(int depth) {
    Position pos = game.pos;
    return (double)perft(&pos, depth, NULL);
}

/* ---- the engine -------------------------------------------------------- */

/* Gives the engine a transposition table of `mb` MiB, grown from the
 * module's memory (only the instance that searches pays for it).  Returns
 * the MiB it got. */
int api_engine_init(int mb) {
    void *memory = NULL;
    size_t bytes = 0;
    for (; mb > 0 && !memory; mb /= 2) {
        int pages = (int)(((size_t)mb << 20) / WASM_PAGE);
        int old = __builtin_wasm_memory_grow(0, pages);
        if (old >= 0) {
            memory = (void *)((size_t)old * WASM_PAGE);
            bytes = (size_t)mb << 20;
        }
    }
    engine_init(&engine, memory, bytes);
    engine_ready = true;
    return (int)(bytes >> 20);
}

void api_engine_new_game(void) {
    if (engine_ready) engine_new_game(&engine);
}

static void remember_report(void *ctx, const SearchReport *report) {
    (void)ctx;
    last_report = *report;
}

/*
 * Chooses a move for the side to move: at `level` (1..10), with at most
 * `movetime` ms and `depth` plies when these are positive.  Writes JSON
 * {move, depth, score, nodes, time, pv} in io; returns 0 when the game is
 * over (then io holds {}).
 */
int api_think(int level, int movetime, int depth) {
    Text t = out_begin();
    if (!engine_ready) api_engine_init(16);
    if (game.result != RESULT_ONGOING) {
        text_str(&t, "{}");
        return 0;
    }
    SearchLimits limits = search_limits_none();
    if (movetime > 0) limits.movetime = movetime;
    if (depth > 0) limits.depth = depth;
    engine_set_level(&engine, level);
    atomic_store(&engine.stop, false);
    last_report = (SearchReport){0};
    Move best = engine_think(&engine, &game, &limits, remember_report, NULL);
    char move[MOVE_TEXT_SIZE];
    Text m = text_on(move, sizeof move);
    text_move(&m, &game.pos, best);
    text_char(&t, '{');
    json_text(&t, "move", move);
    json_int(&t, "depth", last_report.depth);
    json_int(&t, "score", last_report.score);
    json_int(&t, "winIn", last_report.win_in);
    json_int(&t, "nodes", (long long)last_report.nodes);
    json_int(&t, "time", last_report.time_ms);
    text_char(&t, '}');
    return 1;
}

int api_hint(int movetime) { return api_think(MAX_LEVEL, movetime, 0); }

/* ---- what a new game can be --------------------------------------------- */

/* One level as a JSON object: written apart, so that json_key's commas
 * start afresh inside it. */
static void json_level(Text *t, int level) {
    const LevelParams *lp = level_params(level);
    char buf[256];
    Text o = text_on(buf, sizeof buf);
    text_char(&o, '{');
    json_int(&o, "level", level);
    json_text(&o, "name", lp->name);
    json_text(&o, "about", lp->about);
    json_int(&o, "depth", lp->max_depth);
    json_int(&o, "thinkMs", lp->think_ms);
    text_char(&o, '}');
    text_str(t, buf);
}

int api_levels(void) {
    Text t = out_begin();
    text_char(&t, '{');
    json_int(&t, "min", MIN_LEVEL);
    json_int(&t, "max", MAX_LEVEL);
    json_int(&t, "person", PERSON_LEVEL);
    json_int(&t, "engine", ENGINE_LEVEL);
    json_key(&t, "levels");
    text_char(&t, '[');
    for (int level = MIN_LEVEL; level <= MAX_LEVEL; level++) {
        if (level > MIN_LEVEL) text_char(&t, ',');
        json_level(&t, level);
    }
    text_str(&t, "]}");
    return t.len;
}

int api_starts(void) {
    static const Variant VARIANTS[] = {VARIANT_19, VARIANT_13};
    Text t = out_begin();
    text_char(&t, '{');
    json_int(&t, "turnLimit", DEFAULT_TURN_LIMIT);
    json_key(&t, "positions");
    text_char(&t, '{');
    for (int i = 0; i < (int)(sizeof VARIANTS / sizeof VARIANTS[0]); i++) {
        Position start;
        position_start(&start, VARIANTS[i]);
        if (i) text_char(&t, ',');
        text_char(&t, '"');
        text_int(&t, variant_pieces(VARIANTS[i]));
        text_str(&t, "\":\"");
        text_fen(&t, &start);
        text_char(&t, '"');
    }
    text_str(&t, "}}");
    return t.len;
}

/* ---- game records ------------------------------------------------------ */

/* The record is copied out of io first: the answer is written over it. */
int api_parse_record(int len) {
    if (len < 0) len = 0;
    if (len > MAX_RECORD_TEXT) len = MAX_RECORD_TEXT + 1; /* refused as too long, unread */
    for (int i = 0; i < len && i <= MAX_RECORD_TEXT; i++) record_text[i] = io[i];
    RecordProblem problem;
    bool ok = record_parse(record_text, len, &record, &problem);
    Text t = out_begin();
    text_char(&t, '{');
    if (!ok) {
        json_text(&t, "error", record_error_code(problem.error));
        if (problem.number) json_int(&t, "number", problem.number);
        json_text(&t, "detail", problem.detail);
        text_char(&t, '}');
        return 1;
    }
    json_int(&t, "variant", variant_pieces(record.variant));
    json_int(&t, "players", record.players);
    json_key(&t, "partners");
    text_str(&t, record.partners ? "true" : "false");
    json_int(&t, "turnLimit", record.turn_limit);
    if (record.fen[0]) json_text(&t, "fen", record.fen);
    if (record.white.length) json_utf8(&t, "white", record_text + record.white.start, record.white.length);
    if (record.black.length) json_utf8(&t, "black", record_text + record.black.start, record.black.length);
    json_key(&t, "moves");
    text_char(&t, '[');
    for (int i = 0; i < record.move_count; i++) {
        if (i) text_char(&t, ',');
        text_char(&t, '"');
        text_chars(&t, record_text + record.moves[i].start, record.moves[i].length);
        text_char(&t, '"');
    }
    text_str(&t, "]}");
    return 0;
}
