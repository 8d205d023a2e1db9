/*
 * play_main.c: `halma play`, a game in the terminal, of two, three or four.
 *
 * People at one keyboard, a person against the computer, or the computer
 * against itself, any seat each; the game is the table's (core/table.h) and
 * the computer the Player (engine/player.h), whatever the seating.  Moves
 * are typed in RULES.md notation; a few words (moves, undo, hint, fen,
 * help, quit) do the rest.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/boardview.h"
#include "cli/cli.h"
#include "cli/hash_memory.h"
#include "core/names.h"
#include "core/notation.h"
#include "core/record.h"
#include "core/table.h"
#include "engine/levels.h"
#include "engine/player.h"

static const char USAGE[] =
    "usage: halma play [--players 2|3|4 [--partners]] [--camps 19|13] [--rules standard|nospoil]\n"
    "                  [--white WHO] [--black WHO]\n"
    "                  [--red WHO] [--yellow WHO] [--level " LEVEL_TEXT(MIN_LEVEL) "-" LEVEL_TEXT(MAX_LEVEL) "] [--turn-limit N] [--load FILE]\n"
    "                  [--no-colour]\n\n"
    "Plays a game in the terminal.  By default you play White (bottom right,\n"
    "moving first) against the computer at level " LEVEL_TEXT(PERSON_LEVEL) ".\n"
    "  --players N          2 (default), 3 or 4 players; three and four play 13 pieces\n"
    "                       a seat, one camp in each corner, the turn going White\n"
    "                       (bottom right), Red (bottom left), Black (top left),\n"
    "                       Yellow (top right); each seat's goal is the opposite corner\n"
    "  --partners           four players as two partnerships: White and Black\n"
    "                       against Red and Yellow (both partners must finish)\n"
    "  --camps 19|13        two players: the standard game (19 pieces a side) or the\n"
    "                       short one (13)\n"
    "  --rules NAME         standard (default) or nospoil, the house rule against\n"
    "                       spoiling: a piece that leaves its home never returns,\n"
    "                       and a side also wins with its goal full, one piece at\n"
    "                       least its own, the others the goal's owner's\n"
    "  --white, --black, --red, --yellow WHO\n"
    "                       who plays the seat: human, computer, or computer:N\n"
    "                       for the computer at level N\n"
    "  --level N            the computer's level where none is given, " LEVEL_TEXT(MIN_LEVEL) " (weakest) to " LEVEL_TEXT(MAX_LEVEL) "\n"
    "  --turn-limit N       turns before the game is drawn (default 400 for two,\n"
    "                       200 a seat for three or four)\n"
    "  --load FILE          go on with a game record (docs/RECORD.md) or a FEN, e.g.\n"
    "                       one exported from the web game; its kind and turn limit\n"
    "                       replace --players, --partners, --camps, --rules and\n"
    "                       --turn-limit\n"
    "  --no-colour          plain characters, no ANSI colours\n";

static const char HELP_TWO[] =
    "Type a move as the squares its piece stands on, joined by '-':\n"
    "  a step            o3-n4\n"
    "  a jump chain      n1-n3-l5-j5   (every landing), or just n1-j5\n"
    "Other commands:\n"
    "  moves SQ    where the piece on SQ can go (e.g. moves n4)\n"
    "  hint        the computer's suggestion\n"
    "  undo        take back your last move (and the computer's reply)\n"
    "  fen         the position in FEN notation\n"
    "  board       show the board again\n"
    "  quit        leave the game\n"
    "Goal: move all your pieces into the opposite camp.  White's camp is\n"
    "bottom right, Black's top left.  A piece that reached its goal camp may\n"
    "not leave it.  400 turns without a winner, or a position seen three times,\n"
    "is a draw.\n";

static const char HELP_MANY[] =
    "Type a move as the squares its piece stands on, joined by '-':\n"
    "  a step            o3-n4\n"
    "  a jump chain      n1-n3-l5-j5   (every landing), or just n1-j5\n"
    "  pass              only when the seat has no move\n"
    "Other commands:\n"
    "  moves SQ    where the piece on SQ can go (e.g. moves n4)\n"
    "  hint        the computer's suggestion\n"
    "  undo        take back to your previous turn\n"
    "  fen         the position in FEN notation\n"
    "  board       show the board again\n"
    "  quit        leave the game\n"
    "Goal: move all your pieces into the opposite corner's camp.  A piece that\n"
    "reached its goal camp may not leave it.  Each for themselves, the first seat\n"
    "home wins; as partners, a partnership wins once both partners are home (a\n"
    "seat home passes).  A position seen three times, or the turn limit, draws.\n";

/* What differs with the kind of game (core/table.h): the help, whether the
 * pieces of a seat not to move may be shown their squares, the hint's
 * level (0: the seat's own), and how the game and its seats are said. */
