// game.js: the game controller.  It owns the game in progress (the start,
// every move as played, what undo can bring back), asks the rules worker
// what is legal, the engine worker for the computer's moves and hints, tells
// the board what to draw, and saves after every change.
//
// The page's state here is the only truth: workers get the whole game with
// each request, and nothing changes here until the rules have accepted it,
// so no click, tap or late answer can put the game in a state it should not
// be in.

import { CancelledError } from './engine-client.js';
import { ANIMATION_SPEEDS, campSquares, fileOf, rankOf } from './board-view.js';
import { DEFAULT_VARIANT, TARGET, squareOfIndex } from './halma-wasm.js';
import { addGame, saveGame, saveSetting } from './storage.js';
import { CHART_MOVES, movesNeeded, whiteLead } from './analysis.js';
import { writeRecord } from './record.js';


const HINT_MOVETIME = 700;
/** The engine's time for each position it judges in the analysis. */
const ANALYSIS_MOVETIME = 150;
/** The computer's move never lands sooner than this after the person's: an
 * instant reply is easy to miss. */
const MIN_REPLY_MS = 400;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The pieces of a FEN's placement: Map square -> 'w' | 'b'. */
export function piecesOf(fen) {
  const pieces = new Map();
  fen.split(' ')[0].split('/').forEach((row, i) => {
    const rank = 16 - i;
    let file = 0;
    for (const token of row.match(/\d+|[wb]/g) ?? []) {
      if (token === 'w' || token === 'b') pieces.set('abcdefghijklmnop'[file++] + rank, token);
      else file += Number(token);
    }
  });
  return pieces;
}

/** The parameters of a record's refusal, as the texts name them. */
const recordErrorParams = ({ number, detail }) => ({ number, line: detail, value: detail, move: detail });

const other = (side) => (side === 'w' ? 'b' : 'w');
/** The flag bytes of api_targets (one per square) as Map square -> flags. */
const flagsToMap = (flags) => new Map(flags.flatMap((bits, i) => (bits ? [[squareOfIndex(i), bits]] : [])));
const isStep = (a, b) => Math.max(Math.abs(fileOf(a) - fileOf(b)), Math.abs(rankOf(a) - rankOf(b))) === 1;

export class GameController {
  /**
   * view: BoardView; rules, engine: EngineClient; ui: the panel
   * (update(model), message(text, kind), announce(text), showEnd(model),
   * confirm(text, yes) -> Promise<boolean>, testHook(name, value)); t:
   * translation; reducedMotion(); sound: play(kind), setEnabled(on);
   * preferences: {animation, sound} (storage.js, loadPreferences); setup:
   * the levels and start positions as the rules worker has them ('setup').
   */
  constructor({ view, rules, engine, ui, t, refusalText, setup, reducedMotion = () => false, sound = null, preferences = {} }) {
    Object.assign(this, { view, rules, engine, ui, t, refusalText, setup, reducedMotion });
    this.sound = sound ?? { play() {}, setEnabled() {} };
    this.preferences = { animation: 'normal', sound: false, ...preferences };
    this.flippedByHand = false;
    this.settings = this.defaultSettings();
    this.game = this.newGameSpec();
    this.redoStack = [];
    this.state = null;
    this.pieces = new Map();
    this.selection = null;
    this.hintPath = null;
    // {k, fen, pieces, lastMove} while looking at an earlier position; not
    // a phase: the person may look back while the engine works.
    this.review = null;
    // The engine's judgement of each position, {key, answers[k]} (analyse()).
    this.judged = null;
    // The message shown and what it is about (see say()).
    this.said = null;
    /** What the engine is doing for the controller: 'idle', 'thinking' (the
     * computer's move), 'hinting' (a hint for the person) or 'analysing'
     * (judging the game's positions, see analyse()). */
    this.phase = 'idle';
    // The online game followed (online-play.js), and the person's move in it
    // sent but not yet accepted by the server (see loadOnline).
    this.online = null;
    this.sentMove = null;
    this.engineToken = 0; // bumped by each search and cancel: a stale answer is dropped
    this.queue = Promise.resolve();
    this.listen();
  }

  // ---- plumbing ----------------------------------------------------------

  /** A new game's players: the person plays White against the computer at
   * the level the module gives a person. */
  defaultSettings() {
    return { mode: 'computer', human: 'w', level: this.setup.levels.person };
  }

  /** A new game from the start position (a fresh object: its moves grow). */
  newGameSpec(variant = DEFAULT_VARIANT) {
    return { variant, fen: null, turnLimit: this.setup.starts.turnLimit, moves: [] };
  }

  listen() {
    const on = (type, handler) => this.view.addEventListener(type, (e) => handler(e.detail));
    on('tap', ({ square }) => this.onTap(square));
    on('dragstart', ({ square }) => this.onDragStart(square));
    on('drop', ({ from, to }) => this.onDrop(from, to));
    on('cancel', () => this.exclusive(() => this.cancelSelection()));
    on('cursor', ({ square }) => {
      this.ui.describeSquare(square, this.shownPieces().get(square), this.selection);
      this.previewPath(square);
    });
    on('hover', ({ square }) => this.previewPath(square));
    this.view.draggable = (square) => this.canPick(square);
  }

