// local-play.js: a game on this device, against the computer or between two
// people on one screen: new games, imports, the person's moves, the
// computer's replies, hints, undo and redo, resigning, and the person's
// record against the computer.

import { defaultSettings, newGameSpec } from './game.js';
import { refusalText, t } from './i18n.js';
import { rulesPart, seatingOf } from './seating.js';
import { addGame } from './storage.js';
import { endAnnouncement, resultText, statusText } from './texts.js';

const HINT_MOVETIME = 700;

const againstComputer = (players) => players.some((p) => p.kind === 'computer');

/** The parameters of a record's refusal, as the texts name them. */
const recordErrorParams = ({ number, detail }) => ({ number, line: detail, value: detail, move: detail });

export class LocalPlay {
  /** core: the GameController; review: the Review (the analysis starts
   * when a game ends). */
  constructor(core, review) {
    Object.assign(this, { core, review });
  }

  /** Loads a game of this device (saved, imported, new): see
   * GameController.load; then the computer's turn, or how to begin. */
  async load(game, settings, redo = []) {
    const failure = await this.core.load(game, settings, redo);
    if (!failure || failure.at >= 0) this.afterMove(false);
    return failure;
  }

  newGame({ variant, mode, human, level, rules }) {
    const core = this.core;
    return core.exclusive(async () => {
      await this.load(newGameSpec(core.setup, variant, rules), { mode, human, level });
      // With the person to move, load() has already said how to begin.
      if (core.game.moves.length > 0 || core.isComputer(core.state.side)) core.say(() => t('message.newGame'), 'info');
      core.ui.announce(statusText(core.model()));
    });
  }

  /** Imports a record or FEN; returns null or an error text for the dialog.
   * The rules read it (src/core/record.c), then check every move; a game
   * of three or four is played on by playerFor(record) (multi-play.js). */
  importRecord(text, playerFor = () => this) {
    const core = this.core;
    return core.exclusive(async () => {
      const record = await core.rules.request('parseRecord', { text: String(text ?? '') });
      if (record.error) return t(`import.error.${record.error.code}`, recordErrorParams(record.error));
      // A record's Rules header plays it under the house rule (RECORD.md).
      const game = { variant: record.variant, fen: record.fen, turnLimit: record.turnLimit, moves: record.moves, ...rulesPart(record.rules) };
      const bySeat = !seatingOf(record).headToHead;
      if (bySeat) Object.assign(game, { players: record.players, ...(record.partners ? { partners: true } : {}) });
      // The record's players keep their names, here and when it is exported again.
      const names = bySeat ? null : recordNames(record);
      if (names) game.names = names;
      const check = await core.rules.request('load', { game });
      if (check.failure) return loadFailureText(check.failure);
      const player = playerFor(record);
      await player.load(game, player.importSettings(record));
      core.say(() => t('message.imported', { count: game.moves.length }), 'info');
      // A finished game says how it ended, as if its last move were just played.
      if (core.over) core.ui.showEnd(core.model());
      return null;
    });
  }

  /** Who plays an imported game of two: as now; but an online game's
   * settings, or a game of three or four's, do not carry over to it. */
  importSettings() {
    const settings = this.core.settings;
    return ['online', 'seats'].includes(settings.mode) ? defaultSettings(this.core.setup) : settings;
  }

  /** What the person may do now, for the panel's buttons. */
  abilities() {
    const core = this.core;
    const { review, game, settings, redoStack } = core;
    const phase = core.jobs.phase;
    const humanMoves = game.moves.some((_, i) => !core.isComputer(core.sideOfMove(i)));
    const humanTurn = !core.over && !core.isComputer(core.state.side);
    const openChain = core.selection?.chain.length > 1;
    return {
      canUndo: !review && (openChain || (!game.resigned && (settings.mode === 'friends' ? game.moves.length > 0 : humanMoves))),
      canRedo: !review && !game.resigned && phase !== 'thinking' && redoStack.length > 0,
      canHint: !review && humanTurn && phase === 'idle',
      canResign: !review && !core.over,
      localActions: true,
    };
  }

  // ---- moves -------------------------------------------------------------

  /** Plays the person's move (move-entry.js hands it over); the computer
   * starts on its reply as the move is made, while the piece travels. */
  async submit(move, options) {
    const core = this.core;
    const applied = await core.apply(move);
    if (!applied) return;
    core.redoStack = [];
    core.save();
    if (!core.over && core.isComputer(core.state.side)) this.computerMove();
    await core.land(applied, options);
    this.afterMove(true);
  }

  /** After a move: the end of the game, or the computer's turn. */
  afterMove(justPlayed) {
    const core = this.core;
    if (core.over) {
      core.draw();
      if (justPlayed) {
        this.countGame();
        this.announceEnd();
      }
      this.review.analyse();
      return;
    }
    if (core.isComputer(core.state.side)) {
      if (core.jobs.phase !== 'thinking') this.computerMove();
    } else if (core.state.mustPass) core.say(() => t('message.mustPass'), 'warn');
    else if (!justPlayed && core.game.moves.length === 0) core.say(() => t('message.start'), 'info');
  }

  announceEnd() {
    const core = this.core;
    core.prefs.sound.play('end');
    core.ui.announce(endAnnouncement(core.model()));
    core.ui.showEnd(core.model());
  }

