// learn-main.js: the Learn page (learn.html), its one page-side module (a
// file of its own each would cost the first load a response's headers, see
// docs/DECISIONS.md): the board and the person's hand on it, the lessons'
// screen, the puzzles' screen, and the start: the language, the rules
// worker (the same WebAssembly rules as the game), the screens chosen by
// the address's fragment: #lessons (the list), #lesson=ID, #puzzles.  The
// rules of the lessons and puzzles are in learn-lessons.js, learn-play.js,
// learn-puzzles.js and learn-glicko.js (pure, tested under Node).

import { BoardInput } from './board-input.js';
import { BoardView } from './board-view.js';
import { EngineClient } from './engine-client.js';
import { TARGET, compileHalma, squareOfIndex } from './halma-wasm.js';
import { language, pickLanguage, refusalText, setLanguage, t } from './i18n.js';
import { rate, ratingText } from './learn-glicko.js';
import { LESSONS, goalSquares, hopsOf, lessonById, lessonFen, moveLimit, starsFor } from './learn-lessons.js';
import { furtherHops, gameAt, judged, playTurn } from './learn-play.js';
import { PUZZLE_RD, parsePuzzles, pickPuzzle, playPuzzleMove, playerMoves, puzzleOfTheDay, puzzleSide } from './learn-puzzles.js';
import { keepStars, loadProgress, saveProgress } from './learn-store.js';
import { campSquares, goalOf, piecesOf } from './squares.js';
import { loadSettings, saveSetting } from './storage.js';
import { sideName } from './texts.js';
import { seatingOf } from './seating.js';

const $ = (id) => document.getElementById(id);


// ---- board --------------------------------------------------------
// The board: the game's SVG board (board-view.js)
// and hand (board-input.js), a position to show, the goal's squares marked,
// and the person's move entered as in the game (move-entry.js): pick up a
// piece, see where it can go, hop by hop or straight to a square, "Stop
// here"; a square it cannot reach says why.  Every question goes to the
// rules worker; the finished move is handed to onMove(move).

const SVG = 'http://www.w3.org/2000/svg';

const flagsToMap = (flags) => new Map(flags.flatMap((bits, i) => (bits ? [[squareOfIndex(i), bits]] : [])));

class LearnBoard {
  /** container: the #board element; rules: the rules worker's client;
   * ui: {say(text, kind), announce(text), stopShown(bool)}. */
  constructor(container, rules, ui) {
    Object.assign(this, { rules, ui });
    this.view = new BoardView(container);
    this.input = new BoardInput(this.view);
    this.goalLayer = document.createElementNS(SVG, 'g');
    this.goalLayer.setAttribute('class', 'learn-goal');
    this.view.svg.insertBefore(this.goalLayer, this.view.lastLayer);
    this.position = null;
    this.selection = null;
    this.busy = false;
    this.onMove = null;
    this.listen();
  }

  listen() {
    const on = (type, handler) => this.input.addEventListener(type, (e) => handler(e.detail));
    on('tap', ({ square }) => this.run(() => this.tap(square)));
    on('dragstart', ({ square }) => this.run(() => this.canPick(square) && this.selection?.chain[0] !== square && this.pick(square)));
    on('drop', ({ from, to }) => this.run(() => this.drop(from, to)));
    on('cancel', () => this.setSelection(null));
    on('cursor', ({ square }) => this.describe(square));
    this.input.draggable = (square) => this.canPick(square);
  }

  /** One action at a time: a tap while the rules answer the last waits. */
  async run(action) {
    if (this.busy) return;
    this.busy = true;
    document.body.dataset.busy = 'true';
    try {
      await action();
    } finally {
      this.busy = false;
      delete document.body.dataset.busy;
    }
  }

  /** Shows a position: {kind (variant, players, partners), fen, side (the
   * person's seat), goal (squares to mark), lastMove, locked (no moves)}. */
  show(position) {
    this.position = position;
    this.selection = null;
    const many = seatingOf({ players: position.kind.players })?.headToHead === false;
    this.view.setup({ variant: position.kind.variant ?? 19, flipped: position.side === 'b', many });
    this.draw();
  }

  get game() {
    return gameAt(this.position.kind, this.position.fen);
  }

