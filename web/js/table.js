// table.js: the table, as the panel and the dialogs see it: the game on the
// board and the modes in play (a game of this device, an online game, the
// review and its analysis, the person's settings).  It builds what the panel
// shows from each of them and sends each of the page's actions to the one
// it is for, so that nothing below needs to know who asked.

import { MoveConfirm } from './move-confirm.js';
import { MoveEntry } from './move-entry.js';
import { writeMultiRecord, writeRecord } from './record.js';
import { t } from './i18n.js';
import { recordName } from './texts.js';
import { keptName } from './online.js';
import { sidesOf } from './seats.js';
import { seatingOf } from './seating.js';

export class Table {
  /** core: the GameController; input: the board's BoardInput; local: the
   * LocalPlay; online: the OnlinePlay; review: the Review; settings: the
   * Settings.  The person's moves on the board go to the mode in play. */
  constructor({ core, input, local, multi, online, review, settings, attention }) {
    Object.assign(this, { core, local, multi, online, review, settings, attention });
    // With "Confirm the move" on, an online move with a clock waits for the person's word first.
    this.confirmation = new MoveConfirm({ core, settings, applies: () => !!online.server?.clock, submit: (move) => this.mode().submit(move) });
    this.entry = new MoveEntry(core, input, (move, options) => this.confirmation.hold(move) || this.mode().submit(move, options));
    core.addEventListener('change', () => this.confirmation.check(() => this.entry.personMoves()));
  }

  confirmMove() {
    return this.confirmation.confirm();
  }

  /** The mode in play: the online game while one is open, else the local
   * one (of three or four players, or of two). */
  mode() {
    if (this.online.server) return this.online;
    return this.playerOf(this.core.game);
  }

  /** Who plays a game of this seating here: two face to face, or a seat each. */
  playerOf(game) {
    return seatingOf(game).headToHead ? this.local : this.multi;
  }

  /** Everything the panel shows. */
  model() {
    const model = this.core.model();
    return { ...model, ...this.mode().abilities(), online: this.online.describe(), analysis: this.review.model(), pendingMove: this.confirmation.pending?.move ?? null };
  }

  // ---- the game --------------------------------------------------------------

  newGame(choice) {
    this.online.leave();
    return this.playerOf(choice).newGame(choice);
  }

  importRecord(text) {
    this.online.leave();
    return this.local.importRecord(text, (record) => this.playerOf(record));
  }

  exportRecord() {
    const { game, state, players, firstSide, firstTurn } = this.core.model();
    if (!seatingOf(game).headToHead) {
      const names = Object.fromEntries(sidesOf(game).map((side, seat) => [side, recordName(players, seat)]));
      return writeMultiRecord({ ...game, names, result: state.result, winners: state.winners, firstSide, firstTurn });
    }
    return writeRecord({ ...game, white: recordName(players, 0), black: recordName(players, 1), result: state.result, firstSide, firstTurn });
  }

  createOnline(settings) {
    return this.online.create(settings);
  }

  /** The name the person gave for online play ('' for none). */
  playerName() {
    return keptName();
  }

  /** False once the page's server has shown it has no online play. */
  onlineAvailable() {
    return this.online.available;
  }

  /** What the new-game dialog starts from: this game's variant and settings. */
  choices() {
    return { settings: this.core.settings, variant: this.core.game.variant, game: this.core.game };
  }

  levels() {
    return this.core.setup.levels;
  }

  moveCount() {
    return this.core.game.moves.length;
  }

  say(text, kind) {
    this.core.say(text, kind);
  }

  // ---- the buttons -----------------------------------------------------------

  undo() {
    return this.mode() !== this.online ? this.mode().undo() : undefined;
  }

  redo() {
    return this.mode() !== this.online ? this.mode().redo() : undefined;
  }

  hint() {
    return this.mode() !== this.online ? this.mode().hint() : undefined;
  }

  resign() {
    return this.mode().resign();
  }

  flip() {
    return this.core.flip();
  }

  stopChain() {
    return this.entry.stopChain();
  }

  pass() {
    return this.entry.pass();
  }

  reviewAt(k) {
    return this.review.reviewAt(k);
  }

  reviewStep(delta) {
    return this.review.reviewStep(delta);
  }

  reviewing() {
    return !!this.core.review;
  }

  preferences() {
    return this.settings.preferences;
  }

  setPreference(name, value) {
    this.settings.set(name, value);
    if (name === 'turnBoard') this.core.turnBoardChanged();
  }

  /** Asks the browser's leave to notify (on the person's click); says why
   * not when it is refused. */
  async allowNotifications() {
    const allowed = await this.attention.allow();
    if (!allowed) this.core.say(() => t('message.notifyDenied'), 'warn');
    return allowed;
  }

  /** The tab's title (marked while a move waits to be seen). */
  setTitle(title) {
    this.attention.setTitle(title);
  }
}