  /** Runs one action at a time, in order; an action's failure is shown,
   * never thrown at the page. */
  exclusive(action) {
    this.ui.busy(+1);
    const run = this.queue.then(action).catch((error) => this.fail(error));
    this.queue = run.then(() => this.ui.busy(-1));
    return run;
  }

  fail(error) {
    if (error instanceof CancelledError) return;
    console.warn('halma:', error);
    this.say(this.t('error.unexpected'), 'error');
  }

  spec() {
    return { ...this.game, moves: [...this.game.moves] };
  }

  sideOfMove(i) {
    const first = this.startSide();
    return i % 2 === 0 ? first : other(first);
  }

  startSide() {
    return this.game.fen ? this.game.fen.trim().split(/\s+/)[1] : 'w';
  }

  startTurns() {
    return this.game.fen ? Number(this.game.fen.trim().split(/\s+/)[2]) || 0 : 0;
  }

  isComputer(side) {
    return this.settings.mode === 'computer' && side !== this.settings.human;
  }

  get over() {
    return !this.state || this.state.result !== 'ongoing';
  }

  /** Can the person pick up the piece on `square` now? */
  canPick(square) {
    if (this.online && !this.online.canMove(this.state?.side)) return false;
    return !this.review && !this.over && this.phase !== 'thinking' && !this.isComputer(this.state.side) && this.pieces.get(square) === this.state.side;
  }

  save() {
    if (this.online) return; // the server keeps an online game; the saved one is the last local game
    // position and lastMove only let the next visit draw the board at once,
    // before the rules have replayed the game.
    const position = this.state?.fen ?? null;
    saveGame({ ...this.game, redo: this.redoStack, ...this.settings, position, lastMove: this.lastMovePath() });
  }

  /** Draws a saved picture of the board while the rules start up. */
  preview({ variant, settings, position, lastMove }) {
    if (this.state || typeof position !== 'string') return;
    this.view.setup({ variant, flipped: settings.mode === 'computer' && settings.human === 'b' });
    this.view.render({ pieces: piecesOf(position), lastMove: Array.isArray(lastMove) ? lastMove : null, flags: TARGET });
  }

  // ---- the person's preferences -------------------------------------------

  /** How moves are animated: the system's reduced motion, and the speed
   * chosen (none: no animation at all). */
  motion() {
    return { reduced: this.reducedMotion(), speed: ANIMATION_SPEEDS[this.preferences.animation] ?? 1 };
  }

  /** Sets and remembers the animation speed or the sound (on or off). */
  setPreference(name, value) {
    this.preferences[name] = value;
    if (name === 'sound') this.sound.setEnabled(value);
    saveSetting(name, value);
  }

  /** Black at the bottom: when the person plays Black against the
   * computer, or the other way when turned round with Flip. */
  boardFlipped() {
    const blackBelow = (this.settings.mode === 'computer' || this.settings.mode === 'online') && this.settings.human === 'b';
    return blackBelow !== this.flippedByHand;
  }

  flip() {
    this.view.finishAnimation();
    return this.exclusive(() => {
      this.flippedByHand = !this.flippedByHand;
      this.view.setup({ variant: this.game.variant, flipped: this.boardFlipped() });
      this.draw();
    });
  }

  // ---- drawing -----------------------------------------------------------

  /** The pieces as the board shows them: a chain being built moves its
   * piece along. */
  shownPieces() {
    if (this.review) return this.review.pieces;
    if (this.sentMove) return this.sentMove.pieces;
    if (!this.selection || this.selection.chain.length < 2) return this.pieces;
    const shown = new Map(this.pieces);
    const chain = this.selection.chain;
    shown.delete(chain[0]);
    shown.set(chain[chain.length - 1], this.state.side);
    return shown;
  }

  lastMovePath() {
    if (this.sentMove) return this.sentMove.path === 'pass' ? null : this.sentMove.path.split('-');
    const moves = this.game.moves;
    return moves.length && moves[moves.length - 1] !== 'pass' ? moves[moves.length - 1].split('-') : null;
  }

  draw() {
    if (this.said && !this.stillTrue(this.said)) this.say('');
    if (this.review) {
      this.view.render({ pieces: this.review.pieces, lastMove: this.review.lastMove, hint: this.judgementAt(this.review.k)?.best ?? null, flags: TARGET });
    } else {
      this.view.render({
        pieces: this.shownPieces(),
        lastMove: this.selection?.chain.length > 1 ? null : this.lastMovePath(),
        hint: this.hintPath,
        selection: this.selection,
        flags: TARGET,
      });
    }
    this.ui.update(this.model());
  }

