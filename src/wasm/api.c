/*
 * api.c: the WebAssembly interface of the rules and the engines, for the
 * web page's worker (web/js/engine-worker.js), for a game of any seating.
 *
 * One game lives in the module instance, as one tagged value: the
 * two-player Game or the MultiGame of three or four, and the table of its
 * seating's operations (a Kind), chosen once, when the game begins.  The
 * exported functions below the two tables are written once, over a Kind.
 *
 * Text goes both ways through one shared buffer, `io`: the caller writes
 * its input there and passes its length; answers are written back there,
 * NUL-terminated, mostly as JSON so the worker can JSON.parse them.
 * Refusals carry a reason code and the squares involved, so the page can
 * show them in the player's language, and the rules' own English message.
 */
#include "wasm/api.h"

#include "core/game.h"
#include "core/movecheck.h"
#include "core/movegen.h"
#include "core/multi_game.h"
#include "core/multi_movegen.h"
#include "core/multi_notation.h"
#include "core/notation.h"
#include "core/record.h"
#include "core/text.h"
#include "engine/levels.h"
#include "engine/multi_search.h"
#include "engine/search.h"
#include "wasm/chain.h"
#include "wasm/json.h"

/* Room for the longest game record (MAX_RECORD_TEXT) and its JSON. */
enum { IO_SIZE = 1 << 18, WASM_PAGE = 1 << 16, DEFAULT_TABLE_MB = 16 };

static char io[IO_SIZE];
static Record record;
static char record_text[MAX_RECORD_TEXT + 1];

static Text out_begin(void) { return text_on(io, IO_SIZE); }

/* The input in io as a NUL-terminated string of `len` bytes. */
static const char *input(int len) { return text_in(io, IO_SIZE, len); }

static void write_reason(const char *reason, const char *message) {
    Text t = out_begin();
    json_reason(&t, reason, NO_SQUARES, 0, message);
}

static void write_refusal(const Refusal *why) {
    Text t = out_begin();
    json_refusal(&t, why);
}

static void refuse_seating(void) { write_reason("players", "two, three or four players, and only four as partners"); }

char *api_io(void) { return io; }
int api_io_size(void) { return IO_SIZE; }

/* ---- one game of any seating ---------------------------------------------- */

/* What api_state tells of a game beyond what every kind has alike. */
typedef struct {
    int pieces, players, turns, turn_limit;
    bool partners;
    char side;
    const char *result;
    char winners[MAX_SEATS + 1], home[MAX_SEATS + 1]; /* seat letters, in turn order */
} Facts;

/* What a search found, as api_think tells it; seats: the letters of the
 * seats with a cost, in turn order (none for two). */
typedef struct {
    int depth, score, win_in;
    long long nodes, time;
    char seats[MAX_SEATS + 1];
    int costs[MAX_SEATS];
} Found;

/* A seating's game and its operations.  pos, start, moves and length point
 * into the game; the positions are the kind's own (a Position or a
 * MultiPosition), handled by the kind's functions only. */
typedef struct {
    void *pos;
    const void *start;
    const Move *moves;
    const int *length;
    int position_size;
    bool (*begin)(Seating seating, int pieces, int turn_limit);
    /* 0, or 1 with a refusal in io and the game unchanged. */
    int (*begin_at)(const char *fen, Seating seating, int pieces, int turn_limit);
    bool (*play_text)(const char *s, int len, Refusal *why);
    bool (*undo)(void);
    bool (*ongoing)(void);
    void (*facts)(Facts *f);
    int (*occurrences)(void);
    int (*occurrences_after)(const void *game, int from, int to);
    bool (*legal)(const void *pos, Move m);
    void (*generate)(const void *pos, MoveList *list);
    void (*make)(void *pos, Move m);
    void (*text_move)(Text *t, const void *pos, Move m);
    void (*text_fen)(Text *t, const void *pos);
    uint64_t (*perft)(void *pos, int depth);
    ChainBoard (*chain_board)(void);
    void (*engine_init)(void *memory, size_t bytes);
    void (*engine_new_game)(void);
    Move (*think)(int level, int movetime, int depth, Found *found);
    bool *engine_ready;
} Kind;

static union {
    Game two;
    MultiGame many;
} game;

