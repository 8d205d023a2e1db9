// The analysis after a game of three or four at one screen: each seat's
// moves still needed, who is ahead, the engine's best move, and a chart of
// each seat's moves needed over the game.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import { setup, openGame, click, idle, importText, winNearWin } from './harness.mjs';
import { NO_ANIMATION, newMultiGame } from './multi-harness.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

// White is home, Black a step from it: as partners, Black's step wins.
const NEAR_END = 'wwww12/wwww12/www13/ww14/16/16/16/yyyyyyyyyyyyy3/rrrrrrrrrrrrr3/16/16/16/12b1bb/14bb/12bbbb/12bbbb w 88';

const analysed = (page) => page.waitForFunction(() => {
  const card = document.getElementById('analysis');
  return !card.hidden && document.getElementById('analysis-progress').classList.contains('done');
}, null, { timeout: 60000 });

const chart = (page) => page.evaluate(() => Object.fromEntries(['w', 'r', 'b', 'y'].map((side) => {
  const line = document.getElementById(`analysis-seat-${side}`);
  return [side, { points: line.getAttribute('points').split(' ').filter(Boolean).length, shown: getComputedStyle(line).display !== 'none' }];
})));

test('after a game of four: each seat\'s moves needed, the winners, a line a seat, and the earlier positions judged', async () => {
  const { page, errors } = await openGame(env, { storage: NO_ANIMATION });
  await newMultiGame(page, { partners: true, seats: { r: 'person', b: 'person', y: 'person' } });
  assert.equal(await page.isVisible('#analysis'), false, 'no analysis while the game goes on');
  assert.equal(await importText(page, `[Players "4"]\n[Partners "yes"]\n[FEN "${NEAR_END}"]\n\n*\n`), null);
  await page.click('#pass'); // White, home, passes
  await click(page, 'm8');
  await click(page, 'n8'); // Red
  await click(page, 'm4');
  await click(page, 'n3'); // Black comes home: White and Black win
  await page.waitForSelector('#end-dialog[open]');
  await page.click('#end-dialog [data-close]');
  await analysed(page);
  assert.equal(await page.textContent('#analysis-judgement'), 'Won: White and Black.');
  assert.match(await page.textContent('#analysis-needed'), /^Moves still needed: White about 0, Red about \d+, Black about 0, Yellow about \d+\.$/);
  assert.equal(await page.textContent('#analysis-progress'), 'Analysing the game: 4 of 4 positions judged.');
  const points = { points: 4, shown: true };
  assert.deepEqual(await chart(page), { w: points, r: points, b: points, y: points }, 'a point a position for each seat');
  assert.equal(await page.isVisible('#analysis-line'), false, 'no line of White\'s lead');
  assert.deepEqual(await page.$$eval('#analysis-legend span', (spans) => spans.map((s) => s.textContent)), ['White', 'Red', 'Black', 'Yellow']);
  assert.match(await page.getAttribute('#analysis-chart', 'aria-label'), /moves still needed over the game/);
  // The start of the record: Black still a step from home, its best move shown.
  // After White's pass: Black still a step from home, Red's best move shown.
  await page.click('#move-list button[data-ply="1"]');
  await idle(page);
  assert.match(await page.textContent('#analysis-needed'), /Black about 1,/);
  assert.doesNotMatch(await page.textContent('#analysis-judgement'), /^Won/);
  assert.match(await page.textContent('#analysis-best'), /^Best move: [a-p]\d+-[a-p]\d+/);
  await page.click('#review-start');
  await idle(page);
  assert.equal(await page.getAttribute('#analysis-now', 'x1'), '0', 'the chart marks the start');
  const { violations } = await new AxeBuilder({ page }).include('#analysis').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  assert.deepEqual(violations.filter((v) => ['serious', 'critical'].includes(v.impact)).map((v) => v.id), []);
  await page.selectOption('#language', 'it');
  await page.waitForFunction(() => document.documentElement.lang === 'it');
  assert.match(await page.textContent('#analysis-needed'), /^Mosse ancora necessarie: Bianco circa \d+, Rosso circa \d+, Nero circa 1, Giallo circa \d+\.$/);
  assert.match(await page.getAttribute('#analysis-chart', 'aria-label'), /Mosse ancora necessarie a ogni colore/);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('after a game of three: three lines, and back to White\'s lead after a game of two', async () => {
  const { page, errors } = await openGame(env, { storage: NO_ANIMATION });
  await newMultiGame(page, { players: 3, seats: { r: 'person', b: 'person' } });
  // Black's last piece a step from home, and White's.
  const fen = 'wwww12/wwww12/www13/w15/1w14/16/16/rrrrrrrrrrrrr3/16/16/16/16/12b1bb/14bb/12bbbb/12bbbb b 65';
  assert.equal(await importText(page, `[Players "3"]\n[FEN "${fen}"]\n\n*\n`), null);
  await click(page, 'm4');
  await click(page, 'n3');
  await page.waitForSelector('#end-dialog[open]');
  await page.click('#end-dialog [data-close]');
  await analysed(page);
  assert.equal(await page.textContent('#analysis-judgement'), 'Won: Black.');
  const chartNow = await chart(page);
  assert.deepEqual([chartNow.w.points, chartNow.r.points, chartNow.b.points, chartNow.y.points], [2, 2, 2, 0]);
  await winNearWin(page);
  await page.click('#end-dialog [data-close]');
  await page.waitForSelector('#analysis:not([hidden])');
  assert.equal(await page.isVisible('#analysis-legend'), false, 'two players: no seats\' key');
  assert.equal(await page.$eval('#analysis-line', (line) => getComputedStyle(line).display), 'inline', 'White\'s lead again');
  assert.equal(Object.values(await chart(page)).some((line) => line.shown), false);
  assert.match(await page.getAttribute('#analysis-chart', 'aria-label'), /White's lead over the game/);
  assert.deepEqual(errors, []);
  await page.context().close();
});