  draw(hint = null) {
    const { fen, lastMove, goal = [] } = this.position;
    this.view.render({ pieces: piecesOf(fen), lastMove, hint, selection: this.selection, flags: TARGET });
    this.goalLayer.replaceChildren();
    for (const square of goal) {
      const mark = document.createElementNS(SVG, 'rect');
      const attributes = { x: this.view.x(square) + 0.9, y: this.view.y(square) + 0.9, width: 8.2, height: 8.2, rx: 1.4, class: 'goal-mark', 'data-goal': square };
      for (const [key, value] of Object.entries(attributes)) mark.setAttribute(key, value);
      this.goalLayer.appendChild(mark);
    }
    this.ui.stopShown(!!this.selection && this.selection.chain.length > 1);
  }

  setSelection(selection) {
    this.selection = selection;
    this.draw();
  }

  canPick(square) {
    return !!this.position && !this.position.locked && piecesOf(this.position.fen).get(square) === this.position.side;
  }

  async tap(square) {
    if (!this.position || this.position.locked) return;
    this.view.finishAnimation();
    if (!this.selection) return this.pick(square);
    const { chain, targets } = this.selection;
    const bits = targets.get(square) ?? 0;
    if (square === chain[0] && chain.length === 1) return this.setSelection(null);
    if (bits & TARGET.STOP) return this.commit(chain.join('-'));
    if (bits & TARGET.HOP) return this.hop(square);
    if (bits & TARGET.END) return this.commit(await this.rules.request('chainTo', { game: this.game, chain, to: square }));
    if (piecesOf(this.position.fen).get(square) === this.position.side && chain.length === 1) return this.pick(square);
    const move = [...chain, square].join('-');
    this.setSelection(null);
    return this.explain(move);
  }

  async pick(square) {
    const owner = piecesOf(this.position.fen).get(square);
    if (owner !== this.position.side) {
      this.setSelection(null);
      return this.ui.say(refusalText({ reason: owner ? 'not-your-piece' : 'empty-origin', a: square, message: '' }), 'warn');
    }
    const flags = await this.rules.request('targets', { game: this.game, chain: [square] });
    if (!flags) return undefined;
    this.setSelection({ chain: [square], targets: flagsToMap(flags) });
    const count = [...this.selection.targets.values()].filter((b) => b & TARGET.END).length;
    return this.ui.say(count ? t('message.picked', { square, count }) : t('message.cannotMove', { square }), count ? 'info' : 'warn');
  }

  async hop(square) {
    const chain = [...this.selection.chain, square];
    const flags = await this.rules.request('targets', { game: this.game, chain });
    if (!flags) return undefined;
    const targets = flagsToMap(flags);
    const further = [...targets.keys()].some((s) => s !== square);
    if (!further && targets.get(square) & TARGET.STOP) return this.commit(chain.join('-'));
    this.setSelection({ chain, targets });
    return this.ui.say(t('message.chain', { path: chain.join('-') }), 'info');
  }

  /** "Stop here": the chain ends where its piece stands. */
  stop() {
    return this.run(async () => {
      if (this.selection?.chain.length > 1) await this.commit(this.selection.chain.join('-'));
    });
  }

  async drop(from, to) {
    const selection = this.selection;
    if (!selection || selection.chain[0] !== from || !to || to === from) return this.draw();
    const bits = selection.targets.get(to) ?? 0;
    if (bits & TARGET.END) return this.commit(await this.rules.request('chainTo', { game: this.game, chain: selection.chain, to }));
    this.setSelection(null);
    return this.explain(`${selection.chain.join('-')}-${to}`);
  }

  /** A move the board does not offer goes to the screen all the same: the
   * rules say why not (or, should they take it after all, play it). */
  explain(move) {
    return this.commit(move);
  }

  async commit(move) {
    this.selection = null;
    this.ui.stopShown(false);
    if (move && this.onMove) await this.onMove(move);
  }

  /** The piece's journey along `path`, then the position after. */
  async travel(path, side) {
    const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
    await this.view.travel({ before: piecesOf(this.position.fen), squares: path.split('-') }, side, { reduced, speed: 0.7 });
  }

  /** Draws the hint: a move's path. */
  hint(move) {
    this.draw(move ? move.split('-') : null);
  }

