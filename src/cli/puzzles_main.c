/*
 * puzzles_main.c: `halma puzzles generate|verify|export`, the engine's
 * puzzles (docs/PUZZLES.md).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/puzzles.h"

static const char USAGE[] =
    "usage: halma puzzles generate [--seed N] [--count N] [--games N] [--out FILE] [--quiet]\n"
    "       halma puzzles verify FILE\n"
    "       halma puzzles export [--kind fill|chain|win] [--min-rating R] [--max-rating R] FILE\n\n"
    "The puzzles the engine makes from its own games and from set-ups, each claim\n"
    "proven (docs/PUZZLES.md): fill (the goal filled alone in the fewest moves),\n"
    "chain (the longest jump chain), win (a forced win in at most three moves).\n"
    "  generate   makes COUNT puzzles of each kind (default 100) from SEED (default 1)\n"
    "             and the engine's GAMES games (default 24), the same for the same\n"
    "             options, as JSON lines to FILE (default: standard output)\n"
    "  verify     checks every puzzle of FILE again from its line alone: exit 1 and a\n"
    "             line per puzzle that fails\n"
    "  export     writes the puzzles of FILE of one kind or band of ratings, a JSON\n"
    "             object a line\n";

static int usage_error(const char *message) { return cli_usage_error("puzzles", message); }

static int write_all(const PuzzleList *list, FILE *out) {
    for (int i = 0; i < list->count; i++) {
        char *line = puzzle_to_json(&list->items[i]);
        if (!line) return -1;
        fprintf(out, "%s\n", line);
        free(line);
    }
    return fflush(out) == 0 && !ferror(out) ? 0 : -1;
}

static void print_summary(const PuzzleList *list, const GenerateStats *stats) {
    for (int k = 0; k < PUZZLE_KINDS; k++) {
        int count = 0, lo = PUZZLE_RATING_MAX, hi = PUZZLE_RATING_MIN;
        for (int i = 0; i < list->count; i++) {
            const Puzzle *p = &list->items[i];
            if (p->kind != (PuzzleKind)k) continue;
            count++;
            if (p->rating < lo) lo = p->rating;
            if (p->rating > hi) hi = p->rating;
        }
        fprintf(stderr, "%-5s %3d puzzles, ratings %d to %d, of %d candidates (%d from games, %d from set-ups)\n",
                puzzle_kind_name((PuzzleKind)k), count, count ? lo : 0, count ? hi : 0, stats->candidates[k],
                stats->from_games[k], stats->from_setups[k]);
    }
    fprintf(stderr, "games mined in %.1f s, set-ups in %.1f s\n", stats->seconds_games, stats->seconds_setups);
}

static int generate(int argc, char **argv) {
    GenerateOptions o = {.seed = 1, .per_kind = 100, .games = 24};
    const char *out_path = NULL;
    for (int i = 1; i < argc; i++) {
        long long v;
        if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
            if (!cli_parse_int(argv[++i], 0, 4294967295LL, &v)) return usage_error("--seed must be 0 to 4294967295");
            o.seed = (uint64_t)v;
        } else if (!strcmp(argv[i], "--count") && i + 1 < argc) {
            if (!cli_parse_int(argv[++i], 1, 1000, &v)) return usage_error("--count must be 1 to 1000");
            o.per_kind = (int)v;
        } else if (!strcmp(argv[i], "--games") && i + 1 < argc) {
            if (!cli_parse_int(argv[++i], 0, 1000, &v)) return usage_error("--games must be 0 to 1000");
            o.games = (int)v;
        } else if (!strcmp(argv[i], "--out") && i + 1 < argc) {
            out_path = argv[++i];
        } else if (!strcmp(argv[i], "--quiet")) {
            o.quiet = true;
        } else {
            return usage_error("unexpected argument to generate");
        }
    }
    PuzzleList list = {0};
    GenerateStats stats;
    if (!puzzles_generate(&o, &list, &stats)) {
        fprintf(stderr, "halma puzzles: out of memory\n");
        puzzle_list_free(&list);
        return 1;
    }
    FILE *out = out_path ? fopen(out_path, "w") : stdout;
    int status = 0;
    if (!out || write_all(&list, out) != 0) {
        fprintf(stderr, "halma puzzles: cannot write %s\n", out_path ? out_path : "standard output");
        status = 1;
    }
    if (out && out != stdout) fclose(out);
    if (!o.quiet) print_summary(&list, &stats);
    puzzle_list_free(&list);
    return status;
}

/* Reads FILE a line at a time, each line handed to `each`; blank lines are
 * skipped.  Returns the lines that `each` refused, or -1 when FILE cannot
 * be read. */
typedef bool (*LineFn)(void *ctx, int number, const char *line);

static int each_line(const char *path, LineFn each, void *ctx) {
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    char *line = NULL;
    size_t cap = 0;
    int number = 0, refused = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, f)) >= 0) {
        number++;
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r')) line[--len] = 0;
        if (len == 0) continue;
        if (!each(ctx, number, line)) refused++;
    }
    free(line);
    fclose(f);
    return refused;
}

