// halma-multi.js: the rules and computer of three and four players in the
// WebAssembly module (src/wasm/api_multi.h), on an instance of Halma
// (halma-wasm.js), whose io buffer and levels they share.

import { Halma, squareIndex } from './halma-wasm.js';

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

  /** As Halma's targets: flags per square (TARGET.*) for the partial chain
   * (square indices, the origin first), or null for no such chain. */
  targets(chain) {
    const count = this.api.api_multi_targets(this.halma.writeSquares(chain));
    return count < 0 ? null : this.halma.bytes().slice(0, 256);
  }

  /** The whole move continuing a partial chain to square `to`, or null. */
  chainTo(chain, to) {
    return this.api.api_multi_chain_to(this.halma.writeSquares(chain), to) ? this.halma.read() : null;
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
