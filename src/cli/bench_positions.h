/* bench_positions.h: the positions of `halma bench` (included by bench_main.c):
 * the start and positions after 16 to 110 turns of two self-play games of
 * the engine at level 10, 50 ms a move (seed 21), one per variant. */
{VARIANT_19, "start", "bbbbb11/bbbbb11/bbbb12/bbb13/bb14/16/16/16/16/16/16/14ww/13www/12wwww/11wwwww/11wwwww w 0"},
{VARIANT_19, "opening (16)", "1bbb12/1b1b12/b2b1b10/1bbb2b9/bb2bb10/4b1b9/6b9/16/16/9w6/9w6/10wwwwww/10w1ww2/12w2w/11w1www/11ww3 w 16"},
{VARIANT_19, "middle game (40)", "16/1b14/4bb10/3b2b9/2bbbbb9/1b4bb8/5bb9/6bbb7/7ww7/8www5/9wwb2w1/8wwwwww2/9www1w2/11w4/16/16 w 40"},
{VARIANT_19, "crossing (64)", "16/16/5b10/3b2b9/3bbwww8/5bb9/5bbwb7/5bbbbb6/6bwbw6/8wwwww3/8ww1bw3/8wwww4/11bw3/16/16/16 w 64"},
{VARIANT_19, "crossing (90)", "3w12/4w11/3w12/16/4b1w9/5b2b7/5bbwbw6/6bbbbw5/5wbwbww5/6bbbww5/7wwwwb4/8bwwb4/16/12b3/16/16 w 90"},
{VARIANT_19, "late crossing (110)", "16/2w1w11/1w1w12/3ww11/4b1w9/5b1w8/6b1bb6/5w1wb1b5/6bww7/6bbbbwb4/7wwww5/8bww1b3/16/13b2/14bb/14b1 w 110"},
{VARIANT_13, "start", "bbbb12/bbbb12/bbb13/bb14/16/16/16/16/16/16/16/16/14ww/13www/12wwww/12wwww w 0"},
{VARIANT_13, "opening (16)", "2b13/2bb12/1bb1b11/1b1bb11/2bbb11/4b11/16/16/16/8ww6/10w5/11w4/11w2ww/14ww/12w1ww/12w3 w 16"},
{VARIANT_13, "middle game (40)", "2b13/16/4b11/4b11/3bbw10/5b10/4bwbb8/5bbb8/8w7/8www5/8w2b4/10ww4/11www2/11w4/16/16 w 40"},
{VARIANT_13, "crossing (64)", "16/b1w13/3w12/16/6b9/4bb1b8/5wbb8/5bwb8/6bwww6/7w1wb5/7ww7/8bww5/12b3/16/16/16 w 64"},
{VARIANT_13, "passed (90)", "16/1w14/2w13/w15/1w1w12/3w2bb8/5wbb8/4bbwbw7/5bb1w7/7w1w6/8w2b4/12b3/12b3/13b2/16/16 w 90"},
{VARIANT_13, "endgame (110)", "ww14/www13/2w13/w1w13/1w14/3w12/16/5w1b1bb5/7w2b5/8bwb5/8bbbb4/12b3/12b3/13b2/16/16 w 110"},
