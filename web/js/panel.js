// panel.js: everything around the board but the dialogs: the status card,
// the player bars, the move list, the review bar, the analysis card, the
// screen-reader announcements.  It shows the table's model (table.js) and
// forwards the person's clicks and shortcuts to the table; the controller
// and the modes below reach the page through it (message, announce, busy,
// showEnd, confirm, copy, testHook, describeSquare).

import { language, t } from './i18n.js';
import { chartPoints } from './analysis.js';
import { hideMultiAnalysis, showMultiAnalysis } from './multi-analysis.js';
import { clockText } from './online-clock.js';
import { SIDES, seatOf, sidesOf } from './seats.js';
import { moveNumber, playerName, sideName, statusText } from './texts.js';
import { noSpoil } from './seating.js';
import { Dialogs } from './dialogs.js';
import { node, pieceDot } from './elements.js';

const CHART = { width: 200, height: 48 };

const $ = (id) => document.getElementById(id);

export class PanelUI {
  constructor() {
    this.table = null;
    this.shownMoves = null;
    this.dialogs = new Dialogs(this);
  }

  attach(table) {
    this.table = table;
    const click = (id, action) => $(id).addEventListener('click', action);
    click('undo', () => table.undo());
    click('redo', () => table.redo());
    click('hint', () => table.hint());
    click('resign', () => table.resign());
    click('flip', () => table.flip());
    click('stop-chain', () => table.stopChain());
    click('confirm-move', () => table.confirmMove());
    click('pass', () => table.pass());
    click('review-start', () => table.reviewAt(0));
    click('review-prev', () => table.reviewStep(-1));
    click('review-next', () => table.reviewStep(1));
    click('review-exit', () => table.reviewAt(table.moveCount()));
    $('move-list').addEventListener('click', (event) => {
      const button = event.target.closest('button[data-ply]');
      if (button) table.reviewAt(Number(button.dataset.ply));
    });
    // A click on the chart shows the position at that point of the game.
    $('analysis-chart').addEventListener('click', (event) => {
      const box = event.currentTarget.getBoundingClientRect();
      table.reviewAt(Math.round(((event.clientX - box.left) / box.width) * table.moveCount()));
    });
    click('copy-fen', () => this.copy($('fen').value, $('copy-fen')));
    this.watchMoveScroll();
    this.dialogs.attach(table);
    document.addEventListener('keydown', (event) => this.onShortcut(event));
  }

  // ---- the status card ---------------------------------------------------

  update(model) {
    const { state, position, phase, review } = model;
    if (!state) return;
    const status = statusText(model);
    $('status-line').textContent = status;
    // The tab's title says whose turn it is while the page is in the background.
    this.table.setTitle(`${status} · Halma`);
    // Everything here describes the position on the board: while reviewing,
    // the earlier one. The side to move, or once the game is over the
    // winner (none for a draw).
    const shown = position.result === 'ongoing' ? position.side : position.winners?.[0] ?? { 'white-wins': 'w', 'black-wins': 'b' }[position.result];
    $('turn-piece').className = `turn-piece ${shown ? `piece-${shown}` : 'draw'}`;
    // Shown by visibility, never display: the card keeps its size.
    $('spinner').classList.toggle('active', phase !== 'idle');
    // A game goes on in the turn after the last move, and a game ended
    // without a move (resigned, on time, agreed) ended in that turn too.
    const between = position.result === 'ongoing' || position.resigned || position.flagged || position.abandoned || ['draw-agreement', 'aborted'].includes(position.result);
    const turn = between ? position.turns + 1 : position.turns;
    $('turn-counter').textContent = t('status.turn', { turn, limit: position.turnLimit });
    const warning = $('warning');
    const warn = model.humanTurn && !review && state.repeating.length > 0;
    warning.hidden = !warn;
    if (warn) warning.textContent = t('warning.repetition');
    // A game of this device has them all, an online game none; "Stop here"
    // and "Pass" take the place of Redo and Hint, so the row keeps its size.
    const acting = model.canStop || model.mustPass;
    $('undo').hidden = !model.localActions;
    for (const id of ['redo', 'hint']) $(id).hidden = !model.localActions || acting;
    $('undo').disabled = !model.canUndo;
    $('redo').disabled = !model.canRedo;
    $('hint').disabled = !model.canHint;
    // Before every seat has moved, an online game is aborted, not resigned.
    $('resign').textContent = t(model.canAbort ? 'action.abort' : 'action.resign');
    $('resign').disabled = !model.canResign && !model.canAbort;
    // A spectator has nothing to give up: a greyed Resign would say they might.
    $('resign').hidden = !!model.watching;
    $('stop-chain').hidden = !model.canStop;
    $('pass').hidden = !model.mustPass;
    $('confirm-move').hidden = !model.pendingMove;
    $('fen').value = position.fen;
    if (typeof this.said === 'function') $('message').textContent = this.said();
    this.updatePlayers(model);
    this.updateMoves(model);
    this.updateAnalysis(model);
    this.updateReview(model);
    document.body.classList.toggle('reviewing', !!review);
    document.body.classList.toggle('thinking', phase === 'thinking');
    document.body.classList.toggle('move-sent', model.sentMove);
  }

