// online-clock.js: an online game's clocks.  The server's clock fields
// count down here between its events; the server alone decides when a flag
// falls (its `end` event).  Under ten seconds a clock shows tenths, and the
// person's own clock sounds once as it crosses into them.

import { serverSides } from './server-game.js';
import { t } from './i18n.js';

/** A tenth of a second: what the clocks show when time is short. */
const CLOCK_TICK_MS = 100;
export const LOW_TIME_MS = 10000;
const $ = (id) => document.getElementById(id);

/** m:ss rounded up, and 0:0s.t (tenths, rounded up) under ten seconds: a
 * clock showing 0:00.0 has run out. */
export function clockText(ms, correspondence = false) {
  const left = Math.max(0, ms);
  if (correspondence && left >= HOUR_MS) return longText(left);
  const tenths = Math.ceil(left / 100);
  if (tenths < LOW_TIME_MS / 100) return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  const seconds = Math.ceil(left / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

const HOUR_MS = 3600000;

/** A correspondence clock in its largest unit, rounded up as every clock
 * here is: days over two days ("3 d"), else hours ("48 h", "1 h"); as short
 * as "5:00", so that the player bar keeps its one line. */
function longText(ms) {
  const hours = Math.ceil(ms / HOUR_MS);
  return hours > 48 ? t('clock.days', { days: Math.ceil(hours / 24) }) : t('clock.hours', { hours });
}

export class OnlineClocks {
  /** game: the OnlineGame (its server's clock, read at clockAt, and the
   * person's seat); sound: the Sounds ('low' when the seat's time runs short). */
  constructor(game, sound) {
    this.game = game;
    this.sound = sound;
    this.ticker = null;
    this.warned = false; // the person's clock has sounded since it went under ten seconds
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
    return server?.clock ? Object.fromEntries(serverSides(server).map((side) => [side, this.left(side)])) : null;
  }

  start() {
    this.stop();
    this.warned = false;
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
    for (const side of serverSides(this.game.server)) {
      const shown = $(`clock-${side}`);
      if (!shown) continue;
      const left = this.left(side);
      shown.textContent = clockText(left, !!this.game.server.clock.days_per_move);
      shown.classList.toggle('running', this.running(side));
      shown.classList.toggle('low', left < LOW_TIME_MS);
      if (side === this.game.seat) this.warnLow(left, this.running(side));
    }
  }

  /** The person's own clock sounds once as it runs into its last ten
   * seconds (and again if an increment took it out and it comes back). */
  warnLow(left, running) {
    if (left >= LOW_TIME_MS) this.warned = false;
    else if (running && !this.warned) {
      this.warned = true;
      this.sound.play('low');
    }
  }
}
