// move-entry.js: the person's move, entered on the board.  Taps, drags and
// keys (board-input.js) pick up a piece, show where it can go, build a jump
// chain hop by hop, put the piece down with the reason it could not go
// somewhere, and hand the finished move to the mode in play (submit): the
// local game plays it, an online game sends it.

import { TARGET, squareOfIndex } from './halma-wasm.js';
import { refusalText, t } from './i18n.js';
import { allJoined } from './seats.js';
import { waitText } from './texts.js';

/** A move whose piece the person has put where it ends (dropped, or at the
 * end of its chain): it lands without travelling again. */
const STANDS = Object.freeze({ animate: false });

/** The flag bytes of api_targets (one per square) as Map square -> flags. */
const flagsToMap = (flags) => new Map(flags.flatMap((bits, i) => (bits ? [[squareOfIndex(i), bits]] : [])));

export class MoveEntry {
  /** core: the GameController; input: the BoardInput; submit(move,
   * options): the mode in play takes the person's move (a promise). */
  constructor(core, input, submit) {
    Object.assign(this, { core, input, submit });
    this.listen();
  }

  listen() {
    const core = this.core;
    const on = (type, handler) => this.input.addEventListener(type, (e) => handler(e.detail));
    on('tap', ({ square }) => this.onTap(square));
    on('dragstart', ({ square }) => core.exclusive(() => this.dragStart(square)));
    on('drop', ({ from, to }) => core.exclusive(() => this.drop(from, to)));
    on('cancel', () => core.exclusive(() => this.cancelSelection()));
    on('cursor', ({ square }) => {
      core.ui.describeSquare(square, core.shownPieces().get(square), core.selection);
      this.previewPath(square);
    });
    on('hover', ({ square }) => this.previewPath(square));
    this.input.draggable = (square) => this.canPick(square);
  }

  /** May the person take a move now (their seat to move, nothing pending)? */
  personMoves() {
    const core = this.core;
    return !core.review && !core.over && core.jobs.phase !== 'thinking' && core.turnPlayer().kind === 'person' && allJoined(core.players) && !core.sentMove;
  }

  /** Can the person pick up the piece on `square` now? */
  canPick(square) {
    return this.personMoves() && this.core.pieces.get(square) === this.core.state.side;
  }

  onTap(square) {
    // A tap ends any animation at once: nobody waits for a piece to land.
    this.core.view.finishAnimation();
    return this.core.exclusive(() => this.tap(square));
  }

  async tap(square) {
    const core = this.core;
    if (!core.state) return undefined; // still starting
    if (core.review) return core.say(() => t('message.reviewing'), 'info', 'review');
    if (core.over) return core.say(() => t('message.gameOver'), 'info');
    if (core.jobs.phase === 'thinking') return core.say(() => t('message.wait'), 'info', 'thinking');
    if (core.turnPlayer().kind === 'computer') return undefined;
    if (!this.personMoves()) return core.say(() => waitText(core.model()), 'info');
    if (!core.selection) return this.pick(square);
    const { chain, targets } = core.selection;
    const end = chain.at(-1);
    const bits = targets.get(square) ?? 0;
    if (square === chain[0] && chain.length === 1) return this.cancelSelection();
    if (bits & TARGET.STOP) return this.commit(chain.join('-'), bits, STANDS);
    if (bits & TARGET.HOP) return this.hop(square);
    if (bits & TARGET.END) return this.commit(await this.chainTo(chain, square), bits);
    if (core.pieces.get(square) === core.state.side && square !== end) return this.pick(square);
    if (square === end) return this.explain(chain.join('-'), true);
    // Any other square puts the piece down, as on lichess, and says why it
    // could not go there.
    this.cancelSelection();
    return this.explain([...chain, square].join('-'), false);
  }

  chainTo(chain, to) {
    return this.core.rules.request('chainTo', { game: this.core.spec(), chain, to });
  }