  /** The position on the board as the panel describes it: the game's, or
   * while reviewing the earlier one (always a game still going). */
  shownState() {
    if (!this.review) return this.state;
    const [, side, turns] = this.review.fen.trim().split(/\s+/);
    return { ...this.state, fen: this.review.fen, side, turns: Number(turns), result: 'ongoing', repeating: [], mustPass: false };
  }

  model() {
    const humanMoves = this.game.moves.some((_, i) => !this.isComputer(this.sideOfMove(i)));
    const humanTurn = !this.over && !this.isComputer(this.state.side);
    return {
      state: this.state,
      position: this.shownState(),
      game: this.game,
      settings: this.settings,
      flipped: this.boardFlipped(),
      phase: this.phase,
      review: this.review,
      analysis: this.analysisModel(),
      selection: this.selection,
      humanTurn,
      online: this.online?.describe() ?? null,
      sentMove: !!this.sentMove,
      canUndo: !this.online && !this.review && !this.game.resigned && (this.settings.mode === 'friends' ? this.game.moves.length > 0 : humanMoves),
      canRedo: !this.online && !this.review && !this.game.resigned && this.phase !== 'thinking' && this.redoStack.length > 0,
      canResign: !this.review && !this.over && (!this.online || this.online.canResign()),
      canHint: !this.online && !this.review && humanTurn && this.phase === 'idle',
      canStop: !!this.selection && this.selection.chain.length > 1 && !!(this.selection.targets.get(this.selection.chain.at(-1)) & TARGET.STOP),
      mustPass: humanTurn && !!this.state?.mustPass,
      firstSide: this.startSide(),
      firstTurn: this.startTurns(),
    };
  }

  // ---- starting and loading ----------------------------------------------

  /** Loads a game (a saved one, an import, a new one).  Returns null, or
   * the failure {at, refusal} (at -1: the start position itself); on a
   * failed move the game keeps the moves before it. */
  async load(game, settings, redo = []) {
    this.cancelPending();
    if (settings.mode !== 'online') this.leaveOnline();
    this.sentMove = null;
    const answer = await this.rules.request('load', { game });
    if (!answer.state) return answer.failure;
    // The computer starts this game afresh, as `halma engine` does on
    // `newgame` (a worker not started yet has nothing to forget).
    if (this.engine.running) this.engine.request('newGame').catch((error) => this.fail(error));
    this.game = { ...game, moves: answer.moves };
    this.settings = { ...settings };
    this.redoStack = answer.failure ? [] : [...redo];
    this.state = this.withResignation(answer.state);
    this.pieces = piecesOf(this.state.fen);
    this.selection = null;
    this.hintPath = null;
    this.review = null;
    this.say(''); // nothing said about the game before holds for this one
    this.view.setup({ variant: game.variant, flipped: this.boardFlipped() });
    this.save();
    this.draw();
    this.afterMove(false);
    return answer.failure;
  }

  newGame({ variant, mode, human, level }) {
    return this.exclusive(async () => {
      await this.load(this.newGameSpec(variant), { mode, human, level });
      // With the person to move, load() has already said how to begin.
      if (this.game.moves.length > 0 || this.isComputer(this.state.side)) this.say(this.t('message.newGame'), 'info');
      this.ui.announce(this.statusText());
    });
  }

  /** Imports a record or FEN; returns null or an error text for the dialog.
   * The rules read it (src/core/record.c), then check every move. */
  importRecord(text) {
    return this.exclusive(async () => {
      const record = await this.rules.request('parseRecord', { text: String(text ?? '') });
      if (record.error) return this.t(`import.error.${record.error.code}`, recordErrorParams(record.error));
      const game = { variant: record.variant, fen: record.fen, turnLimit: record.turnLimit, moves: record.moves };
      const check = await this.rules.request('load', { game });
      if (check.failure) return this.describeLoadFailure(check.failure);
      await this.load(game, this.settings);
      this.say(this.t('message.imported', { count: game.moves.length }), 'info');
      // A finished game says how it ended, as if its last move were just played.
      if (this.over) this.ui.showEnd(this.model());
      return null;
    });
  }

  describeLoadFailure({ at, refusal }) {
    const reason = this.refusalText(refusal);
    return at < 0 ? this.t('import.error.position', { reason }) : this.t('import.error.move', { number: at + 1, reason });
  }

  /** Who plays a side: You, the computer and its level, or Player 1 or 2. */
  playerName(side) {
    if (this.online) return this.online.playerName(side);
    if (this.isComputer(side)) return this.t('player.computerLevel', { level: this.settings.level });
    if (this.settings.mode === 'computer') return this.t('player.you');
    return this.t(side === 'w' ? 'player.white' : 'player.black');
  }

  exportRecord() {
    return writeRecord({
      ...this.game,
      white: this.playerName('w'),
      black: this.playerName('b'),
      result: this.state.result,
      firstSide: this.startSide(),
      firstTurn: this.startTurns(),
    });
  }

  // ---- picking and moving pieces ------------------------------------------

  onTap(square) {
    // A tap ends any animation at once: nobody waits for a piece to land.
    this.view.finishAnimation();
    return this.exclusive(() => this.tap(square));
  }