  updatePlayers({ position, flipped, phase, online, players, game }) {
    const sides = sidesOf(game);
    const seatBar = (side) => {
      const toMove = position.result === 'ongoing' && position.side === side;
      const bar = node('span', `seat seat-${side}${toMove ? ' to-move' : ''}`);
      bar.append(pieceDot(side), seatName(side, playerName(players, seatOf(side, sides))));
      // The side to move says so in words beside its name, not only by colour.
      if (toMove) bar.append(node('span', 'turn-badge', t(phase === 'thinking' ? 'player.thinking' : 'player.toMove')));
      if (online) bar.append(...onlineBadges(online, side));
      return { bar, toMove };
    };
    const fill = (id, shown) => {
      const seats = shown.filter((side) => sides.includes(side)).map(seatBar);
      const bar = $(id);
      // Two players: the bar is the seat's own; three or four: a seat in each corner.
      if (sides.length === 2) bar.replaceChildren(...seats[0].bar.childNodes);
      else bar.replaceChildren(...seats.map((seat) => seat.bar));
      bar.classList.toggle('to-move', sides.length === 2 && seats[0].toMove);
      bar.classList.toggle('seats', sides.length > 2);
      // Online seats have names of up to 24 characters: two lines for them.
      bar.classList.toggle('online', !!online);
    };
    // Left to right as the corners stand on the board.
    const [top, bottom] = sides.length === 2 ? [[SIDES[1]], [SIDES[0]]] : [['b', 'y'], ['r', 'w']];
    fill('player-top', flipped ? [...bottom].reverse() : top);
    fill('player-bottom', flipped ? [...top].reverse() : bottom);
  }

  updateMoves({ game, review, firstSide, firstTurn }) {
    const body = $('move-list').tBodies[0];
    const current = review ? review.k : game.moves.length;
    const key = `${game.moves.join(' ')}|${firstSide}|${firstTurn}|${game.players ?? 2}|${language()}`;
    const changed = key !== this.shownMoves;
    if (changed) {
      // Another game (not this one's moves with more after them) starts at its latest move.
      if (!key.startsWith(this.shownMoves?.split('|')[0] ?? '\0')) this.followMoves = true;
      this.shownMoves = key;
      showMoveHeads(sidesOf(game));
      body.replaceChildren(...moveRows(game.moves, firstSide, firstTurn, sidesOf(game)));
    }
    for (const button of body.querySelectorAll('button[data-ply]')) {
      if (Number(button.dataset.ply) === current) button.setAttribute('aria-current', 'step');
      else button.removeAttribute('aria-current');
    }
    // Who plays with whom, the whole game long (the new-game dialog's words).
    $('partners-line').hidden = !game.partners;
    // The house rule against spoiling, likewise (a quiet line, not a badge).
    $('rules-line').hidden = !noSpoil(game);
    $('move-list').hidden = game.moves.length === 0;
    $('no-moves').hidden = game.moves.length > 0;
    // Once the list is shown, so that its height is the one to scroll by.
    if (changed) this.followLatestMove();
  }

  /** Keeps the move list scrolled to its latest move (on opening a game, a
   * reload and each new move) unless the person scrolled back to read it;
   * scrolling to its end follows it again.  The list scrolls, never the
   * page (that would move the board). */
  watchMoveScroll() {
    const scroller = $('move-scroll');
    this.followMoves = true;
    scroller.addEventListener('scroll', () => {
      if (this.scrolling) return; // the page's own scroll
      this.followMoves = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 4;
    });
    // A list that gets its height later (the panel laid out anew: a turned
    // phone, a font loaded) is scrolled again.
    new ResizeObserver(() => this.followLatestMove()).observe(scroller);
  }

