/* Refusals as data (core/refusal.h): every code comes from the core for a
 * crafted input, with its squares and numbers; refusal_write's English. */
#include "helpers.h"

#include "core/record.h"

#define START19 "bbbbb11/bbbbb11/bbbb12/bbb13/bb14/16/16/16/16/16/16/14ww/13www/12wwww/11wwwww/11wwwww"

static bool seen[REFUSAL_CODES];

static void assert_squares(const Refusal *why, const char *a, const char *b, const char *input) {
    cr_assert_eq(why->square[0], a ? sq(a) : -1, "'%s': square a", input);
    cr_assert_eq(why->square[1], b ? sq(b) : -1, "'%s': square b", input);
}

/* A move in a position given by its pieces (white NULL: the start). */
typedef struct {
    const char *white, *black, *move;
    RefusalCode code;
    const char *a, *b;
    int number;
} MoveCase;

static const MoveCase MOVES[] = {
    {NULL, NULL, "n4", REFUSAL_TOO_FEW_SQUARES, NULL, NULL, 0},
    {NULL, NULL, "n4-", REFUSAL_EMPTY_SQUARE_NAME, NULL, NULL, 0},
    {NULL, NULL, "n4-x5", REFUSAL_NOT_A_SQUARE, NULL, NULL, 0},
    {NULL, NULL, "h8-h9", REFUSAL_EMPTY_ORIGIN, "h8", NULL, 0},
    {NULL, NULL, "b12-c11", REFUSAL_NOT_YOUR_PIECE, "b12", NULL, 0},
    {NULL, NULL, "p1-o1", REFUSAL_STEP_OCCUPIED, "o1", NULL, 0},
    {NULL, NULL, "n4-p1", REFUSAL_OCCUPIED, "p1", NULL, 0},
    {NULL, NULL, "n4-j8", REFUSAL_UNREACHABLE, "n4", "j8", 0},
    {NULL, NULL, "l1-l2-l3", REFUSAL_STEP_IN_CHAIN, "l1", "l2", 0},
    {NULL, NULL, "pass", REFUSAL_PASS_NOT_ALLOWED, NULL, NULL, 40},
    {"a1 d4", "b2 f6", "a1-c3-f6", REFUSAL_NOT_A_HOP, "c3", "f6", 0},
    {"a1 d4", "b2 f6", "a1-c3-e3", REFUSAL_NOTHING_TO_HOP, "d3", NULL, 0},
    {"h8 i8 j8", "", "h8-j8", REFUSAL_HOP_LANDS_OCCUPIED, "j8", NULL, 0},
    {"e5 f6 h4", "h6 f4", "e5-g7-i5-g7", REFUSAL_LANDS_TWICE, "g7", NULL, 0},
    {"e5 f6 h4", "h6 f4", "e5-g7-i5-g3-e5", REFUSAL_RETURNS_TO_START, "e5", NULL, 0},
    {"c13", "a1", "c13-d12", REFUSAL_GOAL_CAMP, "c13", NULL, 0},
    {"a1", "a2 b1 b2 a3 c1", "pass", REFUSAL_PASS_NOT_ALLOWED, NULL, NULL, 1},
};

static void check_move(const MoveCase *c) {
    Position pos;
    if (c->white) pos = position_of(VARIANT_19, c->white, c->black, WHITE);
    else position_start(&pos, VARIANT_19);
    Refusal why;
    Move m;
    cr_assert_not(move_read(&pos, c->move, (int)strlen(c->move), &m, &why), "'%s' accepted", c->move);
    cr_assert_eq(why.code, c->code, "'%s': code %d, not %d", c->move, why.code, c->code);
    assert_squares(&why, c->a, c->b, c->move);
    cr_assert_eq(why.number, c->number, "'%s': number %d", c->move, why.number);
    seen[why.code] = true;
}

typedef struct {
    const char *fen;
    RefusalCode code;
    int number, expected;
    Side side;
} FenCase;

