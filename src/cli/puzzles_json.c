/*
 * puzzles_json.c: a puzzle as one line of JSON (docs/PUZZLES.md, "The
 * file"), written and read with jansson; the list of puzzles; the rating.
 */
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli/puzzles.h"

static const char *const KIND_NAMES[PUZZLE_KINDS] = {"fill", "chain", "win"};
static const char *const TARGET_FIELDS[PUZZLE_KINDS] = {"moves", "hops", "win_in"};

const char *puzzle_kind_name(PuzzleKind kind) { return KIND_NAMES[kind]; }
const char *puzzle_target_field(PuzzleKind kind) { return TARGET_FIELDS[kind]; }

int puzzle_kind_parse(const char *name) {
    for (int k = 0; k < PUZZLE_KINDS; k++)
        if (!strcmp(name, KIND_NAMES[k])) return k;
    return -1;
}

bool puzzle_list_add(PuzzleList *list, const Puzzle *p) {
    if (list->count == list->capacity) {
        int capacity = list->capacity ? list->capacity * 2 : 64;
        Puzzle *items = realloc(list->items, (size_t)capacity * sizeof *items);
        if (!items) return false;
        list->items = items;
        list->capacity = capacity;
    }
    list->items[list->count++] = *p;
    return true;
}

void puzzle_list_free(PuzzleList *list) {
    free(list->items);
    *list = (PuzzleList){0};
}

/* Bits of choice: how many of the legal alternatives are not an answer. */
static double choice_bits(int alternatives, int answers) {
    if (answers < 1) answers = 1;
    return alternatives > answers ? log2((double)alternatives / answers) : 0.0;
}

int puzzle_rating(PuzzleKind kind, int target, int slack, int alternatives, int answers) {
    double bits = choice_bits(alternatives, answers), r = 0;
    switch (kind) {
    case PUZZLE_FILL: r = 350 + 110 * target + 260 * slack + 45 * bits; break;
    case PUZZLE_CHAIN: r = 250 + 120 * target + 45 * bits; break;
    case PUZZLE_WIN: r = 600 + 420 * (target - 1) + 220 * slack + 45 * bits; break;
    default: break;
    }
    int rating = (int)lround(r / 10) * 10;
    return rating < PUZZLE_RATING_MIN ? PUZZLE_RATING_MIN : rating > PUZZLE_RATING_MAX ? PUZZLE_RATING_MAX : rating;
}

char *puzzle_to_json(const Puzzle *p) {
    json_t *o = json_object(), *solution = json_array();
    if (!o || !solution) {
        json_decref(o);
        json_decref(solution);
        return NULL;
    }
    for (int i = 0; i < p->solution_length; i++) json_array_append_new(solution, json_string(p->solution[i]));
    json_object_set_new(o, "id", json_string(p->id));
    json_object_set_new(o, "kind", json_string(KIND_NAMES[p->kind]));
    json_object_set_new(o, "variant", json_integer(variant_pieces(p->variant)));
    json_object_set_new(o, "players", json_integer(2));
    json_object_set_new(o, "fen", json_string(p->fen));
    json_object_set_new(o, "solution", solution);
    json_object_set_new(o, TARGET_FIELDS[p->kind], json_integer(p->target));
    json_object_set_new(o, "rating", json_integer(p->rating));
    json_object_set_new(o, "source", json_string(p->source));
    char *text = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(o);
    return text;
}

static bool fail(char *err, size_t size, const char *message) {
    snprintf(err, size, "%s", message);
    return false;
}

/* Copies a string field of at most size - 1 bytes; false when absent or long. */
static bool string_field(json_t *o, const char *name, char *out, size_t size) {
    json_t *v = json_object_get(o, name);
    if (!json_is_string(v) || json_string_length(v) >= size) return false;
    memcpy(out, json_string_value(v), json_string_length(v) + 1);
    return true;
}

static bool int_field(json_t *o, const char *name, long long min, long long max, int *out) {
    json_t *v = json_object_get(o, name);
    if (!json_is_integer(v) || json_integer_value(v) < min || json_integer_value(v) > max) return false;
    *out = (int)json_integer_value(v);
    return true;
}

static bool read_fields(json_t *o, Puzzle *p, char *err, size_t size) {
    char kind[16];
    int variant, players;
    if (!string_field(o, "id", p->id, sizeof p->id) || !p->id[0]) return fail(err, size, "no \"id\" (a short string)");
    if (!string_field(o, "kind", kind, sizeof kind) || puzzle_kind_parse(kind) < 0)
        return fail(err, size, "\"kind\" must be \"fill\", \"chain\" or \"win\"");
    p->kind = (PuzzleKind)puzzle_kind_parse(kind);
    if (!int_field(o, "variant", 13, 19, &variant) || (variant != 13 && variant != 19))
        return fail(err, size, "\"variant\" must be 19 or 13");
    p->variant = variant == 13 ? VARIANT_13 : VARIANT_19;
    if (!int_field(o, "players", 2, 2, &players)) return fail(err, size, "\"players\" must be 2");
    if (!string_field(o, "fen", p->fen, sizeof p->fen)) return fail(err, size, "no \"fen\" string");
    if (!int_field(o, TARGET_FIELDS[p->kind], 1, 64, &p->target)) {
        snprintf(err, size, "no \"%s\" (a whole number 1 to 64) for a %s puzzle", TARGET_FIELDS[p->kind], kind);
        return false;
    }
    if (!int_field(o, "rating", PUZZLE_RATING_MIN, PUZZLE_RATING_MAX, &p->rating))
        return fail(err, size, "\"rating\" must be a whole number 400 to 2800");
    if (!string_field(o, "source", p->source, sizeof p->source)) p->source[0] = 0;
    json_t *solution = json_object_get(o, "solution");
    if (!json_is_array(solution) || json_array_size(solution) < 1 || json_array_size(solution) > PUZZLE_MAX_SOLUTION)
        return fail(err, size, "\"solution\" must be an array of 1 to 12 moves");
    p->solution_length = (int)json_array_size(solution);
    for (int i = 0; i < p->solution_length; i++) {
        json_t *m = json_array_get(solution, (size_t)i);
        if (!json_is_string(m) || json_string_length(m) >= MOVE_TEXT_SIZE)
            return fail(err, size, "every move of \"solution\" must be a string");
        memcpy(p->solution[i], json_string_value(m), json_string_length(m) + 1);
    }
    return true;
}

bool puzzle_from_json(const char *line, Puzzle *p, char *err, size_t size) {
    json_error_t error;
    json_t *o = json_loads(line, JSON_REJECT_DUPLICATES, &error);
    if (!o) {
        snprintf(err, size, "not JSON: %s", error.text);
        return false;
    }
    bool ok = json_is_object(o) ? read_fields(o, p, err, size) : fail(err, size, "not a JSON object");
    json_decref(o);
    return ok;
}
