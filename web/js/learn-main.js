// learn-main.js: the Learn page (learn.html): the start.
// The start: the language, the rules
// worker (the same WebAssembly rules as the game), the board, and the two
// screens, lessons and puzzles, chosen by the address's fragment:
// #lessons (the list), #lesson=ID, #puzzles.

import { EngineClient } from './engine-client.js';
import { compileHalma } from './halma-wasm.js';
import { language, pickLanguage, refusalText, setLanguage } from './i18n.js';
import { loadProgress, saveProgress } from './learn-store.js';
import { loadSettings, saveSetting } from './storage.js';
import { LearnBoard } from './learn-board.js';
import { LessonScreen } from './learn-lesson-screen.js';
import { PuzzleScreen } from './learn-puzzle-screen.js';

const $ = (id) => document.getElementById(id);

/** The page's voice: the message under the goal, and screen readers. */
const ui = {
  say(text, kind = 'info', refusal = null) {
    const words = [text, refusal && refusalText(refusal)].filter(Boolean).join(' ');
    for (const id of ['lesson-message', 'puzzle-message']) {
      const shown = $(id);
      shown.textContent = words;
      shown.dataset.kind = kind;
    }
  },
  announce(text) {
    const shown = $('announcer');
    shown.textContent = '';
    requestAnimationFrame(() => (shown.textContent = text));
  },
  stopShown(shown) {
    $('lesson-stop').hidden = !shown;
    $('puzzle-stop').hidden = !shown;
  },
};

function route({ lessons, puzzles, board }) {
  const hash = location.hash.slice(1);
  const lessonId = hash.startsWith('lesson=') ? hash.slice(7) : null;
  const screen = hash === 'puzzles' ? 'puzzles' : lessonId ? 'lesson' : 'lessons';
  $('lesson-list').hidden = screen !== 'lessons';
  $('lesson').hidden = screen !== 'lesson';
  $('puzzles').hidden = screen !== 'puzzles';
  $('lessons-tab').toggleAttribute('aria-current', screen !== 'puzzles');
  $('puzzles-tab').toggleAttribute('aria-current', screen === 'puzzles');
  document.body.dataset.screen = screen;
  if (screen === 'lessons') {
    lessons.renderList();
    lessons.start(lessons.lesson?.id ?? 'step');
    board.position.locked = true;
    ui.say('', 'info');
  } else if (screen === 'lesson') {
    if (!lessons.start(lessonId)) location.hash = 'lessons';
    board.onMove = (move) => lessons.play(move);
  } else {
    board.onMove = (move) => puzzles.play(move);
    return puzzles.open();
  }
  return undefined;
}

async function main() {
  const module = compileHalma(new URL('../halma.wasm', import.meta.url));
  module.catch(() => {});
  await setLanguage(pickLanguage(loadSettings().language));
  $('language').value = language();
  const rules = new EngineClient('rules', module);
  const progress = loadProgress();
  saveProgress(progress); // the Learn page has been seen: the game's header offers it no more
  const board = new LearnBoard($('board'), rules, ui);
  const lessons = new LessonScreen({ board, rules, progress, ui });
  const puzzles = new PuzzleScreen({ board, rules, progress, ui });
  $('lesson-stop').addEventListener('click', () => board.stop());
  $('puzzle-stop').addEventListener('click', () => board.stop());
  $('language').addEventListener('change', async (event) => {
    await setLanguage(event.target.value);
    saveSetting('language', language());
    lessons.renderList();
    lessons.render();
    puzzles.render();
  });
  window.addEventListener('hashchange', () => route({ lessons, puzzles, board }));
  await route({ lessons, puzzles, board });
  document.body.dataset.ready = 'true';
  if ('serviceWorker' in navigator && location.protocol !== 'file:') {
    navigator.serviceWorker.register('sw.js').catch(() => {
      // Offline is a bonus: the lessons work without it.
    });
  }
}

main().catch((error) => {
  console.error('halma: the Learn page could not start', error);
});