  async tap(square) {
    if (!this.state) return undefined; // still starting
    if (this.review) return this.say(this.t('message.reviewing'), 'info', 'review');
    if (this.over) return this.say(this.t('message.gameOver'), 'info');
    if (this.phase === 'thinking') return this.say(this.t('message.wait'), 'info', 'thinking');
    if (this.isComputer(this.state.side)) return undefined;
    if (this.online && !this.online.canMove(this.state.side)) return this.say(this.online.waitText(!!this.sentMove), 'info');
    if (!this.selection) return this.pick(square);
    const { chain, targets } = this.selection;
    const end = chain[chain.length - 1];
    const bits = targets.get(square) ?? 0;
    if (square === chain[0] && chain.length === 1) return this.cancelSelection();
    if (bits & TARGET.STOP) return this.commit(chain.join('-'), bits);
    if (bits & TARGET.HOP) return this.hop(square);
    if (bits & TARGET.END) return this.commit(await this.rules.request('chainTo', { game: this.spec(), chain, to: square }), bits);
    if (this.pieces.get(square) === this.state.side && square !== end) return this.pick(square);
    if (square === end) return this.explain(chain.join('-'), true);
    // Any other square puts the piece down, as on lichess, and says why it
    // could not go there.
    this.cancelSelection();
    return this.explain([...chain, square].join('-'), false);
  }

  /** Picks up a piece: shows every square it can reach. */
  async pick(square) {
    const owner = this.pieces.get(square);
    if (owner !== this.state.side) {
      this.selection = null;
      this.draw();
      const reason = owner ? 'not-your-piece' : 'empty-origin';
      return this.say(this.refusalText({ reason, a: square, message: '' }), 'warn');
    }
    const flags = await this.rules.request('targets', { game: this.spec(), chain: [square] });
    if (!flags) return undefined;
    this.selection = { chain: [square], targets: flagsToMap(flags) };
    this.draw();
    const count = [...this.selection.targets.values()].filter((b) => b & TARGET.END).length;
    if (count) this.say(this.t('message.picked', { square, count }), 'info', 'selection');
    else this.say(this.t('message.cannotMove', { square }), 'warn', 'selection');
    return undefined;
  }

  /** One more hop of a chain being built; a chain that cannot go further
   * ends there at once. */
  async hop(square) {
    const chain = [...this.selection.chain, square];
    const flags = await this.rules.request('targets', { game: this.spec(), chain });
    if (!flags) return undefined;
    const targets = flagsToMap(flags);
    const further = [...targets.keys()].some((s) => s !== square);
    if (!further && targets.get(square) & TARGET.STOP) return this.commit(chain.join('-'), targets.get(square));
    this.selection = { chain, targets };
    this.draw();
    this.say(this.t('message.chain', { path: chain.join('-') }), 'info', 'selection');
    return undefined;
  }

  /** Explains, in the player's language, why a move is not possible; if the
   * rules find it legal after all, plays it. */
  async explain(move, atEnd) {
    if (atEnd) {
      const origin = this.selection.chain[0];
      return this.say(this.refusalText({ reason: 'goal-camp', a: origin, message: '' }), 'warn');
    }
    const answer = await this.rules.request('play', { game: this.spec(), move });
    if (answer.refusal) return this.say(this.refusalText(answer.refusal), 'warn');
    return this.commit(answer.path, 0);
  }

  /** Draws the way the picked-up piece would go to `square`, if it can. */
  async previewPath(square) {
    const selection = this.selection;
    const bits = (square && selection?.targets.get(square)) ?? 0;
    if (!(bits & TARGET.END) || bits & TARGET.STOP) return this.view.showPreview(null);
    const key = `${selection.chain.join('-')}>${square}`;
    this.previewKey = key;
    const path = await this.rules.request('chainTo', { game: this.spec(), chain: selection.chain, to: square }).catch(() => null);
    // Only if nothing changed meanwhile.
    if (this.previewKey === key && this.selection === selection && path) this.view.showPreview(path.split('-'));
    return undefined;
  }

  cancelSelection() {
    if (!this.selection) return;
    this.selection = null;
    this.draw();
  }

  onDragStart(square) {
    return this.exclusive(async () => {
      if (this.selection?.chain[0] === square && this.selection.chain.length === 1) return;
      if (this.canPick(square)) await this.pick(square);
    });
  }

  onDrop(from, to) {
    return this.exclusive(async () => {
      if (!this.selection || this.selection.chain[0] !== from || !to || to === from) return this.draw();
      const bits = this.selection.targets.get(to) ?? 0;
      // A drop names the final square: it never leaves a chain open.
      if (bits & TARGET.END) return this.commit(await this.rules.request('chainTo', { game: this.spec(), chain: this.selection.chain, to }), bits);
      const move = `${this.selection.chain.join('-')}-${to}`;
      this.cancelSelection();
      return this.explain(move, false);
    });
  }

