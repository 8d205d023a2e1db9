/* The board of three and four players as people see it: four camps, four
 * seats told apart by their letters, in colour or not. */
#include "helpers.h"

#include <stdio.h>
#include <stdlib.h>

#include "cli/boardview.h"

static char *drawn(const MultiPosition *pos, const BoardStyle *style) {
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    cr_assert(out);
    board_print_multi(out, pos, style);
    fclose(out);
    return text;
}

Test(boardview_multi, marks_the_last_move_and_the_empty_camp_squares) {
    MultiPosition pos;
    multi_start(&pos, THREE);
    multi_make(&pos, multi_read(&pos, "o4-n5"));
    BoardStyle style = {.path_length = 2, .path = {(uint8_t)sq("o4"), (uint8_t)sq("n5")}};
    char *text = drawn(&pos, &style);
    cr_assert(strstr(text, "  5  . . . . . . . . . . . . . w . .  5"), "%s", text);
    cr_assert(strstr(text, "  4  R R . . . . . . . . . . . . + W  4"), "%s", text);
    cr_assert(strstr(text, " 16  B B B B . . . . . . . . : : : :  16"), "Yellow's empty camp: %s", text);
    free(text);
}

Test(boardview_multi, in_colour_each_seat_is_a_chip_of_its_own) {
    MultiPosition pos;
    multi_start(&pos, FOUR);
    BoardStyle style = {.colour = true};
    char *text = drawn(&pos, &style);
    const char *chips[] = {"m W", "m B", "m R", "m Y"};
    for (int i = 0; i < 4; i++) cr_assert(strstr(text, chips[i]), "no %s chip", chips[i]);
    cr_assert(strstr(text, "48;5;160;38"), "Red's chip is red");
    cr_assert(strstr(text, "48;5;220;38"), "Yellow's chip is yellow");
    free(text);
}
