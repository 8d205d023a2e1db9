// Analysis, in review and after the game: the engine's judgement of the
// position on the board, the moves each side still needs, the best move on
// the board and a chart of the judgement over the whole game.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openGame, click, idle, importText, winNearWin } from './harness.mjs';

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
