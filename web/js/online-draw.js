// online-draw.js: a draw offer in words, for the online card and the
// notice over the board.  Of two seats, the offer and its answer; of three
// or four, also who has accepted it and who is still to answer (ONLINE.md:
// the game is drawn once every person still playing has accepted).

import { t } from './i18n.js';
import { seatName } from './online.js';
import { nextSide } from './seats.js';
import { drawAsked, drawOffer, drawWaitingFor, manySeats } from './server-game.js';
import { sideName } from './texts.js';

/** A seat as the others know it: its colour, and its name when it has one. */
export const seatWho = (server, side) => (seatName(server, side) ? t('online.seatNamed', { side: sideName(side), name: seatName(server, side) }) : sideName(side));

const list = (server, sides) => sides.map((side) => seatWho(server, side)).join(', ');

/** The offer standing, seen from `seat` (null: watching): {text, answer
 * (the seat is asked to answer)}, or null when none stands. */
export function drawText(server, seat) {
  const offer = drawOffer(server);
  if (!offer) return null;
  if (!manySeats(server)) return twoSeats(server, seat, offer.by);
  // The offerer has accepted, by offering: named once, as the one who offers.
  const others = offer.accepted.filter((side) => side !== offer.by);
  const accepted = others.length ? ` ${t('online.drawAccepted', { seats: list(server, others) })}` : '';
  const waiting = t('online.drawWaiting', { seats: list(server, drawWaitingFor(server)) });
  if (drawAsked(server, seat)) return { text: `${t('online.drawOfferedBy', { side: seatWho(server, offer.by) })}${accepted}`, answer: true };
  if (offer.by === seat) return { text: `${t('online.drawSentMany')} ${waiting}`, answer: false };
  if (seat && offer.accepted.includes(seat)) return { text: `${t('online.drawYouAccepted')} ${waiting}`, answer: false };
  return { text: `${t('online.drawOfferedBy', { side: seatWho(server, offer.by) })}${accepted}`, answer: false };
}

/** Who asks for the rematch, in the notice and on the card: the asker by
 * name (and colour, of three or four), else as before ("Your friend"). */
export function rematchAskedText(server) {
  const many = manySeats(server);
  const by = server.rematch_by;
  const who = by && (many ? seatWho(server, by) : seatName(server, by));
  if (!who) return t(many ? 'online.rematchAskedMany' : 'online.rematchAsked');
  return t(many ? 'online.rematchAskedByMany' : 'online.rematchAskedBy', { who });
}

/** The rematch withdrawn by `by` (its asker): of three or four by colour
 * and name, of two as before ("Your friend"). */
export const rematchWithdrawnText = (server, by) => (manySeats(server) && by ? t('online.rematchWithdrawnBy', { who: seatWho(server, by) }) : t('online.rematchWithdrawn'));

/** Two seats: as the page has always said it. */
function twoSeats(server, seat, by) {
  const name = seatName(server, by);
  if (!seat) return { text: t('online.drawOfferedBy', { side: name ?? sideName(by) }), answer: false };
  if (by === seat) return { text: t('online.drawSent'), answer: false };
  return { text: name ? t('online.drawOfferedBy', { side: name }) : t('online.drawOffered'), answer: seat === nextSide(by) };
}
