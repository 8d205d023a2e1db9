// seats.js: who sits where.  A seat is a place in the turn order (0: White,
// who moves first, 1: Black; the four-player game adds seats), written on
// the board by its side's letter.  Each seat is played by a person here
// ('person'), the computer ('computer', with its level) or someone elsewhere
// ('remote', online: joined, online and a name as the server says).

import { seatingOf } from './seating.js';

export const SIDES = Object.freeze(['w', 'b']);

/** The seats of a game of three or four, in the turn order (RULES-MULTI.md). */
export const MULTI_SIDES = Object.freeze(['w', 'r', 'b', 'y']);

/** The seats in play, in the turn order: a game's spec says how many
 * players ({players}: 3 or 4; none for two). */
export const sidesOf = (game = {}) => seatingOf({ players: game.players }).sides;

/** A side's place in the turn order of the seats in play (two by default). */
export const seatOf = (side, sides = SIDES) => sides.indexOf(side);

/** The side to move at a game's start (its FEN's, else the first seat's). */
export const firstSide = ({ fen }) => (fen ? fen.trim().split(/\s+/)[1] : SIDES[0]);

/** The turns counted at a game's start (its FEN's, else none). */
export const firstTurn = ({ fen }) => (fen ? Number(fen.trim().split(/\s+/)[2]) || 0 : 0);

/** The side whose turn comes after `side`'s. */
export const nextSide = (side) => SIDES[(seatOf(side) + 1) % SIDES.length];

/** The players of a game on this device, from its settings {mode ('computer'
 * or 'friends'), human (the person's side against the computer), level}. */
export function localPlayers({ mode, human, level, seats }) {
  if (seats) return seats.map((p) => ({ ...p })); // three or four: each seat as chosen
  return SIDES.map((side) => (mode === 'computer' && side !== human ? { kind: 'computer', level } : { kind: 'person' }));
}

/** Someone plays here and someone else elsewhere or the computer: the
 * person here is "you". */
export const againstOthers = (players) => players.some((p) => p.kind === 'person') && players.some((p) => p.kind !== 'person');

/** Every seat taken (an online game waits until then). */
export const allJoined = (players) => players.every((p) => p.joined !== false);

/** Is the seat of the one person against the others at the top of the
 * board as drawn (Black's or Yellow's corner)?  The board turns round then. */
export function personAtTop(players) {
  const side = sidesOf({ players: players.length })[bottomSeat(players)];
  return side === 'b' || side === 'y';
}

/** The seat drawn at the bottom of the board: the one person's against the
 * others, else the first seat's. */
export function bottomSeat(players) {
  const people = players.flatMap((p, seat) => (p.kind === 'person' ? [seat] : []));
  return people.length === 1 && againstOthers(players) ? people[0] : 0;
}