  /** Plays the person's move, after a warning when it draws by repetition. */
  async commit(move, bits) {
    if (!move) return undefined;
    if (this.online) return this.sendOnline(move, bits);
    if (bits & TARGET.REPEATS && !(await this.ui.confirm(this.t('confirm.repetition'), this.t('confirm.repetitionYes')))) {
      return undefined;
    }
    const played = await this.play(move);
    if (played) {
      this.redoStack = [];
      this.save();
      this.afterMove(true);
    }
    return undefined;
  }

  stopChain() {
    return this.exclusive(async () => {
      if (!this.model().canStop) return;
      const chain = this.selection.chain;
      await this.commit(chain.join('-'), this.selection.targets.get(chain[chain.length - 1]));
    });
  }

  pass() {
    return this.exclusive(async () => {
      if (this.model().mustPass) await this.commit('pass', 0);
    });
  }

  /**
   * Plays a move through the rules and shows it hop by hop.  Returns true
   * when it was played; a refusal is shown and changes nothing.
   */
  async play(move, { animate = true } = {}) {
    const side = this.state.side;
    const answer = await this.rules.request('play', { game: this.spec(), move });
    if (answer.refusal) {
      this.say(this.refusalText(answer.refusal), 'warn');
      return false;
    }
    const before = this.pieces;
    this.game.moves.push(answer.path);
    this.state = answer.state;
    this.pieces = piecesOf(this.state.fen);
    this.selection = null;
    this.hintPath = null;
    this.cancelPending('hinting');
    this.save();
    this.ui.announce(this.moveText(side, answer.path));
    if (animate && !this.review && answer.path !== 'pass') {
      this.view.render({ pieces: before, lastMove: null, flags: TARGET });
      this.ui.update(this.model());
      await this.view.animate(answer.path.split('-'), side, this.motion());
    }
    this.draw();
    if (answer.path === 'pass') this.say(this.t('message.passed', { side: this.sideName(side) }));
    else this.sound.play(this.moveKind(answer.path) === 'step' ? 'step' : 'hop');
    return true;
  }

  /** 'pass', 'step' or 'jump'. */
  moveKind(path) {
    if (path === 'pass') return 'pass';
    const squares = path.split('-');
    return squares.length === 2 && isStep(squares[0], squares[1]) ? 'step' : 'jump';
  }

  moveText(side, path) {
    if (path === 'pass') return this.t('announce.pass', { side: this.sideName(side) });
    const squares = path.split('-');
    const key = `announce.${this.moveKind(path)}`;
    return this.t(key, { side: this.sideName(side), from: squares[0], to: squares[squares.length - 1], path: squares.join(', ') });
  }

  sideName(side) {
    return this.t(side === 'w' ? 'side.white' : 'side.black');
  }

  /** After a move: the end of the game, or the computer's turn. */
  afterMove(justPlayed) {
    if (this.over) {
      this.draw();
      if (justPlayed) {
        this.countGame();
        this.sound.play('end');
        this.ui.announce(this.resultText());
        this.ui.showEnd(this.model());
      }
      this.analyse();
      return;
    }
    if (this.isComputer(this.state.side)) this.computerMove();
    else if (this.state.mustPass) this.say(this.t('message.mustPass'), 'warn');
    else if (!justPlayed && this.game.moves.length === 0 && (!this.online || this.online.canMove(this.state.side))) this.say(this.t('message.start'), 'info');
  }

  // ---- the computer ------------------------------------------------------

  async computerMove() {
    const token = ++this.engineToken;
    this.phase = 'thinking';
    this.draw();
    let answer;
    try {
      [answer] = await Promise.all([
        this.engine.request('think', {
          game: this.spec(),
          // No movetime: the engine thinks for its level's own budget
          // (src/engine/levels.c), so a level means the same everywhere.
          level: this.settings.level,
        }),
        sleep(MIN_REPLY_MS),
      ]);
    } catch (error) {
      if (token === this.engineToken) {
        this.phase = 'idle';
        this.draw();
        this.fail(error);
      }
      return;
    }
    if (token !== this.engineToken) return;
    await this.exclusive(async () => {
      if (token !== this.engineToken) return;
      this.phase = 'idle';
      // How long the search itself took, for the page's performance tests.
      if (answer) this.ui.testHook('lastThinkMs', Math.round(answer.wallMs));
      if (!answer || !(await this.play(answer.move))) return this.draw();
      this.save();
      return this.afterMove(true);
    });
  }

  /** Abandons the engine's search (only if it is `only`, when given): its
   * answer, if it still comes, is dropped. */
  cancelPending(only = null) {
    if (this.phase === 'idle' || (only && this.phase !== only)) return;
    this.engineToken++;
    this.phase = 'idle';
    this.engine.restart();
  }