  /** Picks up a piece: shows every square it can reach. */
  async pick(square) {
    const core = this.core;
    const owner = core.pieces.get(square);
    if (owner !== core.state.side) {
      core.setSelection(null);
      const reason = owner ? 'not-your-piece' : 'empty-origin';
      return core.say(() => refusalText({ reason, a: square, message: '' }), 'warn');
    }
    const flags = await core.rules.request('targets', { game: core.spec(), chain: [square] });
    if (!flags) return undefined;
    core.setSelection({ chain: [square], targets: flagsToMap(flags) });
    const count = [...core.selection.targets.values()].filter((b) => b & TARGET.END).length;
    if (count) core.say(() => t('message.picked', { square, count }), 'info', 'selection');
    else core.say(() => t('message.cannotMove', { square }), 'warn', 'selection');
    return undefined;
  }

  /** One more hop of a chain being built; a chain that cannot go further
   * ends there at once. */
  async hop(square) {
    const core = this.core;
    const chain = [...core.selection.chain, square];
    const flags = await core.rules.request('targets', { game: core.spec(), chain });
    if (!flags) return undefined;
    const targets = flagsToMap(flags);
    const further = [...targets.keys()].some((s) => s !== square);
    if (!further && targets.get(square) & TARGET.STOP) return this.commit(chain.join('-'), targets.get(square));
    core.setSelection({ chain, targets });
    core.say(() => t('message.chain', { path: chain.join('-') }), 'info', 'selection');
    return undefined;
  }

  /** Explains, in the player's language, why a move is not possible; if the
   * rules find it legal after all, plays it.  A chain that cannot stop where
   * it stands is told the rules' reason: the goal camp left, or under the
   * house rule a hop back home (RULES-HOUSE.md). */
  async explain(move, atEnd) {
    const core = this.core;
    const answer = await core.rules.request('play', { game: core.spec(), move });
    if (answer.refusal) return core.say(() => refusalText(answer.refusal), 'warn');
    if (atEnd) return core.say(() => refusalText({ reason: 'goal-camp', a: core.selection.chain[0], message: '' }), 'warn');
    return this.commit(answer.path, 0);
  }

  /** Draws the way the picked-up piece would go to `square`, if it can. */
  async previewPath(square) {
    const selection = this.core.selection;
    const bits = (square && selection?.targets.get(square)) ?? 0;
    if (!(bits & TARGET.END) || bits & TARGET.STOP) return this.core.view.showPreview(null);
    const key = `${selection.chain.join('-')}>${square}`;
    this.previewKey = key;
    const path = await this.chainTo(selection.chain, square).catch(() => null);
    // Only if nothing changed meanwhile.
    if (this.previewKey === key && this.core.selection === selection && path) this.core.view.showPreview(path.split('-'));
    return undefined;
  }

  cancelSelection() {
    if (this.core.selection) this.core.setSelection(null);
  }

  async dragStart(square) {
    const selection = this.core.selection;
    if (selection?.chain[0] === square && selection.chain.length === 1) return;
    if (this.canPick(square)) await this.pick(square);
  }

  async drop(from, to) {
    const selection = this.core.selection;
    if (!selection || selection.chain[0] !== from || !to || to === from) return this.core.draw();
    const bits = selection.targets.get(to) ?? 0;
    // A drop names the final square: it never leaves a chain open.
    if (bits & TARGET.END) return this.commit(await this.chainTo(selection.chain, to), bits, STANDS);
    const move = `${selection.chain.join('-')}-${to}`;
    this.cancelSelection();
    return this.explain(move, false);
  }

  /** Hands the person's move to the mode in play, after a warning when it
   * draws by repetition; options: {animate: false} when its piece stands
   * where it ends already. */
  async commit(move, bits, options = {}) {
    if (!move) return undefined;
    if (bits & TARGET.REPEATS && !(await this.core.ui.confirm(t('confirm.repetition'), t('confirm.repetitionYes')))) return undefined;
    return this.submit(move, options);
  }

  /** "Stop here": the chain ends where it is. */
  stopChain() {
    return this.core.exclusive(async () => {
      if (!this.core.model().canStop) return;
      const chain = this.core.selection.chain;
      await this.commit(chain.join('-'), this.core.selection.targets.get(chain.at(-1)), STANDS);
    });
  }

  pass() {
    return this.core.exclusive(async () => {
      if (this.core.model().mustPass) await this.commit('pass', 0);
    });
  }
}
