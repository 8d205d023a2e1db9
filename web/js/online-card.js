// online-card.js: the online card beside the board: the connection, the
// link to send while the friend has not joined, a sentence about the game
// (a draw offer, a rematch, watching), and the seat's buttons.

import { t } from './i18n.js';
import { drawText, rematchAskedText } from './online-draw.js';
import { humanSeat, manySeats } from './server-game.js';

const $ = (id) => document.getElementById(id);

/** Shows the card for `server` (the server's game, or null to hide it),
 * seen from `seat`; connection: 'connecting', 'connected' or 'offline';
 * note: {key, text()} a sentence of its own (text: else the key's); rematchAsked: the id of the game whose
 * rematch this page asked for; rematchOf: the game this one is the
 * rematch of, when this page asked for it. */
export function renderCard({ server, seat, connection, note, rematchAsked, rematchOf }) {
  $('online').hidden = !server;
  document.body.classList.toggle('online-game', !!server);
  $('end-rematch').hidden = !(server && seat && server.status === 'finished');
  if (!server) return;
  const shown = $('online-connection');
  shown.textContent = t(`online.connection.${connection}`);
  shown.dataset.state = connection;
  const watching = spectators(server);
  $('online-watchers').textContent = t('online.watchers', { count: watching });
  $('online-watchers').classList.toggle('none', watching === 0);
  const text = noteText(server, seat, note, rematchAsked, rematchOf);
  $('online-note').hidden = !text;
  $('online-note').textContent = text ?? '';
  renderButtons(server, seat, rematchOf);
}

/** The spectators: the game's open streams (`watchers`) count the seats'
 * own pages too, one for each seat online (docs/DECISIONS.md). */
export function spectators(server) {
  const seated = Object.values(server.seats ?? {}).filter((seat) => seat.online).length;
  return Math.max(0, (server.watchers ?? 0) - seated);
}

function renderButtons(server, seat, rematchOf) {
  const seated = !!seat;
  const ongoing = server.status === 'ongoing';
  // A seat given up to the computer has no more say in a draw.
  const playing = seated && humanSeat(server, seat);
  const offeredToMe = ongoing && !!drawText(server, seat)?.answer;
  $('online-offer-draw').hidden = !(ongoing && playing && !server.draw_offer);
  $('online-accept-draw').hidden = !offeredToMe;
  $('online-decline-draw').hidden = !offeredToMe;
  const rematch = $('online-rematch');
  rematch.hidden = server.status !== 'finished' || (!seated && !server.rematch);
  rematch.textContent = t(server.rematch ? (seated ? 'online.joinRematch' : 'online.watchRematch') : 'online.rematch');
  $('online-copy-watch').hidden = server.status === 'waiting';
  $('online-withdraw-rematch').hidden = !(seated && rematchOf && server.status === 'waiting');
}

/** The card's sentence: the draw offer, the rematch, watching. */
function noteText(server, seat, note, rematchAsked, rematchOf) {
  const draw = drawText(server, seat);
  if (draw) return draw.text;
  const many = manySeats(server) ? 'Many' : '';
  if (server.rematch && seat && rematchAsked !== server.id) return rematchAskedText(server);
  if (server.status === 'waiting' && seat && rematchOf) return t(`online.rematchWaiting${many}`);
  const left = seat && !humanSeat(server, seat) ? server.seats[seat].left : null;
  if (left && server.status !== 'finished') return t(`online.seatToComputer.${left}`);
  if (note) return note.text ? note.text() : t(note.key);
  if (!seat) return t('online.watching');
  return null;
}
