// halma-wasm.js: the WebAssembly build of the rules and engine (src/wasm/api.h)
// behind a small JavaScript class.  Used by the worker (engine-worker.js) and
// by the Node tests of the API; it touches no DOM.

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

  newGame(variant = DEFAULT_VARIANT, turnLimit = this.starts().turnLimit) {
    if (!this.api.api_new_game(variant, turnLimit)) throw new Error(`unknown variant ${variant}`);
  }

  /** Starts from a FEN; returns null, or the refusal. */
  setFen(fen, variant = DEFAULT_VARIANT, turnLimit = this.starts().turnLimit) {
    const length = this.write(fen);
    return this.api.api_set_fen(variant, turnLimit, length) === 0 ? null : JSON.parse(this.read());
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
   * (the names, or null), moves}, or {error: {code, number, detail}}.  The
   * rules check the moves when the game is loaded (a record of three or
   * four players by HalmaMulti). */
  parseRecord(text) {
    const failed = this.api.api_parse_record(this.write(text));
    const answer = JSON.parse(this.read());
    if (failed) return { error: { code: answer.error, number: answer.number, detail: answer.detail } };
    const { variant, players, partners, turnLimit, moves } = answer;
    return { variant, players, partners, turnLimit, fen: answer.fen ?? null, white: answer.white ?? null, black: answer.black ?? null, moves };
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

  legal() {
    const count = this.api.api_legal();
    return count ? this.read().split(' ') : [];
  }

  perft(depth) {
    return this.api.api_perft(depth);
  }

  engineInit(megabytes) {
    return this.api.api_engine_init(megabytes);
  }

  /** Forgets what the engine kept from the games before (its hash table,
   * move history and race plan), as the protocol's `newgame` does. */
  engineNewGame() {
    this.api.api_engine_new_game();
  }

  /** The engine's move: {move, depth, score, winIn, nodes, time}, or null
   * once the game is over. */
  think({ level = this.levels().engine, movetime = 0, depth = 0 } = {}) {
    return this.api.api_think(level, movetime, depth) ? JSON.parse(this.read()) : null;
  }

  /** The engine's best move for the side to move, as a hint. */
  hint({ movetime = 700 } = {}) {
    return this.api.api_hint(movetime) ? JSON.parse(this.read()) : null;
  }
}

export const TARGET = Object.freeze({ END: 1, STEP: 2, HOP: 4, REPEATS: 8, STOP: 16 });

/**
 * The rules of three and four players (src/wasm/api_multi.h) on a module
 * instance, beside its two-player game: seats by their letters w, r, b, y,
 * in the turn order White, Red, Black, Yellow; and the computer that plays
 * them, with a table of its own.
 */
export class HalmaMulti {
  /** @param {WebAssembly.Module | Promise<WebAssembly.Module>} module */
  static async create(module) {
    return new HalmaMulti(await Halma.create(module));
  }

  /** @param {Halma} halma the instance whose io this uses */
  constructor(halma) {
    this.halma = halma;
    this.api = halma.api;
  }

  /** A new game from the start; turnLimit 0 is 200 turns a seat. */
  newGame({ players = 4, partners = false, turnLimit = 0 } = {}) {
    if (!this.api.api_multi_new_game(players, partners ? 1 : 0, turnLimit)) {
      throw new Error(`no game of ${players} players${partners ? ' as partners' : ''}`);
    }
  }

  /** Starts from a FEN; returns null, or the refusal. */
  setFen(fen, { players = 4, partners = false, turnLimit = 0 } = {}) {
    const length = this.halma.write(fen);
    const failed = this.api.api_multi_set_fen(players, partners ? 1 : 0, turnLimit, length);
    return failed ? JSON.parse(this.halma.read()) : null;
  }

  /** Plays a move; returns {path} with the move as played, or {refusal}. */
  play(move) {
    const length = this.halma.write(move);
    if (this.api.api_multi_play(length) === 0) return { path: this.halma.read() };
    return { refusal: JSON.parse(this.halma.read()) };
  }

  undo() {
    return this.api.api_multi_undo() === 1;
  }

  /** {fen, players, partners, seat, turns, turnLimit, length, result,
   * winners, home, occurrences, moves, mustPass, repeating} */
  state() {
    this.api.api_multi_state();
    return JSON.parse(this.halma.read());
  }

  fenAt(k) {
    return this.api.api_multi_fen_at(k) ? this.halma.read() : null;
  }

  moves() {
    return this.api.api_multi_moves() ? this.halma.read().split(' ') : [];
  }

  legal() {
    return this.api.api_multi_legal() ? this.halma.read().split(' ') : [];
  }

  /** Flags per square (TARGET.END, STEP, REPEATS) for the piece on `from`
   * (a square name), or null when it is no piece of the seat to move. */
  destinations(from) {
    const count = this.api.api_multi_destinations(squareIndex(from));
    return count < 0 ? null : this.halma.bytes().slice(0, 256);
  }

  /** A shortest path of the legal move from-to, or null. */
  path(from, to) {
    return this.api.api_multi_path(squareIndex(from), squareIndex(to)) ? this.halma.read() : null;
  }

  occurrencesAfter(from, to) {
    return this.api.api_multi_occurrences_after(squareIndex(from), squareIndex(to));
  }

  perft(depth) {
    return this.api.api_multi_perft(depth);
  }

  /** Gives the computer of three and four a table of up to `megabytes`
   * MiB (16 if nobody did before its first move); returns the MiB it got. */
  engineInit(megabytes) {
    return this.api.api_multi_engine_init(megabytes);
  }

  /** Forgets what the computer kept from the games before. */
  engineNewGame() {
    this.api.api_multi_engine_new_game();
  }

  /** The computer's move for the seat to move: {move (a whole path, or
   * "pass"), depth, score (for the seat to move, hundredths of a move),
   * winIn (> 0: a win forced against every other seat in that many turns),
   * nodes, time, seats: {w, r, b, y: each seat's moves still needed, in
   * hundredths}}, or null once the game is over.  Without movetime or
   * depth the level's own think time holds. */
  think({ level = this.halma.levels().engine, movetime = 0, depth = 0 } = {}) {
    return this.api.api_multi_think(level, movetime, depth) ? JSON.parse(this.halma.read()) : null;
  }

  /** The computer's best move for the seat to move, as a hint. */
  hint({ movetime = 700 } = {}) {
    return this.api.api_multi_hint(movetime) ? JSON.parse(this.halma.read()) : null;
  }
}