typedef union {
    Position two;
    MultiPosition many;
} AnyPosition;

static int turn_limit_or(int turn_limit, int otherwise) { return turn_limit > 0 ? turn_limit : otherwise; }

static void copy_bytes(void *to, const void *from, int n) { __builtin_memcpy(to, from, (size_t)n); }

static Move from_to(int from, int to) { return (Move){(uint8_t)from, (uint8_t)to}; }

/* ---- two players (RULES.md) ------------------------------------------------- */

static Engine engine;
static bool engine_ready;
static SearchReport last_report;

static Variant variant_of(int pieces) { return pieces == 13 ? VARIANT_13 : VARIANT_19; }

static bool two_begin(Seating seating, int pieces, int turn_limit) {
    if (seating.partners || (pieces != 19 && pieces != 13)) return false;
    game_start(&game.two, variant_of(pieces), turn_limit_or(turn_limit, DEFAULT_TURN_LIMIT));
    return true;
}

static int two_begin_at(const char *fen, Seating seating, int pieces, int turn_limit) {
    Position pos;
    Refusal why;
    if (seating.partners) {
        refuse_seating();
        return 1;
    }
    if (pieces != 19 && pieces != 13) {
        write_reason("variant", "the variant is 19 or 13");
        return 1;
    }
    if (!fen_parse(fen, variant_of(pieces), &pos, &why)) {
        write_refusal(&why);
        return 1;
    }
    game_from(&game.two, &pos, turn_limit_or(turn_limit, DEFAULT_TURN_LIMIT));
    return 0;
}

static bool two_play_text(const char *s, int len, Refusal *why) { return game_play_text(&game.two, s, len, why); }
static bool two_undo(void) { return game_undo(&game.two); }
static bool two_ongoing(void) { return game.two.result == RESULT_ONGOING; }
static int two_occurrences(void) { return game_occurrences(&game.two); }

static const char *two_result(Result r) {
    switch (r) {
    case RESULT_WHITE_WINS: return "white-wins";
    case RESULT_BLACK_WINS: return "black-wins";
    case RESULT_DRAW_REPETITION: return "draw-repetition";
    case RESULT_DRAW_TURN_LIMIT: return "draw-turn-limit";
    default: return "ongoing";
    }
}

static void two_facts(Facts *f) {
    const Position *pos = &game.two.pos;
    *f = (Facts){variant_pieces((Variant)pos->variant), 2, pos->turns, game.two.turn_limit, false,
                 colour_letter(pos->side_to_move), two_result(game.two.result), "", ""};
    Result wins[2] = {RESULT_WHITE_WINS, RESULT_BLACK_WINS};
    for (int side = WHITE, won = 0, home = 0; side <= BLACK; side++) {
        if (game.two.result == wins[side]) f->winners[won++] = colour_letter(side);
        Bitboard goal = goal_of((Variant)pos->variant, (Side)side);
        bool all = true;
        for (int sq = 0; sq < NUM_SQUARES; sq++) all &= !bb_has(&goal, sq) || pos->at[sq] == side;
        if (all) f->home[home++] = colour_letter(side);
    }
}

static int two_occurrences_after(const void *g, int from, int to) { return game_occurrences_after(g, from_to(from, to)); }
static bool two_legal(const void *pos, Move m) { return move_is_legal(pos, m); }
static void two_generate(const void *pos, MoveList *list) { generate_moves(pos, list); }
static void two_make(void *pos, Move m) { position_make(pos, m); }
static void two_text_move(Text *t, const void *pos, Move m) { text_move(t, pos, m); }
static void two_text_fen(Text *t, const void *pos) { text_fen(t, pos); }
static uint64_t two_perft(void *pos, int depth) { return perft(pos, depth, NULL); }
static Bitboard two_landings(const void *pos, int from, Bitboard avoid) { return chain_landings(pos, from, avoid); }

static ChainBoard two_chain_board(void) {
    const Position *pos = &game.two.pos;
    return (ChainBoard){pos->at, NO_PIECE, (uint8_t)pos->side_to_move, pos->occupied,
                        goal_of((Variant)pos->variant, (Side)pos->side_to_move), two_landings, pos,
                        two_occurrences_after, &game.two};
}

