/* table.c: the game for any seating (see table.h). */
#include "core/table.h"

#include "core/movegen.h"
#include "core/names.h"
#include "core/record.h"
#include "core/notation.h"
#include "core/notation.h"

/* A position of either kind, for replays off the record. */
typedef union {
    Position two;
    Position many;
} AnyPosition;

/* A seating's operations: the two-player game's or the many's. */
struct TableOps {
    TableKind kind;
    void (*start)(Table *t, TableSeating s, int turn_limit);
    bool (*parse_fen)(const char *fen, TableSeating s, AnyPosition *pos, Refusal *why);
    void (*start_at)(Table *t, const AnyPosition *pos, int turn_limit);
    bool (*play)(Table *t, Move m);
    bool (*play_text)(Table *t, const char *s, int len, Refusal *why);
    bool (*undo)(Table *t);
    int (*length)(const Table *t);
    const Move *(*moves)(const Table *t);
    int (*turns)(const Table *t);
    int (*turn_limit)(const Table *t);
    int (*seat_to_move)(const Table *t);
    unsigned (*home)(const Table *t);
    int (*occurrences)(const Table *t);
    int (*occurrences_after)(const Table *t, Move m);
    bool (*legal)(const Table *t, Move m);
    void (*generate)(const Table *t, MoveList *list);
    void (*make)(AnyPosition *pos, Move m);
    void (*text_move)(Text *out, const AnyPosition *pos, Move m);
    void (*text_fen)(Text *out, const AnyPosition *pos);
    void (*set_turn_limit)(Table *t, int turn_limit);
    int (*piece_at)(const AnyPosition *pos, int sq);
    Bitboard (*destinations)(const AnyPosition *pos, int sq);
    int (*path)(const AnyPosition *pos, Move m, uint8_t path[MAX_PATH]);
    bool (*replay)(Table *t, const char *text, const Record *record, RecordProblem *problem);
    const char *(*result_text)(const Table *t);
    uint64_t (*perft)(AnyPosition *pos, int depth, const atomic_bool *stop);
    uint64_t (*perft_divide)(AnyPosition *pos, int depth, MoveList *list, uint64_t counts[MAX_MOVES]);
    Verdict (*verdict)(const Table *t);
    void (*position)(const Table *t, bool start, AnyPosition *pos); /* a copy of the start's or now's */
};

/* ---- two players (RULES.md) ------------------------------------------------- */

static Variant variant_of(int camp) { return camp == 13 ? VARIANT_13 : VARIANT_19; }

