// online-toast.js: the notice over the board in an online game: what asks
// for the player's answer or attention now (the connection lost, a draw
// offered, a rematch asked for), with its buttons, where the player looks
// even on a phone whose online card is below the fold.

import { t } from './i18n.js';
import { nextSide } from './seats.js';
import { sideName } from './texts.js';
import { seatName } from './online.js';

const $ = (id) => document.getElementById(id);

/** What the notice says, with which buttons, or null for none. */
function toastOf({ server, seat, connection, rematchAsked }) {
  if (!server) return null;
  if (connection === 'offline') return { text: t('online.connection.offline') };
  const offer = server.status === 'ongoing' ? server.draw_offer : null;
  const by = offer && seatName(server, offer);
  if (offer && seat === nextSide(offer)) return { text: by ? t('online.drawOfferedBy', { side: by }) : t('online.drawOffered'), draw: true };
  if (offer && !seat) return { text: t('online.drawOfferedBy', { side: by || sideName(offer) }) };
  if (server.rematch && seat && rematchAsked !== server.id) return { text: t('online.rematchAsked'), rematch: true };
  return null;
}

/** Shows the notice for the online game as OnlinePlay holds it. */
export function renderToast(state) {
  const toast = toastOf(state);
  $('toast').hidden = !toast;
  if (!toast) return;
  $('toast-text').textContent = toast.text;
  $('toast-accept-draw').hidden = !toast.draw;
  $('toast-decline-draw').hidden = !toast.draw;
  $('toast-rematch').hidden = !toast.rematch;
}