  async computerMove() {
    const core = this.core;
    const job = core.jobs.begin('thinking');
    core.draw();
    let answer;
    const pause = this.pauseMs();
    if (pause) await new Promise((resolve) => setTimeout(resolve, pause));
    if (!core.jobs.current(job)) return;
    try {
      // No movetime: the engine thinks for its level's own budget
      // (src/engine/levels.c), so a level means the same everywhere.
      answer = await core.jobs.request('think', { game: core.spec(), level: core.turnPlayer().level });
    } catch (error) {
      if (core.jobs.settle(job)) {
        core.draw();
        core.fail(error);
      }
      return;
    }
    if (!core.jobs.current(job)) return;
    await core.exclusive(async () => {
      if (!core.jobs.settle(job)) return;
      // How long the search itself took, for the page's performance tests.
      if (answer) core.ui.testHook('lastThinkMs', Math.round(answer.wallMs));
      if (!answer || !(await core.play(answer.move))) return core.draw();
      core.save();
      return this.afterMove(true);
    });
  }

  /** How long a computer's move waits before its search (none here:
   * multi-play.js paces the computers of three and four). */
  pauseMs() {
    return 0;
  }

  /** Asks the engine for the person's best move and shows it.  The search
   * runs outside the action queue, so the board stays usable meanwhile. */
  hint() {
    const core = this.core;
    if (!this.abilities().canHint) return Promise.resolve();
    const job = core.jobs.begin('hinting');
    core.draw();
    return core.jobs.request('hint', { game: core.spec(), movetime: HINT_MOVETIME }).then(
      (answer) =>
        core.exclusive(() => {
          if (!core.jobs.settle(job)) return;
          if (answer?.move && answer.move !== 'pass') {
            core.hintPath = answer.move.split('-');
            core.selection = null;
            const text = () => t('message.hint', { move: answer.move });
            core.say(text, 'hint', 'hint');
            core.ui.announce(text());
          }
          core.draw();
        }),
      (error) => {
        if (core.jobs.settle(job)) core.draw();
        core.fail(error);
      },
    );
  }

  // ---- undo, redo, resigning -------------------------------------------------

  undo() {
    const core = this.core;
    core.view.finishAnimation();
    return core.exclusive(async () => {
      if (!this.abilities().canUndo) return;
      if (core.selection?.chain.length > 1) return this.undoChain();
      core.jobs.cancel();
      const moves = core.game.moves;
      // Against the computer, back to the person's previous turn: their
      // last move and the computers' moves after it (while a computer
      // thinks, the last move was a person's: it alone is taken back).
      do {
        core.redoStack.push(moves.pop());
      } while (againstComputer(core.players) && moves.length && core.isComputer(core.sideOfMove(moves.length)));
      await core.resync();
      core.say(() => t('message.undone'), 'info');
      core.ui.announce(t('message.undone'));
      if (!core.over && core.isComputer(core.state.side)) this.computerMove();
    });
  }

  /** A chain being built is taken back before any move: its piece goes
   * down where the chain began. */
  undoChain() {
    const core = this.core;
    const origin = core.selection.chain[0];
    core.setSelection(null);
    const text = () => t('message.chainUndone', { square: origin });
    core.say(text, 'info');
    core.ui.announce(text());
  }

  redo() {
    const core = this.core;
    core.view.finishAnimation();
    return core.exclusive(async () => {
      if (!this.abilities().canRedo) return;
      core.jobs.cancel();
      do {
        const move = core.redoStack.pop();
        if (!(await core.play(move))) {
          core.redoStack = [];
          break;
        }
      } while (againstComputer(core.players) && core.redoStack.length && core.isComputer(core.state.side));
      core.save();
      this.afterMove(true);
    });
  }

  /** The person gives up (two on one device: the side to move), after a
   * question; the other side wins.  Final: undo does not take it back. */
  resign() {
    const core = this.core;
    return core.exclusive(async () => {
      if (!this.abilities().canResign) return;
      if (!(await core.ui.confirm(t('confirm.resign'), t('confirm.resignYes')))) return;
      if (core.over) return; // the computer's move may have ended the game meanwhile
      core.jobs.cancel();
      core.finish({ resigned: core.settings.mode === 'computer' ? core.settings.human : core.state.side });
      this.countGame();
      core.ui.announce(resultText(core.model()));
      core.ui.showEnd(core.model());
    });
  }

  /** A game against the computer counts once in the person's record
   * (storage.js), when it ends; undone and played to the end again, it
   * does not count twice. */
  countGame() {
    const { game, settings, state } = this.core;
    if (settings.mode !== 'computer' || game.counted) return;
    game.counted = true;
    addGame(game.variant, settings.level, state.result === (settings.human === 'w' ? 'white-wins' : 'black-wins'));
    this.core.save();
  }
}

/** A name as a record may give it: at most 40 characters, no blanks around. */
const nameOf = (text) => (text ? [...text.trim()].slice(0, 40).join('').trim() || null : null);

/** The players' names a record gives, by side ({w, b}, either null), or null. */
function recordNames({ white, black }) {
  const names = { w: nameOf(white), b: nameOf(black) };
  return names.w || names.b ? names : null;
}

/** Why an imported game does not load, in words. */
function loadFailureText({ at, refusal }) {
  const reason = refusalText(refusal);
  return at < 0 ? t('import.error.position', { reason }) : t('import.error.move', { number: at + 1, reason });
}
