// lobby.js: the lobby, in the "Play online" dialog: the open games waiting
// for players, read from the server and kept up to date by its lobby
// stream while the dialog is open; one click takes a free seat (a join with
// the seat and the person's name, no invite) and opens the game.

import { t } from './i18n.js';
import { LOBBY_EVENTS, api, errorText, keepName, keptName, seatFor } from './online.js';
import { joinNamed } from './online-seat.js';
import { node } from './elements.js';
import { noSpoil } from './seating.js';

const $ = (id) => document.getElementById(id);

/** A game's clock in words: none, minutes + seconds, or days a move. */
export function clockWords(clock) {
  if (!clock) return t('newGame.noClock');
  if (clock.days_per_move) return t('lobby.days', { days: clock.days_per_move });
  // The game tells each seat's time left, not its increment: before the
  // first move that is the initial time.
  const initial = Math.max(...Object.entries(clock).filter(([key]) => key.endsWith('_ms')).map(([, ms]) => ms));
  return t('lobby.minutes', { minutes: Math.round(initial / 6000) / 10 });
}

/** The seats of a game nobody has taken yet. */
export const freeSeats = (game) => Object.entries(game.seats ?? {}).filter(([, seat]) => !seat.joined && seat.kind !== 'computer').map(([side]) => side);

/** Who posted a game: the name of its first seat taken, or "Someone". */
const creatorOf = (game) => Object.values(game.seats ?? {}).find((seat) => seat.joined && seat.name)?.name || t('lobby.someone');

export class Lobby {
  /** open(id): opens a game (OnlinePlay.show) once this device has a seat. */
  constructor(open) {
    this.open = open;
    this.games = new Map(); // id -> game, in the order shown (newest first)
    this.stream = null;
    $('lobby-list').addEventListener('click', (event) => {
      const button = event.target.closest('button[data-take]');
      if (button) this.take(button.dataset.take, button);
    });
    $('online-games-dialog').addEventListener('close', () => this.stop());
  }

  /** Reads the list and follows the lobby live (the dialog has opened);
   * a server without the API (a static host) is not asked for a stream. */
  async start() {
    $('lobby-name').value = keptName();
    this.say(null);
    this.stop();
    this.queued = [];
    this.render();
    // Offline, nothing is asked (it would fail): the dialog says why.
    if (navigator.onLine === false) return this.say(t('online.error.network'));
    if (!(await this.read())) return;
    const stream = new EventSource(LOBBY_EVENTS);
    this.stream = stream;
    // No replay: each (re)connection reads the list again (the first too: a
    // game posted before the stream was attached), then applies what came
    // meanwhile.
    stream.onopen = () => this.read();
    // The server's `open` shares its name with the stream's own open event
    // (no data): only a message is a game.
    const on = (kind) => stream.addEventListener(kind, (event) => typeof event.data === 'string' && this.heard(kind, JSON.parse(event.data)));
    on('open');
    on('closed');
  }

  stop() {
    this.stream?.close();
    this.stream = null;
  }

  /** The list as the server has it; false when it could not be read. */
  async read() {
    this.reading = true;
    let read = true;
    try {
      const { games } = await api.lobby();
      this.games = new Map(games.map((game) => [game.id, game]));
    } catch (error) {
      this.say(t(...errorText(error)));
      read = false;
    }
    this.reading = false;
    for (const [kind, data] of this.queued.splice(0)) this.apply(kind, data);
    this.render();
    return read;
  }

  heard(kind, data) {
    if (this.reading) this.queued.push([kind, data]);
    else {
      this.apply(kind, data);
      this.render();
    }
  }

  apply(kind, data) {
    if (kind === 'closed') this.games.delete(data.id);
    else if (data?.id) this.games = new Map([[data.id, data], ...[...this.games].filter(([id]) => id !== data.id)]);
  }

  say(text) {
    $('lobby-error').hidden = !text;
    $('lobby-error').textContent = text ?? '';
  }

  render() {
    const rows = [...this.games.values()].filter((game) => freeSeats(game).length > 0).map((game) => row(game));
    $('lobby-list').replaceChildren(...rows);
    $('lobby-empty').hidden = rows.length > 0;
  }

  /** Takes the game's first free seat (in the turn order the server lists
   * them) with the name in the dialog. */
  async take(id, button) {
    const game = this.games.get(id);
    const seat = game && freeSeats(game)[0];
    if (!seat) return;
    const name = $('lobby-name').value.trim();
    button.disabled = true;
    try {
      await joinNamed(id, { seat }, { name, strict: true });
      keepName(name); // the server took it: the next game starts from it
    } catch (error) {
      button.disabled = false;
      this.say(t(...errorText(error)));
      return;
    }
    $('online-games-dialog').close();
    this.open(id);
  }
}

/** The short mark of a game under the house rule: "no spoiling" to the
 * eye, the whole of it to a screen reader. */
export function houseMark() {
  const mark = node('span', 'lobby-rule');
  mark.append(node('span', '', t('lobby.houseRule')), node('span', 'visually-hidden', t('lobby.houseRuleLabel')));
  mark.firstChild.setAttribute('aria-hidden', 'true');
  return mark;
}

/** One open game: who posted it, what it is, its free seats, and Play. */
function row(game) {
  const item = node('li', 'lobby-game');
  item.dataset.id = game.id;
  const what = [
    t(game.variant === 13 ? 'lobby.pieces13' : 'lobby.pieces19'),
    t('lobby.players', { count: game.players ?? Object.keys(game.seats).length }),
    clockWords(game.clock),
    t('lobby.free', { count: freeSeats(game).length }),
  ].join(' · ');
  const who = creatorOf(game);
  const about = node('span', 'lobby-what', what);
  if (noSpoil(game)) about.append(' ', houseMark());
  item.append(node('span', 'lobby-who', who), about);
  if (seatFor(game.id)) item.append(node('span', 'lobby-mine quiet', t('lobby.yours')));
  else {
    const play = node('button', 'button primary', t('lobby.play'));
    play.type = 'button';
    play.dataset.take = game.id;
    play.setAttribute('aria-label', t('lobby.playWith', { name: who }));
    item.append(play);
  }
  return item;
}
