// board-turn.js: "turn the board to whoever moves" (Settings, off by
// default).  Each person's turn turns the board so that the seat to move
// has its camp at the bottom; a computer's turn leaves it where the last
// person had it, so that with one person at the screen it stays theirs.

import { t } from './i18n.js';
import { sideName } from './texts.js';

export class BoardTurn {
  /** core: the GameController (its prefs, state, players, view, ui). */
  constructor(core) {
    this.core = core;
    this.facing = null; // the seat of the last person's turn, once the setting is on
  }

  /** Is the board turned round for the seat it faces?  null when it faces
   * no one (the setting off, or no person's turn yet): the game's own way. */
  top() {
    if (!this.facing || !this.core.prefs.preferences.turnBoard) return null;
    return this.facing === 'b' || this.facing === 'y';
  }

  /** A new game, or the setting switched: it faces no one yet. */
  reset() {
    this.facing = null;
  }

  /** Faces the person to move, if it is a person's turn; true when the
   * board turned (it is then set up again by the controller). */
  follow() {
    const core = this.core;
    if (!core.prefs.preferences.turnBoard || !core.state || core.over || core.review || core.turnPlayer().kind !== 'person') return false;
    if (this.facing === core.state.side) return false;
    const before = core.boardFlipped();
    this.facing = core.state.side;
    if (core.boardFlipped() === before) return false;
    core.ui.announce(t('message.boardTurned', { side: sideName(core.state.side) }));
    return true;
  }
}
