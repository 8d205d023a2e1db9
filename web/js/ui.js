// ui.js: everything around the board: the status card, the players, the move
// list, the record panel, the dialogs, the screen-reader announcements and
// the sounds.
// It shows the controller's model and forwards the person's clicks to it.

import { has, language, t } from './i18n.js';
import { clearScores, scoreAt } from './storage.js';
import { chartPoints } from './analysis.js';

const CHART = { width: 200, height: 48 };

const $ = (id) => document.getElementById(id);
/** A new element with a class and a text (both optional). */
function node(tag, className = '', text = '') {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text) element.textContent = text;
  return element;
}
const sideName = (side) => t(side === 'w' ? 'side.white' : 'side.black');
const pieceDot = (side) => node('span', `turn-piece small piece-${side}`);

export class PanelUI {
  constructor() {
    this.controller = null;
    this.shownMoves = null;
    this.lastModel = null;
  }

  attach(controller) {
    this.controller = controller;
    const c = controller;
    $('undo').addEventListener('click', () => c.undo());
    $('redo').addEventListener('click', () => c.redo());
    $('hint').addEventListener('click', () => c.hint());
    $('resign').addEventListener('click', () => c.resign());
    $('flip').addEventListener('click', () => c.flip());
    $('settings').addEventListener('click', () => this.openSettings());
    $('stop-chain').addEventListener('click', () => c.stopChain());
    $('pass').addEventListener('click', () => c.pass());
    $('review-start').addEventListener('click', () => c.reviewAt(0));
    $('review-prev').addEventListener('click', () => c.reviewStep(-1));
    $('review-next').addEventListener('click', () => c.reviewStep(1));
    $('review-exit').addEventListener('click', () => c.reviewAt(c.game.moves.length));
    $('move-list').addEventListener('click', (event) => {
      const button = event.target.closest('button[data-ply]');
      if (button) c.reviewAt(Number(button.dataset.ply));
    });
    // A click on the chart shows the position at that point of the game.
    $('analysis-chart').addEventListener('click', (event) => {
      const box = event.currentTarget.getBoundingClientRect();
      const total = c.game.moves.length;
      c.reviewAt(Math.round(((event.clientX - box.left) / box.width) * total));
    });
    $('copy-fen').addEventListener('click', () => this.copy($('fen').value, $('copy-fen')));
    $('export').addEventListener('click', () => this.openExport());
    $('end-export').addEventListener('click', () => {
      $('end-dialog').close();
      this.openExport();
    });
    $('import').addEventListener('click', () => this.openImport());
    $('new-game').addEventListener('click', () => this.openNewGame());
    $('end-new').addEventListener('click', () => {
      $('end-dialog').close();
      this.openNewGame();
    });
    // The slider's ends are the module's levels, not a copy in the page.
    const { min, max, person } = c.setup.levels;
    Object.assign($('level'), { min, max, value: person });
    this.wireDialogs();
    document.addEventListener('keydown', (event) => this.onShortcut(event));
  }

  // ---- the status card ---------------------------------------------------

  update(model) {
    this.lastModel = model;
    const { state, position, phase, review } = model;
    if (!state) return;
    const status = this.controller.statusText();
    $('status-line').textContent = status;
    // The tab's title says whose turn it is while the page is in the background.
    document.title = `${status} · Halma`;
    // Everything here describes the position on the board: while reviewing,
    // the earlier one. The side to move, or once the game is over the
    // winner (none for a draw).
    const shown = { ongoing: position.side, 'white-wins': 'w', 'black-wins': 'b' }[position.result];
    $('turn-piece').className = `turn-piece ${shown ? `piece-${shown}` : 'draw'}`;
    // Shown by visibility, never display: the card keeps its size.
    $('spinner').classList.toggle('active', phase !== 'idle');
    const turn = position.result === 'ongoing' ? position.turns + 1 : position.turns;
    $('turn-counter').textContent = t('status.turn', { turn, limit: position.turnLimit });
    const warning = $('warning');
    const warn = model.humanTurn && !review && state.repeating.length > 0;
    warning.hidden = !warn;
    if (warn) warning.textContent = t('warning.repetition');
    $('undo').disabled = !model.canUndo;
    $('redo').disabled = !model.canRedo;
    $('hint').disabled = !model.canHint;
    $('resign').disabled = !model.canResign;
    $('stop-chain').hidden = !model.canStop;
    $('pass').hidden = !model.mustPass;
    $('fen').value = position.fen;
    this.updatePlayers(model);
    this.updateMoves(model);
    this.updateAnalysis(model);
    const bar = $('review-bar');
    bar.hidden = !review;
    if (review) {
      $('review-text').textContent =
        review.k === 0 ? t('review.start') : t('review.after', { number: review.k, move: model.game.moves[review.k - 1] });
      $('review-prev').disabled = review.k === 0;
      $('review-start').disabled = review.k === 0;
    }
    document.body.classList.toggle('reviewing', !!review);
    document.body.classList.toggle('thinking', phase === 'thinking');
    document.body.classList.toggle('move-sent', model.sentMove);
  }