  describe(square) {
    const piece = this.position && piecesOf(this.position.fen).get(square);
    const what = piece ? t('cursor.seat', { side: sideName(piece) }) : t('cursor.empty');
    const goal = this.position?.goal?.includes(square) ? ` ${t('learn.cursorGoal')}` : '';
    const target = this.selection?.targets.get(square) ? ` ${t('cursor.target')}` : '';
    document.getElementById('cursor-announcer').textContent = `${square}, ${what}${goal}${target}`;
  }
}


// ---- lesson-screen ------------------------------------------------
// The lessons: the list with each one's stars, and a
// lesson on the board: its goal in words and marked, par and moves, a hint,
// a wrong move explained, stars when the goal is met (kept in the browser).

const ends = (move) => `${move.split('-')[0]}-${move.split('-').at(-1)}`;

/** "★★☆" with its words for screen readers beside it. */
function starsText(stars) {
  return '★'.repeat(stars) + '☆'.repeat(3 - stars);
}

class LessonScreen {
  constructor({ board, rules, progress, ui }) {
    Object.assign(this, { board, rules, progress, ui });
    this.lesson = null;
    $('lesson-hint').addEventListener('click', () => this.hint());
    $('lesson-retry').addEventListener('click', () => this.start(this.lesson.id));
    $('lesson-next').addEventListener('click', () => {
      const next = LESSONS[LESSONS.indexOf(this.lesson) + 1];
      location.hash = next ? `lesson=${next.id}` : 'lessons';
    });
  }

  /** The list of lessons, each a link with its stars. */
  renderList() {
    const list = $('lesson-items');
    list.replaceChildren();
    for (const [i, lesson] of LESSONS.entries()) {
      const item = document.createElement('li');
      const link = document.createElement('a');
      link.href = `#lesson=${lesson.id}`;
      link.className = 'lesson-link';
      link.dataset.lesson = lesson.id;
      const stars = this.progress.lessons[lesson.id] ?? 0;
      const number = document.createElement('span');
      number.className = 'lesson-number';
      number.textContent = String(i + 1);
      const title = document.createElement('span');
      title.className = 'lesson-name';
      title.textContent = t(`learn.${lesson.id}.title`);
      const shown = document.createElement('span');
      shown.className = 'lesson-stars';
      shown.dataset.stars = String(stars);
      shown.setAttribute('aria-hidden', 'true');
      shown.textContent = starsText(stars);
      const words = document.createElement('span');
      words.className = 'visually-hidden';
      words.textContent = stars ? t('learn.starsWords', { count: stars }) : t('learn.notDone');
      link.append(number, title, shown, words);
      item.appendChild(link);
      list.appendChild(item);
    }
    const done = LESSONS.filter((l) => this.progress.lessons[l.id]).length;
    $('lessons-done').textContent = t('learn.doneCount', { done, count: LESSONS.length });
  }

  /** Starts (or starts again) a lesson from its position. */
  start(id) {
    const lesson = lessonById(id);
    if (!lesson) return false;
    this.lesson = lesson;
    this.moves = 0;
    this.line = [];
    this.finished = false;
    $('lesson-number').textContent = t('learn.lessonNumber', { number: LESSONS.indexOf(lesson) + 1, count: LESSONS.length });
    this.board.show({ kind: lesson, fen: lessonFen(lesson), side: lesson.side, goal: goalSquares(lesson), lastMove: null, locked: false });
    $('lesson-next').hidden = true;
    this.render();
    this.ui.say(t('learn.yourMove', { side: sideName(lesson.side) }), 'info');
    document.body.dataset.lessonState = 'playing';
    return true;
  }

  /** The texts of the lesson on screen, in the current language. */
  render() {
    const lesson = this.lesson;
    if (!lesson) return;
    $('lesson-title').textContent = t(`learn.${lesson.id}.title`);
    $('lesson-goal').textContent = t(`learn.${lesson.id}.goal`);
    $('lesson-par').textContent = t('learn.parMoves', { par: lesson.par, moves: this.moves });
    const best = this.progress.lessons[lesson.id] ?? 0;
    $('lesson-best').textContent = best ? t('learn.best', { stars: starsText(best) }) : '';
  }