static void two_engine_init(void *memory, size_t bytes) { engine_init(&engine, memory, bytes); }
static void two_engine_new_game(void) { engine_new_game(&engine); }

static void remember_report(void *ctx, const SearchReport *report) {
    (void)ctx;
    last_report = *report;
}

static Move two_think(int level, int movetime, int depth, Found *found) {
    SearchLimits limits = search_limits_none();
    if (movetime > 0) limits.movetime = movetime;
    if (depth > 0) limits.depth = depth;
    engine_set_level(&engine, level);
    atomic_store(&engine.stop, false);
    last_report = (SearchReport){0};
    Move best = engine_think(&engine, &game.two, &limits, remember_report, NULL);
    *found = (Found){last_report.depth, last_report.score, last_report.win_in, (long long)last_report.nodes,
                     last_report.time_ms, "", {0}};
    return best;
}

static const Kind TWO = {
    &game.two.pos, &game.two.start, game.two.moves, &game.two.length, (int)sizeof(Position),
    two_begin, two_begin_at, two_play_text, two_undo, two_ongoing, two_facts, two_occurrences,
    two_occurrences_after, two_legal, two_generate, two_make, two_text_move, two_text_fen, two_perft,
    two_chain_board, two_engine_init, two_engine_new_game, two_think, &engine_ready,
};

/* ---- three and four players (RULES-MULTI.md) ---------------------------------- */

static MultiEngine multi_engine;
static bool multi_engine_ready;
static MultiReport multi_report;

static bool many_begin(Seating seating, int pieces, int turn_limit) {
    (void)pieces;
    if (!seating_valid(seating)) return false;
    multi_game_start(&game.many, seating, turn_limit_or(turn_limit, multi_default_turn_limit(seating.players)));
    return true;
}

static int many_begin_at(const char *fen, Seating seating, int pieces, int turn_limit) {
    (void)pieces;
    MultiPosition pos;
    Refusal why;
    if (!seating_valid(seating)) {
        refuse_seating();
        return 1;
    }
    if (!multi_fen_parse(fen, seating, &pos, &why)) {
        write_refusal(&why);
        return 1;
    }
    multi_game_from(&game.many, &pos, turn_limit_or(turn_limit, multi_default_turn_limit(seating.players)));
    return 0;
}

static bool many_play_text(const char *s, int len, Refusal *why) { return multi_game_play_text(&game.many, s, len, why); }
static bool many_undo(void) { return multi_game_undo(&game.many); }
static bool many_ongoing(void) { return game.many.result == MULTI_ONGOING; }
static int many_occurrences(void) { return multi_game_occurrences(&game.many); }

/* The letters of the seats in `seats` (a bit each), in turn order. */
static void seat_letters(unsigned seats, int players, char letters[MAX_SEATS + 1]) {
    int n = 0;
    for (int i = 0, seat = SEAT_WHITE; i < players; i++, seat = seat_after(players, seat)) {
        if (seats >> seat & 1) letters[n++] = colour_letter(seat);
    }
    letters[n] = '\0';
}

static void many_facts(Facts *f) {
    static const char *const codes[] = {
        [MULTI_ONGOING] = "ongoing", [MULTI_WHITE_WINS] = "white-wins", [MULTI_BLACK_WINS] = "black-wins",
        [MULTI_RED_WINS] = "red-wins", [MULTI_YELLOW_WINS] = "yellow-wins",
        [MULTI_WHITE_BLACK_WIN] = "white-black-win", [MULTI_RED_YELLOW_WIN] = "red-yellow-win",
        [MULTI_DRAW_REPETITION] = "draw-repetition", [MULTI_DRAW_TURN_LIMIT] = "draw-turn-limit"};
    const MultiPosition *pos = &game.many.pos;
    *f = (Facts){SEAT_PIECES, pos->players, pos->turns, game.many.turn_limit, pos->partners,
                 colour_letter(pos->seat), codes[game.many.result], "", ""};
    unsigned home = 0;
    for (int seat = 0; seat < pos->players; seat++) home |= (unsigned)multi_seat_home(pos, seat) << seat;
    seat_letters(multi_result_winners(game.many.result), pos->players, f->winners);
    seat_letters(home, pos->players, f->home);
}

