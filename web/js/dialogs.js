// dialogs.js: the page's dialogs: a new game (against the computer, on one
// screen, or online), the settings, importing and exporting a record, the
// end of the game, and yes/no questions.  Their choices go to the table.

import { has, language, t } from './i18n.js';
import { clearScores, scoreAt } from './storage.js';
import { endSummary, resultText, sideName, winText } from './texts.js';
import { node, pieceDot } from './elements.js';
import { SeatChoice, onlineSeats } from './seat-choice.js';
import { NOSPOIL, seatingOf } from './seating.js';

const $ = (id) => document.getElementById(id);

export class Dialogs {
  /** panel: the PanelUI (it shows what a copy did). */
  constructor(panel) {
    this.panel = panel;
    this.table = null;
  }

  attach(table) {
    this.table = table;
    for (const dialog of document.querySelectorAll('dialog')) {
      dialog.addEventListener('click', (event) => {
        if (event.target.closest('[data-close]')) dialog.close('cancel');
      });
    }
    // The slider's ends are the module's levels, not a copy in the page.
    const { min, max, person } = table.levels();
    Object.assign($('level'), { min, max, value: person });
    const reopen = (id, open) => $(id).addEventListener('click', () => {
      $('end-dialog').close();
      open();
    });
    $('export').addEventListener('click', () => this.openExport());
    reopen('end-export', () => this.openExport());
    $('import').addEventListener('click', () => this.openImport());
    $('new-game').addEventListener('click', () => this.openNewGame());
    reopen('end-new', () => this.openNewGame());
    $('settings').addEventListener('click', () => this.openSettings());
    this.wireNewGame();
    $('settings-form').addEventListener('change', async (event) => {
      const { name, value, checked } = event.target;
      if (name !== 'notify') return table.setPreference(name, ['sound', 'turnBoard', 'confirmMove'].includes(name) ? checked : value);
      // Notifications need the browser's leave, asked on this click.
      const allowed = !checked || (await table.allowNotifications());
      event.target.checked = checked && allowed;
      return table.setPreference(name, checked && allowed);
    });
    this.wireImport();
    $('export-copy').addEventListener('click', () => this.panel.copy($('export-text').value, $('export-copy')));
    $('export-download').addEventListener('click', () => download($('export-text').value));
  }

  // ---- a new game ----------------------------------------------------------

