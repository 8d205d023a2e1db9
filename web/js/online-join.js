// online-join.js: the question an invite link asks before it takes its
// seat: the friend's name (optional, kept in this browser as the lobby's
// is), so that the others and the spectators see who joined rather than
// a "Your friend" for every friend.

import { t } from './i18n.js';

const $ = (id) => document.getElementById(id);

/** Who sent the link: the name of a seat already taken, if one has a name. */
const inviter = (game) => Object.values(game.seats ?? {}).find((seat) => seat.joined && seat.name)?.name ?? null;

/** Asks the name to join `game` with, the field holding `name`; refused:
 * the server's reason for the name given last, or null.  Resolves with
 * the field's name, trimmed ('' for none), however the dialog closes: the
 * person opened an invite, and the seat is taken with the name as it
 * stands (docs/DECISIONS.md, "The name an invite link asks"). */
export function askJoinName(game, refused, name) {
  const dialog = $('join-dialog');
  const count = game.players ?? 2;
  const who = inviter(game);
  $('join-text').textContent = who ? t('join.invitedBy', { name: who, count }) : t('join.invited', { count });
  const field = $('join-name');
  field.value = name;
  $('join-name-error').hidden = !refused;
  $('join-name-error').textContent = refused ? t('online.error.badName', { message: refused }) : '';
  if (refused) field.setAttribute('aria-invalid', 'true');
  else field.removeAttribute('aria-invalid');
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => resolve(field.value.trim()), { once: true });
    dialog.showModal();
  });
}