  hint() {
    const lesson = this.lesson;
    if (!lesson || this.finished) return;
    const onLine = this.line.every((move, i) => ends(move) === ends(lesson.line[i]));
    this.board.hint(onLine ? lesson.line[this.moves] : null);
    this.ui.say(t(`learn.${lesson.id}.hint`), 'hint');
  }

  /** The person's move: played by the rules, then judged. */
  async play(move) {
    const lesson = this.lesson;
    const before = this.board.position;
    const turn = await playTurn(this.rules, lesson, before.fen, move, lesson.replies[this.moves] ?? [], lesson.side);
    if (turn.refusal) {
      const wrong = lesson.refused === turn.refusal.reason && ends(move) === ends(lesson.wrong);
      return this.ui.say(wrong ? t(`learn.${lesson.id}.wrong`) : null, 'warn', turn.refusal);
    }
    await this.board.travel(turn.path, lesson.side);
    this.moves += 1;
    this.line.push(turn.path);
    const { met } = judged(lesson, turn);
    this.board.show({ ...before, fen: turn.fen, lastMove: turn.path.split('-'), locked: met || this.moves >= moveLimit(lesson) });
    const replies = turn.replies.length ? ` ${t('learn.replies', { moves: turn.replies.join(', ') })}` : '';
    this.render();
    if (met) return this.succeed(turn.path);
    this.ui.announce(`${turn.path}.${replies}`);
    const why = await this.whyNot(lesson, before, turn.path);
    if (this.moves >= moveLimit(lesson)) {
      this.finished = true;
      document.body.dataset.lessonState = 'failed';
      return this.ui.say(`${why} ${t('learn.outOfMoves')}`.trim(), 'warn');
    }
    return this.ui.say(`${why}${replies}`.trim(), why ? 'warn' : 'info');
  }

  /** Why a move did not meet the goal: the lesson's own word on its wrong
   * move, a chain stopped short, or the par gone. */
  async whyNot(lesson, before, path) {
    const said = [];
    if (ends(path) === ends(lesson.wrong)) said.push(t(`learn.${lesson.id}.wrong`));
    const further = await furtherHops(this.rules, gameAt(lesson, before.fen), path);
    if (further) said.push(t(further === 1 ? 'learn.furtherOne' : 'learn.further', { count: further }));
    if (this.moves >= lesson.par) said.push(t('learn.overPar', { par: lesson.par }));
    return said.join(' ');
  }

  succeed(path) {
    const lesson = this.lesson;
    const stars = starsFor(this.moves, lesson.par);
    this.finished = true;
    keepStars(this.progress, lesson.id, stars);
    saveProgress(this.progress);
    this.render();
    $('lesson-next').hidden = false;
    document.body.dataset.lessonState = 'done';
    document.body.dataset.stars = String(stars);
    const text = t('learn.success', { stars: starsText(stars), moves: this.moves, par: lesson.par });
    this.ui.say(text, 'success');
    this.ui.announce(`${path}. ${t('learn.starsWords', { count: stars })}. ${text}`);
    $('lesson-next').focus();
  }
}


// ---- puzzle-screen ------------------------------------------------
// The puzzles: puzzles/puzzles.jsonl read once, a
// puzzle served from a band around the person's rating (or the puzzle of
// the day), the moves judged, the rating (Glicko-2) moved once a puzzle and
// kept in the browser.

/** Today as the puzzle of the day reads it: the date in UTC. */
const today = () => new Date().toISOString().slice(0, 10);

class PuzzleScreen {
  constructor({ board, rules, progress, ui }) {
    Object.assign(this, { board, rules, progress, ui });
    this.puzzles = null;
    this.puzzle = null;
    $('puzzle-next').addEventListener('click', () => this.serve(pickPuzzle(this.puzzles, this.progress.rating.rating, new Set(this.progress.played))));
    $('puzzle-daily').addEventListener('click', () => this.serve(puzzleOfTheDay(this.puzzles, today())));
  }

  /** Reads the puzzles once; false when there are none to be had. */
  async load() {
    if (this.puzzles) return this.puzzles.length > 0;
    try {
      const response = await fetch(new URL('../puzzles/puzzles.jsonl', import.meta.url));
      this.puzzles = response.ok ? parsePuzzles(await response.text()).puzzles : [];
    } catch {
      this.puzzles = [];
    }
    return this.puzzles.length > 0;
  }