typedef struct Terminal Terminal;

typedef struct {
    const char *help;
    bool others_pieces;
    int hint_level;
    void (*introduce)(const Terminal *t); /* the game, said when it starts */
    bool each_seat;                       /* who plays each seat said, not only the computer's level */
} Kind;

static void introduce_two(const Terminal *t);
static void introduce_many(const Terminal *t);

static const Kind KINDS[TABLE_KINDS] = {
    [TABLE_TWO] = {HELP_TWO, true, 0, introduce_two, false},
    [TABLE_MANY] = {HELP_MANY, false, MAX_LEVEL, introduce_many, true},
};

struct Terminal {
    Table game;
    Player player;
    bool computer[MAX_SEATS];
    int level[MAX_SEATS];
    bool colour;
    Bitboard marked;
};

static const Kind *kind(const Terminal *t) { return &KINDS[table_kind(&t->game)]; }

static void show(Terminal *t) {
    BoardStyle style = {.colour = t->colour, .marked = t->marked};
    int length = table_length(&t->game);
    if (length > 0) style.path_length = table_path_at(&t->game, length - 1, style.path);
    putchar('\n');
    board_print(stdout, &t->game, &style);
    t->marked = (Bitboard){{0, 0, 0, 0}};
}

/* The last move, the seat's that played it. */
static void announce_move(const Terminal *t, int seat) {
    char text[MOVE_TEXT_SIZE];
    Text tx = text_on(text, sizeof text);
    table_text_move_at(&t->game, table_length(&t->game) - 1, &tx);
    printf("%s plays %s\n", colour_name(seat), text);
}

static Move computer_move(Terminal *t, int level) {
    PlayerLimits limits = player_limits_none();
    player_set_level(&t->player, level);
    return player_think(&t->player, &t->game, &limits, NULL, NULL);
}

static void list_destinations(Terminal *t, const char *arg) {
    int sq = square_parse(arg, (int)strlen(arg));
    if (sq < 0) {
        printf("'%s' is not a square (a1 to p16)\n", arg);
        return;
    }
    int piece = table_piece_at(&t->game, sq), mover = table_seat_to_move(&t->game);
    if (piece < 0) {
        printf("%s is empty\n", arg);
        return;
    }
    bool others = piece != mover;
    if (others && !kind(t)->others_pieces) {
        printf("that piece is %s's; it is %s's turn\n", colour_name(piece), colour_name(mover));
        return;
    }
    Bitboard dests = table_destinations(&t->game, sq);
    printf("%s can go to %d square%s:", arg, bb_count(dests), bb_count(dests) == 1 ? "" : "s");
    t->marked = dests;
    while (!bb_is_empty(dests)) {
        char text[MOVE_TEXT_SIZE];
        Text tx = text_on(text, sizeof text);
        table_text_move(&t->game, (Move){(uint8_t)sq, (uint8_t)bb_pop(&dests)}, &tx);
        printf(" %s", text);
    }
    putchar('\n');
    if (others) printf("(that piece is %s's; it is %s's turn)\n", colour_name(piece), colour_name(mover));
    show(t);
}

/* Undo takes back to the last position where a person was to move. */
static void undo(Terminal *t) {
    int taken = 0;
    while (table_undo(&t->game)) {
        taken++;
        if (!t->computer[table_seat_to_move(&t->game)]) break;
    }
    if (taken == 0) printf("nothing to undo\n");
    else show(t);
}

/* Reads a line; false at end of input. */
static bool read_line(char *line, int size) {
    if (!fgets(line, size, stdin)) return false;
    size_t n = strlen(line);
    if (n > 0 && line[n - 1] != '\n' && !feof(stdin)) {
        int c;
        while ((c = getchar()) != '\n' && c != EOF) {}
        line[0] = '\0'; /* too long: read as nothing */
        printf("that line is too long\n");
        return true;
    }
    while (n > 0 && isspace((unsigned char)line[n - 1])) line[--n] = '\0';
    char *s = line;
    while (isspace((unsigned char)*s)) s++;
    memmove(line, s, strlen(s) + 1);
    for (char *c = line; *c; c++) *c = (char)tolower((unsigned char)*c);
    return true;
}

