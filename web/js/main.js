// main.js: starts the page: the language, the board, the two workers, the
// game's modules and the table that joins them, the saved game (or a new
// one, or the online game a link names), and the service worker that keeps
// the page working offline.

import { Attention } from './attention.js';
import { BoardInput } from './board-input.js';
import { BoardView } from './board-view.js';
import { EngineClient } from './engine-client.js';
import { EngineJobs } from './engine-jobs.js';
import { GameController, defaultSettings, newGameSpec } from './game.js';
import { compileHalma, DEFAULT_VARIANT, TARGET } from './halma-wasm.js';
import { LANGUAGES, language, pickLanguage, setLanguage, t } from './i18n.js';
import { rulesPart, seatingOf } from './seating.js';
import { offerLessons } from './learn-store.js';
import { LocalPlay } from './local-play.js';
import { MultiPlay } from './multi-play.js';
import { OnlinePlay } from './online-play.js';
import { PanelUI } from './panel.js';
import { Review } from './review.js';
import { localPlayers, personAtTop } from './seats.js';
import { ANIMATION_SPEEDS, Settings } from './settings.js';
import { piecesOf } from './squares.js';
import { loadGame, loadPreferences, loadSettings, saveSetting } from './storage.js';
import { Table } from './table.js';

const $ = (id) => document.getElementById(id);

function showLanguage() {
  $('language').value = language();
  $('rules-link').href = `rules/${language()}.html`;
}

/** The language a link into the game asks for (the rules pages' "back to
 * the game" carries theirs as ?lang=), or null. */
function languageFromLink() {
  const code = new URLSearchParams(location.search).get('lang');
  return code && LANGUAGES[code] ? code : null;
}

/** Draws a picture of the board (a saved game's, or the start position)
 * while the rules start up; the game is loaded after. */
function preview(view, { variant, settings, position, lastMove }) {
  if (typeof position !== 'string') return;
  view.setup({ variant, flipped: personAtTop(localPlayers(settings)), many: !!settings.seats });
  view.render({ pieces: piecesOf(position), lastMove: Array.isArray(lastMove) ? lastMove : null, flags: TARGET });
}

async function restore(core, { local, multi }, { saved, damaged }) {
  const fresh = () => local.load(newGameSpec(core.setup), defaultSettings(core.setup));
  if (!saved) {
    await core.exclusive(fresh);
    if (damaged) core.say(() => t('message.saveDamaged'), 'warn');
    return;
  }
  const { variant, fen, turnLimit, moves, redo, mode, human, level, resigned, outcome, counted, names, players, partners, seats, rules } = saved;
  const game = { variant, fen, turnLimit, moves, ...rulesPart(rules), ...(resigned ? { resigned } : {}), ...(outcome ? { outcome } : {}), ...(counted ? { counted } : {}), ...(names ? { names } : {}) };
  // Three or four players: the game's kind and who plays each seat.
  const bySeat = !seatingOf({ players }).headToHead;
  if (bySeat) Object.assign(game, { players, ...(partners ? { partners } : {}) });
  const settings = bySeat ? { mode, human, level, seats } : { mode, human, level };
  const failure = await core.exclusive(() => (bySeat ? multi : local).load(game, settings, redo));
  if (!failure) return;
  if (failure.at < 0) {
    await core.exclusive(fresh);
    core.say(() => t('message.saveDamaged'), 'warn');
  } else {
    core.say(() => t('message.saveRestoredPart', { count: failure.at }), 'warn');
  }
}

/** The game's modules, each given what it stands on; the table joins them
 * for the panel. */
function assemble({ module, setup, rules, view, panel }) {
  const settings = new Settings(loadPreferences(ANIMATION_SPEEDS), () => matchMedia('(prefers-reduced-motion: reduce)').matches);
  const jobs = new EngineJobs(new EngineClient('engine', module));
  const core = new GameController({ view, rules, jobs, ui: panel, setup, settings });
  const review = new Review(core);
  const local = new LocalPlay(core, review);
  const multi = new MultiPlay(core, review);
  const attention = new Attention(settings);
  const online = new OnlinePlay(core, review, attention);
  const table = new Table({ core, input: new BoardInput(view), local, multi, online, review, settings, attention });
  core.addEventListener('change', () => panel.update(table.model()));
  panel.attach(table);
  return { core, local, multi, online, jobs };
}

async function main() {
  // Downloaded and compiled once, while the language loads; both workers
  // get the compiled module.
  const module = compileHalma(new URL('../halma.wasm', import.meta.url));
  module.catch(() => {}); // a failure shows when a worker needs it
  offerLessons(); // before the texts, which translate its title
  const languageReady = setLanguage(pickLanguage(languageFromLink() ?? loadSettings().language));
  // The board is drawn at once, before the texts and the rules are ready.
  const view = new BoardView($('board'));
  const panel = new PanelUI();
  // The levels and the start positions are the module's: the rules worker
  // says them first (its start also readies it for the game).
  const rules = new EngineClient('rules', module);
  const setup = await rules.request('setup');
  const { core, local, multi, online, jobs } = assemble({ module, setup, rules, view, panel });
  const saved = loadGame(setup.levels);
  if (saved.saved) preview(view, { ...saved.saved, settings: saved.saved });
  else preview(view, { variant: DEFAULT_VARIANT, settings: defaultSettings(setup), position: setup.starts.positions[DEFAULT_VARIANT], lastMove: null });
  await languageReady;
  showLanguage();
  if (languageFromLink()) {
    // The rules page's language, chosen there, is the game's from now on.
    saveSetting('language', language());
    history.replaceState(null, '', location.pathname + location.hash);
  }
  $('language').addEventListener('change', async (event) => {
    await setLanguage(event.target.value);
    saveSetting('language', language());
    showLanguage();
    core.draw();
    online.render();
  });
  // A link to an online game opens it; the local game is there otherwise,
  // or when the game cannot be opened (no server, a wrong link).
  const onlineFailure = location.hash ? await online.openLink() : null;
  if (!online.server) await restore(core, { local, multi }, saved);
  if (onlineFailure) core.say(onlineFailure, 'warn');
  panel.testHook('ready', true);
  jobs.engine.warmUp();
  if ('serviceWorker' in navigator && location.protocol !== 'file:') {
    navigator.serviceWorker.register('sw.js').catch(() => {
      // Offline play is a bonus: the game works without it.
    });
  }
}

main().catch((error) => {
  console.error('halma: the page could not start', error);
  const line = $('status-line');
  const text = t('error.start');
  if (line) line.textContent = text === 'error.start' ? 'The game could not start. Please reload the page.' : text;
});
