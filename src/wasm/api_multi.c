/*
 * api_multi.c: the WebAssembly interface of the rules of three and four
 * players (api_multi.h).  Records of any kind are read by api.c's
 * api_parse_record; their moves are replayed here one by one.
 */
#include "wasm/api_multi.h"

#include "core/multi_game.h"
#include "core/movecheck.h"
#include "core/multi_notation.h"
#include "engine/levels.h"
#include "engine/multi_search.h"
#include "wasm/chain.h"
#include "wasm/json.h"

enum { WASM_PAGE = 1 << 16, DEFAULT_TABLE_MB = 16 };

static MultiGame multi;
static MultiEngine multi_engine;
static bool multi_engine_ready;
static MultiReport multi_report;

static Text out_begin(void) { return text_on(api_io(), api_io_size()); }
static const char *input(int len) { return text_in(api_io(), api_io_size(), len); }

static void write_reason(const char *reason, const char *message) {
    Text t = out_begin();
    json_reason(&t, reason, NO_SQUARES, 0, message);
}

static void write_refusal(const Refusal *why) {
    Text t = out_begin();
    json_refusal(&t, why);
}

static bool seating_of(int players, int partners, Seating *seating) {
    *seating = (Seating){(uint8_t)(players == 3 || players == 4 ? players : 0), partners != 0};
    return seating_valid(*seating);
}

static int turn_limit_of(int turn_limit, int players) {
    return turn_limit > 0 ? turn_limit : multi_default_turn_limit(players);
}

int api_multi_new_game(int players, int partners, int turn_limit) {
    Seating seating;
    if (!seating_of(players, partners, &seating)) return 0;
    multi_game_start(&multi, seating, turn_limit_of(turn_limit, players));
    return 1;
}

int api_multi_set_fen(int players, int partners, int turn_limit, int len) {
    Seating seating;
    if (!seating_of(players, partners, &seating)) {
        write_reason("players", "three or four players, and only four as partners");
        return 1;
    }
    MultiPosition pos;
    Refusal why;
    if (!multi_fen_parse(input(len), seating, &pos, &why)) {
        write_refusal(&why);
        return 1;
    }
    multi_game_from(&multi, &pos, turn_limit_of(turn_limit, players));
    return 0;
}

int api_multi_play(int len) {
    char text[MOVE_TEXT_SIZE + 1];
    if (len < 0 || len > MOVE_TEXT_SIZE) {
        write_reason("malformed", "the move is too long");
        return 1;
    }
    const char *s = input(len);
    for (int i = 0; i <= len; i++) text[i] = s[i];
    Refusal why;
    MultiPosition before = multi.pos;
    if (!multi_game_play_text(&multi, text, len, &why)) {
        write_refusal(&why);
        return 1;
    }
    /* A written chain keeps its path, a from-to gets a shortest one. */
    Text t = out_begin();
    uint8_t path[MAX_PATH];
    int n = move_text_is_pass(text, len) ? 0 : path_parse(text, len, path, &why);
    if (n > 2) text_path(&t, path, n);
    else multi_text_move(&t, &before, multi.moves[multi.length - 1]);
    return 0;
}

int api_multi_undo(void) { return multi_game_undo(&multi); }

static const char *result_code(MultiResult r) {
    static const char *const codes[] = {
        [MULTI_ONGOING] = "ongoing", [MULTI_WHITE_WINS] = "white-wins", [MULTI_BLACK_WINS] = "black-wins",
        [MULTI_RED_WINS] = "red-wins", [MULTI_YELLOW_WINS] = "yellow-wins",
        [MULTI_WHITE_BLACK_WIN] = "white-black-win", [MULTI_RED_YELLOW_WIN] = "red-yellow-win",
        [MULTI_DRAW_REPETITION] = "draw-repetition", [MULTI_DRAW_TURN_LIMIT] = "draw-turn-limit"};
    return codes[r];
}

/* key: [the letters of the seats in `seats`, a bit each, in turn order] */
static void json_seats(Text *t, const char *key, unsigned seats, int players) {
    json_key(t, key);
    text_char(t, '[');
    int shown = 0;
    for (int i = 0, seat = SEAT_WHITE; i < players; i++, seat = seat_after(players, seat)) {
        if (!(seats >> seat & 1)) continue;
        if (shown++) text_char(t, ',');
        text_char(t, '"');
        text_char(t, colour_letter(seat));
        text_char(t, '"');
    }
    text_char(t, ']');
}

static void json_move(Text *t, Move m) {
    text_char(t, '"');
    text_square(t, m.from);
    text_char(t, '-');
    text_square(t, m.to);
    text_char(t, '"');
}

