// online-toast.js: the notice over the board in an online game: what asks
// for the player's answer or attention now (the connection lost, a draw
// offered, a rematch asked for), with its buttons, where the player looks
// even on a phone whose online card is below the fold.

import { t } from './i18n.js';
import { drawText, rematchAskedText } from './online-draw.js';

const $ = (id) => document.getElementById(id);

/** What the notice says, with which buttons, or null for none. */
function toastOf({ server, seat, connection, rematchAsked }) {
  if (!server) return null;
  if (connection === 'offline') return { text: t('online.connection.offline') };
  // The notice asks for an answer, or tells a watcher; a seat's own offer is on the card.
  const draw = drawText(server, seat);
  if (draw?.answer) return { text: draw.text, draw: true };
  if (draw && !seat) return { text: draw.text };
  if (server.rematch && seat && rematchAsked !== server.id) return { text: rematchAskedText(server), rematch: true };
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
