// messages.js: the message under the status, and how long it lasts: as long
// as what it is about holds ('position', the default: the position on the
// board; 'selection': the piece picked up; 'hint'; 'thinking': the
// computer's search; 'review': looking back).  The text is a function when
// it is in words of the page's languages (read again in the language chosen
// since), a string otherwise.

export class Messages {
  /** ui: the panel (message(text, kind)); facts(): what holds now,
   * {position (a key), piece (the one picked up, or null), hint, thinking,
   * review}. */
  constructor(ui, facts) {
    Object.assign(this, { ui, facts });
    this.said = null; // what the message shown is about, with the facts it was said in
  }

  say(text, kind = 'info', about = 'position') {
    this.said = text ? { about, ...this.facts() } : null;
    this.ui.message(text, kind);
  }

  /** Clears the message once what it is about no longer holds. */
  refresh() {
    if (this.said && !this.holds(this.said)) this.say('');
  }

  holds({ about, position, piece }) {
    const now = this.facts();
    if (position !== now.position) return false;
    if (about === 'selection') return !!now.piece && now.piece === piece;
    if (about === 'hint' || about === 'thinking' || about === 'review') return now[about];
    return true;
  }
}
