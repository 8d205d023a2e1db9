// online-invites.js: the links the creator of an online game sends: one to
// the friend of a game of two, one a seat to each friend of a game of three
// or four, labelled with the seat's colour; each with Copy, and Share where
// the browser shares.  A seat's link goes once its friend has taken it.

import { t } from './i18n.js';
import { gameLink, seatFor } from './online.js';
import { serverSides } from './server-game.js';
import { sideName } from './texts.js';
import { node, pieceDot } from './elements.js';

const $ = (id) => document.getElementById(id);
const canShare = () => typeof navigator.share === 'function';

export class Invites {
  /** copy(text, button): the panel's copy (it says what it did). */
  constructor(copy) {
    this.copy = copy;
    this.shown = '';
    $('online-copy').addEventListener('click', () => copy($('online-link').value, $('online-copy')));
    $('online-share').addEventListener('click', () => share($('online-link').value));
    $('online-invite-list').addEventListener('click', (event) => {
      const button = event.target.closest('button[data-link]');
      if (!button) return;
      const link = $(`invite-link-${button.dataset.seat}`).value;
      if (button.dataset.link === 'copy') copy(link, button);
      else share(link, sideName(button.dataset.seat));
    });
  }

  /** Shows the links of `server` still to be sent, seen from `seat`. */
  render(server, seat) {
    const kept = seat && server?.status === 'waiting' ? seatFor(server.id) : null;
    const two = serverSides(server).length === 2;
    const invite = two ? kept?.invite : null;
    $('online-invite').hidden = !invite;
    if (invite) $('online-link').value = gameLink(server.id, invite);
    $('online-share').hidden = !canShare();
    const open = two || !kept?.invites ? [] : serverSides(server).filter((side) => kept.invites[side] && !server.seats?.[side]?.joined);
    $('online-invites').hidden = open.length === 0;
    const key = `${server?.id}|${open.join('')}|${canShare()}|${t('action.copy')}`;
    if (key === this.shown) return;
    this.shown = key;
    $('online-invite-list').replaceChildren(...open.map((side) => inviteRow(side, gameLink(server.id, kept.invites[side]))));
  }
}

/** One seat's link: its colour, the link, Copy and Share. */
function inviteRow(side, link) {
  const item = node('li', `invite invite-${side}`);
  const label = node('label', 'fen');
  const input = node('input');
  Object.assign(input, { id: `invite-link-${side}`, type: 'text', readOnly: true, value: link, spellcheck: false });
  const title = node('span', 'invite-seat');
  title.append(pieceDot(side), ` ${t('online.seatLink', { side: sideName(side) })}`);
  const row = node('span', 'fen-row');
  row.append(input, button('copy', side, t('action.copy'), t('online.copySeat', { side: sideName(side) })));
  if (canShare()) row.append(button('share', side, t('online.share'), t('online.shareSeat', { side: sideName(side) })));
  label.append(title, row);
  item.append(label);
  return item;
}

function button(what, side, text, label) {
  const shown = node('button', 'button', text);
  shown.type = 'button';
  Object.assign(shown.dataset, { link: what, seat: side });
  shown.setAttribute('aria-label', label);
  return shown;
}

async function share(url, side = null) {
  try {
    await navigator.share({ title: t('online.shareTitle'), text: side ? t('online.shareSeatText', { side }) : t('online.shareText'), url });
  } catch {
    // closed without sharing: the link is still there to copy
  }
}
