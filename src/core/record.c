/*
 * record.c: reading game records.
 *
 * The form follows docs/RECORD.md: header lines `[Name "value"]`, then move
 * tokens with optional move numbers (`12.`, `12...`, or glued: `12.n4-m5`),
 * comments in braces or from `;` to the end of the line, and a result token;
 * or a lone FEN.  The text is read in place, in one pass, and like the rest
 * of the core without a C library.
 */
#include "core/record.h"

#include "core/movegen.h"
#include "core/notation.h"

static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
static bool is_digit(char c) { return c >= '0' && c <= '9'; }
static bool is_word(char c) { return is_digit(c) || c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

static bool fail(RecordProblem *p, RecordError error, const char *detail, int len) {
    p->error = error;
    Text t = text_on(p->detail, sizeof p->detail);
    for (int i = 0; i < len && t.len < RECORD_DETAIL_SIZE - 1; i++)
        text_char(&t, detail[i] >= ' ' && detail[i] <= '~' ? detail[i] : '?');
    return false;
}

/* The rules' refusal in p->why, written out in English; false. */
static bool explain(RecordProblem *p) {
    Text t = text_on(p->reason, sizeof p->reason);
    refusal_write(&p->why, &t);
    return false;
}

static bool same(const char *s, int len, const char *word) {
    int i = 0;
    while (i < len && word[i] && s[i] == word[i]) i++;
    return i == len && !word[i];
}

/* The text between `start` and `end` without blanks around it. */
static void trim(const char *s, int *start, int *end) {
    while (*start < *end && is_blank(s[*start])) (*start)++;
    while (*end > *start && is_blank(s[*end - 1])) (*end)--;
}

/* Copies s[start..end) into out with runs of blanks made single spaces. */
static void copy_squeezed(const char *s, int start, int end, char *out, int size) {
    Text t = text_on(out, size);
    for (int i = start; i < end; i++) {
        if (!is_blank(s[i])) text_char(&t, s[i]);
        else if (!is_blank(s[i - 1])) text_char(&t, ' ');
    }
}

static bool is_seat(char c) { return c == 'w' || c == 'b' || c == 'r' || c == 'y'; }

/* A whole text that is only "<placement> <side> <turns>".  Its kind is
 * told by its letters: a 'y' is four players, an 'r' three, neither two
 * (whose variant is told by White's pieces). */
static bool lone_fen(const char *s, int len, Record *r) {
    int start = 0, end = len;
    trim(s, &start, &end);
    int i = start, whites = 0;
    bool red = false, yellow = false;
    for (; i < end && (is_seat(s[i]) || s[i] == '/' || is_digit(s[i])); i++) {
        whites += s[i] == 'w';
        red |= s[i] == 'r';
        yellow |= s[i] == 'y';
    }
    if (i == start || i == end || !is_blank(s[i])) return false;
    while (i < end && is_blank(s[i])) i++;
    if (i == end || !is_seat(s[i]) || i + 1 == end || !is_blank(s[i + 1])) return false;
    red |= s[i] == 'r';
    yellow |= s[i] == 'y';
    for (i++; i < end && is_blank(s[i]);) i++;
    if (i == end) return false;
    while (i < end && is_digit(s[i])) i++;
    if (i != end) return false;
    r->players = yellow ? 4 : red ? 3 : 2;
    r->variant = whites == 13 || r->players > 2 ? VARIANT_13 : VARIANT_19;
    copy_squeezed(s, start, end, r->fen, sizeof r->fen);
    return true;
}

/* A header line `[Name "value"]`; sets name and value spans. */
static bool header_line(const char *s, int start, int end, int *name, int *name_len, int *value, int *value_len) {
    trim(s, &start, &end);
    int i = start;
    if (i >= end || s[i++] != '[') return false;
    *name = i;
    while (i < end && is_word(s[i])) i++;
    *name_len = i - *name;
    if (*name_len == 0 || i >= end || !is_blank(s[i])) return false;
    while (i < end && is_blank(s[i])) i++;
    if (i >= end || s[i++] != '"') return false;
    *value = i;
    while (i < end && s[i] != '"') i++;
    *value_len = i - *value;
    return i + 2 == end && s[i] == '"' && s[i + 1] == ']';
}

/* What the headers said, for the checks made once all are read. */
typedef struct {
    bool variant, turn_limit;
} Given;

static bool read_header(const char *s, int name, int name_len, int value, int value_len, Record *r, Given *given,
                        RecordProblem *p) {
    int start = value, end = value + value_len;
    trim(s, &start, &end);
    const char *v = s + start;
    int v_len = end - start;
    if (same(s + name, name_len, "Variant")) {
        if (same(v, v_len, "19")) r->variant = VARIANT_19;
        else if (same(v, v_len, "13")) r->variant = VARIANT_13;
        else return fail(p, RECORD_BAD_VARIANT, s + value, value_len);
        given->variant = true;
    } else if (same(s + name, name_len, "TurnLimit")) {
        int limit = 0, i = start;
        while (i < end && is_digit(s[i]) && limit <= MAX_TURN_LIMIT) limit = limit * 10 + (s[i++] - '0');
        if (i == start || i != end || limit < 1 || limit > MAX_TURN_LIMIT)
            return fail(p, RECORD_BAD_TURN_LIMIT, s + value, value_len);
        r->turn_limit = limit;
        given->turn_limit = true;
    } else if (same(s + name, name_len, "White") || same(s + name, name_len, "Black")) {
        Token *who = s[name] == 'W' ? &r->white : &r->black;
        *who = (Token){start, end - start};
    } else if (same(s + name, name_len, "Players")) {
        if (v_len != 1 || v[0] < '2' || v[0] > '4') return fail(p, RECORD_BAD_PLAYERS, s + value, value_len);
        r->players = v[0] - '0';
    } else if (same(s + name, name_len, "Partners")) {
        if (same(v, v_len, "yes")) r->partners = true;
        else if (same(v, v_len, "no")) r->partners = false;
        else return fail(p, RECORD_BAD_PARTNERS, s + value, value_len);
    } else if (same(s + name, name_len, "Rules")) {
        if (same(v, v_len, "nospoil")) r->rules = RULES_NOSPOIL;
        else if (same(v, v_len, "standard")) r->rules = RULES_STANDARD;
        else return fail(p, RECORD_BAD_RULES, s + value, value_len);
    } else if (same(s + name, name_len, "FEN")) {
        if (end - start >= FEN_TEXT_SIZE) {
            p->error = RECORD_BAD_POSITION;
            refuse(&p->why, REFUSAL_FEN_TOO_LONG, -1, -1);
            return explain(p);
        }
        copy_squeezed(s, start, end, r->fen, sizeof r->fen);
    }
    return true;
}

/* A result of three or four players: each seat's score in the turn order,
 * "0-1-0-0", "1/2-1/2-1/2". */
static bool is_scores(const char *s, int len) {
    int fields = 0;
    for (int i = 0; i < len; i++) {
        int rest = len - i;
        if (rest >= 3 && s[i] == '1' && s[i + 1] == '/' && s[i + 2] == '2') i += 2;
        else if (s[i] != '0' && s[i] != '1') return false;
        fields++;
        if (i + 1 < len && s[++i] != '-') return false;
        if (i + 1 == len && s[i] == '-') return false;
    }
    return fields == 3 || fields == 4;
}

static bool is_result(const char *s, int len) {
    return same(s, len, "1-0") || same(s, len, "0-1") || same(s, len, "1/2-1/2") || same(s, len, "*") ||
           is_scores(s, len);
}

/* The length of a move number ("12." or "12...") at a token's start; 0 if
 * there is none. */
static int move_number_length(const char *s, int len) {
    int i = 0;
    while (i < len && is_digit(s[i])) i++;
    if (i == 0 || i == len || s[i] != '.') return 0;
    if (i + 2 < len && s[i + 1] == '.' && s[i + 2] == '.') return i + 3;
    return i + 1;
}

static bool is_move(const char *s, int len) {
    if (same(s, len, "pass")) return true;
    uint8_t path[MAX_PATH];
    Refusal ignored;
    return path_parse(s, len, path, &ignored) > 0;
}

static bool add_token(const char *s, int start, int end, Record *r, RecordProblem *p) {
    int skip = move_number_length(s + start, end - start);
    if ((skip && skip == end - start) || is_result(s + start, end - start)) return true;
    start += skip;
    if (r->move_count == MAX_TURN_LIMIT) return fail(p, RECORD_TOO_LONG, "", 0);
    p->number = r->move_count + 1;
    if (!is_move(s + start, end - start)) return fail(p, RECORD_BAD_MOVE, s + start, end - start);
    r->moves[r->move_count++] = (Token){start, end - start};
    return true;
}

/* The moves of one line of the body.  A comment in braces may run over
 * several lines: *in_braces carries it from one line to the next. */
static bool read_move_line(const char *s, int start, int end, bool *in_braces, Record *r, RecordProblem *p) {
    for (int i = start; i < end;) {
        if (*in_braces) {
            while (i < end && s[i] != '}') i++;
            if (i < end) *in_braces = false, i++;
        } else if (s[i] == '{') {
            *in_braces = true;
            i++;
        } else if (s[i] == ';') {
            return true;
        } else if (is_blank(s[i])) {
            i++;
        } else {
            int token = i;
            while (i < end && !is_blank(s[i]) && s[i] != '{' && s[i] != ';') i++;
            if (!add_token(s, token, i, r, p)) return false;
        }
    }
    return true;
}

/* Line by line: header lines wherever they stand, moves everywhere else. */
static bool read_lines(const char *s, int len, Record *r, Given *given, RecordProblem *p) {
    bool in_braces = false;
    int comment = 0;
    for (int start = 0; start < len;) {
        int end = start;
        while (end < len && s[end] != '\n' && s[end] != '\r') end++;
        int name, name_len, value, value_len, first = start, last = end;
        trim(s, &first, &last);
        if (header_line(s, start, end, &name, &name_len, &value, &value_len)) {
            if (!read_header(s, name, name_len, value, value_len, r, given, p)) return false;
        } else if (first < last && s[first] == '[') {
            return fail(p, RECORD_BAD_HEADER, s + first, last - first);
        } else {
            if (!in_braces) comment = start;
            if (!read_move_line(s, start, end, &in_braces, r, p)) return false;
        }
        start = end + 1;
    }
    if (in_braces) {
        p->number = r->move_count + 1;
        while (s[comment] != '{') comment++;
        return fail(p, RECORD_BAD_MOVE, s + comment, len - comment);
    }
    return true;
}

/* The headers together: three and four players play on 13-piece camps,
 * only four may be partners, and each kind has its own turn limit. */
static bool check_kind(Record *r, const Given *given, RecordProblem *p) {
    if (r->partners && r->players != 4) return fail(p, RECORD_BAD_PARTNERS, "yes", 3);
    if (r->players > 2) {
        if (given->variant && r->variant != VARIANT_13) return fail(p, RECORD_BAD_VARIANT, "19", 2);
        r->variant = VARIANT_13;
        if (!given->turn_limit) r->turn_limit = default_turn_limit(r->players);
    }
    return true;
}

bool record_parse(const char *text, int len, Record *r, RecordProblem *p) {
    *p = (RecordProblem){0};
    *r = (Record){.variant = VARIANT_19, .players = 2, .turn_limit = DEFAULT_TURN_LIMIT};
    if (len > MAX_RECORD_TEXT) return fail(p, RECORD_TOO_LONG, "", 0);
    int start = 0, end = len;
    trim(text, &start, &end);
    if (start == end) return fail(p, RECORD_EMPTY, "", 0);
    Given given = {false, false};
    if (lone_fen(text, len, r)) return check_kind(r, &given, p);
    if (!read_lines(text, len, r, &given, p)) return false;
    p->number = 0;
    return check_kind(r, &given, p);
}

/* The record's moves played in order; the first refused one is named. */
static bool replay_moves(const char *text, const Record *r, Game *game, RecordProblem *p) {
    for (int i = 0; i < r->move_count; i++) {
        const char *move = text + r->moves[i].start;
        if (!game_play_text(game, move, r->moves[i].length, &p->why)) {
            p->number = i + 1;
            fail(p, RECORD_ILLEGAL_MOVE, move, r->moves[i].length);
            return explain(p);
        }
    }
    return true;
}

bool record_replay(const char *text, const Record *r, Game *game, RecordProblem *p) {
    *p = (RecordProblem){0};
    Seating seating = {(uint8_t)r->players, r->partners, (uint8_t)r->rules};
    if (r->fen[0]) {
        Position start;
        if (!fen_parse_seating(r->fen, seating, r->variant, &start, &p->why)) {
            p->error = RECORD_BAD_POSITION;
            return explain(p);
        }
        game_from(game, &start, r->turn_limit);
    } else {
        game_start_seating(game, seating, r->variant, r->turn_limit);
    }
    return replay_moves(text, r, game, p);
}

const char *record_error_code(RecordError error) {
    static const char *const codes[] = {
        [RECORD_OK] = "ok", [RECORD_EMPTY] = "empty", [RECORD_TOO_LONG] = "too-long",
        [RECORD_BAD_HEADER] = "bad-header", [RECORD_BAD_VARIANT] = "bad-variant",
        [RECORD_BAD_TURN_LIMIT] = "bad-turn-limit", [RECORD_BAD_MOVE] = "bad-move",
        [RECORD_BAD_POSITION] = "position", [RECORD_ILLEGAL_MOVE] = "move",
        [RECORD_BAD_PLAYERS] = "bad-players", [RECORD_BAD_PARTNERS] = "bad-partners",
        [RECORD_BAD_RULES] = "bad-rules",
    };
    return codes[error];
}