static void two_start(Table *t, TableSeating s, int turn_limit) { game_start(&t->two, variant_of(s.camp), turn_limit); }
static bool two_parse_fen(const char *fen, TableSeating s, AnyPosition *pos, Refusal *why) {
    return fen_parse(fen, variant_of(s.camp), &pos->two, why);
}
static void two_start_at(Table *t, const AnyPosition *pos, int turn_limit) { game_from(&t->two, &pos->two, turn_limit); }
static bool two_play(Table *t, Move m) { return game_play(&t->two, m); }
static bool two_play_text(Table *t, const char *s, int len, Refusal *why) { return game_play_text(&t->two, s, len, why); }
static bool two_undo(Table *t) { return game_undo(&t->two); }
static int two_length(const Table *t) { return t->two.length; }
static const Move *two_moves(const Table *t) { return t->two.moves; }
static int two_turns(const Table *t) { return t->two.pos.turns; }
static int two_turn_limit(const Table *t) { return t->two.turn_limit; }
static int two_seat_to_move(const Table *t) { return t->two.pos.seat; }
static unsigned two_home(const Table *t) {
    return (unsigned)position_has_won(&t->two.pos, WHITE) | (unsigned)position_has_won(&t->two.pos, BLACK) << 1;
}
static int two_occurrences(const Table *t) { return game_occurrences(&t->two); }
static int two_occurrences_after(const Table *t, Move m) { return game_occurrences_after(&t->two, m); }
static bool two_legal(const Table *t, Move m) { return move_is_legal(&t->two.pos, m); }
static void two_generate(const Table *t, MoveList *list) { generate_moves(&t->two.pos, list); }
static void two_make(AnyPosition *pos, Move m) { position_make(&pos->two, m); }
static void two_text_move(Text *out, const AnyPosition *pos, Move m) { text_move(out, &pos->two, m); }
static void two_text_fen(Text *out, const AnyPosition *pos) { text_fen(out, &pos->two); }
static void two_set_turn_limit(Table *t, int turn_limit) { game_set_turn_limit(&t->two, turn_limit); }
static int two_piece_at(const AnyPosition *pos, int sq) { return pos->two.at[sq] == NO_PIECE ? -1 : pos->two.at[sq]; }
static Bitboard two_destinations(const AnyPosition *pos, int sq) { return piece_destinations(&pos->two, sq); }
static int two_path(const AnyPosition *pos, Move m, uint8_t path[MAX_PATH]) {
    return shortest_path(&pos->two, m.from, m.to, path);
}
static bool two_replay(Table *t, const char *text, const Record *record, RecordProblem *problem) {
    if (!record_replay(text, record, &t->two, problem)) return false;
    t->seating.camp = t->two.pos.variant == VARIANT_13 ? 13 : 19;
    return true;
}
static const char *two_result_text(const Table *t) { return result_text(t->two.result); }
static uint64_t two_perft(AnyPosition *pos, int depth, const atomic_bool *stop) { return perft(&pos->two, depth, stop); }
static uint64_t two_perft_divide(AnyPosition *pos, int depth, MoveList *list, uint64_t counts[MAX_MOVES]) {
    return perft_divide(&pos->two, depth, list, counts);
}
static void two_position(const Table *t, bool start, AnyPosition *pos) { pos->two = start ? t->two.start : t->two.pos; }

static Verdict two_verdict(const Table *t) {
    switch (t->two.result) {
    case RESULT_WHITE_WINS: return (Verdict){true, 1u << WHITE, "goal"};
    case RESULT_BLACK_WINS: return (Verdict){true, 1u << BLACK, "goal"};
    case RESULT_DRAW_REPETITION: return (Verdict){true, 0, "repetition"};
    case RESULT_DRAW_TURN_LIMIT: return (Verdict){true, 0, "turn_limit"};
    case RESULT_ONGOING: break;
    }
    return (Verdict){false, 0, NULL};
}

static const TableOps TWO = {
    TABLE_TWO, two_start, two_parse_fen, two_start_at, two_play, two_play_text, two_undo, two_length,
    two_moves, two_turns, two_turn_limit, two_seat_to_move, two_home, two_occurrences, two_occurrences_after,
    two_legal, two_generate, two_make, two_text_move, two_text_fen, two_set_turn_limit, two_piece_at, two_destinations, two_path, two_replay, two_result_text, two_perft, two_perft_divide, two_verdict, two_position,
};

/* ---- three and four players (RULES-MULTI.md) ---------------------------------- */

static Seating seating_of(TableSeating s) { return (Seating){(uint8_t)s.players, s.partners}; }

