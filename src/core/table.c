/* table.c: the game for any seating (see table.h): Halma's seatings, and
 * the core's one Game under them. */
#include "core/table.h"

#include <stddef.h>

#include "core/names.h"
#include "core/notation.h"
#include "core/record.h"

/* ---- Halma's seatings ------------------------------------------------------- */

/* Every game there is: who plays, the camps they may have (the first is
 * taken when another is asked of a seating whose camps are fixed), the
 * turn limit when none is given, the turn order, the kind of engine that
 * plays it, and who faces whom. */
struct SeatingRow {
    int players;
    bool partners;
    int camps[2];
    int turn_limit;
    uint8_t order[MAX_SEATS];
    TableKind kind;
    int8_t opponent[MAX_SEATS];    /* table_seat_opponent's, -1: none */
    int8_t left_winner[MAX_SEATS]; /* table_seat_left_winner's, -1: none */
};

static const struct SeatingRow SEATINGS[] = {
    {2, false, {19, 13}, DEFAULT_TURN_LIMIT, {SEAT_WHITE, SEAT_BLACK}, TABLE_TWO,
     {SEAT_BLACK, SEAT_WHITE, -1, -1}, {SEAT_BLACK, SEAT_WHITE, -1, -1}},
    {3, false, {13, 13}, 3 * TURNS_PER_SEAT, {SEAT_WHITE, SEAT_RED, SEAT_BLACK}, TABLE_MANY,
     {-1, -1, -1, -1}, {-1, -1, -1, -1}},
    {4, false, {13, 13}, 4 * TURNS_PER_SEAT, {SEAT_WHITE, SEAT_RED, SEAT_BLACK, SEAT_YELLOW}, TABLE_MANY,
     {-1, -1, -1, -1}, {-1, -1, -1, -1}},
    {4, true, {13, 13}, 4 * TURNS_PER_SEAT, {SEAT_WHITE, SEAT_RED, SEAT_BLACK, SEAT_YELLOW}, TABLE_MANY,
     {-1, -1, -1, -1}, {SEAT_RED, SEAT_YELLOW, SEAT_WHITE, SEAT_BLACK}},
};
enum { SEATING_ROWS = sizeof SEATINGS / sizeof SEATINGS[0] };

static const struct SeatingRow *row_of(int players, bool partners) {
    for (int i = 0; i < SEATING_ROWS; i++) {
        if (SEATINGS[i].players == players && SEATINGS[i].partners == partners) return &SEATINGS[i];
    }
    return NULL;
}

bool rules_parse(const char *s, int *rules) {
    for (int r = 0; r < RULES_KINDS; r++) {
        if (text_equal(s, rules_name(r))) {
            *rules = r;
            return true;
        }
    }
    return false;
}

const char *rules_name(int rules) { return rules == RULES_NOSPOIL ? "nospoil" : "standard"; }

SeatingCheck table_seating_check(TableSeating *s) {
    const struct SeatingRow *row = row_of(s->players, s->partners);
    if (!row) return SEATING_PLAYERS;
    if (s->rules < 0 || s->rules >= RULES_KINDS) return SEATING_RULES;
    if (row->camps[0] == row->camps[1]) s->camp = row->camps[0];
    return s->camp == row->camps[0] || s->camp == row->camps[1] ? SEATING_OK : SEATING_CAMP;
}

TableKind table_seating_kind(TableSeating s) {
    const struct SeatingRow *row = row_of(s.players, s.partners);
    return row ? row->kind : TABLE_KINDS;
}

int table_seat_opponent(TableSeating s, int seat) {
    const struct SeatingRow *row = row_of(s.players, s.partners);
    return row && seat >= 0 && seat < MAX_SEATS ? row->opponent[seat] : -1;
}

int table_seat_left_winner(TableSeating s, int seat) {
    const struct SeatingRow *row = row_of(s.players, s.partners);
    return row && seat >= 0 && seat < MAX_SEATS ? row->left_winner[seat] : -1;
}

