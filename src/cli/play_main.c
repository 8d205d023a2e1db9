/*
 * play_main.c: `halma play`, a game in the terminal.
 *
 * Two people at one keyboard, a person against the computer, or the computer
 * against itself.  Moves are typed in RULES.md notation; a few words (moves,
 * undo, hint, fen, help, quit) do the rest.
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
#include "core/table.h"
#include "cli/play_multi.h"
#include "core/game.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/record.h"
#include "engine/levels.h"
#include "engine/player.h"

static const char USAGE[] =
    "usage: halma play [--camps 19|13] [--white human|computer] [--black human|computer]\n"
    "                  [--level " LEVEL_TEXT(MIN_LEVEL) "-" LEVEL_TEXT(MAX_LEVEL) "] [--turn-limit N] [--load FILE] [--no-colour]\n\n"
    "Plays a game in the terminal.  By default you play White (bottom right,\n"
    "moving first) against the computer at level " LEVEL_TEXT(PERSON_LEVEL) ".\n"
    "  --camps 19|13        the standard game (19 pieces a side) or the short one (13)\n"
    "  --white, --black     who plays each side: human or computer\n"
    "  --level N            the computer's strength, " LEVEL_TEXT(MIN_LEVEL) " (weakest) to " LEVEL_TEXT(MAX_LEVEL) " (strongest)\n"
    "  --turn-limit N       turns before the game is drawn (default 400)\n"
    "  --load FILE          go on with a game record (docs/RECORD.md) or a FEN, e.g.\n"
    "                       one exported from the web game; its variant and turn\n"
    "                       limit replace --camps and --turn-limit\n"
    "  --no-colour          plain characters, no ANSI colours\n"
    "Three or four players: halma play --players 3|4 --help.\n";

static const char HELP[] =
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

typedef struct {
    Table at; /* the game in .two (the board is drawn from the table) */
    Player player;
    bool computer[2];
    bool colour;
    Bitboard marked;
} Terminal;

static void show(Terminal *t) {
    BoardStyle style = {.colour = t->colour, .marked = t->marked};
    const Game *g = &t->at.two;
    if (g->length > 0) {
        Position before = g->pos;
        Move last = g->moves[g->length - 1];
        position_unmake(&before, last);
        if (!move_is_pass(last)) style.path_length = shortest_path(&before, last.from, last.to, style.path);
    }
    putchar('\n');
    board_print(stdout, &t->at, &style);
    t->marked = (Bitboard){{0, 0, 0, 0}};
}

static void announce_move(const Game *g) {
    Position before = g->pos;
    Move last = g->moves[g->length - 1];
    position_unmake(&before, last);
    char text[MOVE_TEXT_SIZE];
    Text tx = text_on(text, sizeof text);
    text_move(&tx, &before, last);
    printf("%s plays %s\n", side_name((Side)before.side_to_move), text);
}

static Move computer_move(Terminal *t) {
    PlayerLimits limits = player_limits_none();
    return player_think(&t->player, &t->at, &limits, NULL, NULL);
}

static void list_destinations(Terminal *t, const char *arg) {
    int sq = square_parse(arg, (int)strlen(arg));
    const Position *pos = &t->at.two.pos;
    if (sq < 0) {
        printf("'%s' is not a square (a1 to p16)\n", arg);
        return;
    }
    if (pos->at[sq] == NO_PIECE) {
        printf("%s is empty\n", arg);
        return;
    }
    Bitboard dests = piece_destinations(pos, sq);
    printf("%s can go to %d square%s:", arg, bb_count(dests), bb_count(dests) == 1 ? "" : "s");
    t->marked = dests;
    while (!bb_is_empty(dests)) {
        uint8_t path[MAX_PATH];
        int n = shortest_path(pos, sq, bb_pop(&dests), path);
        char text[MOVE_TEXT_SIZE];
        Text tx = text_on(text, sizeof text);
        text_path(&tx, path, n);
        printf(" %s", text);
    }
    putchar('\n');
    if (pos->at[sq] != pos->side_to_move) printf("(that piece is %s's; it is %s's turn)\n",
                                               side_name((Side)pos->at[sq]), side_name((Side)pos->side_to_move));
    show(t);
}