  wireNewGame() {
    const form = $('new-game-form');
    const levels = this.table.levels();
    this.seats = new SeatChoice(form, levels, (level) => describeLevel(levelOf(levels, level)).name);
    form.addEventListener('change', () => this.syncMode());
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
      // The house rule, for every kind of game, kept as the person's last choice.
      this.table.setPreference('houseRule', f.houseRule.checked);
      const rules = f.houseRule.checked ? NOSPOIL : 'standard';
      if (this.seats.online) return this.startOnline(f, rules);
      if (this.seats.bySeat) {
        $('new-game-dialog').close('start');
        return this.table.newGame({ ...this.seats.choice(), rules });
      }
      if (f.mode.value === 'online') return this.startOnline(f, rules);
      $('new-game-dialog').close('start');
      this.table.newGame({ variant: Number(f.variant.value), mode: f.mode.value, human: f.human.value, level: Number(f.level.value), rules });
    });
  }

  /** The computer's choices are dimmed for a friend here, and make way for
   * the online ones (colour, clock), shown only for a friend online. */
  syncMode() {
    const form = $('new-game-form');
    // Three or four online take the online choices too.
    const mode = this.seats?.online ? 'online' : form.elements.mode.value;
    const enable = (selector, on) => {
      for (const part of form.querySelectorAll(selector)) part.classList.toggle('disabled', !on);
      for (const input of form.querySelectorAll(`${selector} input`)) input.disabled = !on;
    };
    enable('.computer-only', mode === 'computer');
    enable('.online-only', mode === 'online');
    for (const part of form.querySelectorAll('.computer-only')) part.hidden = mode === 'online';
    for (const part of form.querySelectorAll('.online-only')) part.hidden = mode !== 'online';
    const custom = mode === 'online' && form.elements.clock.value === 'custom';
    for (const input of form.querySelectorAll('.custom-clock input')) input.disabled = !custom;
    form.elements.days.disabled = !(mode === 'online' && form.elements.clock.value === 'days');
    $('online-error').hidden = true;
    $('online-name-error').hidden = true;
    this.seats?.sync();
  }

  /** The online game from the dialog's choices: created, the dialog
   * closed; or the reason it could not be, shown in the dialog. */
  async startOnline(f, rules) {
    const submit = $('new-game-form').querySelector('button[type="submit"]');
    const many = this.seats.online ? onlineSeats(this.seats.choice()) : null;
    if (this.seats.online && !many) return this.showOnlineError(null, t('newGame.oneYou'));
    submit.disabled = true;
    const name = f.playerName.value.trim();
    const error = await this.table.createOnline({
      ...(many ?? { variant: Number(f.variant.value), seat: f.seat.value }),
      clock: clockChoice(f.clock.value, Number(f.minutes.value), Number(f.increment.value), Number(f.days.value)),
      rules,
      ...(name ? { name } : {}),
      ...(f.post.checked ? { open: true } : {}),
    });
    submit.disabled = false;
    if (!this.offerOnline()) return;
    this.showOnlineError(error?.name ? error.text : null, error && !error.name ? error.text : null);
    if (!error) $('new-game-dialog').close('start');
  }

  /** A refused name is said beside its field, anything else below the choices. */
  showOnlineError(nameError, otherError) {
    const shown = (id, text) => {
      $(id).hidden = !text;
      $(id).textContent = text ?? '';
    };
    shown('online-name-error', nameError);
    shown('online-error', otherError);
    $('new-game-form').elements.playerName.setAttribute('aria-invalid', String(!!nameError));
  }

  /** Online play is offered until the page's server has shown it has none
   * (a static host): no request is made only to find out.  False when it
   * is not (the dialog then says so). */
  offerOnline() {
    const available = this.table.onlineAvailable();
    $('online-unavailable').hidden = available;
    $('online-unavailable-many').hidden = available;
    if (available) return true;
    $('new-game-form').querySelector('input[name="mode"][value="online"]').disabled = true;
    $('new-game-form').elements.mode.value = 'friends';
    $('new-game-form').querySelector('input[name="where"][value="online"]').disabled = true;
    $('new-game-form').elements.where.value = 'here';
    this.syncMode();
    return false;
  }

  openNewGame() {
    const form = $('new-game-form');
    const { settings, variant, game } = this.table.choices();
    const bySeat = !seatingOf(game).headToHead;
    // After a game of three or four the two-player choices are the defaults'.
    form.elements.variant.value = String(bySeat ? 19 : variant);
    form.elements.mode.value = bySeat ? 'computer' : settings.mode;
    form.elements.human.value = settings.human;
    form.elements.level.value = String(settings.level);
    form.elements.playerName.value = this.table.playerName();
    form.elements.houseRule.checked = this.table.preferences().houseRule;
    this.showLevel(settings.level, variant);
    this.seats.open({ players: game.players, partners: game.partners, seats: settings.seats }, settings.level);
    this.syncMode();
    this.offerOnline();
    $('new-game-dialog').showModal();
  }

  /** The level chosen, in words: its name, how it plays, how long and
   * deep it thinks, and the person's record at it in this variant. */
  showLevel(level, variant) {
    const levels = this.table.levels();
    const { name, about, detail } = describeLevel(levelOf(levels, level));
    $('level-value').textContent = String(level);
    $('level-name').textContent = name;
    $('level-about').textContent = about;
    $('level-detail').textContent = detail;
    $('level-weakest').textContent = describeLevel(levelOf(levels, levels.min)).name;
    $('level-strongest').textContent = describeLevel(levelOf(levels, levels.max)).name;
    $('level').setAttribute('aria-valuetext', `${level}, ${name}`);
    const { played, won } = scoreAt(variant, level);
    $('level-score').textContent = played ? t('score.line', { level, won, played }) : t('score.none', { level });
    $('clear-scores').hidden = played === 0;
  }

  // ---- the settings, records ----------------------------------------------

  openSettings() {
    const form = $('settings-form');
    const { animation, sound, notify, turnBoard, theme, confirmMove } = this.table.preferences();
    form.elements.animation.value = animation;
    form.elements.theme.value = theme;
    form.elements.sound.checked = sound;
    form.elements.turnBoard.checked = turnBoard;
    form.elements.notify.checked = notify;
    form.elements.confirmMove.checked = confirmMove;
    $('settings-dialog').showModal();
  }

  wireImport() {
    $('import-form').addEventListener('submit', async (event) => {
      event.preventDefault();
      const error = await this.table.importRecord($('import-text').value);
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
    text.value = this.table.exportRecord();
    // The dialog focuses the record: with the caret at its start it opens
    // at the header, not scrolled to the last move.
    text.setSelectionRange(0, 0);
    $('export-dialog').showModal();
    text.scrollTop = 0;
  }

  // ---- the end, questions ---------------------------------------------------

  /** The end of the game: who won (or the draw), how, and each side's
   * pieces home and moves. */
  showEnd(model) {
    const result = model.state.result;
    $('end-title').textContent = resultText(model);
    const summary = endSummary(model);
    $('end-text').textContent = endText(model, summary);
    $('end-summary').tBodies[0].replaceChildren(...summary.map((row) => summaryRow(row)));
    $('end-art').className = `end-art ${artOf(result, model.state.winners)}`;
    const dialog = $('end-dialog');
    if (!dialog.open) dialog.showModal();
  }

  /** A yes/no question; resolves true for yes.  `no` names the way back
   * where "Cancel" could be read as the yes (aborting a game). */
  confirm(text, yes, no = t('action.cancel')) {
    const dialog = $('confirm-dialog');
    $('confirm-text').textContent = text;
    $('confirm-no').textContent = no;
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
}

function download(text) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  link.download = `halma-${new Date().toISOString().slice(0, 10)}.txt`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

/** Level `level` of the module's table (setup.levels). */
const levelOf = ({ min, levels }, level) => levels[level - min];

/** A level of the module's table in words: {name, about, detail}, e.g.
 * "Beginner", "Misses long jumps and errs often.", "Thinks up to 0.1 s,
 * search depth 1.", the number as the language writes it; the module's
 * English where a language has no text. */
export function describeLevel({ level, name, about, thinkMs, depth }) {
  const time = new Intl.NumberFormat(language(), { maximumFractionDigits: 2 }).format(thinkMs / 1000);
  const key = `level.${level}`, aboutKey = `level.about.${level}`;
  return {
    name: has(key) ? t(key) : name,
    about: has(aboutKey) ? t(aboutKey) : `${about.charAt(0).toUpperCase()}${about.slice(1)}.`,
    detail: depth ? t('level.detailDepth', { time, depth }) : t('level.detailTime', { time }),
  };
}

/** How the game ended, in a sentence: a resignation, the winner's pieces
 * home, or the draw's reason. */
function endText(model, summary) {
  const { result, resigned, flagged, abandoned, turnLimit, lostBy } = model.state;
  if (resigned) return t('end.resigned', { side: sideName(resigned) });
  // Three or four online: the others lost by the server's word, or nobody was left.
  if (lostBy && lostBy !== 'goal') return t(`end.lostBy.${lostBy}`);
  if (result === 'no-winner') return t('end.noWinner');
  if (flagged) return t('end.time', { side: sideName(flagged) });
  if (abandoned) return t('end.abandoned', { side: sideName(abandoned) });
  if (result === 'draw-agreement') return t('end.agreement');
  if (result === 'aborted') return t('end.aborted');
  const won = winText(model, summary);
  if (won) return won;
  return t(result === 'draw-repetition' ? 'end.repetition' : 'end.turnLimit', { limit: turnLimit });
}

/** The end's picture: White's and Black's pieces for two, the winners'
 * colours for three and four (a pair of partners, or one seat alone). */
function artOf(result, winners) {
  if (!winners?.length) return result;
  if (winners.length === 2) return `pair left-${winners[0]} right-${winners[1]}`;
  return `solo left-${winners[0]}`;
}

/** The clock choice of the new-game dialog as the API takes it: null for
 * none, {days_per_move} for correspondence, else {initial_ms, increment_ms}. */
export function clockChoice(choice, minutes, increment, days = 0) {
  if (choice === 'days') return { days_per_move: days };
  const presets = { '5+3': [5, 3], '10+5': [10, 5] };
  const [m, s] = choice === 'custom' ? [minutes, increment] : presets[choice] ?? [0, 0];
  return m > 0 ? { initial_ms: Math.round(m * 60000), increment_ms: Math.round(s * 1000) } : null;
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
