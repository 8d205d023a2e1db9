// game.js: the game on the board.  It holds the game in progress (the start,
// every move as played, what redo can bring back), who plays each seat, the
// piece picked up, a move sent and not yet played, the position looked back
// at; asks the rules worker what is legal, tells the board what to draw,
// saves after every change and says 'change' after every drawing.
//
// The modes above it (local-play.js, online-game.js, review.js,
// move-entry.js) act through these methods; it calls none of them.  Its
// state is the only truth: workers get the whole game with each request,
// and nothing changes here until the rules have accepted it.

import { CancelledError } from './engine-client.js';
import { DEFAULT_VARIANT, TARGET } from './halma-wasm.js';
import { refusalText, t } from './i18n.js';
import { SIDES, firstSide, firstTurn, localPlayers, personAtTop, seatOf, sidesOf } from './seats.js';
import { pathSquares, piecesOf } from './squares.js';
import { saveGame } from './storage.js';
import { Messages } from './messages.js';
import { BoardTurn } from './board-turn.js';
import { multiEnding, winResult } from './multi-ending.js';
import { rulesPart, seatingOf } from './seating.js';
import { moveKind, moveText, sideName } from './texts.js';

/** Players as a game names them (an imported record's White and Black). */
const withNames = (players, names) => (names ? players.map((p, seat) => (names[SIDES[seat]] ? { ...p, name: names[SIDES[seat]] } : p)) : players);

/** An ended state naming the seat whose resignation ended it (the end says so). */
const resignedBy = (state, resigned) => (resigned && state.result !== 'ongoing' ? { ...state, resigned } : state);

/** The rules' state, ended by the game's resignation or the server's outcome. */
function withEnding({ resigned, outcome }, state) {
  const seating = seatingOf(state);
  // Three or four: partners concede together (the outcome), the seat that resigned named.
  if (!seating.headToHead) return resignedBy(multiEnding(outcome, state), resigned);
  if (resigned) return { ...state, result: winResult(seating.leftWinners(resigned)), resigned };
  if (outcome?.reason === 'aborted') return { ...state, result: 'aborted' };
  if (!outcome || state.result !== 'ongoing') return state;
  if (!outcome.winner) return { ...state, result: 'draw-agreement' };
  const loser = seating.loneOpponent(outcome.winner);
  return { ...state, result: outcome.winner === 'w' ? 'white-wins' : 'black-wins', ...(outcome.reason === 'time' ? { flagged: loser } : { abandoned: loser }) };
}

/** A new game's players: the person plays White against the computer at
 * the level the module gives a person (setup.levels). */
export const defaultSettings = (setup) => ({ mode: 'computer', human: 'w', level: setup.levels.person });

/** A new game from the start position (a fresh object: its moves grow),
 * under the house rule when rules is 'nospoil'. */
export const newGameSpec = (setup, variant = DEFAULT_VARIANT, rules = null) => ({ variant, fen: null, turnLimit: setup.starts.turnLimit, moves: [], ...rulesPart(rules) });

export class GameController extends EventTarget {
  /**
   * view: BoardView; rules: the rules' EngineClient; jobs: EngineJobs;
   * ui: the panel (message, announce, busy, showEnd, confirm, testHook,
   * describeSquare); setup: the levels and start positions (the rules
   * worker's 'setup'); settings: the person's Settings (settings.js).
   */
  constructor({ view, rules, jobs, ui, setup, settings }) {
    super();
    Object.assign(this, { view, rules, jobs, ui, setup, prefs: settings });
    this.flippedByHand = false;
    this.turn = new BoardTurn(this);
    this.settings = defaultSettings(setup);
    this.players = localPlayers(this.settings);
    this.game = newGameSpec(setup);
    this.redoStack = [];
    this.state = null;
    this.pieces = new Map();
    this.selection = null;
    this.hintPath = null;
    // {k, fen, pieces, lastMove, best} while looking at an earlier position
    // (review.js); not a phase: the person may look back while the engine works.
    this.review = null;
    // A move of an online game sent and not yet played: {path, pieces}.
    this.sentMove = null;
    this.messages = new Messages(ui, () => ({
      position: `${this.game.moves.length}/${this.review?.k ?? '-'}`,
      piece: this.selection?.chain[0] ?? null,
      hint: !!this.hintPath && !this.review,
      thinking: this.jobs.phase === 'thinking',
      review: !!this.review,
    }));
    this.queue = Promise.resolve();
  }