static void person_turn(Terminal *t, bool *quit) {
    Table *g = &t->game;
    char line[1024];
    int seat = table_seat_to_move(g);
    printf("%s to move (turn %d of %d; 'help' for help) > ", colour_name(seat), table_turns(g) + 1,
           table_turn_limit(g));
    fflush(stdout);
    if (!read_line(line, sizeof line)) {
        *quit = true;
        putchar('\n');
        return;
    }
    if (!line[0]) return;
    if (!strcmp(line, "quit") || !strcmp(line, "exit")) *quit = true;
    else if (!strcmp(line, "help") || !strcmp(line, "?")) fputs(kind(t)->help, stdout);
    else if (!strcmp(line, "board")) show(t);
    else if (!strcmp(line, "undo")) undo(t);
    else if (!strncmp(line, "moves ", 6)) list_destinations(t, line + 6);
    else if (!strcmp(line, "fen")) {
        char fen[FEN_TEXT_SIZE];
        Text tx = text_on(fen, sizeof fen);
        table_text_fen(g, table_length(g), &tx);
        printf("%s\n", fen);
    } else if (!strcmp(line, "hint")) {
        int level = kind(t)->hint_level ? kind(t)->hint_level : t->level[seat];
        Move m = computer_move(t, level);
        char text[MOVE_TEXT_SIZE];
        Text tx = text_on(text, sizeof text);
        table_text_move(g, m, &tx);
        printf("hint: %s\n", text);
    } else {
        Refusal why;
        if (!table_play_text(g, line, (int)strlen(line), &why)) {
            char err[256];
            Text tx = text_on(err, sizeof err);
            refusal_write(&why, &tx);
            printf("illegal: %s\n", err);
            return;
        }
        if (table_occurrences(g) == 2 && !table_verdict(g).over)
            printf("(this position has now occurred twice; a third time draws)\n");
        show(t);
    }
}

/* Loads a record file into the game; false with a message if it fails. */
static bool load_record(Terminal *t, const char *path) {
    static char text[MAX_RECORD_TEXT + 2];
    static Record record;
    FILE *file = fopen(path, "rb");
    if (!file) {
        perror(path);
        return false;
    }
    size_t len = fread(text, 1, sizeof text - 1, file);
    fclose(file);
    text[len] = '\0';
    RecordProblem problem;
    if (!record_parse(text, (int)len, &record, &problem)) {
        fprintf(stderr, "halma play: %s: cannot read the record (%s)", path, record_error_code(problem.error));
        if (problem.number) fprintf(stderr, " at move %d", problem.number);
        fprintf(stderr, problem.detail[0] ? ": %s\n" : "\n", problem.detail);
        return false;
    }
    if (!table_replay(&t->game, text, &record, &problem)) {
        if (problem.error == RECORD_BAD_POSITION) fprintf(stderr, "halma play: %s: bad position: %s\n", path, problem.reason);
        else if (problem.error == RECORD_BAD_PLAYERS) fprintf(stderr, "halma play: %s: %s\n", path, problem.reason);
        else fprintf(stderr, "halma play: %s: move %d (%s) is illegal: %s\n", path, problem.number, problem.detail, problem.reason);
        return false;
    }
    return true;
}

/* human, computer or computer:N */
static bool parse_seat(const char *s, int default_level, bool *computer, int *level) {
    long long n;
    if (!strcmp(s, "human")) *computer = false;
    else if (!strcmp(s, "computer")) *computer = true, *level = default_level;
    else if (!strncmp(s, "computer:", 9) && cli_parse_int(s + 9, MIN_LEVEL, MAX_LEVEL, &n)) *computer = true, *level = (int)n;
    else return false;
    return true;
}

static int seat_of_option(const char *option) {
    static const char *const names[MAX_SEATS] = {"--white", "--black", "--red", "--yellow"};
    for (int seat = 0; seat < MAX_SEATS; seat++)
        if (!strcmp(option, names[seat])) return seat;
    return -1;
}

static void introduce_two(const Terminal *t) {
    printf("Halma, %d pieces a side. White (bottom right) moves first. Type 'help' for help.\n", t->game.seating.camp);
}

static void introduce_many(const Terminal *t) {
    const TableSeating *s = &t->game.seating;
    const uint8_t *order = table_turn_order(&t->game);
    printf("Halma for %d%s, 13 pieces a seat. White (bottom right) moves first, then ", s->players,
           s->partners ? " as partners (White and Black against Red and Yellow)" : "");
    for (int k = 1; k < s->players; k++) printf("%s%s", k > 1 ? ", " : "", colour_name(order[k]));
    printf(".\nType 'help' for help.\n");
}

/* The seats: two players' computer by its level, once; three or four
 * players' seats each. */
static void introduce_seats(const Terminal *t, bool each) {
    const uint8_t *order = table_turn_order(&t->game);
    for (int i = 0; i < t->game.seating.players; i++) {
        int seat = order[i];
        if (t->computer[seat] && !each) {
            printf("The computer plays at level %d, %s.\n", t->level[seat], level_params(t->level[seat])->name);
            return;
        }
        if (!each) continue;
        if (t->computer[seat])
            printf("%s: the computer at level %d, %s\n", colour_name(seat), t->level[seat], level_params(t->level[seat])->name);
        else printf("%s: a person\n", colour_name(seat));
    }
}

static bool seated(const Table *g, int seat) {
    for (int i = 0; i < g->seating.players; i++)
        if (table_turn_order(g)[i] == seat) return true;
    return false;
}

