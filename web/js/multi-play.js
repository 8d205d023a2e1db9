// multi-play.js: a game of three or four on this device: each seat a person
// here or the computer at its level.  It is the local game (local-play.js)
// with what differs: the game's kind ({players, partners}), a pause between
// the computers' moves so that a person sees each, resigning (the seat goes
// on, played by the computer; partners lose together, as online) and the
// record kept apart per number of players.

import { LocalPlay } from './local-play.js';
import { t } from './i18n.js';
import { MULTI_SIDES, sidesOf } from './seats.js';
import { canPartner, rulesPart, seatingOf } from './seating.js';
import { addGame, multiScoreKey } from './storage.js';
import { resultText, sideName, statusText } from './texts.js';

/** The camps of three and four: 13 pieces each (RULES-MULTI.md). */
export const MULTI_VARIANT = 13;
/** Turns a seat may play before the game is drawn (RULES-MULTI.md). */
const TURNS_A_SEAT = 200;
/** How long a computer's move waits after the move before it, at the normal
 * animation speed, so that one computer's move is seen before the next. */
const PAUSE_MS = 450;

/** A new game of three or four from the start (rules 'nospoil': the house rule). */
export const multiGameSpec = ({ players, partners, rules }) => ({
  variant: MULTI_VARIANT, fen: null, turnLimit: TURNS_A_SEAT * players, moves: [], players, ...(partners ? { partners: true } : {}), ...rulesPart(rules),
});

export class MultiPlay extends LocalPlay {
  /** choice: {players (3 or 4), partners, seats: [{kind: 'person' |
   * 'computer', level}] in the turn order, level (the last one chosen),
   * rules ('nospoil': the house rule)}. */
  newGame({ players, partners, seats, level, rules }) {
    const core = this.core;
    const settings = { mode: 'seats', human: 'w', level, seats: seats.slice(0, players).map((s) => ({ ...s })) };
    return core.exclusive(async () => {
      await this.load(multiGameSpec({ players, partners: !!partners && canPartner(players), rules }), settings);
      if (core.isComputer(core.state.side)) core.say(() => t('message.newGame'), 'info');
      core.ui.announce(statusText(core.model()));
    });
  }

  /** Who plays an imported game of three or four: this game's seats when
   * it has as many, else you as White and the computer at the last level. */
  importSettings({ players }) {
    const { settings, game } = this.core;
    if (settings.mode === 'seats' && game.players === players) return settings;
    const level = settings.level;
    const seats = MULTI_SIDES.slice(0, players).map((_, i) => (i === 0 ? { kind: 'person', you: true } : { kind: 'computer', level }));
    return { mode: 'seats', human: 'w', level, seats };
  }

  /** A computer's move waits after the one before it (none with animations off). */
  pauseMs() {
    return PAUSE_MS * this.core.prefs.motion().speed;
  }

  /** The seat a resignation is for: the person's to move, else the one
   * person's here; null while another person's seat waits for its move. */
  resigningSeat() {
    const core = this.core;
    const people = core.players.flatMap((p, seat) => (p.kind === 'person' ? [seat] : []));
    const toMove = sidesOf(core.game).indexOf(core.state?.side);
    if (people.includes(toMove)) return toMove;
    return people.length === 1 ? people[0] : null;
  }

  abilities() {
    const abilities = super.abilities();
    return { ...abilities, canResign: abilities.canResign && this.resigningSeat() !== null };
  }

  /** The person gives up a seat, after a question: the game goes on, the
   * computer playing it at the game's level; partners lose together (as
   * online: docs/DECISIONS.md).  Undo does not take either back. */
  resign() {
    const core = this.core;
    return core.exclusive(async () => {
      if (!this.abilities().canResign) return;
      const question = core.game.partners ? 'confirm.resignPartners' : 'confirm.resignSeat';
      if (!(await core.ui.confirm(t(question), t('confirm.resignYes')))) return;
      const seat = this.resigningSeat();
      if (core.over || seat === null) return;
      // Where a side wins when the seat leaves (partners), the game ends; else it goes on.
      if (seatingOf(core.game).leftWinners(sidesOf(core.game)[seat]).length) return this.concede(seat);
      // "You" stays with the seat, so that the other people keep their numbers.
      const computer = { kind: 'computer', level: core.settings.level, resigned: true, ...(core.players[seat].you ? { you: true } : {}) };
      core.settings = { ...core.settings, seats: core.settings.seats.map((p, i) => (i === seat ? computer : p)) };
      core.redoStack = [];
      core.setPlayers(core.players.map((p, i) => (i === seat ? computer : p)));
      core.save();
      const text = () => t('message.resignedSeat', { side: sideName(MULTI_SIDES[seat]) });
      core.say(text, 'info');
      core.ui.announce(text());
      if (core.isComputer(core.state.side) && core.jobs.phase !== 'thinking') this.computerMove();
    });
  }

  /** The seat's partnership loses, the other wins: the game ends. */
  concede(seat) {
    const core = this.core;
    const side = sidesOf(core.game)[seat];
    core.jobs.cancel();
    core.finish({ resigned: side, outcome: { winner: seatingOf(core.game).leftWinners(side), reason: 'resign' } });
    this.countGame();
    core.ui.announce(resultText(core.model()));
    core.ui.showEnd(core.model());
  }

  /** Counted once when it ends, when a person played in it: won when a
   * seat a person played from the start is among the winners. */
  countGame() {
    const { game, settings, state } = this.core;
    const people = settings.seats.flatMap((p, seat) => (p.kind === 'person' && !p.resigned ? [MULTI_SIDES[seat]] : []));
    if (game.counted || !settings.seats.some((p) => p.kind === 'person' || p.resigned)) return;
    game.counted = true;
    addGame(multiScoreKey(game.players), settings.level, (state.winners ?? []).some((side) => people.includes(side)));
    this.core.save();
  }
}
