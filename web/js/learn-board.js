// learn-board.js: the Learn page's board (learn.html).
// The board: the game's SVG board (board-view.js)
// and hand (board-input.js), a position to show, the goal's squares marked,
// and the person's move entered as in the game (move-entry.js): pick up a
// piece, see where it can go, hop by hop or straight to a square, "Stop
// here"; a square it cannot reach says why.  Every question goes to the
// rules worker; the finished move is handed to onMove(move).

import { BoardInput } from './board-input.js';
import { BoardView } from './board-view.js';
import { TARGET, squareOfIndex } from './halma-wasm.js';
import { refusalText, t } from './i18n.js';
import { gameAt } from './learn-play.js';
import { piecesOf } from './squares.js';
import { sideName } from './texts.js';
import { seatingOf } from './seating.js';

const SVG = 'http://www.w3.org/2000/svg';

const flagsToMap = (flags) => new Map(flags.flatMap((bits, i) => (bits ? [[squareOfIndex(i), bits]] : [])));

export class LearnBoard {
  /** container: the #board element; rules: the rules worker's client;
   * ui: {say(text, kind), announce(text), stopShown(bool)}. */
  constructor(container, rules, ui) {
    Object.assign(this, { rules, ui });
    this.view = new BoardView(container);
    this.input = new BoardInput(this.view);
    this.goalLayer = document.createElementNS(SVG, 'g');
    this.goalLayer.setAttribute('class', 'learn-goal');
    this.view.svg.insertBefore(this.goalLayer, this.view.lastLayer);
    this.position = null;
    this.selection = null;
    this.busy = false;
    this.onMove = null;
    this.listen();
  }

  listen() {
    const on = (type, handler) => this.input.addEventListener(type, (e) => handler(e.detail));
    on('tap', ({ square }) => this.run(() => this.tap(square)));
    on('dragstart', ({ square }) => this.run(() => this.canPick(square) && this.selection?.chain[0] !== square && this.pick(square)));
    on('drop', ({ from, to }) => this.run(() => this.drop(from, to)));
    on('cancel', () => this.setSelection(null));
    on('cursor', ({ square }) => this.describe(square));
    this.input.draggable = (square) => this.canPick(square);
  }

  /** One action at a time: a tap while the rules answer the last waits. */
  async run(action) {
    if (this.busy) return;
    this.busy = true;
    document.body.dataset.busy = 'true';
    try {
      await action();
    } finally {
      this.busy = false;
      delete document.body.dataset.busy;
    }
  }

  /** Shows a position: {kind (variant, players, partners), fen, side (the
   * person's seat), goal (squares to mark), lastMove, locked (no moves)}. */
  show(position) {
    this.position = position;
    this.selection = null;
    const many = seatingOf({ players: position.kind.players })?.headToHead === false;
    this.view.setup({ variant: position.kind.variant ?? 19, flipped: position.side === 'b', many });
    this.draw();
  }

  get game() {
    return gameAt(this.position.kind, this.position.fen);
  }

  draw(hint = null) {
    const { fen, lastMove, goal = [] } = this.position;
    this.view.render({ pieces: piecesOf(fen), lastMove, hint, selection: this.selection, flags: TARGET });
    this.goalLayer.replaceChildren();
    for (const square of goal) {
      const mark = document.createElementNS(SVG, 'rect');
      const attributes = { x: this.view.x(square) + 0.9, y: this.view.y(square) + 0.9, width: 8.2, height: 8.2, rx: 1.4, class: 'goal-mark', 'data-goal': square };
      for (const [key, value] of Object.entries(attributes)) mark.setAttribute(key, value);
      this.goalLayer.appendChild(mark);
    }
    this.ui.stopShown(!!this.selection && this.selection.chain.length > 1);
  }

  setSelection(selection) {
    this.selection = selection;
    this.draw();
  }

