/*
 * api_multi.h: what the WebAssembly module exports of the rules of three
 * and four players (RULES-MULTI.md), beside the two-player game of api.h
 * and through the same io buffer, with the same refusals.  The game of
 * three or four lives in the instance next to the two-player one.
 *
 * Seats are written by their letters w, r, b, y; squares, in and out, by
 * number (rank * 16 + file) as for api_targets.
 */
#ifndef HALMA_WASM_API_MULTI_H
#define HALMA_WASM_API_MULTI_H

#include "wasm/api.h"

/* A new game from the start: players 3 or 4, partners 1 for four as two
 * partnerships, turn_limit the drawing limit (0 or less: 200 a seat).
 * 1 on success, 0 for a seating that cannot be (3 as partners). */
API(api_multi_new_game) int api_multi_new_game(int players, int partners, int turn_limit);

/* A new game from the FEN of len bytes in io (placement with w, r, b, y,
 * the seat to move, the turns).  0 on success; otherwise 1 and a refusal
 * in io, the game unchanged. */
API(api_multi_set_fen) int api_multi_set_fen(int players, int partners, int turn_limit, int len);

/* Plays the move of len bytes in io, as api_play.  0 with the move as
 * played in io, or 1 and a refusal. */
API(api_multi_play) int api_multi_play(int len);

/* Takes the last move back; 0 when there is none. */
API(api_multi_undo) int api_multi_undo(void);

/* The game as JSON in io: fen, players, partners, seat, turns, turnLimit,
 * length, result ("ongoing", "white-wins", "black-wins", "red-wins",
 * "yellow-wins", "white-black-win", "red-yellow-win", "draw-repetition",
 * "draw-turn-limit"), winners (their letters), home (the letters of the
 * seats with every piece on their goal), occurrences, moves (how many legal
 * moves), mustPass, and repeating (the from-to of every move that would
 * draw by a third repetition).  Returns the text's length. */
API(api_multi_state) int api_multi_state(void);

/* The FEN after the first k moves, in io; 0 when k is out of range. */
API(api_multi_fen_at) int api_multi_fen_at(int k);

/* The moves played, each with a shortest path, space-separated, in io;
 * returns how many. */
API(api_multi_moves) int api_multi_moves(void);

/* Every legal move with a shortest path, space-separated, in io; returns
 * their number (0 once the game is over). */
API(api_multi_legal) int api_multi_legal(void);

/* Where the piece on `from` (of the seat to move) may go: one flag byte a
 * square in io, 1 the move may end there, 2 it is a step, 8 it repeats a
 * position for the third time (api.h's TARGET_ flags).  Returns how many
 * squares are marked; -1 when `from` holds no piece of the seat to move or
 * the game is over. */
API(api_multi_destinations) int api_multi_destinations(int from);

/* A shortest path of the legal move from-to, in notation in io; returns its
 * length, 0 when from-to is no legal move. */
API(api_multi_path) int api_multi_path(int from, int to);

/* For a piece picked up and moved along the partial chain whose n squares
 * are in io (the origin alone for a piece just picked up), as api_targets
 * for two: a flag byte a square in io saying where the move may go on and
 * end (1 end, 2 step, 4 hop on, 8 repeats a position a third time, 16
 * stop here).  Returns the squares marked, -1 for an invalid chain. */
API(api_multi_targets) int api_multi_targets(int n);

/* The move taking the partial chain in io (n squares) on to `to` by a
 * shortest continuation that lands nowhere twice, in notation in io (a
 * step when the chain is its origin alone).  Returns its length, 0 when
 * `to` cannot be reached so, or the move would break the goal-camp rule. */
API(api_multi_chain_to) int api_multi_chain_to(int n, int to);

/* How many times the position after from-to would then have occurred (3: a
 * draw by repetition); 0 when from-to is no legal move. */
API(api_multi_occurrences_after) int api_multi_occurrences_after(int from, int to);

/* perft from the current position. */
API(api_multi_perft) double api_multi_perft(int depth);

/* The computer of three and four seats (engine/multi_search.h), with a
 * transposition table of its own, apart from the two-player engine's.
 * api_multi_engine_init gives it up to mb MiB grown from the module's
 * memory and returns the MiB it got (api_multi_think does, with 16, if
 * nobody did); api_multi_engine_new_game forgets the games before. */
API(api_multi_engine_init) int api_multi_engine_init(int mb);
API(api_multi_engine_new_game) void api_multi_engine_new_game(void);

/* The computer's move for the seat to move, at level 1..10 and with at
 * most movetime ms and depth layers when these are positive (else the
 * level's own time, levels.h's multi_level_params): JSON {move (its whole
 * path, or "pass"), depth, score (for the seat to move, hundredths of a
 * move), winIn (> 0: a win forced against every other seat in that many
 * turns of all seats), nodes, time, seats: {w, r, b, y: each seat's moves
 * still needed, in hundredths}} in io.  0 (and {}) once the game is over. */
API(api_multi_think) int api_multi_think(int level, int movetime, int depth);

/* A hint for the seat to move: the computer's move at its top level
 * within movetime ms, as api_multi_think answers. */
API(api_multi_hint) int api_multi_hint(int movetime);

#endif
