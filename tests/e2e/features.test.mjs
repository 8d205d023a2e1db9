// Drag and drop, reviewing the game move by move, exporting and importing a
// record, the position copied, offline play and the app manifest.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openGame, click, ready, pieceOn, pieces, moveList, idle, square, importText, twoPlayers } from './harness.mjs';
import { camp } from '../lib/positions.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

async function drag(page, from, to) {
  const a = await square(page, from).boundingBox();
  const b = await square(page, to).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 8, a.y + a.height / 2 - 8, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
  await idle(page);
}

test('a piece dragged and dropped moves; dropped on a wrong square it goes back', async () => {
  const { page, errors } = await openGame(env);
  await drag(page, 'n4', 'h8');
  assert.equal(await pieceOn(page, 'n4'), 'w', 'an illegal drop changes nothing');
  assert.match(await page.locator('#message').textContent(), /No step or chain of hops/);
  await drag(page, 'p4', 'p6');
  assert.equal(await pieceOn(page, 'p6'), 'w');
  assert.equal((await moveList(page))[0], 'p4-p6');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('clicking a move in the list shows the position after it, and play resumes after', async () => {
  const { page, errors } = await openGame(env);
  await click(page, 'n4');
  await click(page, 'm5');
  await click(page, 'o5');
  await click(page, 'n6');
  const now = await pieces(page);
  await page.click('#move-list button[data-ply="1"]');
  await idle(page);
  assert.equal(await page.locator('#review-bar').isVisible(), true);
  assert.equal(await pieceOn(page, 'm5'), 'w');
  assert.equal(await pieceOn(page, 'o5'), 'w', 'before move 3');
  assert.deepEqual((await pieces(page)).b, camp('b').sort(), 'before Black\'s first reply');
  await click(page, 'o5');
  assert.match(await page.locator('#message').textContent(), /earlier position/);
  await page.click('#review-start');
  await idle(page);
  assert.deepEqual(await pieces(page), { w: camp('w').sort(), b: camp('b').sort() });
  await page.click('#review-next');
  await idle(page);
  assert.equal(await pieceOn(page, 'm5'), 'w');
  await page.click('#review-exit');
  await idle(page);
  assert.deepEqual(await pieces(page), now);
  assert.equal(await page.locator('#review-bar').isVisible(), false);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a game exported as a record imports back the same; the FEN is shown', async () => {
  const { page, errors } = await openGame(env);
  await click(page, 'n4');
  await click(page, 'm5');
  const moves = await moveList(page);
  const fen = await page.inputValue('#fen');
  assert.match(fen, /^[wb0-9/]+ w 2$/);
  await page.click('#export');
  const record = await page.inputValue('#export-text');
  assert.match(record, /\[Variant "19"\]/);
  assert.match(record, /\[White "You"\]/);
  assert.match(record, /\[Black "Computer, level 5"\]/);
  assert.match(record, /\[Result "\*"\]/);
  assert.ok(record.includes(`1. ${moves[0]} ${moves[1]}`), record);
  await page.click('#export-dialog [data-close]');
  await page.click('#new-game');
  await twoPlayers(page);
  await page.click('#new-game-form button[type="submit"]');
  await idle(page);
  assert.deepEqual(await moveList(page), []);
  assert.equal(await importText(page, record), null);
  assert.deepEqual(await moveList(page), moves);
  assert.equal(await page.inputValue('#fen'), fen);
  // The same record from a file.
  await page.click('#new-game');
  assert.equal(await page.locator('#new-game-form input[name="players"][value="2"]').isChecked(), true, 'two players again, as last chosen');
  await page.click('#new-game-form button[type="submit"]');
  await idle(page);
  await page.click('#import');
  await page.setInputFiles('#import-file', { name: 'game.txt', mimeType: 'text/plain', buffer: Buffer.from(record) });
  await page.waitForFunction(() => document.getElementById('import-text').value.length > 0);
  await page.click('#import-go');
  await page.waitForFunction(() => !document.getElementById('import-dialog').open);
  await idle(page);
  assert.deepEqual(await moveList(page), moves);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('once loaded, the game works offline', async () => {
  const { page, context, errors } = await openGame(env);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await click(page, 'n4');
  await click(page, 'm5');
  const moves = await moveList(page);
  await context.setOffline(true);
  await page.reload();
  await ready(page);
  assert.deepEqual(await moveList(page), moves);
  await click(page, 'o5');
  await click(page, 'n6');
  assert.equal((await moveList(page)).length, 4, 'the computer still answers offline');
  await page.goto(`${env.server.url}rules/en.html`);
  assert.match(await page.locator('h1').textContent(), /How to play Halma/);
  await context.setOffline(false);
  assert.deepEqual(errors.filter((e) => !/Failed to load resource/.test(e)), []);
  await context.close();
});

test('the app manifest makes the page installable', async () => {
  const { page, errors } = await openGame(env);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await page.request.get(new URL(href, env.server.url).href)).json();
  assert.equal(manifest.name, 'Halma');
  assert.equal(manifest.display, 'standalone');
  assert.ok(manifest.start_url);
  for (const icon of manifest.icons) {
    const response = await page.request.get(new URL(icon.src, env.server.url).href);
    assert.equal(response.status(), 200, icon.src);
    assert.match(await response.text(), /<svg/);
  }
  assert.ok(manifest.icons.some((i) => i.purpose === 'maskable'));
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('an imported record keeps its players\' names: on the board, over a reload, and when exported again', async () => {
  const { page, errors } = await openGame(env);
  const record = '[Variant "19"]\n[White "Jiří Novák"]\n[Black "Åse"]\n\n1. n4-m5 b13-c12 *\n';
  assert.equal(await importText(page, record), null);
  const bars = async () => [await page.locator('#player-bottom .player-name').textContent(), await page.locator('#player-top .player-name').textContent()];
  assert.deepEqual(await bars(), ['White · Jiří Novák', 'Black · Åse']);
  await page.reload();
  await ready(page);
  assert.deepEqual(await bars(), ['White · Jiří Novák', 'Black · Åse'], 'after a reload');
  await page.click('#export');
  const text = await page.inputValue('#export-text');
  assert.match(text, /\[White "Jiří Novák"\]\n\[Black "Åse"\]/);
  assert.deepEqual(errors, []);
  await page.context().close();
});
