/*
 * api.h: what the WebAssembly module exports to the page's worker
 * (web/js/engine-worker.js).  Every function here is exported under its own
 * name; the module imports only clock_ms (src/engine/clock.h).
 *
 * One game lives in the instance.  Text goes both ways through one buffer,
 * io (api_io(), api_io_size() bytes): the caller writes its input there and
 * passes its length; answers come back there NUL-terminated, JSON where they
 * have several parts.  A refusal is the JSON
 *   {"reason": <code>, "a": <square>, "b": <square>, "number": <n>, "message": <English>}
 * where reason is a fixed code the page translates (see web/js/i18n.js),
 * a/b/number are present when the message names them, and message is the
 * rules' own English text.
 */
#ifndef HALMA_WASM_API_H
#define HALMA_WASM_API_H

#define API(name) __attribute__((export_name(#name)))

API(api_io) char *api_io(void);
API(api_io_size) int api_io_size(void);

/* A new game from the starting position: players 2, 3 or 4; partners 1
 * for four as two partnerships; pieces 19 or 13 for two (three and four
 * play 13 a seat, and pieces is not read); turn_limit the drawing limit (0
 * or less: 400 for two, 200 a seat for three and four).  1 on success, 0
 * for a game that cannot be.  The game's kind (two, or three and four) is
 * chosen here and by api_set_fen; every other function serves either.
 * rules: 0 (or left out) the seeds' rules, 1 the house rule nospoil
 * (RULES-HOUSE.md); any other, 0 returned. */
API(api_new_game) int api_new_game(int players, int partners, int pieces, int turn_limit, int rules);

/* A new game from the FEN of len bytes in io (for three and four:
 * placement with w, r, b, y, the seat to move, the turns), under rules as
 * api_new_game's (last, so that a caller leaving it out plays the seeds').
 * 0 on success; otherwise 1 and a refusal in io (reason "rules" for rules
 * there are not), the game unchanged. */
API(api_set_fen) int api_set_fen(int players, int partners, int pieces, int turn_limit, int len, int rules);

/* Plays the move of len bytes in io: "pass", a step, a whole path or a
 * from-to chain.  0 on success, with the move as played in io (a from-to
 * chain resolved to a shortest path); otherwise 1 and a refusal in io. */
API(api_play) int api_play(int len);

/* Takes the last move back; 0 when there is none. */
API(api_undo) int api_undo(void);

/* The game's state as JSON in io: fen, variant (pieces a seat), players,
 * partners, rules ("standard" or "nospoil"), side (the letter of the seat to move: w, b, r, y), turns,
 * turnLimit, length, result ("ongoing", "white-wins", "black-wins",
 * "red-wins", "yellow-wins", "white-black-win", "red-yellow-win",
 * "draw-repetition", "draw-turn-limit"), reason (how it ended: "goal",
 * "parlett" (RULES-HOUSE.md), "repetition", "turn_limit"; "" while it goes
 * on), winners (their letters), home (the
 * letters of the seats with every piece on their goal), occurrences of the
 * current position, moves (how many legal moves; a forced pass is one),
 * mustPass, and repeating: the from-to of every move that would draw by a
 * third repetition.  Returns the text's length. */
API(api_state) int api_state(void);

/* The FEN after the first k moves, in io; 0 when k is out of range. */
API(api_fen_at) int api_fen_at(int k);

/* The moves played so far, each with a shortest path, space-separated, in
 * io; returns how many.  (The page keeps the paths as they were played.) */
API(api_moves) int api_moves(void);

/* How many times the position after the move from-to (square numbers, see
 * below) would then have occurred, that time included: 3 means the move
 * draws by repetition.  0 when from-to is not a legal move. */
API(api_occurrences_after) int api_occurrences_after(int from, int to);

/* Choosing a move on the board.  A partial chain is n square numbers
 * (rank * 16 + file), one byte each, at the start of io: the origin, then
 * every landing so far.
 *
 * api_targets writes one flag byte per square into io: 1 the move may end
 * there, 2 it is a step, 4 one hop on from the chain's last square (marked
 * only when a legal end lies there or beyond), 8 ending there repeats a
 * position for the third time, 16 the chain's last square, where it may
 * stop.  Returns how many squares are marked; -1 for an invalid chain.
 * (The squares of a chain are those of the seat to move; see chain.h.)
 *
 * api_chain_to writes the whole move that continues the chain to square
 * `to` by a shortest continuation (landing nowhere twice) in notation in io,
 * and returns its length; 0 when there is none or the rules refuse it (for
 * three and four: a piece in its goal stays there). */
API(api_targets) int api_targets(int n);
API(api_chain_to) int api_chain_to(int n, int to);

/* Every legal move with a shortest path, space-separated, in io; returns
 * their number (0 once the game is over). */
API(api_legal) int api_legal(void);

/* The protocol's perft from the current position (to compare the wasm
 * build's speed with the native one). */
API(api_perft) double api_perft(int depth);

/* Gives the engine of the game's kind (the two-player engine, or the
 * computer of three and four, engine/multi_search.h) a transposition table
 * of up to mb MiB, grown from the module's memory; returns the MiB it got.
 * Only the instance that searches calls it; api_think gives the other
 * kind's engine as many MiB (16 if nobody said) the first time it plays.
 * api_engine_new_game makes both forget the games before. */
API(api_engine_init) int api_engine_init(int mb);
API(api_engine_new_game) void api_engine_new_game(void);

/* The engine's move for the side to move, at level 1..10 and with at most
 * movetime ms and depth plies (layers for three and four) when these are
 * positive: JSON {move (its whole path, or "pass"), depth, score (for the
 * side to move, hundredths of a move), winIn (> 0: a forced win in that
 * many turns), nodes, time} in io, and for three and four seats: {w, r, b,
 * y: each seat's moves still needed, in hundredths}.  0 (and {}) once the
 * game is over. */
API(api_think) int api_think(int level, int movetime, int depth);

/* A hint for the side to move: the engine's best move at its top level
 * within movetime ms, as api_think answers. */
API(api_hint) int api_hint(int movetime);

/* The playing levels (src/engine/levels.h) as JSON in io: {min, max,
 * person (a person's default opponent), engine (a program's default),
 * levels: [{level, name (English), depth (0: no cap), thinkMs}]}. */
API(api_levels) int api_levels(void);

/* The start positions (RULES.md) and the default turn limit as JSON in io:
 * {turnLimit, positions: {"19": FEN, "13": FEN}}. */
API(api_starts) int api_starts(void);

/* The seatings (core/table.h, SEATINGS) as JSON in io: [{players, partners,
 * camps ([19, 13] or [13]), turnLimit (the default), order (the seats'
 * letters in turn order), opponent and leftWinner (a letter a seat in turn
 * order: its lone opponent, the seat winning when it leaves; '-': none)}];
 * returns how many. */
API(api_seatings) int api_seatings(void);

/* Reads the form of a game record (docs/RECORD.md) of len bytes in io:
 * 0 and {variant, players, partners, rules ("standard" or "nospoil"),
 * turnLimit, fen (absent for the starting position), white and black (the
 * players' names as written, absent when not), moves: [the move texts as
 * written]} in io; otherwise 1 and {error: code, number (of a bad move),
 * detail: the offending header, value or move}, the codes being those of
 * record_error_code (src/core/record.h).  The moves are not checked by the
 * rules here: loading the game does that, move by move. */
API(api_parse_record) int api_parse_record(int len);

#endif
