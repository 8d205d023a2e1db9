// The analysis card's figures: moves still needed, the engine's score as
// White's lead, the chart's points.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chartPoints, movesNeeded, whiteLead } from '../../web/js/analysis.js';
import { campSquares } from '../../web/js/squares.js';

const placed = (w, b) => new Map([...[...w].map((s) => [s, 'w']), ...[...b].map((s) => [s, 'b'])]);

test('moves still needed: the same for both at the start, none once home', () => {
  const start = placed(campSquares('w', 19), campSquares('b', 19));
  const needed = movesNeeded(start, 19);
  assert.equal(needed.w, needed.b);
  assert.ok(needed.w > 20 && needed.w < 80, String(needed.w));
  const swapped = placed(campSquares('b', 19), campSquares('w', 19));
  assert.deepEqual(movesNeeded(swapped, 19), { w: 0, b: 0 });
});

test('the score is turned into White\'s lead; a forced win fills the chart', () => {
  assert.equal(whiteLead({ score: 130, winIn: 0 }, 'w'), 1.3);
  assert.equal(whiteLead({ score: 130, winIn: 0 }, 'b'), -1.3);
  assert.equal(whiteLead({ score: 0, winIn: 3 }, 'b'), -10);
});

test('the chart: one point per known judgement, the lead upwards', () => {
  assert.equal(chartPoints([0, null, 10, -20], 30, 20), '0.0,10.0 20.0,0.0 30.0,20.0');
});