static void many_start(Table *t, TableSeating s, int turn_limit) {
    multi_game_start(&t->many, seating_of(s), turn_limit);
}
static bool many_parse_fen(const char *fen, TableSeating s, AnyPosition *pos, Refusal *why) {
    return fen_parse_seating(fen, seating_of(s), VARIANT_13, &pos->many, why);
}
static void many_start_at(Table *t, const AnyPosition *pos, int turn_limit) {
    multi_game_from(&t->many, &pos->many, turn_limit);
}
static bool many_play(Table *t, Move m) { return multi_game_play(&t->many, m); }
static bool many_play_text(Table *t, const char *s, int len, Refusal *why) {
    return multi_game_play_text(&t->many, s, len, why);
}
static bool many_undo(Table *t) { return multi_game_undo(&t->many); }
static int many_length(const Table *t) { return t->many.length; }
static const Move *many_moves(const Table *t) { return t->many.moves; }
static int many_turns(const Table *t) { return t->many.pos.turns; }
static int many_turn_limit(const Table *t) { return t->many.turn_limit; }
static int many_seat_to_move(const Table *t) { return t->many.pos.seat; }
static unsigned many_home(const Table *t) {
    unsigned home = 0;
    for (int seat = 0; seat < t->many.pos.players; seat++) home |= (unsigned)position_has_won(&t->many.pos, seat) << seat;
    return home;
}
static int many_occurrences(const Table *t) { return multi_game_occurrences(&t->many); }
static int many_occurrences_after(const Table *t, Move m) { return multi_game_occurrences_after(&t->many, m); }
static bool many_legal(const Table *t, Move m) { return move_is_legal(&t->many.pos, m); }
static void many_generate(const Table *t, MoveList *list) { generate_moves(&t->many.pos, list); }
static void many_make(AnyPosition *pos, Move m) { position_make(&pos->many, m); }
static void many_text_move(Text *out, const AnyPosition *pos, Move m) { text_move(out, &pos->many, m); }
static void many_text_fen(Text *out, const AnyPosition *pos) { text_fen(out, &pos->many); }
static void many_set_turn_limit(Table *t, int turn_limit) { multi_game_set_turn_limit(&t->many, turn_limit); }
static int many_piece_at(const AnyPosition *pos, int sq) { return pos->many.at[sq] == NO_SEAT ? -1 : pos->many.at[sq]; }
static Bitboard many_destinations(const AnyPosition *pos, int sq) { return piece_destinations(&pos->many, sq); }
static int many_path(const AnyPosition *pos, Move m, uint8_t path[MAX_PATH]) {
    return shortest_path(&pos->many, m.from, m.to, path);
}
static bool many_replay(Table *t, const char *text, const Record *record, RecordProblem *problem) {
    if (!record_replay_multi(text, record, &t->many, problem)) return false;
    t->seating = (TableSeating){t->many.pos.players, t->many.pos.partners, 13};
    return true;
}
static const char *many_result_text(const Table *t) { return multi_result_text(t->many.result); }
static uint64_t many_perft(AnyPosition *pos, int depth, const atomic_bool *stop) {
    return perft(&pos->many, depth, stop);
}
static uint64_t many_perft_divide(AnyPosition *pos, int depth, MoveList *list, uint64_t counts[MAX_MOVES]) {
    return perft_divide(&pos->many, depth, list, counts);
}
static void many_position(const Table *t, bool start, AnyPosition *pos) {
    pos->many = start ? t->many.start : t->many.pos;
}

static Verdict many_verdict(const Table *t) {
    switch (t->many.result) {
    case MULTI_ONGOING: return (Verdict){false, 0, NULL};
    case MULTI_DRAW_REPETITION: return (Verdict){true, 0, "repetition"};
    case MULTI_DRAW_TURN_LIMIT: return (Verdict){true, 0, "turn_limit"};
    default: return (Verdict){true, multi_result_winners(t->many.result), "goal"};
    }
}

static const TableOps MANY = {
    TABLE_MANY, many_start, many_parse_fen, many_start_at, many_play, many_play_text, many_undo, many_length,
    many_moves, many_turns, many_turn_limit, many_seat_to_move, many_home, many_occurrences,
    many_occurrences_after, many_legal, many_generate, many_make, many_text_move, many_text_fen, many_set_turn_limit, many_piece_at, many_destinations, many_path, many_replay, many_result_text, many_perft, many_perft_divide,
    many_verdict, many_position,
};

/* ---- Halma's seatings ------------------------------------------------------- */