static int many_occurrences_after(const void *g, int from, int to) {
    return multi_game_occurrences_after(g, from_to(from, to));
}
static bool many_legal(const void *pos, Move m) { return multi_move_is_legal(pos, m); }
static void many_generate(const void *pos, MoveList *list) { multi_generate_moves(pos, list); }
static void many_make(void *pos, Move m) { multi_make(pos, m); }
static void many_text_move(Text *t, const void *pos, Move m) { multi_text_move(t, pos, m); }
static void many_text_fen(Text *t, const void *pos) { multi_text_fen(t, pos); }
static uint64_t many_perft(void *pos, int depth) { return multi_perft(pos, depth, NULL); }
static Bitboard many_landings(const void *pos, int from, Bitboard avoid) { return multi_chain_landings(pos, from, avoid); }

static ChainBoard many_chain_board(void) {
    const MultiPosition *pos = &game.many.pos;
    return (ChainBoard){pos->at, NO_SEAT, (uint8_t)pos->seat, pos->occupied, seat_goal(pos->seat), many_landings, pos,
                        many_occurrences_after, &game.many};
}

static void many_engine_init(void *memory, size_t bytes) { multi_engine_init(&multi_engine, memory, bytes); }
static void many_engine_new_game(void) { multi_engine_new_game(&multi_engine); }

static void remember_multi_report(void *ctx, const MultiReport *report) {
    (void)ctx;
    multi_report = *report;
}

static Move many_think(int level, int movetime, int depth, Found *found) {
    MultiLimits limits = multi_limits_none();
    if (movetime > 0) limits.movetime = movetime;
    if (depth > 0) limits.depth = depth;
    multi_engine_set_level(&multi_engine, level);
    atomic_store(&multi_engine.own_stop, false);
    multi_report = (MultiReport){0};
    Move best = multi_engine_think(&multi_engine, &game.many, &limits, remember_multi_report, NULL);
    *found = (Found){multi_report.depth, multi_report.score, multi_report.win_in, (long long)multi_report.nodes,
                     multi_report.time_ms, "", {0}};
    int players = game.many.pos.players;
    seat_letters((1u << players) - 1, players, found->seats);
    for (int i = 0, seat = SEAT_WHITE; i < players; i++, seat = seat_after(players, seat))
        found->costs[i] = multi_report.costs[seat];
    return best;
}

static const Kind MANY = {
    &game.many.pos, &game.many.start, game.many.moves, &game.many.length, (int)sizeof(MultiPosition),
    many_begin, many_begin_at, many_play_text, many_undo, many_ongoing, many_facts, many_occurrences,
    many_occurrences_after, many_legal, many_generate, many_make, many_text_move, many_text_fen, many_perft,
    many_chain_board, many_engine_init, many_engine_new_game, many_think, &multi_engine_ready,
};

/* The game now, of the kind it is (an empty two-player game before any). */
static const Kind *kind = &TWO;

/* The kind of a seating: two players, or three or four; NULL for none. */
static const Kind *kind_of(int players) { return players == 2 ? &TWO : players == 3 || players == 4 ? &MANY : NULL; }

static Seating seating_of(int players, int partners) { return (Seating){(uint8_t)players, partners != 0}; }

/* ---- the game ------------------------------------------------------------- */

int api_new_game(int players, int partners, int pieces, int turn_limit) {
    const Kind *k = kind_of(players);
    if (!k || !k->begin(seating_of(players, partners), pieces, turn_limit)) return 0;
    kind = k;
    return 1;
}

int api_set_fen(int players, int partners, int pieces, int turn_limit, int len) {
    const Kind *k = kind_of(players);
    if (!k) {
        refuse_seating();
        return 1;
    }
    if (k->begin_at(input(len), seating_of(players, partners), pieces, turn_limit)) return 1;
    kind = k;
    return 0;
}

