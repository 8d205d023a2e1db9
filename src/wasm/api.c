/*
 * api.c: the WebAssembly interface of the rules and the engines, for the
 * web page's worker (web/js/engine-worker.js), for a game of any seating.
 *
 * One game lives in the module instance: the rules' game of any seating
 * (core/table.h), which every export below reads and plays.  Only what the
 * core leaves out, the mailbox a chain is entered on, is chosen by the
 * table's kind (Boards); the computer is one Player (engine/player.h).
 *
 * Text goes both ways through one shared buffer, `io`: the caller writes
 * its input there and passes its length; answers are written back there,
 * NUL-terminated, mostly as JSON so the worker can JSON.parse them.
 * Refusals carry a reason code and the squares involved, so the page can
 * show them in the player's language, and the rules' own English message.
 */
#include "wasm/api.h"

#include "core/movecheck.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/record.h"
#include "core/table.h"
#include "core/text.h"
#include "engine/levels.h"
#include "engine/player.h"
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

/* What a search found, as api_think tells it; seats: the letters of the
 * seats with a cost, in turn order (none for two). */
typedef struct {
    int depth, score, win_in;
    long long nodes, time;
    char seats[MAX_SEATS + 1];
    int costs[MAX_SEATS];
} Found;

/* What the rules (core/table.h) leave to the page's side: the mailbox a
 * chain is entered on, one a TableKind. */
typedef ChainBoard BoardFn(const Table *t);

/* The game now, of any seating. */
static Table current;

/* The game, begun as two players' on 19 if the page asked for none yet. */
static Table *game(void) {
    if (!current.row) table_start(&current, (TableSeating){2, false, 19, RULES_STANDARD}, 0);
    return &current;
}

static bool ongoing(void) { return !table_verdict(game()).over; }

static Move from_to(int from, int to) { return (Move){(uint8_t)from, (uint8_t)to}; }

static int occurrences_after(const void *t, int from, int to) { return table_occurrences_after(t, from_to(from, to)); }

/* The letters of the seats in `seats` (a bit each), in turn order. */
static void seat_letters(const Table *t, unsigned seats, char letters[MAX_SEATS + 1]) {
    const uint8_t *order = table_turn_order(t);
    int n = 0;
    for (int i = 0; i < t->seating.players; i++) {
        if (seats >> order[i] & 1) letters[n++] = colour_letter(order[i]);
    }
    letters[n] = '\0';
}

/* The mover's home camp under nospoil (RULES-HOUSE.md: no return home). */
static Bitboard home_barred(const Position *pos) {
    return pos->rules == RULES_NOSPOIL ? camp_of((Variant)pos->variant, pos->seat) : (Bitboard){{0, 0, 0, 0}};
}

/* ---- two players' board (RULES.md) --------------------------------------- */

static Bitboard two_landings(const void *pos, int from, Bitboard avoid) { return chain_landings(pos, from, avoid); }

static ChainBoard two_chain_board(const Table *t) {
    const Position *pos = &t->game.pos;
    return (ChainBoard){pos->at, NO_PIECE, (uint8_t)pos->seat, pos->occupied,
                        goal_of((Variant)pos->variant, (Side)pos->seat), home_barred(pos), two_landings, pos,
                        occurrences_after, t};
}


/* ---- three and four players' (RULES-MULTI.md) --------------------------------- */

static Bitboard many_landings(const void *pos, int from, Bitboard avoid) { return chain_landings(pos, from, avoid); }

static ChainBoard many_chain_board(const Table *t) {
    const Position *pos = &t->game.pos;
    return (ChainBoard){pos->at, NO_SEAT, (uint8_t)pos->seat, pos->occupied, seat_goal(pos->seat), home_barred(pos),
                        many_landings, pos, occurrences_after, t};
}


static BoardFn *const BOARDS[TABLE_KINDS] = {[TABLE_TWO] = two_chain_board, [TABLE_MANY] = many_chain_board};

static ChainBoard chain_board(void) { return BOARDS[table_kind(game())](game()); }