  /** Asks the engine for the person's best move and shows it.  The search
   * runs outside the action queue, so the board stays usable meanwhile. */
  hint() {
    if (!this.model().canHint) return Promise.resolve();
    const token = ++this.engineToken;
    this.phase = 'hinting';
    this.draw();
    const request = this.engine.request('hint', { game: this.spec(), movetime: HINT_MOVETIME });
    const settle = () => {
      if (token !== this.engineToken) return false;
      this.phase = 'idle';
      return true;
    };
    return request.then(
      (answer) =>
        this.exclusive(() => {
          if (!settle()) return;
          if (answer?.move && answer.move !== 'pass') {
            this.hintPath = answer.move.split('-');
            this.selection = null;
            const text = this.t('message.hint', { move: answer.move });
            this.say(text, 'hint', 'hint');
            this.ui.announce(text);
          }
          this.draw();
        }),
      (error) => {
        if (settle()) this.draw();
        this.fail(error);
      },
    );
  }

  // ---- online play -------------------------------------------------------
  // The server referees an online game (online-play.js follows it): a move
  // made here is only proposed.  It is shown as sent (this.sentMove, drawn
  // but not in the game) and enters the game only when the server says it
  // was played, so nothing the server refused is ever shown as played.

  /** Loads the game as the server has it (seat 'w', 'b', or null to
   * watch); a move still waiting for the server's answer stays shown. */
  async loadOnline(game, seat, online, sentMove = null) {
    if (this.online !== online) this.leaveOnline();
    this.online = online; // first: save() and the texts of load() know it
    const failure = await this.load(game, { mode: 'online', human: seat ?? 'w', level: this.settings.level });
    if (!failure && sentMove) await this.showSent(sentMove, false);
    return failure;
  }

  leaveOnline() {
    const online = this.online;
    this.online = null;
    online?.leave();
  }

  /** The person's move in an online game: checked by the rules here, shown
   * as sent, and proposed to the server as move number (moves played) + 1. */
  async sendOnline(move, bits) {
    if (bits & TARGET.REPEATS && !(await this.ui.confirm(this.t('confirm.repetition'), this.t('confirm.repetitionYes')))) {
      return undefined;
    }
    const path = await this.showSent(move, true);
    if (path) this.online.submit(this.game.moves.length, path);
    return undefined;
  }

  /** Draws a move as sent (animated if `animate`); returns its path, or
   * null when the rules refuse it (and says why). */
  async showSent(move, animate) {
    const answer = await this.rules.request('play', { game: this.spec(), move });
    if (answer.refusal) {
      this.say(this.refusalText(answer.refusal), 'warn');
      return null;
    }
    this.selection = null;
    this.hintPath = null;
    if (animate && answer.path !== 'pass') {
      this.view.render({ pieces: this.pieces, lastMove: null, flags: TARGET });
      await this.view.animate(answer.path.split('-'), this.state.side, this.motion());
    }
    this.sentMove = { path: answer.path, pieces: piecesOf(answer.state.fen) };
    this.draw();
    return answer.path;
  }

  /** The sent move will not be played (the server refused it). */
  dropSentMove() {
    this.sentMove = null;
    this.draw();
  }

  /** A move the server played, ply being its number (1 for the first).
   * Returns false when moves before it are missing here, or the rules
   * here disagree: the caller then reloads the game from the server. */
  async acceptServerMove(ply, move) {
    const known = this.game.moves.length;
    if (ply <= known) return this.game.moves[ply - 1] === move; // told twice: by the answer and by the stream
    if (ply > known + 1) return false;
    // The person's own move is on the board already: no second animation.
    const mine = this.sentMove?.path === move;
    this.sentMove = null;
    if (!(await this.play(move, { animate: !mine }))) return false;
    this.afterMove(true);
    return true;
  }

  /** The server ended the game.  A goal, a repetition or the turn limit the
   * rules here have seen with the last move; a resignation, the time, an
   * agreement or an abandonment they could not. */
  endOnline(result) {
    if (this.over || ['goal', 'repetition', 'turn_limit'].includes(result.reason)) return;
    if (result.reason === 'resign') this.game.resigned = other(result.winner);
    else this.game.outcome = result;
    this.sentMove = null;
    this.selection = null;
    this.state = this.withResignation(this.state);
    this.draw();
    this.sound.play('end');
    this.ui.announce(this.resultText());
    this.ui.showEnd(this.model());
    this.analyse();
  }

  // ---- undo and redo -----------------------------------------------------

  undo() {
    this.view.finishAnimation();
    return this.exclusive(async () => {
      if (!this.model().canUndo) return;
      const wasThinking = this.phase === 'thinking';
      this.cancelPending();
      const moves = this.game.moves;
      // Against the computer, back to the person's previous turn: their
      // last move and the reply to it.
      do {
        this.redoStack.push(moves.pop());
      } while (this.settings.mode === 'computer' && !wasThinking && moves.length && this.isComputer(this.sideOfMove(moves.length)));
      await this.resync();
      this.say(this.t('message.undone'), 'info');
      this.ui.announce(this.t('message.undone'));
      if (!this.over && this.isComputer(this.state.side)) this.computerMove();
    });
  }

