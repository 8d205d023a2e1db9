// multi-rules.js: the rules and computer of three and four players
// (HalmaMulti) behind the questions the engine worker asks of the
// two-player ones, so that the worker's requests, and the page above it,
// are the same for every game.  A game of three or four says so in its
// spec: {players, partners}.

import { HalmaMulti } from './halma-multi.js';

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

  /** Where a piece picked up, or moved along a partial chain, may go on
   * and end, as for two (hop by hop). */
  targets(chain) {
    return this.multi.targets(chain);
  }

  chainTo(chain, to) {
    return this.multi.chainTo(chain, to);
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