  followLatestMove() {
    if (!this.followMoves) return;
    const scroller = $('move-scroll');
    this.scrolling = true;
    scroller.scrollTop = scroller.scrollHeight;
    requestAnimationFrame(() => {
      this.scrolling = false;
    });
  }

  /** The analysis card: the engine's judgement of the position on the
   * board, the moves each side still needs, the best move (drawn on the
   * board) and the chart of White's lead over the game. */
  updateAnalysis({ analysis }) {
    const card = $('analysis');
    card.hidden = !analysis;
    if (!analysis) return;
    if (analysis.seats) return showMultiAnalysis(analysis, CHART);
    hideMultiAnalysis();
    const { k, total, leads, current, judged, needed } = analysis;
    $('analysis-judgement').textContent = judgementText(current);
    // While the engine works through the game; its line keeps its room after.
    const progress = $('analysis-progress');
    progress.textContent = t('analysis.progress', { done: judged, total: total + 1 });
    progress.classList.toggle('done', judged > total);
    $('analysis-needed').textContent = t('analysis.needed', { white: needed.w, black: needed.b });
    const best = current?.best;
    $('analysis-best').textContent = best ? t('analysis.best', { move: best.join('-') }) : '';
    $('analysis-best').hidden = !best;
    $('analysis-line').setAttribute('points', chartPoints(leads, CHART.width, CHART.height));
    const x = total ? (k / total) * CHART.width : 0;
    $('analysis-now').setAttribute('x1', x);
    $('analysis-now').setAttribute('x2', x);
  }

  updateReview({ review, game, firstSide, firstTurn }) {
    $('review-bar').hidden = !review;
    if (!review) return;
    // Numbered as the move list numbers it: the pair, and whose move.
    const { number, side } = moveNumber(review.k - 1, firstSide, firstTurn, sidesOf(game));
    const after = { w: 'review.afterWhite', b: 'review.afterBlack' }[side] ?? 'review.afterSeat';
    $('review-text').textContent = review.k === 0 ? t('review.start') : t(after, { number, move: game.moves[review.k - 1], side: sideName(side) });
    $('review-prev').disabled = review.k === 0;
    $('review-start').disabled = review.k === 0;
  }

  // ---- for the controller and the modes -----------------------------------

  /** Counts actions in progress; body[data-busy] is set meanwhile (tests
   * wait for it to clear). */
  busy(delta) {
    this.actions = (this.actions ?? 0) + delta;
    this.testHook('busy', this.actions > 0);
  }

  /** Writes body[data-<name>] for the browser tests (docs/WEB.md, Test
   * hooks), the only place that does; false removes it. */
  testHook(name, value) {
    if (value === false) delete document.body.dataset[name];
    else document.body.dataset[name] = String(value);
  }

  /** The message: text, or a function giving it in the current language
   * (read again by update(), as after a change of language). */
  message(text, kind = 'info') {
    this.said = text;
    const shown = $('message');
    shown.textContent = typeof text === 'function' ? text() : text;
    shown.dataset.kind = kind;
  }

  /** Says something to screen readers at once (moves, results). */
  announce(text) {
    const shown = $('announcer');
    shown.textContent = '';
    // A fresh text node makes screen readers repeat an identical message.
    requestAnimationFrame(() => (shown.textContent = text));
  }

  describeSquare(square, piece, selection) {
    const what = piece ? t({ w: 'cursor.white', b: 'cursor.black' }[piece] ?? 'cursor.seat', { side: sideName(piece) }) : t('cursor.empty');
    const extra = selection?.targets.get(square) ? ` ${t('cursor.target')}` : '';
    $('cursor-announcer').textContent = `${square}, ${what}${extra}`;
  }

  showEnd(model) {
    return this.dialogs.showEnd(model);
  }

  confirm(text, yes, no) {
    return this.dialogs.confirm(text, yes, no);
  }

  async copy(text, button) {
    let ok = false;
    try {
      await navigator.clipboard.writeText(text);
      ok = true;
    } catch {
      ok = false; // no clipboard permission: the text stays selectable
    }
    this.table.say(() => t(ok ? 'message.copied' : 'message.copyFailed'), ok ? 'info' : 'warn');
    button.focus();
  }

  // ---- keyboard shortcuts ------------------------------------------------

