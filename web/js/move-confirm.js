// move-confirm.js: "Confirm the move" (Settings, off until switched on): in
// an online game with a clock, a move entered on the board waits, drawn as a
// chain from its piece, until the person confirms it (the button or Enter)
// or takes it back (Escape, or a tap anywhere else); only then is it played
// on the board and sent.  A slip of the finger then costs a moment on the
// clock, not the game.

import { t } from './i18n.js';

export class MoveConfirm {
  /** core: the GameController; settings: the Settings (confirmMove);
   * applies(): whether the game in play is one to confirm in (online, with
   * a clock); submit(move): the mode in play takes the confirmed move. */
  constructor({ core, settings, applies, submit }) {
    Object.assign(this, { core, settings, applies, submit });
    this.pending = null; // {move} waiting for the person's word
    // Capturing, so that the board's own keys and taps never see them.
    document.addEventListener('keydown', (event) => this.onKey(event), true);
    document.addEventListener('pointerdown', (event) => this.onPointer(event), true);
  }

  /** Holds the person's move when confirmations apply; true if held. */
  hold(move) {
    if (!this.settings.preferences.confirmMove || move === 'pass' || !this.applies()) return false;
    this.pending = { move };
    // Drawn as a chain being built, its piece still where it stands.
    this.core.setSelection({ chain: move.split('-'), targets: new Map(), waiting: true });
    this.core.say(() => t('message.confirmMove', { move }), 'info', 'selection');
    return true;
  }

  confirm() {
    if (!this.pending) return undefined;
    const { move } = this.pending;
    this.pending = null;
    return this.core.exclusive(async () => {
      this.core.setSelection(null);
      await this.submit(move);
    });
  }

  cancel() {
    if (!this.pending) return;
    this.pending = null;
    this.core.setSelection(null);
  }

  /** Drops a move that can no longer be made (the game over, the clock run
   * out, a review opened); personMoves(): whether the person may move now. */
  check(personMoves) {
    if (this.pending && !personMoves()) this.cancel();
  }

  onKey(event) {
    if (!this.pending || document.querySelector('dialog[open]')) return;
    if (event.key === 'Enter') this.confirm();
    else if (event.key === 'Escape' || (event.key === ' ' && event.target.closest?.('#board'))) this.cancel();
    else return;
    event.preventDefault();
    event.stopPropagation();
  }

  onPointer(event) {
    if (!this.pending || event.target.closest?.('#confirm-move, dialog')) return;
    this.cancel();
    // A tap on the board only takes the move back: it picks nothing up.
    if (event.target.closest?.('#board')) {
      event.preventDefault();
      event.stopPropagation();
    }
  }
}