int api_play(int len) {
    char text[MOVE_TEXT_SIZE + 1];
    if (len < 0 || len > MOVE_TEXT_SIZE) {
        write_reason("malformed", "the move is too long");
        return 1;
    }
    const char *s = input(len);
    for (int i = 0; i <= len; i++) text[i] = s[i];
    Refusal why;
    AnyPosition before;
    copy_bytes(&before, kind->pos, kind->position_size);
    if (!kind->play_text(text, len, &why)) {
        write_refusal(&why);
        return 1;
    }
    /* The move as played: a written chain keeps its path, a from-to is
     * resolved to a shortest one. */
    Text t = out_begin();
    uint8_t path[MAX_PATH];
    int n = move_text_is_pass(text, len) ? 0 : path_parse(text, len, path, &why);
    if (n > 2) text_path(&t, path, n);
    else kind->text_move(&t, &before, kind->moves[*kind->length - 1]);
    return 0;
}

int api_undo(void) { return kind->undo(); }

/* key: [a letter each] */
static void json_letters(Text *t, const char *key, const char *letters) {
    json_key(t, key);
    text_char(t, '[');
    for (int i = 0; letters[i]; i++) {
        if (i) text_char(t, ',');
        text_char(t, '"');
        text_char(t, letters[i]);
        text_char(t, '"');
    }
    text_char(t, ']');
}

int api_state(void) {
    Facts f;
    kind->facts(&f);
    bool ongoing = kind->ongoing();
    char fen[FEN_TEXT_SIZE];
    Text ft = text_on(fen, sizeof fen);
    kind->text_fen(&ft, kind->pos);
    MoveList moves;
    kind->generate(kind->pos, &moves);
    const void *g = kind->chain_board().game;
    Text t = out_begin();
    text_char(&t, '{');
    json_text(&t, "fen", fen);
    json_int(&t, "variant", f.pieces);
    json_int(&t, "players", f.players);
    json_key(&t, "partners");
    text_str(&t, f.partners ? "true" : "false");
    char side[2] = {f.side, '\0'};
    json_text(&t, "side", side);
    json_int(&t, "turns", f.turns);
    json_int(&t, "turnLimit", f.turn_limit);
    json_int(&t, "length", *kind->length);
    json_text(&t, "result", f.result);
    json_letters(&t, "winners", f.winners);
    json_letters(&t, "home", f.home);
    json_int(&t, "occurrences", kind->occurrences());
    json_int(&t, "moves", ongoing ? moves.count : 0);
    json_key(&t, "mustPass");
    text_str(&t, ongoing && move_is_pass(moves.moves[0]) ? "true" : "false");
    /* Moves that would draw by a third repetition, so the page can warn. */
    json_key(&t, "repeating");
    text_char(&t, '[');
    for (int i = 0, shown = 0; ongoing && i < moves.count; i++) {
        Move m = moves.moves[i];
        if (move_is_pass(m) || kind->occurrences_after(g, m.from, m.to) < 3) continue;
        if (shown++) text_char(&t, ',');
        text_char(&t, '"');
        text_square(&t, m.from);
        text_char(&t, '-');
        text_square(&t, m.to);
        text_char(&t, '"');
    }
    text_str(&t, "]}");
    return t.len;
}

/* The position after the first k moves of the game (k in range). */
static void position_at(AnyPosition *pos, int k) {
    copy_bytes(pos, kind->start, kind->position_size);
    for (int i = 0; i < k; i++) kind->make(pos, kind->moves[i]);
}

int api_fen_at(int k) {
    if (k < 0 || k > *kind->length) return 0;
    AnyPosition pos;
    position_at(&pos, k);
    Text t = out_begin();
    kind->text_fen(&t, &pos);
    return t.len;
}

int api_moves(void) {
    Text t = out_begin();
    AnyPosition pos;
    position_at(&pos, 0);
    for (int i = 0; i < *kind->length; i++) {
        if (i) text_char(&t, ' ');
        kind->text_move(&t, &pos, kind->moves[i]);
        kind->make(&pos, kind->moves[i]);
    }
    return *kind->length;
}

/* Is from-to a legal move of the mover now? */
static bool legal_now(int from, int to) {
    if (!kind->ongoing() || from < 0 || from >= NUM_SQUARES || to < 0 || to >= NUM_SQUARES) return false;
    ChainBoard b = kind->chain_board();
    return b.at[from] == b.mover && kind->legal(kind->pos, from_to(from, to));
}

