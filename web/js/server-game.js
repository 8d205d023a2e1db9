// server-game.js: the server's game (docs/ONLINE.md) as the page reads it,
// for two, three or four seats alike: its seats in the turn order, who
// plays them, whose turn comes next, the draw offer and who must answer it.

import { sidesOf } from './seats.js';
import { seatingOf } from './seating.js';

/** The game's seats in the turn order (White, Red, Black, Yellow of them). */
export const serverSides = (server) => sidesOf({ players: server?.players ?? 2 });

/** The seat whose turn comes after `side`'s. */
export function nextServerSide(server, side) {
  const sides = serverSides(server);
  return sides[(sides.indexOf(side) + 1) % sides.length];
}

/** Whether a seat is played by a person (not the server's computer, nor
 * handed to it by a resignation). */
export const humanSeat = (server, side) => (server?.seats?.[side]?.kind ?? 'human') !== 'computer';

/** A game of three or four. */
export const manySeats = (server) => seatingOf({ players: server?.players ?? 2 })?.headToHead === false;

/** The draw offer standing, the same for two seats ("b") and more
 * ({by, accepted}): {by, accepted: [seats]}, or null. */
export function drawOffer(server) {
  const offer = server?.status === 'ongoing' ? server.draw_offer : null;
  if (!offer) return null;
  return typeof offer === 'string' ? { by: offer, accepted: [offer] } : { by: offer.by, accepted: [...(offer.accepted ?? [offer.by])] };
}

/** The offer waits for `seat`'s answer: a person still playing who has not accepted. */
export function drawAsked(server, seat) {
  const offer = drawOffer(server);
  return !!offer && !!seat && humanSeat(server, seat) && !offer.accepted.includes(seat);
}

/** The people still playing who have not yet accepted the offer. */
export function drawWaitingFor(server) {
  const offer = drawOffer(server);
  return offer ? serverSides(server).filter((side) => humanSeat(server, side) && !offer.accepted.includes(side)) : [];
}

/** Whether some person's seat has not made its first move yet: the game
 * may still be aborted (ONLINE.md, "Aborting"). */
export function someoneUnmoved(server) {
  const sides = serverSides(server);
  return sides.some((side, turn) => humanSeat(server, side) && server.moves.length <= turn);
}
