// learn-puzzle-screen.js: the Learn page's puzzles.
// The puzzles: puzzles/puzzles.jsonl read once, a
// puzzle served from a band around the person's rating (or the puzzle of
// the day), the moves judged, the rating (Glicko-2) moved once a puzzle and
// kept in the browser.

import { t } from './i18n.js';
import { rate, ratingText } from './learn-glicko.js';
import { hopsOf } from './learn-lessons.js';
import { PUZZLE_RD, parsePuzzles, pickPuzzle, playPuzzleMove, playerMoves, puzzleOfTheDay, puzzleSide } from './learn-puzzles.js';
import { saveProgress } from './learn-store.js';
import { campSquares, goalOf } from './squares.js';
import { sideName } from './texts.js';

const $ = (id) => document.getElementById(id);

/** Today as the puzzle of the day reads it: the date in UTC. */
const today = () => new Date().toISOString().slice(0, 10);

export class PuzzleScreen {
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