int api_occurrences_after(int from, int to) {
    return legal_now(from, to) ? kind->occurrences_after(kind->chain_board().game, from, to) : 0;
}

/* Every legal move with a shortest path, space-separated, in io. */
int api_legal(void) {
    MoveList moves;
    Text t = out_begin();
    if (!kind->ongoing()) return 0;
    kind->generate(kind->pos, &moves);
    for (int i = 0; i < moves.count; i++) {
        if (i) text_char(&t, ' ');
        kind->text_move(&t, kind->pos, moves.moves[i]);
    }
    return moves.count;
}

/* perft from the current position, for measuring wasm against native. */
double api_perft(int depth) {
    AnyPosition pos;
    copy_bytes(&pos, kind->pos, kind->position_size);
    return (double)kind->perft(&pos, depth);
}

/* ---- choosing a move on the board ---------------------------------------- */

/* The partial chain whose n squares are in io (chain.h), in a game going on. */
static int read_chain(const ChainBoard *b, int n, uint8_t path[MAX_PATH], Bitboard *landed) {
    return kind->ongoing() && chain_read(b, io, n, path, landed);
}

int api_targets(int n) {
    uint8_t path[MAX_PATH];
    Bitboard landed;
    ChainBoard b = kind->chain_board();
    if (!read_chain(&b, n, path, &landed)) return -1;
    return chain_targets(&b, path, n, landed, io);
}

int api_chain_to(int n, int to) {
    uint8_t path[MAX_PATH];
    Bitboard landed;
    ChainBoard b = kind->chain_board();
    if (!read_chain(&b, n, path, &landed)) return 0;
    n = chain_extend(&b, path, n, landed, to);
    /* The rules have the last word (three and four: a piece in its goal stays there). */
    if (!n || !legal_now(path[0], path[n - 1])) return 0;
    Text t = out_begin();
    text_path(&t, path, n);
    return t.len;
}

/* ---- the engines ----------------------------------------------------------- */

static int table_mb = DEFAULT_TABLE_MB;

/* Gives the engine of the game's kind a table of up to mb MiB, grown from
 * the module's memory; returns the MiB it got. */
static int table_for(const Kind *k, int mb) {
    void *memory = NULL;
    size_t bytes = 0;
    for (; mb > 0 && !memory; mb /= 2) {
        int old = __builtin_wasm_memory_grow(0, (int)(((size_t)mb << 20) / WASM_PAGE));
        if (old >= 0) {
            memory = (void *)((size_t)old * WASM_PAGE);
            bytes = (size_t)mb << 20;
        }
    }
    k->engine_init(memory, bytes);
    *k->engine_ready = true;
    return (int)(bytes >> 20);
}

int api_engine_init(int mb) {
    table_mb = mb;
    return table_for(kind, mb);
}

void api_engine_new_game(void) {
    static const Kind *const KINDS[] = {&TWO, &MANY};
    for (int i = 0; i < 2; i++) {
        if (*KINDS[i]->engine_ready) KINDS[i]->engine_new_game();
    }
}

int api_think(int level, int movetime, int depth) {
    Text t = out_begin();
    if (!*kind->engine_ready) table_for(kind, table_mb);
    if (!kind->ongoing()) {
        text_str(&t, "{}");
        return 0;
    }
    Found found;
    Move best = kind->think(level, movetime, depth, &found);
    char move[MOVE_TEXT_SIZE];
    Text m = text_on(move, sizeof move);
    kind->text_move(&m, kind->pos, best);
    text_char(&t, '{');
    json_text(&t, "move", move);
    json_int(&t, "depth", found.depth);
    json_int(&t, "score", found.score);
    json_int(&t, "winIn", found.win_in);
    json_int(&t, "nodes", found.nodes);
    json_int(&t, "time", found.time);
    if (found.seats[0]) {
        /* The seats' figures as an object of its own: json_key's commas start afresh in it. */
        char seats[96];
        Text o = text_on(seats, sizeof seats);
        text_char(&o, '{');
        for (int i = 0; found.seats[i]; i++) {
            char key[2] = {found.seats[i], '\0'};
            json_int(&o, key, found.costs[i]);
        }
        text_char(&o, '}');
        json_key(&t, "seats");
        text_str(&t, seats);
    }
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
