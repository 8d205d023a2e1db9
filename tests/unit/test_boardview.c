/* The board as people see it, drawn from the game at the table: two
 * players' camps and pieces, or four camps and the seats told apart by
 * their letters, in colour or not. */
#include "helpers.h"

#include <stdio.h>
#include <stdlib.h>

#include "cli/boardview.h"

static char *drawn(const Table *t, const BoardStyle *style) {
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    cr_assert(out);
    board_print(out, t, style);
    fclose(out);
    return text;
}

static Table table;

static void start(int players, int camp, const char *move) {
    cr_assert(table_start(&table, (TableSeating){players, false, camp, 0}, 0));
    Refusal why;
    if (move) cr_assert(table_play_text(&table, move, (int)strlen(move), &why));
}

Test(boardview, marks_the_last_move_and_the_empty_camp_squares) {
    start(3, 13, "o4-n5");
    BoardStyle style = {.path_length = 2, .path = {(uint8_t)sq("o4"), (uint8_t)sq("n5")}};
    char *text = drawn(&table, &style);
    cr_assert(strstr(text, "  5  . . . . . . . . . . . . . w . .  5"), "%s", text);
    cr_assert(strstr(text, "  4  R R . . . . . . . . . . . . + W  4"), "%s", text);
    cr_assert(strstr(text, " 16  B B B B . . . . . . . . : : : :  16"), "Yellow's empty camp: %s", text);
    free(text);
}

Test(boardview, in_colour_each_seat_is_a_chip_of_its_own) {
    start(4, 13, NULL);
    BoardStyle style = {.colour = true};
    char *text = drawn(&table, &style);
    const char *chips[] = {"m W", "m B", "m R", "m Y"};
    for (int i = 0; i < 4; i++) cr_assert(strstr(text, chips[i]), "no %s chip", chips[i]);
    cr_assert(strstr(text, "48;5;160;38"), "Red's chip is red");
    cr_assert(strstr(text, "48;5;220;38"), "Yellow's chip is yellow");
    free(text);
}

Test(boardview, two_players_have_two_camps_and_marked_squares) {
    start(2, 13, "o4-n5");
    BoardStyle style = {.path_length = 2, .path = {(uint8_t)sq("o4"), (uint8_t)sq("n5")}};
    style.marked = (Bitboard){{0, 0, 0, 0}};
    bb_add(&style.marked, sq("a8"));
    char *text = drawn(&table, &style);
    cr_assert(strstr(text, "    a b c d e f g h i j k l m n o p"), "%s", text);
    cr_assert(strstr(text, "  8  * . ."), "the marked square: %s", text);
    cr_assert(strstr(text, " 16  B B B B . . . . . . . . . . . .  16"), "%s", text);
    cr_assert(strstr(text, "  5  . . . . . . . . . . . . . w . .  5"), "%s", text);
    cr_assert(strstr(text, "  4  . . . . . . . . . . . . . . + W  4"), "%s", text);
    free(text);
}
