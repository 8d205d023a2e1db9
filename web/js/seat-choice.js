// seat-choice.js: the new-game dialog's choice of two, three or four
// players: for three and four, who plays each seat (you, another person at
// this screen, or the computer at a level) and, for four, partners.  Two
// players keep the dialog's other choices (camps, opponent, level).

import { t } from './i18n.js';
import { MULTI_SIDES } from './seats.js';
import { multiScoreKey, scoreAt } from './storage.js';
import { canPartner, seatingOf } from './seating.js';

const $ = (id) => document.getElementById(id);

export class SeatChoice {
  /** form: the new-game form; levels: the module's {min, max}; describe(level): its name. */
  constructor(form, levels, describe) {
    Object.assign(this, { form, levels, describe });
    for (const input of form.elements.players) input.addEventListener('change', () => this.choosePlayers());
  }

  get players() {
    return Number(this.form.elements.players.value);
  }

  /** Who plays is chosen a seat each (three, four), not by the two-player
   * choices (mode, side). */
  get bySeat() {
    return !seatingOf({ players: this.players }).headToHead;
  }

  /** Three or four online (each friend invited by a link of their seat's). */
  get online() {
    return this.bySeat && this.form.elements.where.value === 'online';
  }

  /** The seat's menu: you, another person here, the computer at each level. */
  fillSeat(side, value) {
    const select = $(`seat-${side}`);
    const options = [['you', t('newGame.seatYou')], ['person', t('newGame.seatPerson')]];
    for (let level = this.levels.min; level <= this.levels.max; level++) {
      options.push([`computer-${level}`, t('newGame.seatComputer', { level, name: this.describe(level) })]);
    }
    select.replaceChildren(...options.map(([v, text]) => Object.assign(document.createElement('option'), { value: v, textContent: text })));
    select.value = value;
  }

  /** Opens on the game in play: its number of players and, for three or
   * four, its seats; a new seat is the computer at `level` (the last one chosen). */
  open({ players, seats, partners }, level) {
    this.level = level;
    // A game of two has no `players`; the first visit's game is one of two.
    this.form.elements.players.value = String(seatingOf({ players })?.players ?? 2);
    this.form.elements.partners.checked = !!partners;
    MULTI_SIDES.forEach((side, i) => this.fillSeat(side, seatValue(seats?.[i], i, level)));
    this.sync();
  }

  /** A number of players chosen: three or four start from the defaults. */
  choosePlayers() {
    if (this.bySeat) MULTI_SIDES.forEach((side, i) => ($(`seat-${side}`).value = seatValue(null, i, this.level)));
    this.sync();
  }

  /** Three or four show the seats and hide the two-player choices. */
  sync() {
    const many = this.bySeat;
    for (const part of this.form.querySelectorAll('.multi-only')) part.hidden = !many;
    // Two players get back their parts, but for the mode's, which syncMode shows.
    for (const part of this.form.querySelectorAll('.two-only')) if (many || !part.matches('.online-only, .computer-only')) part.hidden = many;
    // The mode's parts are the dialog's to show again (dialogs.js, syncMode); online,
    // a game of three or four keeps its online parts.
    for (const part of this.form.querySelectorAll('.computer-only, .online-only')) if (many && !(this.online && part.matches('.online-only:not(.two-only)'))) part.hidden = true;
    // Online, a person not here is a friend invited by a link.
    for (const option of this.form.querySelectorAll('.seats-choice option[value="person"]')) option.textContent = t(this.online ? 'newGame.seatFriend' : 'newGame.seatPerson');
    $('seat-row-y').hidden = !seatingOf({ players: this.players }).sides.includes('y');
    const pairs = canPartner(this.players);
    this.form.elements.partners.disabled = !pairs;
    $('partners-choice').hidden = !pairs;
    if (many) this.showScore();
  }

  /** The person's record with this many players at the level of the
   * game (the first computer seat's). */
  showScore() {
    const { players, level } = this.choice();
    const { played, won } = scoreAt(multiScoreKey(players), level);
    $('multi-score').textContent = played ? t('score.line', { level, won, played }) : t('score.none', { level });
  }

  /** The game chosen: {players, partners, seats: [{kind, level}], level}
   * (a person here is 'person', "you" included). */
  choice() {
    const players = this.players;
    const seats = MULTI_SIDES.slice(0, players).map((side) => {
      const value = $(`seat-${side}`).value;
      return value.startsWith('computer-') ? { kind: 'computer', level: Number(value.slice(9)) } : { kind: 'person', ...(value === 'you' ? { you: true } : {}) };
    });
    const computer = seats.find((s) => s.kind === 'computer');
    return { players, partners: canPartner(players) && this.form.elements.partners.checked, seats, level: computer?.level ?? this.level };
  }
}

/** A seat's menu value: as the game had it, else you as White and the computer elsewhere. */
function seatValue(seat, index, level) {
  if (seat) return seat.kind === 'computer' ? `computer-${seat.level}` : seat.you ? 'you' : 'person';
  return index === 0 ? 'you' : `computer-${level}`;
}

/** The seats of an online game of three or four as the API takes them
 * (ONLINE.md, "Creating"): {players, partners, seat (the one "you"),
 * computer: {seat: level}}; null unless exactly one seat is "you". */
export function onlineSeats({ players, partners, seats }) {
  const sides = MULTI_SIDES.slice(0, players);
  const yours = sides.filter((_, i) => seats[i].you);
  if (yours.length !== 1) return null;
  const computer = Object.fromEntries(sides.flatMap((side, i) => (seats[i].kind === 'computer' ? [[side, seats[i].level]] : [])));
  return { players, partners, seat: yours[0], computer };
}
