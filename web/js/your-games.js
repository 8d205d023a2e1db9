// your-games.js: "Your games", in the "Play online" dialog: every game this
// device holds a seat in, ongoing first with whose move it is, finished
// ones with their results, each a link back.  What each game was when last
// seen is kept in localStorage, so the list shows after a reload and
// offline; opening the list asks the server for the games still going.

import { t } from './i18n.js';
import { noSpoil, rulesPart, seatingOf } from './seating.js';
import { ApiError, api, forgetSeat, keptSeats, seatName } from './online.js';
import { node } from './elements.js';
import { clockWords, houseMark } from './lobby.js';
import { sideName } from './texts.js';
import { serverSides } from './server-game.js';

const KEY = 'halma.games.v1';
/** Games asked for each time the list opens (the newest still going). */
const MAX_REFRESH = 12;
const $ = (id) => document.getElementById(id);

function readSummaries() {
  try {
    const data = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return data && typeof data === 'object' && !Array.isArray(data) ? data : {};
  } catch {
    return {};
  }
}

function writeSummaries(summaries) {
  try {
    localStorage.setItem(KEY, JSON.stringify(summaries));
  } catch {
    // storage full or off: the list shows what it can
  }
}

/** Two seats face to face (a game, or a kept summary of one, of no
 * seating the rules know counts as one: it shows as before). */
const headToHead = (game) => seatingOf({ players: game?.players })?.headToHead ?? true;

/** What the list needs of a server's game, seen from `seat`. */
export function summaryOf(game, seat) {
  const others = Object.keys(game.seats ?? {}).filter((side) => side !== seat);
  return {
    variant: game.variant,
    players: game.players ?? 2,
    status: game.status,
    toMove: game.to_move,
    result: game.result ? { winner: game.result.winner, reason: game.result.reason } : null,
    opponent: others.map((side) => seatName(game, side)).find(Boolean) ?? null,
    // Every other seat of three or four, in the turn order: its name, the server's computer's level.
    ...(!headToHead(game) ? { others: serverSides(game).filter((side) => side !== seat).map((side) => ({ side, name: seatName(game, side), level: game.seats[side]?.kind === 'computer' ? game.seats[side].level : null })) } : {}),
    clock: game.clock?.days_per_move ? { days_per_move: game.clock.days_per_move } : game.clock ? { initial: true } : null,
    ply: game.ply,
    ...rulesPart(game.rules),
    // Three or four: a seat given up to the computer (ONLINE.md) has lost, whoever wins.
    ...(game.seats?.[seat]?.left ? { left: true } : {}),
  };
}

/** Whether it is the seat's move in a game as summarised. */
export const yourMove = (summary, seat) => summary?.status === 'ongoing' && summary.toMove === seat && !summary.left;

export class YourGames {
  constructor() {
    $('your-games').addEventListener('click', (event) => {
      if (event.target.closest('a[href^="#game="]')) $('online-games-dialog').close();
    });
  }

  /** Keeps what the server last said of a game this device is seated in. */
  note(game, seat) {
    if (!game || !seat) return;
    const summaries = readSummaries();
    const summary = summaryOf(game, seat);
    if (JSON.stringify(summaries[game.id]) === JSON.stringify(summary)) return;
    summaries[game.id] = summary;
    writeSummaries(summaries);
  }

  /** Shows the list as kept, then asks the server for the games still going. */
  async start() {
    this.render();
    const going = keptSeats().filter(({ id }) => readSummaries()[id]?.status !== 'finished').slice(0, MAX_REFRESH);
    for (const { id, seat } of going) {
      if (!$('online-games-dialog').open || navigator.onLine === false) return;
      try {
        this.note(await api.game(id), seat);
      } catch (error) {
        // A game the server no longer has (expired) leaves the list; anything else waits.
        if (error instanceof ApiError && error.status === 404) forgetSeat(id);
      }
      this.render();
    }
  }

  render() {
    const summaries = readSummaries();
    const games = keptSeats().map((kept) => ({ ...kept, summary: summaries[kept.id] ?? null }));
    // Ongoing first (the person's move before the others'), then the rest; newest first within.
    const rank = ({ summary, seat }) => (yourMove(summary, seat) ? 0 : summary?.status === 'finished' ? 2 : 1);
    games.sort((a, b) => rank(a) - rank(b) || b.at - a.at);
    $('your-games').replaceChildren(...games.map((game) => row(game)));
    $('your-games-empty').hidden = games.length > 0;
  }
}

/** Where a game stands, from the seat's point of view. */
export function stateText(summary, seat) {
  if (!summary) return t('yours.unknown');
  const many = !headToHead(summary) && Array.isArray(summary.others);
  if (summary.status === 'waiting') return t(many ? 'online.status.waitingMany' : 'online.status.waiting');
  if (summary.status === 'ongoing') {
    if (yourMove(summary, seat)) return t('yours.yourMove');
    // Of three or four, the seat to move: a friend, another, or the computer.
    const toMove = many && summary.others.find(({ side }) => side === summary.toMove);
    if (toMove) return t('online.status.namedTurn', { name: seatText(toMove) });
    return summary.opponent ? t('online.status.namedTurn', { name: summary.opponent }) : t('online.status.friendsTurn');
  }
  const { winner, reason } = summary.result ?? {};
  if (reason === 'aborted') return t('result.aborted');
  if (summary.left && reason !== 'agreement') return t('yours.lost');
  if (!winner) return t('yours.draw');
  return t([winner].flat().includes(seat) ? 'yours.won' : 'yours.lost');
}

/** A seat of three or four as the list names it: "Red (Ana)", "Black
 * (Computer, level 3)", "Yellow". */
const seatText = ({ side, name, level }) => (name || level ? t('online.seatNamed', { side: sideName(side), name: name ?? t('player.computerLevel', { level }) }) : sideName(side));

/** Who the game is with: of two the other's name, of three or four every
 * other seat ("Red (Ana), Black (Computer, level 3), Yellow"); "You play
 * White" when nobody is named. */
function whoText(summary, seat) {
  const many = !headToHead(summary) && Array.isArray(summary?.others);
  const others = many ? summary.others.map(seatText) : [summary?.opponent].filter(Boolean);
  return others.length ? t('yours.with', { name: others.join(', ') }) : t('yours.as', { side: sideName(seat) });
}

function row({ id, seat, summary }) {
  const item = node('li', 'your-game');
  item.dataset.id = id;
  if (yourMove(summary, seat)) item.classList.add('your-move');
  const link = node('a', 'your-game-link', whoText(summary, seat));
  link.href = `#game=${encodeURIComponent(id)}`;
  const details = [];
  if (!headToHead(summary)) details.push(t('lobby.players', { count: summary.players }));
  if (summary?.variant) details.push(t(summary.variant === 13 ? 'lobby.pieces13' : 'lobby.pieces19'));
  if (summary?.clock?.days_per_move) details.push(clockWords(summary.clock));
  details.push(stateText(summary, seat));
  const state = node('span', 'your-game-state', details.join(' · '));
  if (noSpoil(summary)) state.append(' ', houseMark());
  item.append(link, state);
  return item;
}