/* Every game there is: who plays, the camps they may have (the first is
 * taken when another is asked of a seating whose camps are fixed), the
 * turn limit when none is given, the turn order, and the operations. */
typedef struct {
    int players;
    bool partners;
    int camps[2];
    int turn_limit;
    uint8_t order[MAX_SEATS];
    const TableOps *ops;
} SeatingRow;

static const SeatingRow SEATINGS[] = {
    {2, false, {19, 13}, DEFAULT_TURN_LIMIT, {SEAT_WHITE, SEAT_BLACK}, &TWO},
    {3, false, {13, 13}, 3 * TURNS_PER_SEAT, {SEAT_WHITE, SEAT_RED, SEAT_BLACK}, &MANY},
    {4, false, {13, 13}, 4 * TURNS_PER_SEAT, {SEAT_WHITE, SEAT_RED, SEAT_BLACK, SEAT_YELLOW}, &MANY},
    {4, true, {13, 13}, 4 * TURNS_PER_SEAT, {SEAT_WHITE, SEAT_RED, SEAT_BLACK, SEAT_YELLOW}, &MANY},
};
enum { SEATING_ROWS = sizeof SEATINGS / sizeof SEATINGS[0] };

static const SeatingRow *row_of(int players, bool partners) {
    for (int i = 0; i < SEATING_ROWS; i++) {
        if (SEATINGS[i].players == players && SEATINGS[i].partners == partners) return &SEATINGS[i];
    }
    return NULL;
}

SeatingCheck table_seating_check(TableSeating *s) {
    const SeatingRow *row = row_of(s->players, s->partners);
    if (!row) return SEATING_PLAYERS;
    if (row->camps[0] == row->camps[1]) s->camp = row->camps[0];
    return s->camp == row->camps[0] || s->camp == row->camps[1] ? SEATING_OK : SEATING_CAMP;
}

TableKind table_seating_kind(TableSeating s) {
    const SeatingRow *row = row_of(s.players, s.partners);
    return row ? row->ops->kind : TABLE_KINDS;
}

int table_default_turn_limit(int players) {
    for (int i = 0; i < SEATING_ROWS; i++) {
        if (SEATINGS[i].players == players) return SEATINGS[i].turn_limit;
    }
    return DEFAULT_TURN_LIMIT;
}

static int turn_limit_or_default(int turn_limit, int players) {
    return turn_limit > 0 ? turn_limit : table_default_turn_limit(players);
}

/* ---- the game ------------------------------------------------------------- */

bool table_start(Table *t, TableSeating seating, int turn_limit) {
    if (table_seating_check(&seating) != SEATING_OK) return false;
    t->ops = row_of(seating.players, seating.partners)->ops;
    t->seating = seating;
    t->ops->start(t, seating, turn_limit_or_default(turn_limit, seating.players));
    return true;
}

bool table_from_fen(Table *t, TableSeating seating, const char *fen, int turn_limit, Refusal *why) {
    *why = (Refusal){0};
    if (table_seating_check(&seating) != SEATING_OK) return false;
    const TableOps *ops = row_of(seating.players, seating.partners)->ops;
    AnyPosition pos;
    if (!ops->parse_fen(fen, seating, &pos, why)) return false;
    t->ops = ops;
    t->seating = seating;
    ops->start_at(t, &pos, turn_limit_or_default(turn_limit, seating.players));
    return true;
}

bool table_play(Table *t, Move m) { return t->ops->play(t, m); }

bool table_play_text(Table *t, const char *s, int len, Refusal *why) { return t->ops->play_text(t, s, len, why); }

bool table_undo(Table *t) { return t->ops->undo(t); }

void table_set_turn_limit(Table *t, int turn_limit) { t->ops->set_turn_limit(t, turn_limit); }