  canPick(square) {
    return !!this.position && !this.position.locked && piecesOf(this.position.fen).get(square) === this.position.side;
  }

  async tap(square) {
    if (!this.position || this.position.locked) return;
    this.view.finishAnimation();
    if (!this.selection) return this.pick(square);
    const { chain, targets } = this.selection;
    const bits = targets.get(square) ?? 0;
    if (square === chain[0] && chain.length === 1) return this.setSelection(null);
    if (bits & TARGET.STOP) return this.commit(chain.join('-'));
    if (bits & TARGET.HOP) return this.hop(square);
    if (bits & TARGET.END) return this.commit(await this.rules.request('chainTo', { game: this.game, chain, to: square }));
    if (piecesOf(this.position.fen).get(square) === this.position.side && chain.length === 1) return this.pick(square);
    const move = [...chain, square].join('-');
    this.setSelection(null);
    return this.explain(move);
  }

  async pick(square) {
    const owner = piecesOf(this.position.fen).get(square);
    if (owner !== this.position.side) {
      this.setSelection(null);
      return this.ui.say(refusalText({ reason: owner ? 'not-your-piece' : 'empty-origin', a: square, message: '' }), 'warn');
    }
    const flags = await this.rules.request('targets', { game: this.game, chain: [square] });
    if (!flags) return undefined;
    this.setSelection({ chain: [square], targets: flagsToMap(flags) });
    const count = [...this.selection.targets.values()].filter((b) => b & TARGET.END).length;
    return this.ui.say(count ? t('message.picked', { square, count }) : t('message.cannotMove', { square }), count ? 'info' : 'warn');
  }

  async hop(square) {
    const chain = [...this.selection.chain, square];
    const flags = await this.rules.request('targets', { game: this.game, chain });
    if (!flags) return undefined;
    const targets = flagsToMap(flags);
    const further = [...targets.keys()].some((s) => s !== square);
    if (!further && targets.get(square) & TARGET.STOP) return this.commit(chain.join('-'));
    this.setSelection({ chain, targets });
    return this.ui.say(t('message.chain', { path: chain.join('-') }), 'info');
  }

  /** "Stop here": the chain ends where its piece stands. */
  stop() {
    return this.run(async () => {
      if (this.selection?.chain.length > 1) await this.commit(this.selection.chain.join('-'));
    });
  }

  async drop(from, to) {
    const selection = this.selection;
    if (!selection || selection.chain[0] !== from || !to || to === from) return this.draw();
    const bits = selection.targets.get(to) ?? 0;
    if (bits & TARGET.END) return this.commit(await this.rules.request('chainTo', { game: this.game, chain: selection.chain, to }));
    this.setSelection(null);
    return this.explain(`${selection.chain.join('-')}-${to}`);
  }

  /** A move the board does not offer goes to the screen all the same: the
   * rules say why not (or, should they take it after all, play it). */
  explain(move) {
    return this.commit(move);
  }

  async commit(move) {
    this.selection = null;
    this.ui.stopShown(false);
    if (move && this.onMove) await this.onMove(move);
  }

  /** The piece's journey along `path`, then the position after. */
  async travel(path, side) {
    const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
    await this.view.travel({ before: piecesOf(this.position.fen), squares: path.split('-') }, side, { reduced, speed: 0.7 });
  }

  /** Draws the hint: a move's path. */
  hint(move) {
    this.draw(move ? move.split('-') : null);
  }

  describe(square) {
    const piece = this.position && piecesOf(this.position.fen).get(square);
    const what = piece ? t('cursor.seat', { side: sideName(piece) }) : t('cursor.empty');
    const goal = this.position?.goal?.includes(square) ? ` ${t('learn.cursorGoal')}` : '';
    const target = this.selection?.targets.get(square) ? ` ${t('cursor.target')}` : '';
    document.getElementById('cursor-announcer').textContent = `${square}, ${what}${goal}${target}`;
  }
}
