/*
 * play_multi.c: `halma play --players 3|4 [--partners]`, a game of three or
 * four in the terminal, each seat a person or the computer at a level.
 * Reached from play_main.c; the words are the two-player game's.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli/play_multi.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/boardview.h"
#include "cli/cli.h"
#include "cli/hash_memory.h"
#include "core/table.h"
#include "core/multi_game.h"
#include "core/multi_notation.h"
#include "core/record.h"
#include "engine/levels.h"
#include "engine/player.h"

static const char USAGE[] =
    "usage: halma play --players 3|4 [--partners] [--white WHO] [--red WHO] [--black WHO]\n"
    "                  [--yellow WHO] [--level N] [--turn-limit N] [--load FILE] [--no-colour]\n\n"
    "Plays a game of three or four in the terminal (13 pieces a seat, one camp\n"
    "in each corner).  The turn goes White (bottom right), Red (bottom left),\n"
    "Black (top left), Yellow (top right); each seat's goal is the opposite\n"
    "corner.  By default you play White and the computer the other seats at\n"
    "level " LEVEL_TEXT(PERSON_LEVEL) ".\n"
    "  --partners           four players as two partnerships: White and Black\n"
    "                       against Red and Yellow (both partners must finish)\n"
    "  --white, --red, --black, --yellow WHO\n"
    "                       who plays the seat: human, computer, or computer:N\n"
    "                       for the computer at level N\n"
    "  --level N            the computer's level where none is given, " LEVEL_TEXT(MIN_LEVEL) " (weakest) to " LEVEL_TEXT(MAX_LEVEL) "\n"
    "  --turn-limit N       turns of all seats before the game is drawn\n"
    "                       (default 200 a seat)\n"
    "  --load FILE          go on with a game record of three or four (docs/RECORD.md);\n"
    "                       its kind and turn limit replace --players, --partners\n"
    "                       and --turn-limit\n"
    "  --no-colour          plain characters, no ANSI colours\n";

static const char HELP[] =
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

typedef struct {
    Table at; /* the game in .many (the board is drawn from the table) */
    Player player;
    bool computer[MAX_SEATS];
    int level[MAX_SEATS];
    bool colour;
    Bitboard marked;
} MultiTable;

static void show(MultiTable *t) {
    BoardStyle style = {.colour = t->colour, .marked = t->marked};
    const MultiGame *g = &t->at.many;
    if (g->length > 0) {
        MultiPosition before = g->pos;
        Move last = g->moves[g->length - 1];
        multi_unmake(&before, last);
        if (!move_is_pass(last)) style.path_length = multi_shortest_path(&before, last.from, last.to, style.path);
    }
    putchar('\n');
    board_print(stdout, &t->at, &style);
    t->marked = (Bitboard){{0, 0, 0, 0}};
}

static void write_move(const MultiPosition *pos, Move m, char text[MOVE_TEXT_SIZE]) {
    Text tx = text_on(text, MOVE_TEXT_SIZE);
    multi_text_move(&tx, pos, m);
}

static void announce_move(const MultiGame *g) {
    MultiPosition before = g->pos;
    Move last = g->moves[g->length - 1];
    multi_unmake(&before, last);
    char text[MOVE_TEXT_SIZE];
    write_move(&before, last, text);
    printf("%s plays %s\n", colour_name(before.seat), text);
}

static Move computer_move(MultiTable *t, int level) {
    PlayerLimits limits = player_limits_none();
    player_set_level(&t->player, level);
    return player_think(&t->player, &t->at, &limits, NULL, NULL);
}

static void list_destinations(MultiTable *t, const char *arg) {
    int sq = square_parse(arg, (int)strlen(arg));
    const MultiPosition *pos = &t->at.many.pos;
    if (sq < 0) {
        printf("'%s' is not a square (a1 to p16)\n", arg);
        return;
    }
    if (pos->at[sq] == NO_SEAT) {
        printf("%s is empty\n", arg);
        return;
    }
    if (pos->at[sq] != pos->seat) {
        printf("that piece is %s's; it is %s's turn\n", colour_name(pos->at[sq]), colour_name(pos->seat));
        return;
    }
    Bitboard dests = multi_piece_destinations(pos, sq);
    printf("%s can go to %d square%s:", arg, bb_count(dests), bb_count(dests) == 1 ? "" : "s");
    t->marked = dests;
    while (!bb_is_empty(dests)) {
        char text[MOVE_TEXT_SIZE];
        write_move(pos, (Move){(uint8_t)sq, (uint8_t)bb_pop(&dests)}, text);
        printf(" %s", text);
    }
    putchar('\n');
    show(t);
}

/* Undo takes back to the last position where a person was to move. */
static void undo(MultiTable *t) {
    MultiGame *g = &t->at.many;
    int taken = 0;
    while (g->length > 0) {
        multi_game_undo(g);
        taken++;
        if (!t->computer[g->pos.seat]) break;
    }
    if (taken == 0) printf("nothing to undo\n");
    else show(t);
}