/* Undo takes back to the last position where a person was to move. */
static void undo(Terminal *t) {
    Game *g = &t->at.two;
    int taken = 0;
    while (g->length > 0) {
        game_undo(g);
        taken++;
        if (!t->computer[g->pos.side_to_move]) break;
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
    Game *g = &t->at.two;
    char line[1024];
    printf("%s to move (turn %d of %d; 'help' for help) > ", side_name((Side)g->pos.side_to_move),
           g->pos.turns + 1, g->turn_limit);
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
        text_fen(&tx, &g->pos);
        printf("%s\n", fen);
    } else if (!strcmp(line, "hint")) {
        Move m = computer_move(t);
        char text[MOVE_TEXT_SIZE];
        Text tx = text_on(text, sizeof text);
        text_move(&tx, &g->pos, m);
        printf("hint: %s\n", text);
    } else {
        Refusal why;
        if (!game_play_text(g, line, (int)strlen(line), &why)) {
            char err[256];
            Text tx = text_on(err, sizeof err);
            refusal_write(&why, &tx);
            printf("illegal: %s\n", err);
            return;
        }
        if (game_occurrences(g) == 2 && g->result == RESULT_ONGOING)
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
    if (!record_replay(text, &record, &t->at.two, &problem)) {
        if (problem.error == RECORD_BAD_POSITION) fprintf(stderr, "halma play: %s: bad position: %s\n", path, problem.reason);
        else if (problem.error == RECORD_BAD_PLAYERS) fprintf(stderr, "halma play: %s: %s\n", path, problem.reason);
        else fprintf(stderr, "halma play: %s: move %d (%s) is illegal: %s\n", path, problem.number, problem.detail, problem.reason);
        return false;
    }
    return true;
}

static bool parse_player(const char *s, bool *computer) {
    if (!strcmp(s, "human")) *computer = false;
    else if (!strcmp(s, "computer")) *computer = true;
    else return false;
    return true;
}

int play_main(int argc, char **argv) {
    if (play_is_multi(argc, argv)) return play_multi_main(argc, argv);
    static Terminal table;
    Terminal *t = &table;
    table_start(&t->at, (TableSeating){2, false, 19}, 0); /* the kind of game; the game itself is set below */
    Variant variant = VARIANT_19;
    long long level = PERSON_LEVEL, turn_limit = DEFAULT_TURN_LIMIT;
    const char *load = NULL;
    t->computer[WHITE] = false;
    t->computer[BLACK] = true;
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
        const char *v = i < argc ? argv[i++] : NULL;
        if (!v) {
            return cli_usage_error("play", "unknown option or missing value");
        } else if (!strcmp(a, "--camps")) {
            if (!cli_parse_camps(v, &variant)) return cli_usage_error("play", "--camps must be 19 or 13");
        } else if (!strcmp(a, "--white") || !strcmp(a, "--black")) {
            if (!parse_player(v, &t->computer[a[2] == 'w' ? WHITE : BLACK]))
                return cli_usage_error("play", "a player is 'human' or 'computer'");
        } else if (!strcmp(a, "--level")) {
            if (!cli_parse_int(v, MIN_LEVEL, MAX_LEVEL, &level)) return cli_usage_error("play", "--level must be " LEVEL_TEXT(MIN_LEVEL) " to " LEVEL_TEXT(MAX_LEVEL));
        } else if (!strcmp(a, "--load")) {
            load = v;
        } else if (!strcmp(a, "--turn-limit")) {
            if (!cli_parse_int(v, 1, MAX_TURN_LIMIT, &turn_limit))
                return cli_usage_error("play", "--turn-limit must be 1 to 2000");
        } else {
            return cli_usage_error("play", "unknown option");
        }
    }
    size_t hash_bytes = 32u << 20;
    void *hash = hash_memory_alloc(hash_bytes);
    player_init(&t->player, hash, hash ? hash_bytes : 0);
    player_set_level(&t->player, (int)level);
    game_start(&t->at.two, variant, (int)turn_limit);
    if (load && !load_record(t, load)) {
        free(hash);
        return 1;
    }
    printf("Halma, %d pieces a side. White (bottom right) moves first. Type 'help' for help.\n",
           variant_pieces((Variant)t->at.two.pos.variant));
    if (load) printf("Loaded %d moves from %s.\n", t->at.two.length, load);
    if (t->computer[WHITE] || t->computer[BLACK])
        printf("The computer plays at level %d, %s.\n", player_level(&t->player), level_params(player_level(&t->player))->name);
    show(t);
    bool quit = false;
    while (!quit && t->at.two.result == RESULT_ONGOING) {
        if (t->computer[t->at.two.pos.side_to_move]) {
            game_play(&t->at.two, computer_move(t));
            announce_move(&t->at.two);
            show(t);
        } else {
            person_turn(t, &quit);
        }
    }
    if (t->at.two.result != RESULT_ONGOING)
        printf("Game over after %d turns: %s.\n", t->at.two.pos.turns, result_text(t->at.two.result));
    free(hash);
    return 0;
}