  redo() {
    this.view.finishAnimation();
    return this.exclusive(async () => {
      if (!this.model().canRedo) return;
      this.cancelPending();
      do {
        const move = this.redoStack.pop();
        if (!(await this.play(move))) {
          this.redoStack = [];
          break;
        }
      } while (this.settings.mode === 'computer' && this.redoStack.length && this.isComputer(this.state.side));
      this.save();
      this.afterMove(true);
    });
  }

  async resync() {
    this.state = this.withResignation(await this.rules.request('state', { game: this.spec() }));
    this.pieces = piecesOf(this.state.fen);
    this.selection = null;
    this.hintPath = null;
    this.review = null;
    this.save();
    this.draw();
  }

  // ---- resigning ---------------------------------------------------------

  /** The person gives up (two on one device: the side to move), after a
   * question; the other side wins.  Final: undo does not take it back. */
  resign() {
    return this.exclusive(async () => {
      if (!this.model().canResign) return;
      if (!(await this.ui.confirm(this.t('confirm.resign'), this.t('confirm.resignYes')))) return;
      if (this.over) return; // the computer's move may have ended the game meanwhile
      if (this.online) return this.online.resign(); // the server ends the game and says so
      this.cancelPending();
      this.game.resigned = this.settings.mode === 'computer' ? this.settings.human : this.state.side;
      this.state = this.withResignation(this.state);
      this.selection = null;
      this.hintPath = null;
      this.countGame();
      this.save();
      this.draw();
      this.ui.announce(this.resultText());
      this.ui.showEnd(this.model());
    });
  }

  /** A game against the computer counts once in the person's record
   * (storage.js), when it ends; undone and played to the end again, it
   * does not count twice. */
  countGame() {
    if (this.settings.mode !== 'computer' || this.game.counted) return;
    this.game.counted = true;
    addGame(this.game.variant, this.settings.level, this.state.result === (this.settings.human === 'w' ? 'white-wins' : 'black-wins'));
    this.save();
  }

  /** The rules' state, ended by the resignation if there was one. */
  withResignation(state) {
    const side = this.game.resigned;
    if (side) return { ...state, result: side === 'w' ? 'black-wins' : 'white-wins', resigned: side };
    // An online game the server ended otherwise than the rules would.
    const outcome = this.game.outcome;
    if (!outcome || state.result !== 'ongoing') return state;
    if (!outcome.winner) return { ...state, result: 'draw-agreement' };
    const loser = other(outcome.winner);
    return { ...state, result: outcome.winner === 'w' ? 'white-wins' : 'black-wins', ...(outcome.reason === 'time' ? { flagged: loser } : { abandoned: loser }) };
  }

  // ---- looking back ------------------------------------------------------

  /** Shows the position after the first k moves (k = all: back to play). */
  reviewAt(k) {
    this.view.finishAnimation();
    return this.exclusive(async () => {
      const total = this.game.moves.length;
      if (!Number.isInteger(k) || k < 0 || k > total) return;
      const previous = this.review?.k ?? total;
      if (k === total) {
        this.review = null;
        if (!this.over) this.cancelPending('analysing');
        this.draw();
        return;
      }
      const fen = await this.rules.request('fenAt', { game: this.spec(), k });
      const lastMove = k > 0 && this.game.moves[k - 1] !== 'pass' ? this.game.moves[k - 1].split('-') : null;
      this.selection = null;
      if (k === previous + 1 && lastMove) {
        // Stepping forward shows the move being played.
        this.view.render({ pieces: this.review?.pieces ?? this.pieces, flags: TARGET });
        await this.view.animate(lastMove, this.sideOfMove(k - 1), this.motion());
      }
      this.review = { k, fen, pieces: piecesOf(fen), lastMove };
      this.hintPath = null; // a hint belongs to the game's position, not this one
      this.draw();
      this.analyse();
    });
  }

  reviewStep(delta) {
    const k = (this.review?.k ?? this.game.moves.length) + delta;
    return this.reviewAt(Math.max(0, Math.min(this.game.moves.length, k)));
  }

  // ---- analysis ----------------------------------------------------------

  /** The analysis is shown while looking back and once the game is over. */
  analysisWanted() {
    return !!this.state && (!!this.review || this.over);
  }

  analysisKey() {
    return `${this.game.variant}|${this.game.fen}|${this.game.moves.join(' ')}`;
  }

  /** The engine's judgement of the position after k moves, if made:
   * {lead (White's, in moves), winIn, side, best (a path or null)}. */
  judgementAt(k) {
    return this.judged?.key === this.analysisKey() ? this.judged.answers[k] ?? null : null;
  }

  /** The next position to judge: the one on the board, then the others
   * from the start; null when all are judged. */
  nextToJudge() {
    const shown = this.review?.k ?? this.game.moves.length;
    if (!this.judgementAt(shown)) return shown;
    for (let k = 0; k <= this.game.moves.length; k++) if (!this.judgementAt(k)) return k;
    return null;
  }

