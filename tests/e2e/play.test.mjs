// Playing by clicking: a step, a multi-hop chain (by its destination and hop
// by hop), an illegal click, the computer's answer.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openGame, click, square, pieceOn, pieces, moveList, message, idle, importText } from './harness.mjs';
import { camp, fen, moved } from '../lib/positions.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

// White on h8, Black on h9 and h11: the chain h8-h10-h12 is open.
const CHAIN = fen({ w: moved(camp('w'), 'p1', 'h8'), b: moved(moved(camp('b'), 'a16', 'h9'), 'b16', 'h11') });

test('the page loads with no console error, all squares and both camps', async () => {
  const { page, errors } = await openGame(env);
  assert.equal(await page.locator('[data-square]').count(), 256);
  const start = await pieces(page);
  assert.deepEqual(start.w, camp('w').sort());
  assert.deepEqual(start.b, camp('b').sort());
  assert.match(await page.locator('#turn-counter').textContent(), /Turn 1 of 400/);
  const response = await page.request.get(env.server.url);
  assert.match(response.headers()['content-security-policy'] ?? '', /default-src 'self'/);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a step played by clicking, and the computer answers', async () => {
  const { page, errors } = await openGame(env);
  await click(page, 'n4');
  assert.ok(await page.locator('.marker.target').count() > 0, 'destinations are shown');
  await click(page, 'm5');
  await idle(page);
  assert.equal(await pieceOn(page, 'n4'), null);
  assert.equal(await pieceOn(page, 'm5'), 'w');
  const moves = await moveList(page);
  assert.equal(moves.length, 2, 'the computer replied');
  assert.equal(moves[0], 'n4-m5');
  const black = await pieces(page);
  assert.notDeepEqual(black.b, camp('b').sort(), 'a black piece moved');
  assert.match(await page.locator('#turn-counter').textContent(), /Turn 3 of 400/);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a multi-hop chain played by clicking its destination', async () => {
  const { page, errors } = await openGame(env);
  assert.equal(await importText(page, CHAIN), null);
  await click(page, 'h8');
  await square(page, 'h12').hover();
  await page.waitForSelector('.path-preview', { state: 'attached' });
  assert.equal(await page.locator('.path-preview-dot').count(), 1, 'the way there (over h10) is drawn first');
  await click(page, 'h12');
  await idle(page);
  assert.equal(await pieceOn(page, 'h12'), 'w');
  assert.equal(await pieceOn(page, 'h8'), null);
  assert.equal((await moveList(page))[0], 'h8-h10-h12');
  assert.equal(await page.locator('.path-last').count(), 1, 'the last move stays highlighted');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a chain built hop by hop, stopped after the first hop', async () => {
  const { page, errors } = await openGame(env);
  await importText(page, CHAIN);
  await click(page, 'h8');
  await click(page, 'h10'); // one hop: the chain stays open (h12 is further)
  assert.equal(await pieceOn(page, 'h10'), 'w', 'the piece follows the chain');
  assert.equal(await page.locator('#stop-chain').isVisible(), true);
  assert.deepEqual(await moveList(page), [], 'nothing is played yet');
  await click(page, 'h10'); // tapping the piece again stops there
  await idle(page);
  assert.equal((await moveList(page))[0], 'h8-h10');
  assert.equal(await pieceOn(page, 'h8'), null);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a chain built hop by hop to its end', async () => {
  const { page, errors } = await openGame(env);
  await importText(page, CHAIN);
  await click(page, 'h8');
  await click(page, 'h10');
  await click(page, 'h12'); // nothing beyond: the move ends there
  await idle(page);
  assert.equal((await moveList(page))[0], 'h8-h10-h12');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('an illegal click changes nothing and says why', async () => {
  const { page, errors } = await openGame(env);
  const start = await pieces(page);
  await click(page, 'n4');
  await click(page, 'h8'); // too far
  assert.match(await message(page), /No step or chain of hops leads from n4 to h8/);
  await click(page, 'a16'); // the computer's piece
  await page.keyboard.press('Escape');
  await click(page, 'b15');
  assert.match(await message(page), /belongs to the other side/);
  await click(page, 'h8'); // an empty square
  assert.match(await message(page), /no piece on h8/);
  assert.deepEqual(await pieces(page), start);
  assert.deepEqual(await moveList(page), []);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a click on a square that is not a destination puts the piece down', async () => {
  const { page, errors } = await openGame(env);
  await click(page, 'n4');
  await click(page, 'n8'); // out of reach
  assert.match(await message(page), /No step or chain of hops leads from n4 to n8/);
  assert.equal(await page.locator('.marker').count(), 0, 'the piece is down');
  await click(page, 'n4'); // picks it up again
  await click(page, 'm5');
  assert.equal(await pieceOn(page, 'm5'), 'w');
  assert.equal((await moveList(page))[0], 'n4-m5');
  assert.deepEqual(errors, []);
  await page.context().close();
});