int api_multi_state(void) {
    const MultiPosition *pos = &multi.pos;
    bool ongoing = multi.result == MULTI_ONGOING;
    char fen[FEN_TEXT_SIZE];
    Text f = text_on(fen, sizeof fen);
    multi_text_fen(&f, pos);
    unsigned home = 0;
    for (int seat = 0; seat < pos->players; seat++) home |= (unsigned)multi_seat_home(pos, seat) << seat;
    Text t = out_begin();
    text_char(&t, '{');
    json_text(&t, "fen", fen);
    json_int(&t, "players", pos->players);
    json_key(&t, "partners");
    text_str(&t, pos->partners ? "true" : "false");
    char seat[2] = {colour_letter(pos->seat), '\0'};
    json_text(&t, "seat", seat);
    json_int(&t, "turns", pos->turns);
    json_int(&t, "turnLimit", multi.turn_limit);
    json_int(&t, "length", multi.length);
    json_text(&t, "result", result_code(multi.result));
    json_seats(&t, "winners", multi_result_winners(multi.result), pos->players);
    json_seats(&t, "home", home, pos->players);
    json_int(&t, "occurrences", multi_game_occurrences(&multi));
    int legal = multi_legal_count(pos);
    json_int(&t, "moves", ongoing ? (legal ? legal : 1) : 0);
    json_key(&t, "mustPass");
    text_str(&t, ongoing && legal == 0 ? "true" : "false");
    json_key(&t, "repeating");
    text_char(&t, '[');
    MoveList moves;
    multi_generate_moves(pos, &moves);
    for (int i = 0, shown = 0; ongoing && i < moves.count; i++) {
        if (move_is_pass(moves.moves[i]) || multi_game_occurrences_after(&multi, moves.moves[i]) < 3) continue;
        if (shown++) text_char(&t, ',');
        json_move(&t, moves.moves[i]);
    }
    text_str(&t, "]}");
    return t.len;
}

int api_multi_fen_at(int k) {
    if (k < 0 || k > multi.length) return 0;
    MultiPosition pos = multi.start;
    for (int i = 0; i < k; i++) multi_make(&pos, multi.moves[i]);
    Text t = out_begin();
    multi_text_fen(&t, &pos);
    return t.len;
}

int api_multi_moves(void) {
    Text t = out_begin();
    MultiPosition pos = multi.start;
    for (int i = 0; i < multi.length; i++) {
        if (i) text_char(&t, ' ');
        multi_text_move(&t, &pos, multi.moves[i]);
        multi_make(&pos, multi.moves[i]);
    }
    return multi.length;
}

int api_multi_legal(void) {
    MoveList moves;
    Text t = out_begin();
    if (multi.result != MULTI_ONGOING) return 0;
    multi_generate_moves(&multi.pos, &moves);
    for (int i = 0; i < moves.count; i++) {
        if (i) text_char(&t, ' ');
        multi_text_move(&t, &multi.pos, moves.moves[i]);
    }
    return moves.count;
}

/* Is from-to a legal move of the game now? */
static bool legal_now(int from, int to) {
    if (multi.result != MULTI_ONGOING || from < 0 || from >= NUM_SQUARES || to < 0 || to >= NUM_SQUARES) return false;
    if (multi.pos.at[from] != multi.pos.seat) return false;
    Bitboard reach = multi_piece_destinations(&multi.pos, from);
    return bb_has(&reach, to);
}

int api_multi_destinations(int from) {
    if (multi.result != MULTI_ONGOING || from < 0 || from >= NUM_SQUARES || multi.pos.at[from] != multi.pos.seat)
        return -1;
    Bitboard ends = multi_piece_destinations(&multi.pos, from);
    char *io = api_io();
    int marked = 0;
    for (int sq = 0; sq < NUM_SQUARES; sq++) {
        unsigned char flags = 0;
        if (bb_has(&ends, sq)) {
            flags = TARGET_END | (bb_has(&NEIGHBOURS[from], sq) ? TARGET_STEP : 0);
            if (multi_game_occurrences_after(&multi, (Move){(uint8_t)from, (uint8_t)sq}) >= 3) flags |= TARGET_REPEATS;
        }
        marked += flags != 0;
        io[sq] = (char)flags;
    }
    return marked;
}

int api_multi_path(int from, int to) {
    if (!legal_now(from, to)) return 0;
    Text t = out_begin();
    multi_text_move(&t, &multi.pos, (Move){(uint8_t)from, (uint8_t)to});
    return t.len;
}

int api_multi_occurrences_after(int from, int to) {
    if (!legal_now(from, to)) return 0;
    return multi_game_occurrences_after(&multi, (Move){(uint8_t)from, (uint8_t)to});
}

