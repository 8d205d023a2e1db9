// halma-wasm.js: the WebAssembly build of the rules and engines (src/wasm/api.h)
// behind a small JavaScript class, for a game of two, three or four players
// alike.  Used by the worker (engine-worker.js) and by the Node tests of the
// API; it touches no DOM.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

const FILES = 'abcdefghijklmnop';

/** A new game's variant unless told otherwise: 19 pieces a side.  (The
 * turn limit, the levels and the start positions are the module's: see
 * starts() and levels().) */
export const DEFAULT_VARIANT = 19;

/** "e5" -> 68 (rank * 16 + file), or -1 for anything else. */
export function squareIndex(name) {
  const m = /^([a-p])([1-9]|1[0-6])$/.exec(name);
  return m ? (Number(m[2]) - 1) * 16 + FILES.indexOf(m[1]) : -1;
}

/** 68 -> "e5" */
export function squareOfIndex(index) {
  return FILES[index & 15] + String((index >> 4) + 1);
}

/** Compiles the module from a URL (streaming when the server sends the
 * right MIME type) or from bytes. */
export async function compileHalma(source) {
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return WebAssembly.compile(source);
  const response = await fetch(source);
  if (!response.ok) throw new Error(`halma.wasm: HTTP ${response.status}`);
  if (WebAssembly.compileStreaming && response.headers.get('content-type') === 'application/wasm') {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

/** api_new_game's first four arguments for a game spec. */
const seating = (game) => [game.players ?? 2, game.partners ? 1 : 0, game.variant ?? DEFAULT_VARIANT, game.turnLimit ?? 0];

/** The API's rules argument (last) for a game spec: 1 for the house rule
 * nospoil (RULES-HOUSE.md), 0 for the seeds' rules. */
const rulesOf = (game) => (game.rules === 'nospoil' ? 1 : 0);

export class Halma {
  /** @param {WebAssembly.Module | Promise<WebAssembly.Module>} module */
  static async create(module) {
    module = await module;
    const imports = { env: { clock_ms: () => BigInt(Math.floor(performance.now())) } };
    const instance = await WebAssembly.instantiate(module, imports);
    return new Halma(instance.exports);
  }

  constructor(exports) {
    this.api = exports;
    this.ioPointer = exports.api_io();
    this.ioSize = exports.api_io_size();
  }

  // The memory may grow (the engine's table), which detaches old views.
  bytes() {
    return new Uint8Array(this.api.memory.buffer, this.ioPointer, this.ioSize);
  }

  write(text) {
    const encoded = encoder.encode(text);
    const length = Math.min(encoded.length, this.ioSize - 1);
    this.bytes().set(encoded.subarray(0, length));
    return length;
  }

  read() {
    const bytes = this.bytes();
    const end = bytes.indexOf(0);
    return decoder.decode(bytes.subarray(0, end < 0 ? bytes.length : end));
  }

  writeSquares(squares) {
    this.bytes().set(squares);
    return squares.length;
  }

  /** A new game from the start.  game: {players (2, 3 or 4), partners
   * (four as two partnerships), variant (19 or 13 pieces, for two),
   * turnLimit (0: the seating's own, 400 for two, 200 a seat else), rules
   * ('nospoil' for the house rule, else the seeds')}, the page's game spec
   * as it is. */
  newGame(game = {}) {
    if (!this.api.api_new_game(...seating(game), rulesOf(game))) {
      throw new Error(`no game of ${game.players ?? 2} players${game.partners ? ' as partners' : ''} and ${game.variant ?? DEFAULT_VARIANT} pieces`);
    }
  }

  /** Starts from a FEN (of the seating of `game`, as newGame's); returns
   * null, or the refusal. */
  setFen(fen, game = {}) {
    const length = this.write(fen);
    return this.api.api_set_fen(...seating(game), length, rulesOf(game)) === 0 ? null : JSON.parse(this.read());
  }

  /** Plays a move; returns {path} with the move as played, or {refusal}. */
  play(move) {
    const length = this.write(move);
    if (this.api.api_play(length) === 0) return { path: this.read() };
    return { refusal: JSON.parse(this.read()) };
  }

  undo() {
    return this.api.api_undo() === 1;
  }

  /** {fen, variant, players, partners, rules, side (the letter of the seat
   * to move: w, b, r, y), turns, turnLimit, length, result, reason (how it
   * ended: 'goal', 'parlett', ...), winners, home, occurrences, moves,
   * mustPass, repeating} (src/wasm/api.h) */
  state() {
    this.api.api_state();
    return JSON.parse(this.read());
  }

  fenAt(k) {
    return this.api.api_fen_at(k) ? this.read() : null;
  }

  /** Every move played so far, each with a shortest path. */
  moves() {
    const count = this.api.api_moves();
    return count ? this.read().split(' ') : [];
  }

  /** How often the position after from-to would then have occurred (3: a
   * draw); 0 for an illegal move. */
  occurrencesAfter(from, to) {
    return this.api.api_occurrences_after(squareIndex(from), squareIndex(to));
  }

  /** Flags per square (see api.h) for a partial chain of square indexes,
   * or null when the chain is not valid. */
  targets(chain) {
    const count = this.api.api_targets(this.writeSquares(chain));
    return count < 0 ? null : this.bytes().slice(0, 256);
  }

  /** The whole move continuing a partial chain to square `to`, or null. */
  chainTo(chain, to) {
    const length = this.api.api_chain_to(this.writeSquares(chain), to);
    return length ? this.read() : null;
  }

  /** The form of a game record (docs/RECORD.md): {variant, players,
   * partners, turnLimit, fen (null for the starting position), white, black
   * (the names, or null), moves, rules ('nospoil' only when the record says
   * so)}, or {error: {code, number, detail}}.  The
   * rules check the moves when the game is loaded. */
  parseRecord(text) {
    const failed = this.api.api_parse_record(this.write(text));
    const answer = JSON.parse(this.read());
    if (failed) return { error: { code: answer.error, number: answer.number, detail: answer.detail } };
    const { variant, players, partners, turnLimit, moves } = answer;
    const rules = answer.rules === 'nospoil' ? { rules: 'nospoil' } : {};
    return { variant, players, partners, turnLimit, fen: answer.fen ?? null, white: answer.white ?? null, black: answer.black ?? null, moves, ...rules };
  }

  /** The playing levels (src/engine/levels.h): {min, max, person (a
   * person's default opponent), engine (a program's default), levels:
   * [{level, name, about (how it plays), depth (0: no cap), thinkMs}]}. */
  levels() {
    this.api.api_levels();
    return JSON.parse(this.read());
  }

  /** The start positions and the default turn limit: {turnLimit,
   * positions: {19: FEN, 13: FEN}}. */
  starts() {
    this.api.api_starts();
    return JSON.parse(this.read());
  }

  /** The seatings the module plays (core/table.h): [{players, partners,
   * camps, turnLimit, order, opponent, leftWinner}], the last three the
   * seats' letters in turn order ('-': none); see seating.js. */
  seatings() {
    this.api.api_seatings();
    return JSON.parse(this.read());
  }

  legal() {
    const count = this.api.api_legal();
    return count ? this.read().split(' ') : [];
  }

  perft(depth) {
    return this.api.api_perft(depth);
  }

  /** Gives the engine of the game's kind a table of up to `megabytes` MiB
   * (the other kind's engine gets as many when it first plays); returns
   * the MiB it got. */
  engineInit(megabytes) {
    return this.api.api_engine_init(megabytes);
  }

  /** Both engines forget what they kept from the games before (hash
   * table, move history, race plan), as the protocol's `newgame` does. */
  engineNewGame() {
    this.api.api_engine_new_game();
  }

  /** The engine's move for the side to move: {move (a whole path, or
   * "pass"), depth, score, winIn, nodes, time, and for three and four
   * seats: {w, r, b, y: each seat's moves still needed, in hundredths}}, or
   * null once the game is over.  Without movetime or depth the level's own
   * think time holds. */
  think({ level = this.levels().engine, movetime = 0, depth = 0 } = {}) {
    return this.api.api_think(level, movetime, depth) ? JSON.parse(this.read()) : null;
  }

  /** The engine's best move for the side to move, as a hint. */
  hint({ movetime = 700 } = {}) {
    return this.api.api_hint(movetime) ? JSON.parse(this.read()) : null;
  }
}

export const TARGET = Object.freeze({ END: 1, STEP: 2, HOP: 4, REPEATS: 8, STOP: 16 });