  onShortcut(event) {
    if (document.querySelector('dialog[open]') || event.target.closest('input, textarea, select')) return;
    const table = this.table;
    const key = event.key.toLowerCase();
    if ((event.ctrlKey || event.metaKey) && key === 'z') {
      event.preventDefault();
      if (event.shiftKey) table.redo();
      else table.undo();
    } else if ((event.ctrlKey || event.metaKey) && key === 'y') {
      event.preventDefault();
      table.redo();
    } else if (table.reviewing() && (event.key === 'ArrowLeft' || event.key === 'ArrowRight') && !event.target.closest('#board')) {
      table.reviewStep(event.key === 'ArrowLeft' ? -1 : 1);
    }
  }
}

/** The engine's judgement in words: who leads and by about how much, a
 * forced win, or that it is still looking. */
function judgementText(judgement) {
  if (!judgement) return t('analysis.working');
  const { lead, winIn, side, final } = judgement;
  if (final) return lead ? t('analysis.won', { side: sideName(lead > 0 ? 'w' : 'b') }) : t('analysis.drawn');
  if (winIn) return t('analysis.winIn', { side: sideName(winIn > 0 ? side : side === 'w' ? 'b' : 'w'), turns: Math.abs(winIn) });
  if (Math.abs(lead) < 0.5) return t('analysis.even');
  const moves = new Intl.NumberFormat(language(), { maximumFractionDigits: 1 }).format(Math.abs(lead));
  return t('analysis.ahead', { side: sideName(lead > 0 ? 'w' : 'b'), moves });
}

/** "Black · Bob", its parts apart: the seats of three and four put the
 * name on a line of its own (app.css).  A seat called by its colour says
 * it once. */
function seatName(side, name) {
  const shown = node('span', 'player-name');
  shown.append(node('span', 'seat-side', sideName(side)));
  if (name !== sideName(side)) shown.append(node('span', 'seat-sep', ' · '), node('span', 'seat-player', name));
  return shown;
}

/** A player bar's online parts: whether the player is here (for the
 * opponent, or both when watching) and the clock, which online-clock.js
 * keeps ticking (#clock-w, #clock-b). */
function onlineBadges({ seat, seats, clock, correspondence, connected }, side) {
  const badges = [];
  // Whether the others are here is known only while the page is connected.
  // The server's computer is always there: no presence of its own.
  if (connected && side !== seat && seats[side]?.joined && seats[side].kind !== 'computer') {
    const here = seats[side].online;
    const presence = node('span', `presence ${here ? 'here' : 'away'}`);
    presence.append(node('span', 'presence-word', t(here ? 'online.here' : 'online.away')));
    badges.push(presence);
  }
  if (clock) {
    const shown = node('span', 'clock', clockText(clock[side], correspondence));
    shown.id = `clock-${side}`;
    shown.setAttribute('role', 'timer');
    shown.setAttribute('aria-label', t('online.clockOf', { side: sideName(side) }));
    badges.push(shown);
  }
  return badges;
}

/** The list's heads: the number, then a column per seat in the turn order. */
function showMoveHeads(sides) {
  const head = $('move-list').tHead.rows[0];
  if (head.cells.length === sides.length + 1) return;
  const number = head.cells[0];
  head.replaceChildren(number, ...sides.map((side) => {
    const cell = node('th', '', sideName(side));
    cell.scope = 'col';
    cell.dataset.i18n = SIDE_KEYS[side];
    return cell;
  }));
  $('move-list').classList.toggle('many', sides.length > 2);
  $('move-list').classList.toggle('seats-3', sides.length === 3);
}

/** The moves as table rows: the round's number, then each seat's move in
 * the turn order (White's, Black's for two). */
function moveRows(moves, firstSide, firstTurn, sides) {
  const rows = [];
  let cells = null;
  moves.forEach((move, i) => {
    const { number, side } = moveNumber(i, firstSide, firstTurn, sides);
    const seat = sides.indexOf(side);
    if (seat === 0 || !cells) {
      const row = node('tr');
      const head = node('th', '', String(number));
      head.scope = 'row';
      cells = sides.map((side, j) => node('td', `seat-${side}`, j < seat ? '…' : ''));
      row.append(head, ...cells);
      rows.push(row);
    }
    cells[seat].append(moveButton(move, i + 1));
  });
  return rows;
}

const SIDE_KEYS = { w: 'side.white', r: 'side.red', b: 'side.black', y: 'side.yellow' };

/** A move of the list: it can break after a hop's dash, never inside a
 * square's name. */
function moveButton(move, ply) {
  const button = node('button', 'move');
  button.type = 'button';
  button.dataset.ply = String(ply);
  move.split('-').forEach((name, i) => {
    if (i > 0) button.append('-', node('wbr'));
    button.append(node('span', 'sq-name', name));
  });
  return button;
}
