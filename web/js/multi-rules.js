// multi-rules.js: the rules and computer of three and four players
// (HalmaMulti) behind the questions the engine worker asks of the
// two-player ones, so that the worker's requests, and the page above it,
// are the same for every game.  A game of three or four says so in its
// spec: {players, partners}.

import { HalmaMulti, squareOfIndex } from './halma-wasm.js';

export class MultiRules {
  /** halma: the module instance (a Halma) whose many-seat game this plays. */
  constructor(halma) {
    this.halma = halma;
    this.multi = new HalmaMulti(halma);
  }

  kind(game) {
    return { players: game.players, partners: !!game.partners, turnLimit: game.turnLimit };
  }

  newGame(variant, turnLimit, game) {
    this.multi.newGame(this.kind(game));
  }

  setFen(fen, variant, turnLimit, game) {
    return this.multi.setFen(fen, this.kind(game));
  }

  play(move) {
    return this.multi.play(move);
  }

  undo() {
    return this.multi.undo();
  }

  /** The state as the two-player rules give it (side: the seat to move),
   * with the many-seat facts beside it (players, partners, winners, home). */
  state() {
    const state = this.multi.state();
    return { ...state, side: state.seat };
  }

  fenAt(k) {
    return this.multi.fenAt(k);
  }

  moves() {
    return this.multi.moves();
  }

  legal() {
    return this.multi.legal();
  }

  perft(depth) {
    return this.multi.perft(depth);
  }

  /** The squares a piece can reach: a move of three or four is entered by
   * its origin and end (its path the rules' shortest), so a chain longer
   * than its origin has no targets. */
  targets(chain) {
    return chain.length === 1 ? this.multi.destinations(squareOfIndex(chain[0])) : null;
  }

  chainTo(chain, to) {
    return chain.length === 1 ? this.multi.path(squareOfIndex(chain[0]), squareOfIndex(to)) : null;
  }

  levels() {
    return this.halma.levels();
  }

  starts() {
    return this.halma.starts();
  }

  parseRecord(text) {
    return this.halma.parseRecord(text);
  }

  engineInit(megabytes) {
    return this.multi.engineInit(megabytes);
  }

  engineNewGame() {
    this.multi.engineNewGame();
  }

  think(options) {
    return this.multi.think(options);
  }

  hint(options) {
    return this.multi.hint(options);
  }
}