TableKind table_kind(const Table *t) { return t->ops->kind; }
int table_length(const Table *t) { return t->ops->length(t); }
const Move *table_moves(const Table *t) { return t->ops->moves(t); }
int table_turns(const Table *t) { return t->ops->turns(t); }
int table_turn_limit(const Table *t) { return t->ops->turn_limit(t); }
int table_seat_to_move(const Table *t) { return t->ops->seat_to_move(t); }
unsigned table_home(const Table *t) { return t->ops->home(t); }

const uint8_t *table_turn_order(const Table *t) { return row_of(t->seating.players, t->seating.partners)->order; }

int table_occurrences(const Table *t) { return t->ops->occurrences(t); }
int table_occurrences_after(const Table *t, Move m) { return t->ops->occurrences_after(t, m); }

bool table_legal(const Table *t, Move m) { return t->ops->legal(t, m); }
void table_generate(const Table *t, MoveList *list) { t->ops->generate(t, list); }

/* The position after the first k moves (k in range), replayed from the
 * start but for the position now, which the game holds. */
static void position_at(const Table *t, int k, AnyPosition *pos) {
    bool now = k == table_length(t);
    t->ops->position(t, !now, pos);
    if (now) return;
    const Move *moves = table_moves(t);
    for (int i = 0; i < k; i++) t->ops->make(pos, moves[i]);
}

void table_text_move_at(const Table *t, int k, Text *out) {
    AnyPosition pos;
    position_at(t, k, &pos);
    t->ops->text_move(out, &pos, table_moves(t)[k]);
}

void table_text_move(const Table *t, Move m, Text *out) {
    AnyPosition pos;
    t->ops->position(t, false, &pos);
    t->ops->text_move(out, &pos, m);
}

void table_text_moves(const Table *t, Text *out) {
    AnyPosition pos;
    t->ops->position(t, true, &pos);
    const Move *moves = table_moves(t);
    for (int i = 0; i < table_length(t); i++) {
        if (i) text_char(out, ' ');
        t->ops->text_move(out, &pos, moves[i]);
        t->ops->make(&pos, moves[i]);
    }
}

int table_piece_at(const Table *t, int sq) {
    AnyPosition pos;
    t->ops->position(t, false, &pos);
    return t->ops->piece_at(&pos, sq);
}

Bitboard table_destinations(const Table *t, int sq) {
    AnyPosition pos;
    t->ops->position(t, false, &pos);
    return t->ops->destinations(&pos, sq);
}

int table_path_at(const Table *t, int k, uint8_t path[MAX_PATH]) {
    Move m = table_moves(t)[k];
    if (move_is_pass(m)) return 0;
    AnyPosition pos;
    position_at(t, k, &pos);
    return t->ops->path(&pos, m, path);
}

bool table_replay(Table *t, const char *text, const Record *record, RecordProblem *problem) {
    return t->ops->replay(t, text, record, problem);
}

const char *table_result_text(const Table *t) { return t->ops->result_text(t); }

void table_text_line(const Table *t, const Move *moves, int n, Text *out) {
    AnyPosition pos;
    t->ops->position(t, false, &pos);
    for (int i = 0; i < n; i++) {
        text_char(out, ' ');
        t->ops->text_move(out, &pos, moves[i]);
        t->ops->make(&pos, moves[i]);
    }
}

void table_text_fen(const Table *t, int k, Text *out) {
    AnyPosition pos;
    position_at(t, k, &pos);
    t->ops->text_fen(out, &pos);
}

uint64_t table_perft(const Table *t, int depth, const atomic_bool *stop) {
    AnyPosition pos;
    t->ops->position(t, false, &pos);
    return t->ops->perft(&pos, depth, stop);
}

uint64_t table_perft_divide(const Table *t, int depth, MoveList *list, uint64_t counts[MAX_MOVES]) {
    AnyPosition pos;
    t->ops->position(t, false, &pos);
    return t->ops->perft_divide(&pos, depth, list, counts);
}

Verdict table_verdict(const Table *t) { return t->ops->verdict(t); }
