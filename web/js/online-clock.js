// online-clock.js: an online game's clocks.  The server's clock fields
// count down here between its events; the server alone decides when a flag
// falls (its `end` event).

import { SIDES } from './seats.js';

const CLOCK_TICK_MS = 200;
const $ = (id) => document.getElementById(id);

/** m:ss, rounded up: a clock showing 0:00 has run out. */
export function clockText(ms) {
  const seconds = Math.ceil(Math.max(0, ms) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export class OnlineClocks {
  /** game: the OnlineGame (its server's clock, read at clockAt). */
  constructor(game) {
    this.game = game;
    this.ticker = null;
  }

  running(side) {
    const server = this.game.server;
    return server.clock.running === side && server.status === 'ongoing';
  }

  /** The time left on a side's clock now, in ms. */
  left(side) {
    const { server, clockAt } = this.game;
    return Math.max(0, server.clock[`${side}_ms`] - (this.running(side) ? performance.now() - clockAt : 0));
  }

  /** Every side's time left, or null for a game without a clock. */
  times() {
    const server = this.game.server;
    return server?.clock ? Object.fromEntries(SIDES.map((side) => [side, this.left(side)])) : null;
  }

  start() {
    this.stop();
    if (this.game.server.clock) this.ticker = setInterval(() => this.show(), CLOCK_TICK_MS);
    this.show();
  }

  stop() {
    clearInterval(this.ticker);
    this.ticker = null;
  }

  /** Writes the time left into the player bars' clocks (#clock-w, ...). */
  show() {
    if (!this.game.server?.clock) return;
    for (const side of SIDES) {
      const shown = $(`clock-${side}`);
      if (!shown) continue;
      const left = this.left(side);
      shown.textContent = clockText(left);
      shown.classList.toggle('running', this.running(side));
      shown.classList.toggle('low', left < 10000);
    }
  }
}