/* ---- the computer (engine/player.h) ------------------------------------------ */

static Player player;
static bool player_ready;
static PlayerReport last_report;

static void remember_report(void *ctx, const PlayerReport *report) {
    (void)ctx;
    last_report = *report;
}

/* The computer's move in the game now, and what its search found: the
 * seats' figures in turn order (none for two). */
static Move think(const Table *t, int level, int movetime, int depth, Found *found) {
    PlayerLimits limits = player_limits_none();
    if (movetime > 0) limits.movetime = movetime;
    if (depth > 0) limits.depth = depth;
    player_set_level(&player, level);
    player_resume(&player);
    last_report = (PlayerReport){0};
    Move best = player_think(&player, t, &limits, remember_report, NULL);
    const PlayerReport *r = &last_report;
    *found = (Found){r->depth, r->score, r->win_in, (long long)r->nodes, r->time_ms, "", {0}};
    if (r->seats) seat_letters(t, (1u << t->seating.players) - 1, found->seats);
    for (int i = 0; i < r->seats; i++) found->costs[i] = r->costs[table_turn_order(t)[i]];
    return best;
}

/* ---- the game ------------------------------------------------------------- */

static TableSeating seating_of(int players, int partners, int pieces, int rules) {
    return (TableSeating){players, partners != 0, pieces, rules};
}

int api_new_game(int players, int partners, int pieces, int turn_limit, int rules) {
    return table_start(&current, seating_of(players, partners, pieces, rules), turn_limit);
}

int api_set_fen(int players, int partners, int pieces, int turn_limit, int len, int rules) {
    TableSeating seating = seating_of(players, partners, pieces, rules);
    SeatingCheck check = table_seating_check(&seating);
    if (check != SEATING_OK) {
        if (check == SEATING_CAMP) write_reason("variant", "the variant is 19 or 13");
        else if (check == SEATING_RULES) write_reason("rules", "the rules are standard (0) or nospoil (1)");
        else refuse_seating();
        return 1;
    }
    Refusal why;
    if (!table_from_fen(&current, seating, input(len), turn_limit, &why)) {
        write_refusal(&why);
        return 1;
    }
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
    if (!table_play_text(game(), text, len, &why)) {
        write_refusal(&why);
        return 1;
    }
    /* The move as played: a written chain keeps its path, a from-to is
     * resolved to a shortest one. */
    Text t = out_begin();
    uint8_t path[MAX_PATH];
    int n = move_text_is_pass(text, len) ? 0 : path_parse(text, len, path, &why);
    if (n > 2) text_path(&t, path, n);
    else table_text_move_at(game(), table_length(game()) - 1, &t);
    return 0;
}

int api_undo(void) { return table_undo(game()); }

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

/* The verdict as the page names it: "ongoing", "red-wins",
 * "white-black-win", "draw-repetition", "draw-turn-limit". */
static void text_result(Text *t, Verdict v) {
    static const char *const COLOURS[MAX_SEATS] = {"white", "black", "red", "yellow"};
    if (!v.over) {
        text_str(t, "ongoing");
        return;
    }
    if (!v.winners) {
        text_str(t, "draw-");
        for (const char *c = v.reason; *c; c++) text_char(t, *c == '_' ? '-' : *c);
        return;
    }
    for (int seat = 0, n = 0; seat < MAX_SEATS; seat++) {
        if (!(v.winners >> seat & 1)) continue;
        if (n++) text_char(t, '-');
        text_str(t, COLOURS[seat]);
    }
    text_str(t, v.winners & (v.winners - 1) ? "-win" : "-wins");
}

/* The repeating moves of api_state: those that would draw by a third
 * repetition, so the page can warn. */
static void json_repeating(Text *t, const Table *g, const MoveList *moves) {
    json_key(t, "repeating");
    text_char(t, '[');
    for (int i = 0, shown = 0; i < moves->count; i++) {
        Move m = moves->moves[i];
        if (move_is_pass(m) || table_occurrences_after(g, m) < 3) continue;
        if (shown++) text_char(t, ',');
        text_char(t, '"');
        text_square(t, m.from);
        text_char(t, '-');
        text_square(t, m.to);
        text_char(t, '"');
    }
    text_char(t, ']');
}

