/* bench_positions.h: the positions of `halma bench` (included by bench_main.c). */
{VARIANT_19, "opening", "bbbbb11/bbbbb11/bbbb12/bbb13/bb14/16/16/16/16/16/16/14ww/13www/12wwww/11wwwww/11wwwww w 0"},
{VARIANT_13, "opening", "bbbb12/bbbb12/bbb13/bb14/16/16/16/16/16/16/16/16/14ww/13www/12wwww/12wwww w 0"},
