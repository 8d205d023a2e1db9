// analysis.js: the figures of the analysis card (review and after the
// game): how many moves each side still needs, the engine's judgement as
// White's lead, and the chart of that lead over the game.

import { campSquares, fileOf, goalCorner, goalOf, rankOf } from './squares.js';

/** The engine's unit (docs/ENGINE.md, Evaluation): ten squares of distance
 * make one move, scores are in hundredths of a move. */
const SQUARES_PER_MOVE = 10;
/** The chart shows a lead of up to this many moves; beyond, it is flat. */
export const CHART_MOVES = 10;

/** Files plus ranks from a square to the far corner of a side's goal camp
 * (White's goal is Black's camp, top left). */
const distance = (square, side) => {
  const [file, rank] = goalCorner(side);
  return Math.abs(fileOf(square) - file) + Math.abs(rankOf(square) - rank);
};

/** About how many moves each side still needs to fill its goal camp:
 * {w, b} (or each seat of `sides`), from the pieces (Map square -> side).
 * Never fewer than its pieces outside the goal: each needs a move of its own. */
export function movesNeeded(pieces, variant, sides = ['w', 'b']) {
  const needed = {};
  for (const side of sides) {
    const goal = campSquares(goalOf(side), variant);
    const best = [...goal].reduce((sum, square) => sum + distance(square, side), 0);
    let total = 0;
    let outside = 0;
    for (const [square, owner] of pieces) {
      if (owner !== side) continue;
      total += distance(square, side);
      if (!goal.has(square)) outside++;
    }
    needed[side] = Math.max(outside, Math.round((total - best) / SQUARES_PER_MOVE));
  }
  return needed;
}

/** The engine's answer ({score, winIn} for the side to move) as White's
 * lead in moves, a forced win counted as the chart's whole height. */
export function whiteLead({ score, winIn }, side) {
  const sign = side === 'w' ? 1 : -1;
  if (winIn) return sign * Math.sign(winIn) * CHART_MOVES;
  return (sign * score) / 100;
}

/** White's lead over the game as one line from White's side: the engine
 * judges each position for the side to move, whose move counts for it, so
 * one position's figure alone swings by a move or more from ply to ply;
 * each position's lead is the mean of its judgement and the one before
 * (null where either is unknown, the start standing alone).  A forced win
 * or the final result stands as it is. */
export function smoothLeads(judgements) {
  return judgements.map((j, k) => {
    if (!j) return null;
    if (k === 0 || j.final || j.winIn) return j.lead;
    const before = judgements[k - 1];
    return before ? (j.lead + before.lead) / 2 : null;
  });
}

/** The chart's line: one point per position with a judgement, x from 0 to
 * `width`, White's lead upwards from the middle of `height`. */
export function chartPoints(leads, width, height) {
  const step = leads.length > 1 ? width / (leads.length - 1) : 0;
  const y = (lead) => height / 2 - (Math.max(-CHART_MOVES, Math.min(CHART_MOVES, lead)) / CHART_MOVES) * (height / 2);
  return leads.flatMap((lead, k) => (lead === null ? [] : [`${(k * step).toFixed(1)},${y(lead).toFixed(1)}`])).join(' ');
}