typedef struct {
    int counts[PUZZLE_KINDS];
    int total;
    char (*ids)[PUZZLE_ID_SIZE];
    int id_count, id_capacity;
} Verified;

static bool id_seen(Verified *v, const char *id) {
    for (int i = 0; i < v->id_count; i++)
        if (!strcmp(v->ids[i], id)) return true;
    if (v->id_count == v->id_capacity) {
        int capacity = v->id_capacity ? v->id_capacity * 2 : 256;
        void *ids = realloc(v->ids, (size_t)capacity * PUZZLE_ID_SIZE);
        if (!ids) return false;
        v->ids = ids;
        v->id_capacity = capacity;
    }
    memcpy(v->ids[v->id_count++], id, PUZZLE_ID_SIZE);
    return false;
}

static bool verify_line(void *ctx, int number, const char *line) {
    Verified *v = ctx;
    static Puzzle p;
    char err[512];
    v->total++;
    if (!puzzle_from_json(line, &p, err, sizeof err)) {
        printf("line %d: FAIL: %s\n", number, err);
        return false;
    }
    if (id_seen(v, p.id)) {
        printf("line %d (%s): FAIL: the id is used before\n", number, p.id);
        return false;
    }
    if (!puzzle_verify(&p, err, sizeof err)) {
        printf("line %d (%s): FAIL: %s\n", number, p.id, err);
        return false;
    }
    v->counts[p.kind]++;
    return true;
}

static int verify(int argc, char **argv) {
    if (argc != 2 || argv[1][0] == '-') return usage_error("verify takes one FILE");
    Verified v = {0};
    int failed = each_line(argv[1], verify_line, &v);
    free(v.ids);
    if (failed < 0) {
        fprintf(stderr, "halma puzzles: cannot read %s\n", argv[1]);
        return 2;
    }
    printf("%d puzzles, %d verified (%d fill, %d chain, %d win), %d failed\n", v.total, v.total - failed,
           v.counts[PUZZLE_FILL], v.counts[PUZZLE_CHAIN], v.counts[PUZZLE_WIN], failed);
    return failed ? 1 : 0;
}

typedef struct {
    int kind; /* -1: any */
    long long min_rating, max_rating;
} ExportFilter;

static bool export_line(void *ctx, int number, const char *line) {
    const ExportFilter *f = ctx;
    static Puzzle p;
    char err[512];
    if (!puzzle_from_json(line, &p, err, sizeof err)) {
        fprintf(stderr, "halma puzzles: line %d: %s\n", number, err);
        return false;
    }
    if ((f->kind >= 0 && (int)p.kind != f->kind) || p.rating < f->min_rating || p.rating > f->max_rating) return true;
    char *json = puzzle_to_json(&p);
    if (!json) return false;
    printf("%s\n", json);
    free(json);
    return true;
}

static int export_puzzles(int argc, char **argv) {
    ExportFilter f = {-1, PUZZLE_RATING_MIN, PUZZLE_RATING_MAX};
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--kind") && i + 1 < argc) {
            if ((f.kind = puzzle_kind_parse(argv[++i])) < 0) return usage_error("--kind must be fill, chain or win");
        } else if (!strcmp(argv[i], "--min-rating") && i + 1 < argc) {
            if (!cli_parse_int(argv[++i], 0, 10000, &f.min_rating)) return usage_error("--min-rating must be 0 to 10000");
        } else if (!strcmp(argv[i], "--max-rating") && i + 1 < argc) {
            if (!cli_parse_int(argv[++i], 0, 10000, &f.max_rating)) return usage_error("--max-rating must be 0 to 10000");
        } else if (argv[i][0] != '-' && !path) {
            path = argv[i];
        } else {
            return usage_error("unexpected argument to export");
        }
    }
    if (!path) return usage_error("export needs a FILE");
    int refused = each_line(path, export_line, &f);
    if (refused < 0) fprintf(stderr, "halma puzzles: cannot read %s\n", path);
    return refused == 0 ? 0 : refused < 0 ? 2 : 1;
}

int puzzles_main(int argc, char **argv) {
    if (argc < 2) return usage_error("missing generate, verify or export");
    if (cli_is_help(argv[1])) {
        fputs(USAGE, stdout);
        return 0;
    }
    for (int i = 2; i < argc; i++)
        if (cli_is_help(argv[i])) {
            fputs(USAGE, stdout);
            return 0;
        }
    if (!strcmp(argv[1], "generate")) return generate(argc - 1, argv + 1);
    if (!strcmp(argv[1], "verify")) return verify(argc - 1, argv + 1);
    if (!strcmp(argv[1], "export")) return export_puzzles(argc - 1, argv + 1);
    return usage_error("the first argument must be generate, verify or export");
}
