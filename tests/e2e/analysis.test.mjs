// Analysis, in review and after the game: the engine's judgement of the
// position on the board, the moves each side still needs, the best move on
// the board and a chart of the judgement over the whole game.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openGame, click, idle, importText, ready, winNearWin, holdEngine, releaseEngine } from './harness.mjs';
import { camp, fen, moved } from '../lib/positions.mjs';
import { WHOLE_GAME_13 } from '../lib/online-game.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

const RECORD = '[Variant "19"]\n\n1. n4-m5 b13-c12 2. o5-n6 c14-d13 *\n';
const card = (page) =>
  page.evaluate(() => ({
    shown: !document.getElementById('analysis').hidden,
    judgement: document.getElementById('analysis-judgement').textContent,
    needed: document.getElementById('analysis-needed').textContent,
    best: document.getElementById('analysis-best').textContent,
    points: document.getElementById('analysis-line').getAttribute('points').trim().split(/\s+/).filter(Boolean).length,
    drawn: document.querySelectorAll('.hint .path-hint').length,
  }));
const engineDone = (page, points) =>
  page.waitForFunction((n) => document.getElementById('analysis-line').getAttribute('points').trim().split(/\s+/).length >= n && !document.querySelector('#spinner.active'), points, { timeout: 20000 });

test('reviewing a move: the judgement, the moves needed, the best move drawn, the chart of the game', async () => {
  const { page, errors } = await openGame(env);
  assert.equal(await importText(page, RECORD), null);
  assert.equal((await card(page)).shown, false, 'not while playing');
  await page.click('#move-list button[data-ply="2"]');
  await engineDone(page, 5);
  const shown = await card(page);
  assert.ok(shown.shown);
  assert.match(shown.judgement, /moves ahead|About even|wins in/);
  assert.match(shown.needed, /^Moves still needed: White about \d+, Black about \d+\.$/);
  const best = /Best move: ([a-p]\d+(?:-[a-p]\d+)+)/.exec(shown.best)?.[1];
  assert.ok(best, shown.best);
  assert.equal(shown.drawn, 1, 'the best move is drawn on the board');
  assert.equal(shown.points, 5, 'every position of the game is on the chart');
  // The chart takes you to a position: its start.
  const box = await page.locator('#analysis-chart').boundingBox();
  await page.mouse.click(box.x + 1, box.y + box.height / 2);
  await idle(page);
  assert.match(await page.locator('#review-text').textContent(), /starting position/);
  await page.click('#review-exit');
  await idle(page);
  const back = await card(page);
  assert.equal(back.shown, false, 'back in the game the analysis goes');
  assert.equal(back.drawn, 0);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('after the game the analysis stays, ending with the result', async () => {
  const { page, errors } = await openGame(env);
  await winNearWin(page);
  await page.click('#end-dialog [data-close]');
  await engineDone(page, 2);
  const shown = await card(page);
  assert.ok(shown.shown);
  assert.equal(shown.judgement, 'White has won.');
  assert.match(shown.needed, /White about 0,/);
  assert.equal(shown.points, 2);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the moves still needed count a move for every piece outside its goal', async () => {
  const { page, errors } = await openGame(env);
  // Black has filled its goal; three White pieces stand just outside theirs.
  let white = camp('b');
  for (const [from, to] of [['b12', 'f15'], ['c13', 'e14'], ['d14', 'd13']]) white = moved(white, from, to);
  assert.equal(await importText(page, `[Variant "19"]\n[FEN "${fen({ w: white, b: camp('w') }, 'w', 150)}"]\n\n0-1\n`), null);
  await page.click('#end-dialog [data-close]');
  await engineDone(page, 1);
  const needed = /White about (\d+)/.exec((await card(page)).needed)?.[1];
  assert.ok(Number(needed) >= 3, `White needs ${needed} moves`);
  assert.deepEqual(errors, []);
  await page.context().close();
});

/** The chart's leads (in moves, White's upwards) from its points. */
const chartLeads = (page) =>
  page.evaluate(() =>
    document
      .getElementById('analysis-line')
      .getAttribute('points')
      .trim()
      .split(/\s+/)
      .map((p) => ((24 - Number(p.split(',')[1])) / 24) * 10),
  );

test('the chart is one line from one side: it does not swing from ply to ply', async () => {
  const { page, errors } = await openGame(env);
  const moves = WHOLE_GAME_13.slice(0, 40);
  assert.equal(await importText(page, `[Variant "13"]\n\n${moves.join(' ')} *\n`), null);
  await page.click('#move-list button[data-ply="1"]');
  await engineDone(page, moves.length + 1);
  const leads = await chartLeads(page);
  let swings = 0;
  for (let k = 1; k + 1 < leads.length; k++) {
    const [a, b] = [leads[k] - leads[k - 1], leads[k + 1] - leads[k]];
    if (a * b < 0 && Math.abs(a) >= 0.5 && Math.abs(b) >= 0.5) swings++;
  }
  assert.ok(swings <= 2, `${swings} swings of half a move or more, back and forth, in ${leads.length} positions`);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('looking back names the move as the list numbers it', async () => {
  const { page, errors } = await openGame(env);
  assert.equal(await importText(page, RECORD), null);
  await page.click('#move-list button[data-ply="3"]');
  await idle(page);
  assert.equal(await page.locator('#review-text').textContent(), "Looking at the position after White's move 2 (o5-n6).");
  await page.click('#move-list button[data-ply="2"]');
  await idle(page);
  assert.equal(await page.locator('#review-text').textContent(), "Looking at the position after Black's move 1 (b13-c12).");
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the analysis shows its progress, and a reload keeps what it judged', async () => {
  const { page, errors } = await openGame(env);
  assert.equal(await importText(page, RECORD), null);
  await page.click('#move-list button[data-ply="2"]');
  await page.waitForFunction(() => /of 5 positions judged/.test(document.getElementById('analysis-progress').textContent));
  assert.equal(await page.locator('#analysis-progress').isVisible(), true, 'while it runs');
  await engineDone(page, 5);
  assert.equal(await page.evaluate(() => getComputedStyle(document.getElementById('analysis-progress')).visibility), 'hidden', 'done');
  await page.reload();
  await ready(page);
  // Kept, not judged afresh: the card fills with the engine's answers held.
  await holdEngine(page, ['hint']);
  await page.click('#move-list button[data-ply="2"]');
  await engineDone(page, 5);
  assert.deepEqual(await page.evaluate(() => window.halmaTest.held.length), 0, 'no position judged again');
  await releaseEngine(page);
  assert.deepEqual(errors, []);
  await page.context().close();
});
