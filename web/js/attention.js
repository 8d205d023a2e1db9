// attention.js: calling the person back to an online game they left in the
// background.  When the other side moves while the page is hidden, the
// tab's title says so ("● " before it) until the page is seen again, and,
// where the person switched it on and the browser allows it, a notification
// tells them too.

import { t } from './i18n.js';

export const MARK = '● ';

export class Attention {
  /** settings: the person's Settings (its 'notify' preference). */
  constructor(settings) {
    this.settings = settings;
    this.waiting = false; // a move came while the page was hidden
    this.base = document.title;
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') this.seen();
    });
  }

  /** The tab's title: the page's own, marked while a move waits to be seen. */
  setTitle(title) {
    this.base = title;
    document.title = this.waiting ? MARK + title : title;
  }

  seen() {
    this.waiting = false;
    this.notification?.close();
    document.title = this.base;
  }

  /** The other side played `move` (the person's turn now, in game `id`);
   * who: the seat that played it, of three or four (else "Your friend"). */
  opponentMoved(move, id, who = null) {
    if (document.visibilityState === 'visible') return;
    this.waiting = true;
    document.title = MARK + this.base;
    if (!this.settings.preferences.notify || typeof Notification !== 'function' || Notification.permission !== 'granted') return;
    this.notification?.close();
    this.notification = new Notification(t('notify.title'), { body: who ? t('notify.movedBy', { who, move }) : t('notify.moved', { move }), tag: `halma-${id}` });
  }

  /** Asks the browser's leave to notify; true when given. */
  async allow() {
    if (typeof Notification !== 'function') return false;
    if (Notification.permission === 'granted') return true;
    return (await Notification.requestPermission()) === 'granted';
  }
}
