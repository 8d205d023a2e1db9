// Reloading restores the game; languages are picked from the browser and
// switched on the page; a phone with touch; the keyboard alone.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openGame, click, ready, pieceOn, pieces, moveList, message, idle, square, newGame, importText } from './harness.mjs';
import { nearWin } from '../lib/positions.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

test('a reload restores the game, its settings and what redo can bring back', async () => {
  const { page, errors } = await openGame(env);
  await newGame(page, { level: 3 });
  await click(page, 'n4');
  await click(page, 'm5');
  await click(page, 'o4');
  await click(page, 'o6');
  await page.click('#undo');
  await idle(page);
  const moves = await moveList(page);
  const position = await pieces(page);
  assert.equal(moves.length, 2);
  await page.reload();
  await ready(page);
  assert.deepEqual(await moveList(page), moves);
  assert.deepEqual(await pieces(page), position);
  assert.equal(await page.locator('#redo').isDisabled(), false, 'redo survives the reload');
  assert.match(await page.locator('#player-top').textContent(), /level 3/);
  assert.equal(await page.locator('.path-last').count(), 1, 'the last move is still highlighted');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the browser\'s language is used, and the page can switch language', async () => {
  const { page, errors } = await openGame(env, { locale: 'cs-CZ' });
  assert.equal(await page.locator('#new-game').textContent(), 'Nová hra');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'cs');
  await page.selectOption('#language', 'it');
  await page.waitForFunction(() => document.documentElement.lang === 'it');
  assert.equal(await page.locator('#new-game').textContent(), 'Nuova partita');
  assert.equal(await page.locator('#undo').textContent(), 'Annulla mossa');
  assert.equal(await page.locator('#rules-link').getAttribute('href'), 'rules/it.html');
  await click(page, 'n4');
  await click(page, 'h8');
  assert.equal(await message(page), 'Nessun passo né catena di salti porta da n4 a h8.', 'refusals are translated');
  await page.selectOption('#language', 'nb');
  await page.waitForFunction(() => document.documentElement.lang === 'nb');
  assert.equal(await page.locator('#status-line').textContent(), 'Din tur');
  await page.reload();
  await ready(page);
  assert.equal(await page.locator('#new-game').textContent(), 'Nytt parti', 'the choice is remembered');
  await page.click('#rules-link');
  await page.waitForURL(/rules\/nb\.html$/);
  assert.equal(await page.locator('h1').textContent(), 'Slik spiller du Halma');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a phone: the board fits the screen and pieces move with taps', async () => {
  const { page, errors } = await openGame(env, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 3 });
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  assert.ok(fits, 'no sideways scrolling');
  const board = await page.locator('#board').boundingBox();
  assert.ok(board.width >= 370 && board.x >= 0 && board.x + board.width <= 390, `board ${JSON.stringify(board)}`);
  await square(page, 'n4').tap();
  await idle(page);
  await square(page, 'm5').tap();
  await idle(page);
  assert.equal(await pieceOn(page, 'm5'), 'w');
  assert.equal((await moveList(page)).length, 2);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a move made with the keyboard only', async () => {
  const { page, errors } = await openGame(env);
  // Tab through the page to the board, as a keyboard user would.
  for (let i = 0; i < 20 && !(await page.evaluate(() => document.activeElement?.id === 'board')); i++) await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'board');
  // The cursor starts on h8: to n4 is 6 files right and 4 ranks down.
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
  assert.match(await page.locator('#cursor-announcer').textContent(), /^n4, White piece/);
  await page.keyboard.press('Enter');
  await idle(page);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  assert.match(await page.locator('#cursor-announcer').textContent(), /^m5, empty \(you can move here\)/);
  await page.keyboard.press('Enter');
  await idle(page);
  assert.equal(await pieceOn(page, 'm5'), 'w');
  assert.equal((await moveList(page))[0], 'n4-m5');
  assert.match(await page.locator('#announcer').textContent(), /Black|White/, 'moves are announced');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a language chosen on the rules page is the game\'s on the way back', async () => {
  const { page, errors } = await openGame(env);
  await page.click('#rules-link');
  await page.waitForURL(/rules\/en\.html$/);
  await page.click('nav.languages a[hreflang="cs"]');
  await page.waitForURL(/rules\/cs\.html$/);
  await page.click('a.back >> nth=0');
  await ready(page);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'cs');
  assert.equal(await page.locator('#language').inputValue(), 'cs');
  assert.equal(await page.locator('#new-game').textContent(), 'Nová hra');
  assert.equal(new URL(page.url()).search, '', 'the address is the game\'s own again');
  await page.reload();
  await ready(page);
  assert.equal(await page.locator('#new-game').textContent(), 'Nová hra', 'and it is remembered');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('importing a finished game shows how it ended', async () => {
  const { page, errors } = await openGame(env);
  const { fen, last, hole } = nearWin();
  assert.equal(await importText(page, `[Variant "19"]\n[FEN "${fen}"]\n\n61. ${last}-${hole} 1-0\n`), null);
  await page.waitForSelector('#end-dialog[open]');
  assert.equal(await page.locator('#end-title').textContent(), 'You win!');
  assert.deepEqual(errors, []);
  await page.context().close();
});