  updatePlayers({ position, flipped, phase, online }) {
    const fill = (id, side) => {
      const bar = $(id);
      const toMove = position.result === 'ongoing' && position.side === side;
      bar.replaceChildren(pieceDot(side), node('span', 'player-name', `${sideName(side)} · ${this.controller.playerName(side)}`));
      // The side to move says so in words beside its name, not only by colour.
      if (toMove) bar.append(node('span', 'turn-badge', t(phase === 'thinking' ? 'player.thinking' : 'player.toMove')));
      if (online) bar.append(...onlineBadges(online, side));
      bar.classList.toggle('to-move', toMove);
    };
    fill('player-top', flipped ? 'w' : 'b');
    fill('player-bottom', flipped ? 'b' : 'w');
  }

  updateMoves({ game, review, firstSide, firstTurn }) {
    const body = $('move-list').tBodies[0];
    const current = review ? review.k : game.moves.length;
    const key = `${game.moves.join(' ')}|${firstSide}|${firstTurn}`;
    if (key !== this.shownMoves) {
      this.shownMoves = key;
      body.replaceChildren(...moveRows(game.moves, firstSide, firstTurn));
      // Scrolls the list only, never the page (that would move the board).
      const scroller = $('move-scroll');
      scroller.scrollTop = scroller.scrollHeight;
    }
    for (const button of body.querySelectorAll('button[data-ply]')) {
      if (Number(button.dataset.ply) === current) button.setAttribute('aria-current', 'step');
      else button.removeAttribute('aria-current');
    }
    $('move-list').hidden = game.moves.length === 0;
    $('no-moves').hidden = game.moves.length > 0;
  }

  /** The analysis card: the engine's judgement of the position on the
   * board, the moves each side still needs, the best move (drawn on the
   * board by the controller) and the chart of White's lead over the game. */
  updateAnalysis({ analysis }) {
    const card = $('analysis');
    card.hidden = !analysis;
    if (!analysis) return;
    const { k, total, leads, current, needed } = analysis;
    $('analysis-judgement').textContent = judgementText(current);
    $('analysis-needed').textContent = t('analysis.needed', { white: needed.w, black: needed.b });
    const best = current?.best;
    $('analysis-best').textContent = best ? t('analysis.best', { move: best.join('-') }) : '';
    $('analysis-best').hidden = !best;
    $('analysis-line').setAttribute('points', chartPoints(leads, CHART.width, CHART.height));
    const x = total ? (k / total) * CHART.width : 0;
    $('analysis-now').setAttribute('x1', x);
    $('analysis-now').setAttribute('x2', x);
  }

  // ---- messages ----------------------------------------------------------

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

  message(text, kind = 'info') {
    const node = $('message');
    node.textContent = text;
    node.dataset.kind = kind;
  }

  /** Says something to screen readers at once (moves, results). */
  announce(text) {
    const node = $('announcer');
    node.textContent = '';
    // A fresh text node makes screen readers repeat an identical message.
    requestAnimationFrame(() => (node.textContent = text));
  }

  describeSquare(square, piece, selection) {
    const what = piece ? t(piece === 'w' ? 'cursor.white' : 'cursor.black') : t('cursor.empty');
    const bits = selection?.targets.get(square) ?? 0;
    const extra = bits ? ` ${t('cursor.target')}` : '';
    $('cursor-announcer').textContent = `${square}, ${what}${extra}`;
  }

  // ---- dialogs -----------------------------------------------------------

