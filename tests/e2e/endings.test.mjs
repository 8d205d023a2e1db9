// The end of a game: a win, a draw by repetition, a draw by the turn limit.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openGame, click, square, moveList, idle, importText, newGame } from './harness.mjs';
import { camp, fen, nearWin, START_19 } from '../lib/positions.mjs';

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

// White's last piece is walled in on p1 and the rest fill its goal camp but
// for e16, held by Black: White has no legal move and must pass (RULES.md).
const MUST_PASS = 'wwwwb11/wwwww11/wwww12/www13/ww14/16/7bbbb5/7bbbb5/7bbbb5/16/16/16/16/13b1b/14bb/13bbw w 50';

test('a side with no legal move passes, and the pass counts as a turn', async () => {
  const { page, errors } = await openGame(env);
  await newGame(page, { mode: 'friends' });
  assert.equal(await importText(page, MUST_PASS), null);
  assert.equal(await page.locator('#pass').isVisible(), true, 'the Pass button');
  await click(page, 'p1'); // the walled-in piece goes nowhere
  assert.deepEqual(await moveList(page), []);
  await page.click('#pass');
  await idle(page);
  assert.deepEqual(await moveList(page), ['pass']);
  assert.match(await page.locator('#turn-counter').textContent(), /Turn 52 of 400/);
  assert.equal(await page.locator('#pass').isVisible(), false, 'Black has moves');
  await click(page, 'h10');
  await click(page, 'h11');
  assert.deepEqual(await moveList(page), ['pass', 'h10-h11']);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the computer passes when it has no legal move', async () => {
  const { page, errors } = await openGame(env);
  await newGame(page, { mode: 'computer', human: 'b' });
  assert.equal(await importText(page, MUST_PASS), null);
  await page.waitForFunction(() => document.querySelectorAll('#move-list button[data-ply]').length >= 1, null, { timeout: 15000 });
  await idle(page);
  assert.equal((await moveList(page))[0], 'pass');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the end dialog says who won and how it went, its buttons on one row', async () => {
  // Black (the computer) steps k1-l1 to fill White's camp; nine of White's
  // pieces are home in Black's camp.
  const black = camp('w').filter((s) => s !== 'l1').concat(['k1']);
  const white = camp('b').slice(0, 9).concat(['f8', 'g8', 'h8', 'i8', 'j8', 'k8', 'l8', 'm8', 'n8', 'o8']);
  const record = `[Variant "19"]\n[FEN "${fen({ w: white, b: black }, 'b', 121)}"]\n\n*\n`;
  for (const [viewport, locale] of [[{ width: 1280, height: 800 }, 'en-US'], [{ width: 390, height: 844 }, 'cs-CZ'], [{ width: 390, height: 844 }, 'it-IT']]) {
    const { page, errors } = await openGame(env, { viewport, locale });
    assert.equal(await importText(page, record), null);
    await page.waitForSelector('#end-dialog[open]');
    const shown = await page.evaluate(() => ({
      title: document.getElementById('end-title').textContent,
      text: document.getElementById('end-text').textContent,
      rows: [...document.querySelectorAll('#end-summary tbody tr')].map((tr) => [...tr.cells].map((c) => c.textContent.trim())),
      // The buttons shown (Rematch is there for online games only).
      tops: [...document.querySelectorAll('#end-dialog .actions .button:not([hidden])')].map((b) => Math.round(b.getBoundingClientRect().top)),
    }));
    if (locale === 'en-US') {
      assert.equal(shown.title, 'The computer (level 5) wins');
      assert.equal(shown.text, 'Black: all 19 pieces home in 61 moves.');
      assert.deepEqual(shown.rows, [['You', '9 of 19', '61'], ['Computer, level 5', '19 of 19', '61']]);
    }
    assert.equal(new Set(shown.tops).size, 1, `${locale}: one row of buttons (${shown.tops})`);
    assert.deepEqual(errors, []);
    await page.context().close();
  }
});