/* Reads a line, trimmed and in lower case; false at end of input. */
static bool read_line(char *line, int size) {
    if (!fgets(line, size, stdin)) return false;
    size_t n = strlen(line);
    if (n > 0 && line[n - 1] != '\n' && !feof(stdin)) {
        int c;
        while ((c = getchar()) != '\n' && c != EOF) {}
        line[0] = '\0';
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

static void person_turn(MultiTable *t, bool *quit) {
    MultiGame *g = &t->at.many;
    char line[1024];
    printf("%s to move (turn %d of %d; 'help' for help) > ", colour_name(g->pos.seat), g->pos.turns + 1,
           g->turn_limit);
    fflush(stdout);
    if (!read_line(line, sizeof line)) {
        *quit = true;
        putchar('\n');
        return;
    }
    if (!line[0]) return;
    if (!strcmp(line, "quit") || !strcmp(line, "exit")) *quit = true;
    else if (!strcmp(line, "help") || !strcmp(line, "?")) fputs(HELP, stdout);
    else if (!strcmp(line, "board")) show(t);
    else if (!strcmp(line, "undo")) undo(t);
    else if (!strncmp(line, "moves ", 6)) list_destinations(t, line + 6);
    else if (!strcmp(line, "fen")) {
        char fen[FEN_TEXT_SIZE];
        Text tx = text_on(fen, sizeof fen);
        multi_text_fen(&tx, &g->pos);
        printf("%s\n", fen);
    } else if (!strcmp(line, "hint")) {
        char text[MOVE_TEXT_SIZE];
        write_move(&g->pos, computer_move(t, MAX_LEVEL), text);
        printf("hint: %s\n", text);
    } else {
        Refusal why;
        if (!multi_game_play_text(g, line, (int)strlen(line), &why)) {
            char err[256];
            Text tx = text_on(err, sizeof err);
            refusal_write(&why, &tx);
            printf("illegal: %s\n", err);
            return;
        }
        if (multi_game_occurrences(g) == 2 && g->result == MULTI_ONGOING)
            printf("(this position has now occurred twice; a third time draws)\n");
        show(t);
    }
}

static bool load_record(MultiTable *t, const char *path) {
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
    if (!record_replay_multi(text, &record, &t->at.many, &problem)) {
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

bool play_is_multi(int argc, char **argv) {
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--players")) return true;
    return false;
}

int play_multi_main(int argc, char **argv) {
    static MultiTable table;
    MultiTable *t = &table;
    table_start(&t->at, (TableSeating){4, false, 13}, 0); /* the kind of game; the game itself is set below */
    Seating seating = {0, false};
    long long level = PERSON_LEVEL, turn_limit = 0, players = 0;
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
            seating.partners = true;
            continue;
        }
        const char *v = i < argc ? argv[i++] : NULL;
        int seat = seat_of_option(a);
        if (!v) return cli_usage_error("play", "unknown option or missing value");
        if (!strcmp(a, "--players")) {
            if (!cli_parse_int(v, 3, 4, &players)) return cli_usage_error("play", "--players must be 3 or 4 (2: leave it out)");
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
    seating.players = (uint8_t)players;
    if (!seating_valid(seating)) return cli_usage_error("play", "--partners needs --players 4");
    if (seating.players == 3 && strcmp(who[SEAT_YELLOW], "computer"))
        return cli_usage_error("play", "three players have no Yellow");
    for (int seat = 0; seat < MAX_SEATS; seat++) {
        t->level[seat] = (int)level;
        if (!parse_seat(who[seat], (int)level, &t->computer[seat], &t->level[seat]))
            return cli_usage_error("play", "a seat is 'human', 'computer' or 'computer:N' (N a level)");
    }
    size_t hash_bytes = 32u << 20;
    void *hash = hash_memory_alloc(hash_bytes);
    player_init(&t->player, hash, hash ? hash_bytes : 0);
    multi_game_start(&t->at.many, seating, turn_limit ? (int)turn_limit : multi_default_turn_limit(seating.players));
    if (load && !load_record(t, load)) {
        free(hash);
        return 1;
    }
    const MultiPosition *pos = &t->at.many.pos;
    printf("Halma for %d%s, 13 pieces a seat. White (bottom right) moves first, then Red, Black%s.\n"
           "Type 'help' for help.\n",
           pos->players, pos->partners ? " as partners (White and Black against Red and Yellow)" : "",
           pos->players == 4 ? ", Yellow" : "");
    if (load) printf("Loaded %d moves from %s.\n", t->at.many.length, load);
    for (int i = 0, seat = SEAT_WHITE; i < pos->players; i++, seat = seat_after(pos->players, seat)) {
        if (t->computer[seat])
            printf("%s: the computer at level %d, %s\n", colour_name(seat), t->level[seat], level_params(t->level[seat])->name);
        else printf("%s: a person\n", colour_name(seat));
    }
    show(t);
    bool quit = false;
    while (!quit && t->at.many.result == MULTI_ONGOING) {
        int seat = t->at.many.pos.seat;
        if (t->computer[seat]) {
            multi_game_play(&t->at.many, computer_move(t, t->level[seat]));
            announce_move(&t->at.many);
            show(t);
        } else {
            person_turn(t, &quit);
        }
    }
    if (t->at.many.result != MULTI_ONGOING)
        printf("Game over after %d turns: %s.\n", t->at.many.pos.turns, multi_result_text(t->at.many.result));
    free(hash);
    return 0;
}