  /** Has the engine judge the game's positions one by one, each answer
   * redrawing the card, while the analysis is shown and the engine is free.
   * It runs outside the action queue, as a hint does; anything that changes
   * the game abandons it (cancelPending). */
  analyse() {
    if (!this.analysisWanted() || this.phase !== 'idle') return;
    const key = this.analysisKey();
    if (this.judged?.key !== key) this.judged = { key, answers: [] };
    const k = this.nextToJudge();
    if (k === null) return;
    const side = this.sideOfMove(k);
    if (k === this.game.moves.length && this.over) {
      // The last position: the result is the judgement.
      const winner = { 'white-wins': 1, 'black-wins': -1 }[this.state.result] ?? 0;
      this.judged.answers[k] = { lead: winner * CHART_MOVES, winIn: 0, side, best: null, final: true };
      this.draw();
      this.analyse();
      return;
    }
    const token = ++this.engineToken;
    this.phase = 'analysing';
    const game = { ...this.spec(), moves: this.game.moves.slice(0, k) };
    this.engine.request('hint', { game, movetime: ANALYSIS_MOVETIME }).then(
      (answer) =>
        this.exclusive(() => {
          if (token !== this.engineToken) return;
          this.phase = 'idle';
          const best = answer?.move && answer.move !== 'pass' ? answer.move.split('-') : null;
          if (answer && this.judged.key === key) this.judged.answers[k] = { lead: whiteLead(answer, side), winIn: answer.winIn, side, best };
          this.draw();
          this.analyse();
        }),
      (error) => {
        if (token === this.engineToken) {
          this.phase = 'idle';
          this.draw();
        }
        this.fail(error);
      },
    );
  }

  /** The analysis card's content, or null when it is not shown. */
  analysisModel() {
    if (!this.analysisWanted()) return null;
    const total = this.game.moves.length;
    const k = this.review?.k ?? total;
    const leads = Array.from({ length: total + 1 }, (_, i) => this.judgementAt(i)?.lead ?? null);
    return { k, total, leads, current: this.judgementAt(k), needed: movesNeeded(this.shownPieces(), this.game.variant) };
  }

  // ---- messages ----------------------------------------------------------

  /** Shows a message for as long as what it is about holds: 'position' (the
   * position on the board), 'selection' (the piece picked up), 'hint',
   * 'thinking' (the computer's search) or 'review' (looking back). */
  say(text, kind = 'info', about = 'position') {
    this.said = text ? { about, position: this.positionKey(), selection: this.selection } : null;
    this.ui.message(text, kind);
  }

  positionKey() {
    return `${this.game.moves.length}/${this.review?.k ?? '-'}`;
  }

  stillTrue({ about, position, selection }) {
    if (position !== this.positionKey()) return false;
    if (about === 'selection') return !!this.selection && this.selection.chain[0] === selection?.chain[0];
    if (about === 'hint') return !!this.hintPath && !this.review;
    if (about === 'thinking') return this.phase === 'thinking';
    if (about === 'review') return !!this.review;
    return true;
  }

  // ---- texts -------------------------------------------------------------

  /** How the game went, side by side: pieces in the goal camp (White's
   * goal is Black's camp) and moves played, counted from turn 0. */
  endSummary() {
    const pieces = piecesOf(this.state.fen);
    const turns = this.state.turns;
    return ['w', 'b'].map((side) => {
      const goal = campSquares(other(side), this.game.variant);
      const home = [...goal].filter((square) => pieces.get(square) === side).length;
      return { side, name: this.playerName(side), home, count: goal.size, moves: side === 'w' ? Math.ceil(turns / 2) : Math.floor(turns / 2) };
    });
  }

  resultText() {
    const result = this.state.result;
    if (result === 'draw-repetition') return this.t('result.repetition');
    if (result === 'draw-turn-limit') return this.t('result.turnLimit', { limit: this.state.turnLimit });
    if (result === 'draw-agreement') return this.t('result.agreement');
    const winner = result === 'white-wins' ? 'w' : 'b';
    if (this.online?.seat) return this.t(winner === this.online.seat ? 'result.youWin' : 'result.friendWins');
    if (this.settings.mode === 'computer') return this.t(winner === this.settings.human ? 'result.youWin' : 'result.computerWins', { level: this.settings.level });
    return this.t(winner === 'w' ? 'result.whiteWins' : 'result.blackWins');
  }

  statusText() {
    if (!this.state) return '';
    if (this.review) return this.t(this.shownState().side === 'w' ? 'status.whiteToMove' : 'status.blackToMove');
    if (this.over) return this.resultText();
    if (this.phase === 'thinking') return this.t('status.thinking');
    if (this.online) return this.online.statusText(this.state.side, !!this.sentMove);
    if (this.settings.mode === 'computer') return this.t(this.state.side === 'w' ? 'status.yourTurnWhite' : 'status.yourTurnBlack');
    return this.t(this.state.side === 'w' ? 'status.whiteToMove' : 'status.blackToMove');
  }
}
