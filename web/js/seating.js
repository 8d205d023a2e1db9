// seating.js: what differs between the seatings of a game (two players, or
// three or four, four perhaps as partners), for the page to ask rather than
// count players: the core's seating table (core/table.h, docs/ENGINE.md "The
// seating model") as the WebAssembly module gives it (Halma.seatings(); the
// Node tests check that SEATINGS is its answer), with the few questions the
// page asks of it.

/** The module's seatings: the seats' letters in turn order (order), and a
 * letter a seat in that order for its lone opponent and for who wins when
 * it leaves ('-': none). */
export const SEATINGS = Object.freeze([
  { players: 2, partners: false, camps: [19, 13], turnLimit: 400, order: 'wb', opponent: 'bw', leftWinner: 'bw' },
  { players: 3, partners: false, camps: [13], turnLimit: 600, order: 'wrb', opponent: '---', leftWinner: '---' },
  { players: 4, partners: false, camps: [13], turnLimit: 800, order: 'wrby', opponent: '----', leftWinner: '----' },
  { players: 4, partners: true, camps: [13], turnLimit: 800, order: 'wrby', opponent: '----', leftWinner: 'rwyb' },
]);

class Seating {
  constructor(row) {
    this.players = row.players;
    this.partners = row.partners;
    this.camps = row.camps;
    this.turnLimit = row.turnLimit;
    /** The seats in play, in the turn order. */
    this.sides = Object.freeze([...row.order]);
    const bySide = (letters) => Object.fromEntries(this.sides.map((side, i) => [side, letters[i] === '-' ? null : letters[i]]));
    this.opponents = bySide(row.opponent);
    this.leftWinner = bySide(row.leftWinner);
    /** Two seats facing one another alone: one lead between them, the
     * seats called White and Black, the other player "your friend". */
    this.headToHead = this.sides.every((side) => this.opponents[side] !== null);
    /** Played with camps of one size only (the new-game dialog's choice of
     * camps is for the others). */
    this.fixedCamp = this.camps.length === 1 ? this.camps[0] : null;
    /** What tells the game's kind apart in the keys kept of it (analyses):
     * nothing for two seats face to face, as before there were more. */
    this.key = this.headToHead ? '' : `x${this.players}${this.partners ? 'p' : ''}`;
  }

  /** The one seat `side` plays against, or null (three, four, partners). */
  loneOpponent(side) {
    return this.opponents[side] ?? null;
  }

  /** The seat playing beside `side`, or null (each for themselves). */
  partner(side) {
    return this.partners ? this.sides[(this.sides.indexOf(side) + 2) % this.sides.length] : null;
  }

  /** The seats that win when `side` leaves the game (resigns, flags, is
   * abandoned): the other side, partners together; none where the others
   * play on (three or four each for themselves). */
  leftWinners(side) {
    const winner = this.leftWinner[side] ?? null;
    return winner === null ? [] : [winner, this.partner(winner)].filter(Boolean);
  }
}

const BY_KEY = new Map(SEATINGS.map((row) => [`${row.players}${row.partners ? 'p' : ''}`, new Seating(row)]));

/** The seating of a game spec {players (none: two), partners}, or null
 * for none the rules play. */
export const seatingOf = ({ players = 2, partners = false } = {}) => BY_KEY.get(`${players}${partners === true ? 'p' : ''}`) ?? null;

/** Can `players` play as two partnerships? */
export const canPartner = (players) => seatingOf({ players, partners: true }) !== null;

// ---- the rules it plays ------------------------------------------------------
// The house rule against spoiling (RULES-HOUSE.md, `nospoil`: no return home,
// Parlett's win), part of the core's seating as the rules are (core/table.h's
// TableSeating): `rules: 'nospoil'` in the game spec beside the variant, left
// out for the seeds' rules, so that a game without it is the game it always was.

export const NOSPOIL = 'nospoil';

/** A game spec's part for the rules chosen: {rules: 'nospoil'}, or nothing. */
export const rulesPart = (rules) => (rules === NOSPOIL ? { rules: NOSPOIL } : {});

/** Whether a game (a spec, the rules' state, the server's game) plays under the house rule. */
export const noSpoil = (game) => game?.rules === NOSPOIL;

/** The rules as the online API names them (ONLINE-API.md): 'nospoil' or 'standard'. */
export const apiRules = (game) => (noSpoil(game) ? NOSPOIL : 'standard');
