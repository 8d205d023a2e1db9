// learn-lesson-screen.js: the Learn page's lessons.
// The lessons: the list with each one's stars, and a
// lesson on the board: its goal in words and marked, par and moves, a hint,
// a wrong move explained, stars when the goal is met (kept in the browser).

import { language, t } from './i18n.js';
import { LESSONS, goalSquares, lessonById, lessonFen, moveLimit, starsFor } from './learn-lessons.js';
import { furtherHops, gameAt, judged, playTurn } from './learn-play.js';
import { keepStars, saveProgress } from './learn-store.js';
import { sideName } from './texts.js';

const $ = (id) => document.getElementById(id);

const ends = (move) => `${move.split('-')[0]}-${move.split('-').at(-1)}`;

/** "★★☆" with its words for screen readers beside it. */
function starsText(stars) {
  return '★'.repeat(stars) + '☆'.repeat(3 - stars);
}

export class LessonScreen {
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