int api_state(void) {
    const Table *g = game();
    bool on = ongoing();
    char fen[FEN_TEXT_SIZE], result[32], winners[MAX_SEATS + 1], home[MAX_SEATS + 1];
    Text ft = text_on(fen, sizeof fen), rt = text_on(result, sizeof result);
    table_text_fen(g, table_length(g), &ft);
    text_result(&rt, table_verdict(g));
    seat_letters(g, table_verdict(g).winners, winners);
    seat_letters(g, table_home(g), home);
    MoveList moves = {.count = 0};
    if (on) table_generate(g, &moves);
    Text t = out_begin();
    text_char(&t, '{');
    json_text(&t, "fen", fen);
    json_int(&t, "variant", g->seating.camp);
    json_int(&t, "players", g->seating.players);
    json_key(&t, "partners");
    text_str(&t, g->seating.partners ? "true" : "false");
    json_text(&t, "rules", rules_name(g->seating.rules));
    char side[2] = {colour_letter(table_seat_to_move(g)), '\0'};
    json_text(&t, "side", side);
    json_int(&t, "turns", table_turns(g));
    json_int(&t, "turnLimit", table_turn_limit(g));
    json_int(&t, "length", table_length(g));
    json_text(&t, "result", result);
    /* How it ended ("goal", "parlett", ...; "" while it goes on): the page says how it was won. */
    json_text(&t, "reason", table_verdict(g).over ? table_verdict(g).reason : "");
    json_letters(&t, "winners", winners);
    json_letters(&t, "home", home);
    json_int(&t, "occurrences", table_occurrences(g));
    json_int(&t, "moves", moves.count);
    json_key(&t, "mustPass");
    text_str(&t, on && move_is_pass(moves.moves[0]) ? "true" : "false");
    json_repeating(&t, g, &moves);
    text_char(&t, '}');
    return t.len;
}

int api_fen_at(int k) {
    if (k < 0 || k > table_length(game())) return 0;
    Text t = out_begin();
    table_text_fen(game(), k, &t);
    return t.len;
}

int api_moves(void) {
    Text t = out_begin();
    table_text_moves(game(), &t);
    return table_length(game());
}

/* Is from-to a legal move of the mover now? */
static bool legal_now(int from, int to) {
    if (!ongoing() || from < 0 || from >= NUM_SQUARES || to < 0 || to >= NUM_SQUARES) return false;
    ChainBoard b = chain_board();
    return b.at[from] == b.mover && table_legal(game(), from_to(from, to));
}

int api_occurrences_after(int from, int to) {
    return legal_now(from, to) ? table_occurrences_after(game(), from_to(from, to)) : 0;
}

/* Every legal move with a shortest path, space-separated, in io. */
int api_legal(void) {
    MoveList moves;
    Text t = out_begin();
    if (!ongoing()) return 0;
    table_generate(game(), &moves);
    for (int i = 0; i < moves.count; i++) {
        if (i) text_char(&t, ' ');
        table_text_move(game(), moves.moves[i], &t);
    }
    return moves.count;
}

/* perft from the current position, for measuring wasm against native. */
double api_perft(int depth) { return (double)table_perft(game(), depth, NULL); }

/* ---- choosing a move on the board ---------------------------------------- */

/* The partial chain whose n squares are in io (chain.h), in a game going on. */
static int read_chain(const ChainBoard *b, int n, uint8_t path[MAX_PATH], Bitboard *landed) {
    return ongoing() && chain_read(b, io, n, path, landed);
}

int api_targets(int n) {
    uint8_t path[MAX_PATH];
    Bitboard landed;
    ChainBoard b = chain_board();
    if (!read_chain(&b, n, path, &landed)) return -1;
    return chain_targets(&b, path, n, landed, io);
}