const uint8_t *table_players_turn_order(int players) {
    for (int i = 0; i < SEATING_ROWS; i++) {
        if (SEATINGS[i].players == players) return SEATINGS[i].order;
    }
    return SEATINGS[0].order;
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

static Seating seating_of(TableSeating s) { return (Seating){(uint8_t)s.players, s.partners, (uint8_t)s.rules}; }
static Variant variant_of(int camp) { return camp == 13 ? VARIANT_13 : VARIANT_19; }

bool table_start(Table *t, TableSeating seating, int turn_limit) {
    if (table_seating_check(&seating) != SEATING_OK) return false;
    t->row = row_of(seating.players, seating.partners);
    t->seating = seating;
    game_start_seating(&t->game, seating_of(seating), variant_of(seating.camp),
                       turn_limit_or_default(turn_limit, seating.players));
    return true;
}

bool table_from_fen(Table *t, TableSeating seating, const char *fen, int turn_limit, Refusal *why) {
    *why = (Refusal){0};
    if (table_seating_check(&seating) != SEATING_OK) return false;
    Position pos;
    if (!fen_parse_seating(fen, seating_of(seating), variant_of(seating.camp), &pos, why)) return false;
    t->row = row_of(seating.players, seating.partners);
    t->seating = seating;
    game_from(&t->game, &pos, turn_limit_or_default(turn_limit, seating.players));
    return true;
}

bool table_play(Table *t, Move m) { return game_play(&t->game, m); }

bool table_play_text(Table *t, const char *s, int len, Refusal *why) { return game_play_text(&t->game, s, len, why); }

bool table_undo(Table *t) { return game_undo(&t->game); }

void table_set_turn_limit(Table *t, int turn_limit) { game_set_turn_limit(&t->game, turn_limit); }

TableKind table_kind(const Table *t) { return t->row->kind; }
int table_length(const Table *t) { return t->game.length; }
const Move *table_moves(const Table *t) { return t->game.moves; }
int table_turns(const Table *t) { return t->game.pos.turns; }
int table_turn_limit(const Table *t) { return t->game.turn_limit; }
int table_seat_to_move(const Table *t) { return t->game.pos.seat; }

unsigned table_home(const Table *t) {
    unsigned home = 0;
    for (int seat = 0; seat < t->game.pos.players; seat++) home |= (unsigned)position_has_won(&t->game.pos, seat) << seat;
    return home;
}

const uint8_t *table_turn_order(const Table *t) { return t->row->order; }

int table_occurrences(const Table *t) { return game_occurrences(&t->game); }
int table_occurrences_after(const Table *t, Move m) { return game_occurrences_after(&t->game, m); }

bool table_legal(const Table *t, Move m) { return move_is_legal(&t->game.pos, m); }
void table_generate(const Table *t, MoveList *list) { generate_moves(&t->game.pos, list); }

/* The position after the first k moves (k in range), replayed from the
 * start but for the position now, which the game holds. */
static void position_at(const Table *t, int k, Position *pos) {
    if (k == t->game.length) {
        *pos = t->game.pos;
        return;
    }
    *pos = t->game.start;
    for (int i = 0; i < k; i++) position_make(pos, t->game.moves[i]);
}

void table_text_move_at(const Table *t, int k, Text *out) {
    Position pos;
    position_at(t, k, &pos);
    text_move(out, &pos, t->game.moves[k]);
}

void table_text_move(const Table *t, Move m, Text *out) { text_move(out, &t->game.pos, m); }

void table_text_moves(const Table *t, Text *out) {
    Position pos = t->game.start;
    for (int i = 0; i < t->game.length; i++) {
        if (i) text_char(out, ' ');
        text_move(out, &pos, t->game.moves[i]);
        position_make(&pos, t->game.moves[i]);
    }
}

int table_piece_at(const Table *t, int sq) { return t->game.pos.at[sq] == NO_PIECE ? -1 : t->game.pos.at[sq]; }

Bitboard table_destinations(const Table *t, int sq) { return piece_destinations(&t->game.pos, sq); }

int table_path_at(const Table *t, int k, uint8_t path[MAX_PATH]) {
    Move m = t->game.moves[k];
    if (move_is_pass(m)) return 0;
    Position pos;
    position_at(t, k, &pos);
    return shortest_path(&pos, m.from, m.to, path);
}

bool table_replay(Table *t, const char *text, const Record *record, RecordProblem *problem) {
    if (!record_replay(text, record, &t->game, problem)) return false;
    const Position *start = &t->game.start;
    t->seating = (TableSeating){start->players, start->partners, variant_pieces((Variant)start->variant), start->rules};
    t->row = row_of(start->players, start->partners);
    return true;
}

const char *table_result_text(const Table *t) { return result_text(t->game.result); }

void table_text_line(const Table *t, const Move *moves, int n, Text *out) {
    Position pos = t->game.pos;
    for (int i = 0; i < n; i++) {
        text_char(out, ' ');
        text_move(out, &pos, moves[i]);
        position_make(&pos, moves[i]);
    }
}

void table_text_fen(const Table *t, int k, Text *out) {
    Position pos;
    position_at(t, k, &pos);
    text_fen(out, &pos);
}

uint64_t table_perft(const Table *t, int depth, const atomic_bool *stop) {
    Position pos = t->game.pos;
    return perft(&pos, depth, stop);
}

uint64_t table_perft_divide(const Table *t, int depth, MoveList *list, uint64_t counts[MAX_MOVES]) {
    Position pos = t->game.pos;
    return perft_divide(&pos, depth, list, counts);
}

/* Every winner's pieces all on its goal: the seeds' win, not Parlett's. */
static bool all_home(const Position *pos, unsigned winners) {
    for (int seat = 0; seat < pos->players; seat++)
        if ((winners >> seat & 1) && !position_has_won(pos, seat)) return false;
    return true;
}

Verdict table_verdict(const Table *t) {
    switch (t->game.result) {
    case RESULT_ONGOING: return (Verdict){false, 0, NULL};
    case RESULT_DRAW_REPETITION: return (Verdict){true, 0, "repetition"};
    case RESULT_DRAW_TURN_LIMIT: return (Verdict){true, 0, "turn_limit"};
    default: break;
    }
    unsigned winners = result_winners(t->game.result);
    return (Verdict){true, winners, all_home(&t->game.pos, winners) ? "goal" : "parlett"};
}
