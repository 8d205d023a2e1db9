// The end of a game: a win, a draw by repetition, a draw by the turn limit.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openGame, click, square, moveList, idle, importText, newGame } from './harness.mjs';
import { nearWin, START_19 } from '../lib/positions.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

const endTitle = (page) => page.locator('#end-title').textContent();

test('a win is detected and announced', async () => {
  const { page, errors } = await openGame(env);
  const { fen, last, hole } = nearWin();
  assert.equal(await importText(page, `[Variant "19"]\n[FEN "${fen}"]\n\n*\n`), null);
  assert.equal(await page.locator('#end-dialog').isVisible(), false);
  await click(page, last);
  await click(page, hole);
  await page.waitForSelector('#end-dialog[open]');
  assert.equal(await endTitle(page), 'You win!');
  assert.match(await page.locator('#status-line').textContent(), /You win/);
  await page.click('#end-dialog [data-close]');
  await click(page, 'h8');
  assert.match(await page.locator('#message').textContent(), /The game is over/);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a draw by threefold repetition, with a warning first', async () => {
  const { page, errors } = await openGame(env);
  await newGame(page, { mode: 'friends' });
  const cycle = [['n4', 'm5'], ['b13', 'c12'], ['m5', 'n4'], ['c12', 'b13']];
  for (const [from, to] of [...cycle, ...cycle.slice(0, 3)]) {
    await click(page, from);
    await click(page, to);
  }
  assert.equal(await page.locator('#warning').isVisible(), true, 'the repetition warning');
  await click(page, 'c12');
  assert.equal(await page.locator('[data-square="b13"]').count(), 1);
  assert.ok((await page.locator('.repeat-mark').count()) >= 1, 'the drawing square is marked');
  await square(page, 'b13').click(); // asks first: the page waits for the answer
  await page.waitForSelector('#confirm-dialog[open]');
  await page.click('#confirm-dialog [data-close]'); // cancel: nothing happens
  await idle(page);
  assert.equal((await moveList(page)).length, 7);
  await square(page, 'b13').click(); // the piece on c12 is still picked up
  await page.waitForSelector('#confirm-dialog[open]');
  await page.click('#confirm-yes');
  await page.waitForSelector('#end-dialog[open]');
  assert.equal(await endTitle(page), 'Draw by threefold repetition');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a draw by the turn limit', async () => {
  const { page, errors } = await openGame(env);
  await newGame(page, { mode: 'friends' });
  assert.equal(await importText(page, START_19.replace(' w 0', ' w 399')), null);
  assert.match(await page.locator('#turn-counter').textContent(), /Turn 400 of 400/);
  await click(page, 'n4');
  await click(page, 'm5');
  await page.waitForSelector('#end-dialog[open]');
  assert.equal(await endTitle(page), 'Draw: the 400-turn limit');
  assert.deepEqual(errors, []);
  await page.context().close();
});