int api_chain_to(int n, int to) {
    uint8_t path[MAX_PATH];
    Bitboard landed;
    ChainBoard b = chain_board();
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

/* Gives the computer a table of up to mb MiB, grown from the module's
 * memory; returns the MiB it got. */
static int table_for(int mb) {
    void *memory = NULL;
    size_t bytes = 0;
    for (; mb > 0 && !memory; mb /= 2) {
        int old = __builtin_wasm_memory_grow(0, (int)(((size_t)mb << 20) / WASM_PAGE));
        if (old >= 0) {
            memory = (void *)((size_t)old * WASM_PAGE);
            bytes = (size_t)mb << 20;
        }
    }
    player_init(&player, memory, bytes);
    player_ready = true;
    return (int)(bytes >> 20);
}

int api_engine_init(int mb) {
    table_mb = mb;
    return table_for(mb);
}

void api_engine_new_game(void) {
    if (player_ready) player_new_game(&player, game());
}

int api_think(int level, int movetime, int depth) {
    Text t = out_begin();
    if (!player_ready) table_for(table_mb);
    if (!ongoing()) {
        text_str(&t, "{}");
        return 0;
    }
    Found found;
    Move best = think(game(), level, movetime, depth, &found);
    char move[MOVE_TEXT_SIZE];
    Text m = text_on(move, sizeof move);
    table_text_move(game(), best, &m);
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

/* ---- the seatings ---------------------------------------------------------- */

/* ,"key": (json_key's comma goes by the answer's length, not an object's). */
static void next_key(Text *t, const char *key) {
    text_char(t, ',');
    json_str(t, key);
    text_char(t, ':');
}

/* A letter a seat in turn order, of seat_of(seat); '-' for none (-1). */
static void seat_row(Text *t, const char *key, TableSeating s, int (*seat_of)(TableSeating, int)) {
    next_key(t, key);
    text_char(t, '"');
    const uint8_t *order = table_players_turn_order(s.players);
    for (int i = 0; i < s.players; i++) {
        int seat = seat_of ? seat_of(s, order[i]) : order[i];
        text_char(t, seat < 0 ? '-' : colour_letter(seat));
    }
    text_char(t, '"');
}

/* The camps a seating is played with, of 19 and 13 (the check fixes those
 * a seating has no choice of). */
static void seating_camps(Text *t, TableSeating s) {
    static const int CAMPS[] = {19, 13};
    next_key(t, "camps");
    text_char(t, '[');
    for (int i = 0, n = 0; i < (int)(sizeof CAMPS / sizeof CAMPS[0]); i++) {
        TableSeating asked = {s.players, s.partners, CAMPS[i], RULES_STANDARD};
        if (table_seating_check(&asked) != SEATING_OK || asked.camp != CAMPS[i]) continue;
        if (n++) text_char(t, ',');
        text_int(t, CAMPS[i]);
    }
    text_char(t, ']');
}

static void seating_json(Text *t, TableSeating s) {
    text_str(t, "{\"players\":");
    text_int(t, s.players);
    next_key(t, "partners");
    text_str(t, s.partners ? "true" : "false");
    seating_camps(t, s);
    next_key(t, "turnLimit");
    text_int(t, table_default_turn_limit(s.players));
    seat_row(t, "order", s, NULL);
    seat_row(t, "opponent", s, table_seat_opponent);
    seat_row(t, "leftWinner", s, table_seat_left_winner);
    text_char(t, '}');
}

int api_seatings(void) {
    Text t = out_begin();
    text_char(&t, '[');
    int n = 0;
    for (int players = 2; players <= MAX_SEATS; players++) {
        for (int partners = 0; partners <= 1; partners++) {
            TableSeating s = {players, partners, 13, RULES_STANDARD};
            if (table_seating_check(&s) != SEATING_OK) continue;
            if (n++) text_char(&t, ',');
            seating_json(&t, s);
        }
    }
    text_char(&t, ']');
    return n;
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
    json_text(&t, "rules", rules_name(record.rules));
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
