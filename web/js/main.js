// main.js: starts the page: the language, the board, the two workers, the
// saved game (or a new one), and the service worker that keeps the page
// working offline.

import { ANIMATION_SPEEDS, BoardView } from './board-view.js';
import { EngineClient } from './engine-client.js';
import { compileHalma, DEFAULT_VARIANT } from './halma-wasm.js';
import { GameController } from './game.js';
import { LANGUAGES, language, pickLanguage, refusalText, setLanguage, t } from './i18n.js';
import { loadGame, loadPreferences, loadSettings, saveSetting } from './storage.js';
import { PanelUI, Sounds } from './ui.js';
import { OnlinePlay } from './online-play.js';

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

async function restore(controller, { saved, damaged }) {
  const fresh = () => controller.load(controller.newGameSpec(), controller.defaultSettings());
  if (!saved) {
    await controller.exclusive(fresh);
    if (damaged) controller.say(t('message.saveDamaged'), 'warn');
    return;
  }
  const { variant, fen, turnLimit, moves, redo, mode, human, level, resigned, counted } = saved;
  const game = { variant, fen, turnLimit, moves, ...(resigned ? { resigned } : {}), ...(counted ? { counted } : {}) };
  const failure = await controller.exclusive(() => controller.load(game, { mode, human, level }, redo));
  if (!failure) return;
  if (failure.at < 0) {
    await controller.exclusive(fresh);
    controller.say(t('message.saveDamaged'), 'warn');
  } else {
    controller.say(t('message.saveRestoredPart', { count: failure.at }), 'warn');
  }
}

async function main() {
  // Downloaded and compiled once, while the language loads; both workers
  // get the compiled module.
  const module = compileHalma(new URL('../halma.wasm', import.meta.url));
  module.catch(() => {}); // a failure shows when a worker needs it
  const settings = loadSettings();
  const languageReady = setLanguage(pickLanguage(languageFromLink() ?? settings.language));
  // The board is drawn at once, before the texts and the rules are ready.
  const view = new BoardView($('board'));
  const ui = new PanelUI();
  const preferences = loadPreferences(ANIMATION_SPEEDS);
  // The levels and the start positions are the module's: the rules worker
  // says them first (its start also readies it for the game).
  const rules = new EngineClient('rules', module);
  const setup = await rules.request('setup');
  const controller = new GameController({
    view,
    rules,
    setup,
    engine: new EngineClient('engine', module),
    ui,
    t,
    refusalText,
    reducedMotion: () => matchMedia('(prefers-reduced-motion: reduce)').matches,
    sound: new Sounds(preferences.sound),
    preferences,
  });
  ui.attach(controller);
  const online = new OnlinePlay(controller, ui);
  const saved = loadGame(setup.levels);
  if (saved.saved) controller.preview({ ...saved.saved, settings: saved.saved });
  else controller.preview({ variant: DEFAULT_VARIANT, settings: controller.defaultSettings(), position: setup.starts.positions[DEFAULT_VARIANT], lastMove: null });
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
    ui.shownMoves = null;
    controller.draw();
    online.render();
  });
  // A link to an online game opens it; the local game is there otherwise,
  // or when the game cannot be opened (no server, a wrong link).
  const onlineFailure = location.hash ? await online.openLink() : null;
  if (!online.server) await restore(controller, saved);
  if (onlineFailure) controller.say(onlineFailure, 'warn');
  ui.testHook('ready', true);
  controller.engine.warmUp();
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
