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

test('three and four: each seat\'s moves still needed, towards its own goal', async () => {
  const { piecesOf } = await import('../../web/js/squares.js');
  const start = piecesOf('bbbb8yyyy/bbbb8yyyy/bbb10yyy/bb12yy/16/16/16/16/16/16/16/16/rr12ww/rrr10www/rrrr8wwww/rrrr8wwww w 0');
  const needed = movesNeeded(start, 13, ['w', 'r', 'b', 'y']);
  assert.deepEqual(Object.keys(needed), ['w', 'r', 'b', 'y']);
  assert.ok(new Set(Object.values(needed)).size === 1 && needed.w > 13, JSON.stringify(needed));
  // Each camp moved to the opposite one: every seat is home.
  const home = piecesOf('wwww8rrrr/wwww8rrrr/www10rrr/ww12rr/16/16/16/16/16/16/16/16/yy12bb/yyy10bbb/yyyy8bbbb/yyyy8bbbb w 0');
  assert.deepEqual(movesNeeded(home, 13, ['w', 'r', 'b', 'y']), { w: 0, r: 0, b: 0, y: 0 });
  // A White piece a step out of its goal costs White a move, no one else.
  const out = new Map(home);
  out.delete('b13');
  out.set('b12', 'w');
  assert.deepEqual(movesNeeded(out, 13, ['w', 'r', 'b', 'y']), { w: 1, r: 0, b: 0, y: 0 });
});

test('three and four: who is ahead by moves needed, partners by the slower one', async () => {
  const { leader, seatLines } = await import('../../web/js/multi-analysis.js');
  const sides = ['w', 'r', 'b', 'y'];
  assert.deepEqual(leader({ w: 10, r: 14, b: 12, y: 13 }, sides, false), { sides: ['w'], by: 2 });
  assert.equal(leader({ w: 10, r: 10, b: 12, y: 13 }, sides, false), null, 'level: nobody ahead');
  assert.deepEqual(leader({ w: 10, r: 14, b: 20, y: 15 }, sides, true), { sides: ['r', 'y'], by: 5 }, 'White and Black need 20');
  // From the fewest moves needed (at the bottom, above the margin) to the most.
  const lines = seatLines([{ w: 20, r: 10, b: 0 }, null, { w: 10, r: 0, b: 0 }], ['w', 'r', 'b'], 100, 44);
  assert.deepEqual(lines, { w: '0.0,2.0 100.0,22.0', r: '0.0,22.0 100.0,42.0', b: '0.0,42.0 100.0,42.0' });
  const early = seatLines([{ w: 32, r: 33 }, { w: 31, r: 33 }], ['w', 'r'], 10, 44);
  assert.deepEqual(early, { w: '0.0,22.0 10.0,42.0', r: '0.0,2.0 10.0,2.0' }, 'a race of a few moves fills the chart');
});