  wireDialogs() {
    for (const dialog of document.querySelectorAll('dialog')) {
      dialog.addEventListener('click', (event) => {
        if (event.target.closest('[data-close]')) dialog.close('cancel');
      });
    }
    const form = $('new-game-form');
    const syncMode = () => {
      const mode = form.elements.mode.value;
      const enable = (selector, on) => {
        for (const node of form.querySelectorAll(selector)) node.classList.toggle('disabled', !on);
        for (const input of form.querySelectorAll(`${selector} input`)) input.disabled = !on;
      };
      // The computer's choices are dimmed for a friend here, and make way
      // for the online ones (colour, clock), shown only for a friend online.
      enable('.computer-only', mode === 'computer');
      enable('.online-only', mode === 'online');
      for (const node of form.querySelectorAll('.computer-only')) node.hidden = mode === 'online';
      for (const node of form.querySelectorAll('.online-only')) node.hidden = mode !== 'online';
      const custom = mode === 'online' && form.elements.clock.value === 'custom';
      for (const input of form.querySelectorAll('.custom-clock input')) input.disabled = !custom;
      $('online-error').hidden = true;
    };
    form.addEventListener('change', syncMode);
    // Whether the server plays online is asked only when the person wants
    // to: the question costs a request (and a 404 on a static host).
    for (const input of form.elements.mode) input.addEventListener('change', () => input.value === 'online' && this.checkOnline());
    const showLevel = () => this.showLevel(Number(form.elements.level.value), Number(form.elements.variant.value));
    form.elements.level.addEventListener('input', showLevel);
    for (const input of form.elements.variant) input.addEventListener('change', showLevel);
    $('clear-scores').addEventListener('click', async () => {
      if (await this.confirm(t('confirm.clearScores'), t('confirm.clearScoresYes'))) clearScores();
      showLevel();
    });
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const f = form.elements;
      if (f.mode.value === 'online') return this.startOnline(f);
      $('new-game-dialog').close('start');
      this.controller.newGame({
        variant: Number(f.variant.value),
        mode: f.mode.value,
        human: f.human.value,
        level: Number(f.level.value),
      });
    });
    this.syncNewGameMode = syncMode;
    const settings = $('settings-form');
    settings.addEventListener('change', (event) => {
      const { name, value, checked } = event.target;
      this.controller.setPreference(name, name === 'sound' ? checked : value);
    });
    $('import-form').addEventListener('submit', async (event) => {
      event.preventDefault();
      const error = await this.controller.importRecord($('import-text').value);
      const box = $('import-error');
      box.hidden = !error;
      box.textContent = error ?? '';
      if (!error) $('import-dialog').close('import');
    });
    $('import-file').addEventListener('change', async () => {
      const file = $('import-file').files?.[0];
      if (!file) return;
      if (file.size > 200000) {
        $('import-error').hidden = false;
        $('import-error').textContent = t('import.error.too-long');
        return;
      }
      $('import-text').value = await file.text();
    });
    $('export-copy').addEventListener('click', () => this.copy($('export-text').value, $('export-copy')));
    $('export-download').addEventListener('click', () => this.download($('export-text').value));
  }

  /** The online game from the dialog's choices: created, the dialog
   * closed; or the reason it could not be, shown in the dialog. */
  async startOnline(f) {
    const submit = $('new-game-form').querySelector('button[type="submit"]');
    submit.disabled = true;
    const error = await this.online.create({
      variant: Number(f.variant.value),
      seat: f.seat.value,
      clock: clockChoice(f.clock.value, Number(f.minutes.value), Number(f.increment.value)),
    });
    submit.disabled = false;
    $('online-error').hidden = !error;
    $('online-error').textContent = error ?? '';
    if (!error) $('new-game-dialog').close('start');
  }

  /** Online play is offered only where the page's server has the API. */
  async checkOnline() {
    const available = await this.online.available();
    const choice = $('new-game-form').querySelector('input[name="mode"][value="online"]');
    $('online-unavailable').hidden = available;
    if (available) return;
    choice.disabled = true;
    $('new-game-form').elements.mode.value = 'friends';
    this.syncNewGameMode();
  }

  openNewGame() {
    const form = $('new-game-form');
    const { settings, game } = this.controller;
    form.elements.variant.value = String(game.variant);
    form.elements.mode.value = settings.mode;
    form.elements.human.value = settings.human;
    form.elements.level.value = String(settings.level);
    this.showLevel(settings.level, game.variant);
    this.syncNewGameMode();
    $('new-game-dialog').showModal();
  }

  /** The level chosen, in words: its name, how long and deep it thinks,
   * and the person's record at it in this variant. */
  showLevel(level, variant) {
    const levels = this.controller.setup.levels;
    const { name, detail } = describeLevel(levelOf(levels, level));
    $('level-weakest').textContent = describeLevel(levelOf(levels, levels.min)).name;
    $('level-strongest').textContent = describeLevel(levelOf(levels, levels.max)).name;
    $('level-value').textContent = String(level);
    $('level-name').textContent = name;
    $('level-detail').textContent = detail;
    $('level').setAttribute('aria-valuetext', `${level}, ${name}`);
    const { played, won } = scoreAt(variant, level);
    $('level-score').textContent = played ? t('score.line', { level, won, played }) : t('score.none', { level });
    $('clear-scores').hidden = played === 0;
  }

  openSettings() {
    const form = $('settings-form');
    const { animation, sound } = this.controller.preferences;
    form.elements.animation.value = animation;
    form.elements.sound.checked = sound;
    $('settings-dialog').showModal();
  }

  openImport() {
    $('import-error').hidden = true;
    $('import-text').value = '';
    $('import-file').value = '';
    $('import-dialog').showModal();
    $('import-text').focus();
  }

  openExport() {
    const text = $('export-text');
    text.value = this.controller.exportRecord();
    // The dialog focuses the record: with the caret at its start it opens
    // at the header, not scrolled to the last move.
    text.setSelectionRange(0, 0);
    $('export-dialog').showModal();
    text.scrollTop = 0;
  }

  /** The end of the game: who won (or the draw), how, and each side's
   * pieces home and moves. */
  showEnd(model) {
    const c = this.controller;
    const result = model.state.result;
    $('end-title').textContent = c.resultText();
    const summary = c.endSummary();
    $('end-text').textContent = endText(model.state, summary);
    $('end-summary').tBodies[0].replaceChildren(...summary.map((row) => summaryRow(row)));
    $('end-art').className = `end-art ${result}`;
    const dialog = $('end-dialog');
    if (!dialog.open) dialog.showModal();
  }

  /** A yes/no question; resolves true for yes. */
  confirm(text, yes) {
    const dialog = $('confirm-dialog');
    $('confirm-text').textContent = text;
    const button = $('confirm-yes');
    button.textContent = yes;
    return new Promise((resolve) => {
      const onYes = () => dialog.close('yes');
      button.addEventListener('click', onYes);
      dialog.addEventListener(
        'close',
        () => {
          button.removeEventListener('click', onYes);
          resolve(dialog.returnValue === 'yes');
        },
        { once: true },
      );
      dialog.returnValue = '';
      dialog.showModal();
    });
  }

  async copy(text, button) {
    let ok = false;
    try {
      await navigator.clipboard.writeText(text);
      ok = true;
    } catch {
      ok = false; // no clipboard permission: the text stays selectable
    }
    this.controller.say(t(ok ? 'message.copied' : 'message.copyFailed'), ok ? 'info' : 'warn');
    button.focus();
  }

  download(text) {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = `halma-${new Date().toISOString().slice(0, 10)}.txt`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  }

  // ---- keyboard shortcuts ------------------------------------------------

  onShortcut(event) {
    if (document.querySelector('dialog[open]') || event.target.closest('input, textarea, select')) return;
    const c = this.controller;
    const key = event.key.toLowerCase();
    if ((event.ctrlKey || event.metaKey) && key === 'z') {
      event.preventDefault();
      if (event.shiftKey) c.redo();
      else c.undo();
    } else if ((event.ctrlKey || event.metaKey) && key === 'y') {
      event.preventDefault();
      c.redo();
    } else if (c.review && (event.key === 'ArrowLeft' || event.key === 'ArrowRight') && !event.target.closest('#board')) {
      c.reviewStep(event.key === 'ArrowLeft' ? -1 : 1);
    }
  }
}