  async open() {
    this.renderRating();
    const any = await this.load();
    $('puzzle-none').hidden = any;
    $('puzzle-body').hidden = !any;
    if (!any) return this.board.show({ kind: {}, fen: '16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 w 0', side: 'w', goal: [], lastMove: null, locked: true });
    if (!this.puzzle) return this.serve(pickPuzzle(this.puzzles, this.progress.rating.rating, new Set(this.progress.played)) ?? puzzleOfTheDay(this.puzzles, today()));
    return this.board.show(this.board.position);
  }

  renderRating() {
    $('puzzle-rating').textContent = ratingText(this.progress.rating);
  }

  serve(puzzle) {
    if (!puzzle) return this.ui.say(t('learn.puzzle.allPlayed'), 'info');
    this.puzzle = puzzle;
    this.index = 0;
    this.rated = this.progress.played.includes(puzzle.id);
    const side = puzzleSide(puzzle);
    const goal = puzzle.kind === 'fill' ? [...campSquares(goalOf(side), puzzle.variant)] : [];
    this.board.show({ kind: puzzle, fen: puzzle.fen, side, goal, lastMove: null, locked: false });
    document.body.dataset.puzzle = puzzle.id;
    document.body.dataset.puzzleState = 'playing';
    this.render();
    this.ui.say(t('learn.yourMove', { side: sideName(side) }), 'info');
    return undefined;
  }

  render() {
    const puzzle = this.puzzle;
    if (!puzzle) return;
    const side = sideName(puzzleSide(puzzle));
    const count = puzzle.kind === 'chain' ? hopsOf(puzzle.solution[0]) : playerMoves(puzzle);
    $('puzzle-prompt').textContent = t(`learn.puzzle.${puzzle.kind}`, { side, count });
    $('puzzle-about').textContent = t('learn.puzzle.about', { rating: Math.round(puzzle.rating), id: puzzle.id });
    this.renderRating();
  }

  async play(move) {
    const puzzle = this.puzzle;
    const before = this.board.position;
    const answer = await playPuzzleMove(this.rules, puzzle, before.fen, move, this.index);
    if (answer.refusal) return this.ui.say(null, 'warn', answer.refusal);
    const { turn, outcome } = answer;
    await this.board.travel(turn.path, before.side);
    this.index += 1;
    const replies = turn.replies.length ? ` ${t('learn.replies', { moves: turn.replies.join(', ') })}` : '';
    this.board.show({ ...before, fen: turn.fen, lastMove: (turn.replies.at(-1) ?? turn.path).split('-'), locked: outcome !== 'more' });
    this.ui.announce(`${turn.path}.${replies}`);
    if (outcome === 'more') return this.ui.say(`${t('learn.puzzle.goOn')}${replies}`, 'info');
    return this.finish(outcome === 'solved', answer);
  }

  /** The end of a puzzle: the rating moves, the first time only. */
  finish(solved, answer) {
    const puzzle = this.puzzle;
    const before = this.progress.rating;
    let change = '';
    if (!this.rated) {
      this.progress.rating = rate(before, [{ rating: puzzle.rating, rd: PUZZLE_RD, score: solved ? 1 : 0 }]);
      this.progress.played.push(puzzle.id);
      this.rated = true;
      saveProgress(this.progress);
      change = ` ${t('learn.puzzle.ratingChange', { from: ratingText(before), to: ratingText(this.progress.rating) })}`;
    }
    this.renderRating();
    document.body.dataset.puzzleState = solved ? 'solved' : 'failed';
    const why = solved ? '' : ` ${t(`learn.puzzle.why.${answer.why}`, { count: answer.needed ?? playerMoves(puzzle), solution: puzzle.solution.join(', ') })}`;
    const text = `${t(solved ? 'learn.puzzle.solved' : 'learn.puzzle.failed')}${why}${change}`;
    this.ui.say(text, solved ? 'success' : 'warn');
    this.ui.announce(text);
    $('puzzle-next').focus();
  }
}


// ---- main ---------------------------------------------------------
// The start: the language, the rules
// worker (the same WebAssembly rules as the game), the board, and the two
// screens, lessons and puzzles, chosen by the address's fragment:
// #lessons (the list), #lesson=ID, #puzzles.

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