  // ---- plumbing ----------------------------------------------------------

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
    this.say(() => t('error.unexpected'), 'error');
  }

  spec() {
    return { ...this.game, moves: [...this.game.moves] };
  }

  /** The side that played move i (0 for the first), of the seats in play. */
  sideOfMove(i, sides = sidesOf(this.game)) {
    return sides[(seatOf(firstSide(this.game), sides) + i) % sides.length];
  }

  get over() {
    return !this.state || this.state.result !== 'ongoing';
  }

  /** Who plays the side to move. */
  turnPlayer() {
    return this.players[seatOf(this.state.side, sidesOf(this.game))];
  }

  isComputer(side) {
    return this.players[seatOf(side, sidesOf(this.game))].kind === 'computer';
  }

  save() {
    if (this.settings.mode === 'online') return; // the server keeps it; the saved game is the last local one
    // position and lastMove only let the next visit draw the board at once,
    // before the rules have replayed the game.
    const position = this.state?.fen ?? null;
    saveGame({ ...this.game, redo: this.redoStack, ...this.settings, position, lastMove: this.lastMovePath() });
  }

  /** The person's own seat at the bottom (or, with "turn the board" on,
   * the last person to move's: board-turn.js), or the other way when
   * turned round with Flip. */
  boardFlipped() {
    return (this.turn.top() ?? personAtTop(this.players)) !== this.flippedByHand;
  }

  /** "Turn the board" switched on or off: the board follows at once. */
  turnBoardChanged() {
    this.turn.reset();
    this.setUpBoard();
    this.draw();
  }

  setUpBoard() {
    this.view.setup({ variant: this.game.variant, flipped: this.boardFlipped(), many: !seatingOf(this.game).headToHead });
  }

  flip() {
    this.view.finishAnimation();
    return this.exclusive(() => {
      this.flippedByHand = !this.flippedByHand;
      this.setUpBoard();
      this.draw();
    });
  }

  // ---- drawing -----------------------------------------------------------

  /** The pieces as the board shows them: a chain being built moves its
   * piece along. */
  shownPieces() {
    if (this.review) return this.review.pieces;
    if (this.sentMove) return this.sentMove.pieces;
    // A move waiting to be confirmed (move-confirm.js) is drawn, not played.
    if (!this.selection || this.selection.chain.length < 2 || this.selection.waiting) return this.pieces;
    const shown = new Map(this.pieces);
    const chain = this.selection.chain;
    shown.delete(chain[0]);
    shown.set(chain.at(-1), this.state.side);
    return shown;
  }

  lastMovePath() {
    return pathSquares(this.sentMove ? this.sentMove.path : this.game.moves.at(-1));
  }

  draw() {
    if (this.turn.follow()) this.setUpBoard();
    this.messages.refresh();
    if (this.review) {
      this.view.render({ pieces: this.review.pieces, lastMove: this.review.lastMove, hint: this.review.best, flags: TARGET });
    } else {
      this.view.render({
        pieces: this.shownPieces(),
        lastMove: this.selection?.chain.length > 1 ? null : this.lastMovePath(),
        hint: this.hintPath,
        selection: this.selection,
        flags: TARGET,
      });
    }
    this.dispatchEvent(new Event('change'));
  }

  /** The position on the board as the panel describes it: the game's, or
   * while reviewing the earlier one (always a game still going). */
  shownState() {
    if (!this.review) return this.state;
    const [, side, turns] = this.review.fen.trim().split(/\s+/);
    return { ...this.state, fen: this.review.fen, side, turns: Number(turns), result: 'ongoing', repeating: [], mustPass: false };
  }

  /** What the panel and the texts (texts.js) describe. */
  model() {
    const personTurn = !this.over && this.turnPlayer().kind === 'person';
    const chainEnd = this.selection?.chain.at(-1);
    return {
      state: this.state,
      position: this.shownState(),
      game: this.game,
      settings: this.settings,
      players: this.players,
      flipped: this.boardFlipped(),
      phase: this.jobs.phase,
      review: this.review,
      selection: this.selection,
      humanTurn: personTurn,
      sentMove: !!this.sentMove,
      canStop: !!this.selection && this.selection.chain.length > 1 && !!(this.selection.targets.get(chainEnd) & TARGET.STOP),
      mustPass: personTurn && !this.sentMove && !!this.state?.mustPass,
      firstSide: firstSide(this.game),
      firstTurn: firstTurn(this.game),
    };
  }

  // ---- loading and playing ---------------------------------------------------

  /** Loads a game (a saved one, an import, a new one, the server's) with
   * its settings {mode, human, level} and players (by seat; a local game's
   * by default).  Returns null, or the failure {at, refusal} (at -1: the
   * start position itself, nothing loaded); on a failed move the game
   * keeps the moves before it. */
  async load(game, settings, redo = [], players = withNames(localPlayers(settings), game.names)) {
    this.jobs.cancel();
    this.sentMove = null;
    const answer = await this.rules.request('load', { game });
    if (!answer.state) return answer.failure;
    this.jobs.forgetGame().catch((error) => this.fail(error));
    this.game = { ...game, moves: answer.moves };
    this.settings = { ...settings };
    this.players = players;
    this.redoStack = answer.failure ? [] : [...redo];
    this.state = withEnding(this.game, answer.state);
    this.pieces = piecesOf(this.state.fen);
    this.selection = null;
    this.hintPath = null;
    this.review = null;
    this.say(''); // nothing said about the game before holds for this one
    this.turn.reset();
    this.setUpBoard();
    this.save();
    this.draw();
    return answer.failure;
  }

  /** Who plays each seat changed (an online seat joined or left). */
  setPlayers(players) {
    this.players = players;
    this.draw();
  }

  /** Plays a move through the rules and shows it hop by hop (apply, then
   * land).  Returns true when it was played; a refusal is shown and
   * changes nothing. */
  async play(move, options) {
    const applied = await this.apply(move);
    if (applied) await this.land(applied, options);
    return !!applied;
  }

  /** The move enters the game (the rules accepting it), not yet the board:
   * {side, path, before (the pieces before it)}, or null after saying why
   * the rules refused it.  What it ends (a selection, a hint, a message
   * about them) ends now. */
  async apply(move) {
    const side = this.state.side;
    const answer = await this.rules.request('play', { game: this.spec(), move });
    if (answer.refusal) {
      this.say(() => refusalText(answer.refusal), 'warn');
      return null;
    }
    const travel = this.travel(answer.path);
    this.game.moves.push(answer.path);
    this.state = answer.state;
    this.pieces = piecesOf(this.state.fen);
    this.selection = null;
    this.hintPath = null;
    this.jobs.cancel('hinting');
    this.messages.refresh();
    this.save();
    this.ui.announce(moveText(side, answer.path));
    return { side, path: answer.path, travel };
  }

  /** Shows an applied move on the board: its piece travels from where it
   * stands (animate false: it stands where it ends already, dropped there
   * or at the end of its chain), and the panel follows once it lands. */
  async land({ side, path, travel }, { animate = true } = {}) {
    if (animate && !this.review) await this.view.travel(travel, side, this.prefs.motion());
    this.draw();
    if (path === 'pass') this.say(() => t('message.passed', { side: sideName(side) }));
    else this.prefs.sound.play(moveKind(path) === 'step' ? 'step' : 'hop');
  }

  /** Where a move's piece travels on the board: {before (the pieces drawn
   * before it), squares (those it still crosses)}.  A chain being built
   * has carried its piece along: the move goes on from where it stands. */
  travel(path) {
    const chain = this.selection?.chain ?? [];
    const along = chain.length > 1 && path.startsWith(`${chain.join('-')}-`);
    const squares = path === 'pass' ? [] : path.split('-').slice(along ? chain.length - 1 : 0);
    return { before: along ? this.shownPieces() : this.pieces, squares };
  }

  /** The game's state again from the rules (after moves were taken back). */
  async resync() {
    this.state = withEnding(this.game, await this.rules.request('state', { game: this.spec() }));
    this.pieces = piecesOf(this.state.fen);
    this.selection = null;
    this.hintPath = null;
    this.review = null;
    this.save();
    this.draw();
  }

  /** Ends the game otherwise than the rules would: {resigned: side}, an
   * outcome {winner, reason} the server decided (time, agreement, ...), or
   * both (partners at one screen conceding together). */
  finish({ resigned = null, outcome = null }) {
    if (resigned) this.game.resigned = resigned;
    if (outcome) this.game.outcome = outcome;
    this.sentMove = null;
    this.selection = null;
    this.hintPath = null;
    this.state = withEnding(this.game, this.state);
    this.save();
    this.draw();
  }

  /** A move of an online game shown as sent ({path, pieces}), or none. */
  setSentMove(sent) {
    this.sentMove = sent;
    this.selection = null;
    this.hintPath = null;
    this.draw();
  }

  setSelection(selection) {
    this.selection = selection;
    this.draw();
  }

  // ---- messages ----------------------------------------------------------

  /** Shows a message for as long as what it is about holds (messages.js). */
  say(text, kind, about) {
    this.messages.say(text, kind, about);
  }

  /** What the message shown is about (a new object with each message). */
  get said() {
    return this.messages.said;
  }
}