static const FenCase FENS[] = {
    {"bbbbb12/16 w 0", REFUSAL_RANK_TOO_LONG, 16, 0, WHITE},
    {"16/15/16 w 0", REFUSAL_RANK_TOO_SHORT, 15, 0, WHITE},
    {"16/1z14 w 0", REFUSAL_BAD_PLACEMENT_CHAR, 15, 0, WHITE},
    {"16/16 w 0", REFUSAL_TOO_FEW_RANKS, 2, 0, WHITE},
    {START19 "/16 w 0", REFUSAL_TOO_MANY_RANKS, 0, 0, WHITE},
    {START19 " x 0", REFUSAL_FEN_SIDE, 0, 0, WHITE},
    {START19 " w", REFUSAL_FEN_TURNS, 0, 0, WHITE},
    {"bbbbb11/bbbbb11/bbbb12/bbb13/bb14/16/16/16/16/16/16/14ww/13www/12wwww/11wwwww/12wwww w 0",
     REFUSAL_PIECE_COUNT, 18, 19, WHITE},
    {"bbbbb11/bbbb12/bbbb12/bbb13/bb14/16/16/16/16/16/16/14ww/13www/12wwww/11wwwww/11wwwww w 0",
     REFUSAL_PIECE_COUNT, 18, 19, BLACK},
    {"wwwww11/wwwww11/wwww12/www13/ww14/16/16/16/16/16/16/14bb/13bbb/12bbbb/11bbbbb/11bbbbb w 0",
     REFUSAL_BOTH_WON, 0, 0, WHITE},
};

static void check_fen(const FenCase *c) {
    Position pos;
    Refusal why;
    cr_assert_not(fen_parse(c->fen, VARIANT_19, &pos, &why), "'%s' accepted", c->fen);
    cr_assert_eq(why.code, c->code, "'%s': code %d, not %d", c->fen, why.code, c->code);
    assert_squares(&why, NULL, NULL, c->fen);
    cr_assert_eq(why.number, c->number, "'%s': number %d", c->fen, why.number);
    cr_assert_eq(why.expected, c->expected, "'%s': expected %d", c->fen, why.expected);
    cr_assert_eq(why.side, c->side, "'%s': side", c->fen);
    seen[why.code] = true;
}

/* The codes that need more than a position: a long path, a game over, a
 * record's FEN header too long to read. */
static void check_the_rest(void) {
    char path[MAX_PATH * 4 + 16] = "a1";
    for (int i = 0; i < MAX_PATH; i++) strcat(path, "-a1");
    uint8_t squares_read[MAX_PATH];
    Refusal why;
    cr_assert_eq(path_parse(path, (int)strlen(path), squares_read, &why), 0);
    cr_assert_eq(why.code, REFUSAL_TOO_MANY_SQUARES);
    seen[why.code] = true;

    static Game game;
    game_start(&game, VARIANT_19, 1);
    cr_assert(game_play_text(&game, "n4-m5", 5, &why));
    cr_assert_not(game_play_text(&game, "b12-c11", 7, &why));
    cr_assert_eq(why.code, REFUSAL_GAME_OVER);
    cr_assert_eq(why.number, RESULT_DRAW_TURN_LIMIT);
    seen[why.code] = true;

    static char text[FEN_TEXT_SIZE + 32] = "[FEN \"";
    for (int i = 0; i < FEN_TEXT_SIZE; i++) strcat(text, "w");
    strcat(text, "\"]\n");
    static Record record;
    RecordProblem problem;
    cr_assert_not(record_parse(text, (int)strlen(text), &record, &problem));
    cr_assert_eq(problem.error, RECORD_BAD_POSITION);
    cr_assert_eq(problem.why.code, REFUSAL_FEN_TOO_LONG);
    cr_assert_str_eq(problem.reason, "the FEN is too long");
    seen[problem.why.code] = true;

    /* Partners: White has all of its pieces on its goal and is to move. */
    const char *at[MAX_SEATS] = {"a16 b16 c16 d16 a15 b15 c15 d15 a14 b14 c14 a13 b13", "p1", "a1", "p16"};
    Position partners = multi_position_of(PARTNERS, at, SEAT_WHITE);
    Move m;
    cr_assert_not(move_read(&partners, "b13-b12", 7, &m, &why));
    cr_assert_eq(why.code, REFUSAL_SEAT_FINISHED);
    cr_assert_eq(why.side, SEAT_WHITE);
    seen[why.code] = true;

    /* Under nospoil, White's l3 may not step back home to m2. */
    const char *outside[MAX_SEATS] = {"l3", "a16", "", ""};
    Position nospoil = multi_position_of((Seating){2, false, RULES_NOSPOIL}, outside, SEAT_WHITE);
    cr_assert_not(move_read(&nospoil, "l3-m2", 5, &m, &why));
    cr_assert_eq(why.code, REFUSAL_RETURNS_HOME);
    assert_squares(&why, "m2", "l3", "l3-m2");
    seen[why.code] = true;
}