static int occurrences_of(const void *g, int from, int to) {
    return multi_game_occurrences_after(g, (Move){(uint8_t)from, (uint8_t)to});
}

static Bitboard landings_of(const void *pos, int from, Bitboard avoid) { return multi_chain_landings(pos, from, avoid); }

/* The board of the game as chain.c reads it. */
static ChainBoard chain_board(void) {
    const MultiPosition *pos = &multi.pos;
    return (ChainBoard){pos->at, NO_SEAT, (uint8_t)pos->seat, pos->occupied, seat_goal(pos->seat), landings_of, pos, occurrences_of, &multi};
}

/* The partial chain whose n squares are in io (chain.h), in a game going on. */
static int read_chain(const ChainBoard *b, int n, uint8_t path[MAX_PATH], Bitboard *landed) {
    return multi.result == MULTI_ONGOING && chain_read(b, api_io(), n, path, landed);
}

int api_multi_targets(int n) {
    uint8_t path[MAX_PATH];
    Bitboard landed;
    ChainBoard b = chain_board();
    if (!read_chain(&b, n, path, &landed)) return -1;
    return chain_targets(&b, path, n, landed, api_io());
}

int api_multi_chain_to(int n, int to) {
    uint8_t path[MAX_PATH];
    Bitboard landed;
    ChainBoard b = chain_board();
    if (!read_chain(&b, n, path, &landed)) return 0;
    n = chain_extend(&b, path, n, landed, to);
    /* The goal-camp rule: a piece in its goal stays there. */
    if (!n || !multi_move_is_legal(&multi.pos, (Move){path[0], path[n - 1]})) return 0;
    Text t = out_begin();
    text_path(&t, path, n);
    return t.len;
}

double api_multi_perft(int depth) {
    MultiPosition pos = multi.pos;
    return (double)multi_perft(&pos, depth, NULL);
}

/* ---- the computer ------------------------------------------------------- */

int api_multi_engine_init(int mb) {
    void *memory = NULL;
    size_t bytes = 0;
    for (; mb > 0 && !memory; mb /= 2) {
        int old = __builtin_wasm_memory_grow(0, (int)(((size_t)mb << 20) / WASM_PAGE));
        if (old >= 0) {
            memory = (void *)((size_t)old * WASM_PAGE);
            bytes = (size_t)mb << 20;
        }
    }
    multi_engine_init(&multi_engine, memory, bytes);
    multi_engine_ready = true;
    return (int)(bytes >> 20);
}

void api_multi_engine_new_game(void) {
    if (multi_engine_ready) multi_engine_new_game(&multi_engine);
}

static void remember_report(void *ctx, const MultiReport *report) {
    (void)ctx;
    multi_report = *report;
}

int api_multi_think(int level, int movetime, int depth) {
    Text t = out_begin();
    if (!multi_engine_ready) api_multi_engine_init(DEFAULT_TABLE_MB);
    if (multi.result != MULTI_ONGOING) {
        text_str(&t, "{}");
        return 0;
    }
    MultiLimits limits = multi_limits_none();
    if (movetime > 0) limits.movetime = movetime;
    if (depth > 0) limits.depth = depth;
    multi_engine_set_level(&multi_engine, level);
    atomic_store(&multi_engine.own_stop, false);
    multi_report = (MultiReport){0};
    Move best = multi_engine_think(&multi_engine, &multi, &limits, remember_report, NULL);
    char move[MOVE_TEXT_SIZE];
    Text m = text_on(move, sizeof move);
    multi_text_move(&m, &multi.pos, best);
    text_char(&t, '{');
    json_text(&t, "move", move);
    json_int(&t, "depth", multi_report.depth);
    json_int(&t, "score", multi_report.score);
    json_int(&t, "winIn", multi_report.win_in);
    json_int(&t, "nodes", (long long)multi_report.nodes);
    json_int(&t, "time", multi_report.time_ms);
    /* The seats' figures as an object of its own: json_key's commas start afresh in it. */
    char seats[96];
    Text o = text_on(seats, sizeof seats);
    text_char(&o, '{');
    for (int i = 0, seat = SEAT_WHITE; i < multi.pos.players; i++, seat = seat_after(multi.pos.players, seat)) {
        char key[2] = {colour_letter(seat), '\0'};
        json_int(&o, key, multi_report.costs[seat]);
    }
    text_char(&o, '}');
    json_key(&t, "seats");
    text_str(&t, seats);
    text_char(&t, '}');
    return 1;
}

int api_multi_hint(int movetime) { return api_multi_think(MAX_LEVEL, movetime, 0); }