/** Level `level` of the module's table (setup.levels). */
const levelOf = ({ min, levels }, level) => levels[level - min];

/** A level of the module's table in words: {name, detail}, e.g.
 * "Beginner", "Thinks up to 0.1 s, search depth 1.", the number as the
 * language writes it; the module's English name where a language has none. */
export function describeLevel({ level, name, thinkMs, depth }) {
  const time = new Intl.NumberFormat(language(), { maximumFractionDigits: 2 }).format(thinkMs / 1000);
  const key = `level.${level}`;
  return { name: has(key) ? t(key) : name, detail: depth ? t('level.detailDepth', { time, depth }) : t('level.detailTime', { time }) };
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

/** How the game ended, in a sentence: a resignation, the winner's pieces
 * home, or the draw's reason. */
function endText({ result, resigned, flagged, abandoned, turnLimit }, summary) {
  if (resigned) return t('end.resigned', { side: sideName(resigned) });
  if (flagged) return t('end.time', { side: sideName(flagged) });
  if (abandoned) return t('end.abandoned', { side: sideName(abandoned) });
  if (result === 'draw-agreement') return t('end.agreement');
  const winner = summary.find(({ side }) => ({ 'white-wins': 'w', 'black-wins': 'b' })[result] === side);
  if (winner) return t('end.win', { side: sideName(winner.side), count: winner.count, moves: winner.moves });
  return t(result === 'draw-repetition' ? 'end.repetition' : 'end.turnLimit', { limit: turnLimit });
}

/** The clock choice of the new-game dialog as the API takes it: null for
 * none, else {initial_ms, increment_ms}. */
export function clockChoice(choice, minutes, increment) {
  const presets = { '5+3': [5, 3], '10+5': [10, 5] };
  const [m, s] = choice === 'custom' ? [minutes, increment] : presets[choice] ?? [0, 0];
  return m > 0 ? { initial_ms: Math.round(m * 60000), increment_ms: Math.round(s * 1000) } : null;
}

/** m:ss, rounded up: a clock showing 0:00 has run out. */
export function clockText(ms) {
  const seconds = Math.ceil(Math.max(0, ms) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** A player bar's online parts: whether the player is here (for the
 * opponent, or both when watching) and the clock, which online-play.js
 * keeps ticking (#clock-w, #clock-b). */
function onlineBadges({ seat, seats, clock }, side) {
  const badges = [];
  if (side !== seat && seats[side]?.joined) {
    const here = seats[side].online;
    badges.push(node('span', `presence ${here ? 'here' : 'away'}`, t(here ? 'online.here' : 'online.away')));
  }
  if (clock) {
    const shown = node('span', 'clock', clockText(clock[side]));
    shown.id = `clock-${side}`;
    shown.setAttribute('role', 'timer');
    shown.setAttribute('aria-label', t('online.clockOf', { side: sideName(side) }));
    badges.push(shown);
  }
  return badges;
}

/** A side's row of the end summary: name, pieces home, moves. */
function summaryRow({ side, name, home, count, moves }) {
  const row = node('tr');
  const who = node('th');
  who.scope = 'row';
  who.append(pieceDot(side), ` ${name}`);
  row.append(who, node('td', '', t('end.homeCount', { home, count })), node('td', '', String(moves)));
  return row;
}

/** The moves as table rows: the pair's number, White's move, Black's. */
function moveRows(moves, firstSide, firstTurn) {
  const rows = [];
  let cells = null;
  moves.forEach((move, i) => {
    const white = (firstSide === 'w') === (i % 2 === 0);
    if (white || !cells) {
      const row = node('tr');
      const number = node('th', '', String(Math.floor(firstTurn / 2) + 1 + rows.length));
      number.scope = 'row';
      cells = [node('td', '', white ? '' : '…'), node('td')];
      row.append(number, ...cells);
      rows.push(row);
    }
    cells[white ? 0 : 1].append(moveButton(move, i + 1));
  });
  return rows;
}

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

// ---- sounds ------------------------------------------------------------------
// Short sounds for a step, a hop and the end of the game, made with the Web
// Audio API (no files to download).  Off until the person switches them on;
// the audio context starts on that click, as browsers require.

/** Each sound: notes of [frequency Hz, start s, length s]. */
const SOUNDS = {
  step: [[540, 0, 0.07]],
  hop: [[620, 0, 0.06], [830, 0.06, 0.08]],
  end: [[523, 0, 0.14], [659, 0.12, 0.14], [784, 0.24, 0.3]],
};
const VOLUME = 0.12;

export class Sounds {
  constructor(enabled = false) {
    this.enabled = enabled;
    this.context = null;
  }

  setEnabled(enabled) {
    this.enabled = enabled;
    if (enabled) this.audio()?.resume();
  }

  /** The audio context, made on first use; null where there is none. */
  audio() {
    if (!this.context && typeof AudioContext === 'function') this.context = new AudioContext();
    return this.context;
  }

  play(kind) {
    const notes = SOUNDS[kind];
    const audio = this.enabled && notes ? this.audio() : null;
    if (!audio) return;
    const now = audio.currentTime;
    for (const [frequency, start, length] of notes) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = 'triangle';
      oscillator.frequency.value = frequency;
      // A quick attack and a decay, so no note clicks.
      gain.gain.setValueAtTime(0.0001, now + start);
      gain.gain.exponentialRampToValueAtTime(VOLUME, now + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(now + start);
      oscillator.stop(now + start + length + 0.02);
    }
  }
}