Test(refusal, every_code_comes_from_the_core_with_its_squares_and_numbers) {
    for (size_t i = 0; i < sizeof MOVES / sizeof *MOVES; i++) check_move(&MOVES[i]);
    for (size_t i = 0; i < sizeof FENS / sizeof *FENS; i++) check_fen(&FENS[i]);
    check_the_rest();
    for (int code = REFUSAL_NONE + 1; code < REFUSAL_CODES; code++) cr_assert(seen[code], "code %d never produced", code);
}

Test(refusal, names_the_refused_text_and_the_side) {
    Position pos;
    position_start(&pos, VARIANT_19);
    Refusal why;
    Move m;
    const char *move = "n4-x5";
    cr_assert_not(move_read(&pos, move, 5, &m, &why));
    cr_assert_eq(why.word, move + 3);
    cr_assert_eq(why.word_len, 2);
    cr_assert_not(move_read(&pos, "h8-h9", 5, &m, &why));
    cr_assert_eq(why.side, WHITE);
    const char *fen = "16/1z14 w 0";
    cr_assert_not(fen_parse(fen, VARIANT_19, &pos, &why));
    cr_assert(why.word == fen + 4 && why.word_len == 1);
}

static const char *english_of_move(const char *white, const char *black, const char *move) {
    Position pos = position_of(VARIANT_19, white, black, WHITE);
    return refusal(&pos, move);
}

static const char *english_of_fen(const char *fen) {
    Position pos;
    Refusal why;
    cr_assert_not(fen_parse(fen, VARIANT_19, &pos, &why), "'%s' accepted", fen);
    return refusal_english(&why);
}

Test(refusal, writes_the_english_the_interfaces_have_always_shown) {
    cr_assert_str_eq(english_of_move("a1 d4", "b2 f6", "a1-c3-f6"),
                     "c3-f6 is neither a step nor a hop (a hop goes over a neighbouring piece "
                     "to the square straight beyond it)");
    cr_assert_str_eq(english_of_move("e5 f6 h4", "h6 f4", "e5-g7-i5-g3-e5"),
                     "the chain lands on e5 where it started, which is no move");
    cr_assert_str_eq(english_of_move("c13", "a1", "c13-d12"),
                     "the piece on c13 has reached its goal camp and must end its move inside it");
    cr_assert_str_eq(english_of_move("a1", "a2 b1 b2 a3 c1", "pass"),
                     "pass is only allowed with no legal move, and White has 1 move");
    cr_assert_str_eq(english_of_move("a1", "h8", "a1-a1x"), "'a1x' is not a square (a1 to p16)");
    cr_assert_str_eq(english_of_fen("16/1\x01" "14 w 0"),
                     "unexpected '?' in rank 15 (use w, b and counts of empty squares)");
    cr_assert_str_eq(english_of_fen("16/16 w 0"), "the placement needs 16 ranks separated by '/', found 2");
    cr_assert_str_eq(english_of_fen("bbbbb11/bbbbb11/bbbb12/bbb13/bb14/16/16/16/16/16/16/14ww/13www/12wwww/"
                                    "11wwwww/12wwww w 0"),
                     "White has 18 pieces; the 19-piece game needs 19");
    Refusal over;
    refuse(&over, REFUSAL_GAME_OVER, -1, -1);
    over.number = RESULT_DRAW_REPETITION;
    cr_assert_str_eq(refusal_english(&over), "the game is over (draw by threefold repetition)");
}
