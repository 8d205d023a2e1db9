// review.js: looking back and the analysis.  The person may look at any
// earlier position (the board shows it, the panel describes it; play goes
// on after "Back to the game"), and once the game is over or while looking
// back, the engine judges every position one by one, the one on the board
// first: the analysis card's judgement, the moves each side still needs,
// the best move drawn on the board and the chart of the lead over the game.

import { TARGET } from './halma-wasm.js';
import { CHART_MOVES, movesNeeded, smoothLeads, whiteLead } from './analysis.js';
import { pathSquares, piecesOf } from './squares.js';
import { sidesOf } from './seats.js';
import { seatingOf } from './seating.js';
import { loadAnalysis, saveAnalysis } from './storage.js';

/** The engine's time for each position it judges. */
const ANALYSIS_MOVETIME = 150;

export class Review {
  /** core: the GameController. */
  constructor(core) {
    this.core = core;
    // The engine's judgement of each position, {key, answers[k]} (analyse()).
    this.judged = null;
  }

  /** Shows the position after the first k moves (k = all: back to play). */
  reviewAt(k) {
    const core = this.core;
    core.view.finishAnimation();
    return core.exclusive(async () => {
      const total = core.game.moves.length;
      if (!Number.isInteger(k) || k < 0 || k > total) return;
      const previous = core.review?.k ?? total;
      if (k === total) {
        core.review = null;
        if (!core.over) core.jobs.cancel('analysing');
        core.draw();
        return;
      }
      const fen = await core.rules.request('fenAt', { game: core.spec(), k });
      const lastMove = pathSquares(core.game.moves[k - 1]);
      core.selection = null;
      if (k === previous + 1 && lastMove) {
        // Stepping forward shows the move being played.
        core.view.render({ pieces: core.review?.pieces ?? core.pieces, flags: TARGET });
        await core.view.animate(lastMove, core.sideOfMove(k - 1), core.prefs.motion());
      }
      core.review = { k, fen, pieces: piecesOf(fen), lastMove, best: this.judgementAt(k)?.best ?? null };
      core.hintPath = null; // a hint belongs to the game's position, not this one
      core.draw();
      this.analyse();
    });
  }

  reviewStep(delta) {
    const total = this.core.game.moves.length;
    const k = (this.core.review?.k ?? total) + delta;
    return this.reviewAt(Math.max(0, Math.min(total, k)));
  }

  // ---- analysis ----------------------------------------------------------

  /** The analysis is shown while looking back and once the game is over. */
  wanted() {
    return !!this.core.state && (!!this.core.review || this.core.over);
  }

  key() {
    const game = this.core.game;
    // The house rule judges the same moves otherwise: a key of its own.
    return `${game.variant}${seatingOf(game).key}${game.rules ? `|${game.rules}` : ''}|${game.fen}|${game.moves.join(' ')}`;
  }

  /** The engine's judgement of the position after k moves, if made:
   * {lead (White's, in moves), winIn, side, best (a path or null)}. */
  judgementAt(k) {
    return this.judged?.key === this.key() ? this.judged.answers[k] ?? null : null;
  }

  /** The next position to judge: the one on the board, then the others
   * from the start; null when all are judged. */
  nextToJudge() {
    const total = this.core.game.moves.length;
    const shown = this.core.review?.k ?? total;
    if (!this.judgementAt(shown)) return shown;
    for (let k = 0; k <= total; k++) if (!this.judgementAt(k)) return k;
    return null;
  }

  /** Records (and keeps) a judgement; the board's best move follows it. */
  judge(k, judgement) {
    this.judged.answers[k] = judgement;
    saveAnalysis(this.judged.key, this.judged.answers);
    if (this.core.review?.k === k) this.core.review.best = judgement.best;
  }

  /** Has the engine judge the game's positions one by one, each answer
   * redrawing the card, while the analysis is shown and the engine is free.
   * It runs outside the action queue, as a hint does; anything that changes
   * the game abandons it (EngineJobs.cancel). */
  analyse() {
    const core = this.core;
    if (!this.wanted() || core.jobs.phase !== 'idle') return;
    const key = this.key();
    if (this.judged?.key !== key) {
      // What the engine judged of this game before a reload is kept.
      this.judged = { key, answers: loadAnalysis(key) };
      if (this.judged.answers.length) core.draw();
    }
    const k = this.nextToJudge();
    if (k === null) return;
    const side = core.sideOfMove(k);
    const many = !seatingOf(core.game).headToHead;
    if (k === core.game.moves.length && core.over) {
      // The last position: the result is the judgement.
      const winner = { 'white-wins': 1, 'black-wins': -1 }[core.state.result] ?? 0;
      const seats = many ? { winners: core.state.winners ?? [], needed: this.neededIn(core.pieces) } : {};
      this.judge(k, { lead: winner * CHART_MOVES, winIn: 0, side, best: null, final: true, ...seats });
      core.draw();
      this.analyse();
      return;
    }
    const job = core.jobs.begin('analysing');
    const game = { ...core.spec(), moves: core.game.moves.slice(0, k) };
    // Three and four: each seat's moves still needed there, for the chart.
    const fen = many ? core.rules.request('fenAt', { game: core.spec(), k }) : null;
    Promise.all([core.jobs.request('hint', { game, movetime: ANALYSIS_MOVETIME }), fen]).then(
      ([answer, at]) =>
        core.exclusive(() => {
          if (!core.jobs.settle(job)) return;
          const seats = many ? { needed: this.neededIn(piecesOf(at)) } : {};
          if (answer && this.judged.key === key) this.judge(k, { lead: many ? 0 : whiteLead(answer, side), winIn: answer.winIn, side, best: pathSquares(answer.move), ...seats });
          core.draw();
          this.analyse();
        }),
      (error) => {
        if (core.jobs.settle(job)) core.draw();
        core.fail(error);
      },
    );
  }

  /** Each seat's moves still needed with these pieces (three or four). */
  neededIn(pieces) {
    return movesNeeded(pieces, this.core.game.variant, sidesOf(this.core.game));
  }

  /** The analysis card's content, or null when it is not shown; for three
   * and four, each seat's moves needed after each move (needs). */
  model() {
    if (!this.wanted()) return null;
    const core = this.core;
    const total = core.game.moves.length;
    const k = core.review?.k ?? total;
    const judgements = Array.from({ length: total + 1 }, (_, i) => this.judgementAt(i));
    if (!seatingOf(core.game).headToHead) {
      const seats = sidesOf(core.game);
      const judged = judgements.filter(Boolean).length;
      const needs = judgements.map((j) => j?.needed ?? null);
      return { k, total, seats, partners: !!core.game.partners, current: judgements[k], judged, needs, needed: this.neededIn(core.shownPieces()) };
    }
    const leads = smoothLeads(judgements);
    const judged = judgements.filter(Boolean).length;
    // The position on the board is judged as the chart draws it, once the one before is known too.
    const current = judgements[k] && { ...judgements[k], lead: leads[k] ?? judgements[k].lead };
    return { k, total, leads, current, judged, needed: movesNeeded(core.shownPieces(), core.game.variant) };
  }
}