int play_main(int argc, char **argv) {
    static Terminal terminal;
    Terminal *t = &terminal;
    Variant variant = VARIANT_19;
    bool camps_given = false, partners = false;
    long long level = PERSON_LEVEL, turn_limit = 0, players = 2;
    int rules = RULES_STANDARD;
    const char *load = NULL, *who[MAX_SEATS] = {"human", "computer", "computer", "computer"};
    t->colour = isatty(STDOUT_FILENO) && !getenv("NO_COLOR");
    for (int i = 1; i < argc;) {
        const char *a = argv[i++];
        if (cli_is_help(a)) {
            fputs(USAGE, stdout);
            return 0;
        }
        if (!strcmp(a, "--no-colour") || !strcmp(a, "--no-color")) {
            t->colour = false;
            continue;
        }
        if (!strcmp(a, "--partners")) {
            partners = true;
            continue;
        }
        const char *v = i < argc ? argv[i++] : NULL;
        int seat = seat_of_option(a);
        if (!v) return cli_usage_error("play", "unknown option or missing value");
        if (!strcmp(a, "--players")) {
            if (!cli_parse_int(v, 2, 4, &players)) return cli_usage_error("play", "--players must be 2, 3 or 4");
        } else if (!strcmp(a, "--rules")) {
            if (!rules_parse(v, &rules)) return cli_usage_error("play", "--rules must be standard or nospoil");
        } else if (!strcmp(a, "--camps")) {
            if (!cli_parse_camps(v, &variant)) return cli_usage_error("play", "--camps must be 19 or 13");
            camps_given = true;
        } else if (seat >= 0) {
            who[seat] = v;
        } else if (!strcmp(a, "--level")) {
            if (!cli_parse_int(v, MIN_LEVEL, MAX_LEVEL, &level))
                return cli_usage_error("play", "--level must be " LEVEL_TEXT(MIN_LEVEL) " to " LEVEL_TEXT(MAX_LEVEL));
        } else if (!strcmp(a, "--load")) {
            load = v;
        } else if (!strcmp(a, "--turn-limit")) {
            if (!cli_parse_int(v, 1, MAX_TURN_LIMIT, &turn_limit)) return cli_usage_error("play", "--turn-limit must be 1 to 2000");
        } else {
            return cli_usage_error("play", "unknown option");
        }
    }
    TableSeating seating = {(int)players, partners, variant == VARIANT_13 ? 13 : 19, rules}, asked = seating;
    if (table_seating_check(&seating) != SEATING_OK) return cli_usage_error("play", "--partners needs --players 4");
    if (camps_given && seating.camp != asked.camp)
        return cli_usage_error("play", "three and four players play on 13-piece camps (--camps 13)");
    table_start(&t->game, seating, (int)turn_limit);
    static const char *const counts[] = {"", "", "two", "three", "four"};
    for (int seat = 0; seat < MAX_SEATS; seat++) {
        if (!seated(&t->game, seat) && strcmp(who[seat], "computer")) {
            char problem[64];
            snprintf(problem, sizeof problem, "%s players have no %s", counts[seating.players], colour_name(seat));
            return cli_usage_error("play", problem);
        }
        t->level[seat] = (int)level;
        if (!parse_seat(who[seat], (int)level, &t->computer[seat], &t->level[seat]))
            return cli_usage_error("play", "a seat is 'human', 'computer' or 'computer:N' (N a level)");
    }
    size_t hash_bytes = 32u << 20;
    void *hash = hash_memory_alloc(hash_bytes);
    player_init(&t->player, hash, hash ? hash_bytes : 0);
    if (load && !load_record(t, load)) {
        free(hash);
        return 1;
    }
    kind(t)->introduce(t);
    if (load) printf("Loaded %d moves from %s.\n", table_length(&t->game), load);
    if (t->game.seating.rules == RULES_NOSPOIL)
        printf("House rule nospoil: a piece that leaves its home never returns, and a goal full of\n"
               "your pieces and its owner's, one at least yours, wins.\n");
    introduce_seats(t, kind(t)->each_seat);
    show(t);
    bool quit = false;
    while (!quit && !table_verdict(&t->game).over) {
        int seat = table_seat_to_move(&t->game);
        if (t->computer[seat]) {
            table_play(&t->game, computer_move(t, t->level[seat]));
            announce_move(t, seat);
            show(t);
        } else {
            person_turn(t, &quit);
        }
    }
    Verdict end = table_verdict(&t->game);
    if (end.over)
        printf("Game over after %d turns: %s%s.\n", table_turns(&t->game), table_result_text(&t->game),
               !strcmp(end.reason, "parlett") ? ", the goal full, one of its squares the winner's" : "");
    free(hash);
    return 0;
}
