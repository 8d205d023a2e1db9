// Ending an online game before it begins, and taking back a rematch: a game
// some seat has not moved in is aborted (no winner, no loser) rather than
// resigned, and the player who asked for a rematch may withdraw it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, status } from './harness.mjs';
import { connected, createGame, device as openDevice, enter, onlineNote, serverGame, waitMoves } from './online-harness.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

const device = (...args) => openDevice(env, ...args);
const label = (page) => page.locator('#resign').textContent();

test('until both players have moved, the game is aborted instead of resigned, and both pages say so', async () => {
  const white = await device();
  const link = await createGame(white.page);
  assert.equal(await label(white.page), 'Abort game', 'a waiting game can be called off');
  const black = await device(link);
  await connected(black.page);
  await enter(white.page, 'o2-m4');
  await waitMoves(black.page, 1);
  for (const { page } of [white, black]) assert.equal(await label(page), 'Abort game');
  await black.page.click('#resign');
  assert.match(await black.page.locator('#confirm-text').textContent(), /Nobody wins or loses/);
  await black.page.click('#confirm-yes');
  for (const { page } of [white, black]) {
    await page.waitForSelector('#end-dialog[open]');
    assert.equal(await page.locator('#end-title').textContent(), 'Game aborted');
    assert.match(await page.locator('#end-text').textContent(), /aborted before both players had moved/);
    await page.click('#end-dialog [data-close]');
    assert.equal(await status(page), 'Game aborted');
    await page.click('#export');
    const record = await page.inputValue('#export-text');
    assert.match(record, /\[Result "\*"\]\n\[Termination "Aborted"\]/);
    assert.doesNotMatch(record, /wins/);
    await page.click('#export-dialog [data-close]');
  }
  assert.deepEqual((await serverGame(env, white.page)).result, { winner: null, reason: 'aborted' });
  for (const { context } of [white, black]) await context.close();
});

test('once both players have moved, Resign is back and the game can no longer be aborted', async () => {
  const white = await device();
  const link = await createGame(white.page);
  const black = await device(link);
  await connected(black.page);
  await enter(white.page, 'o2-m4');
  await waitMoves(black.page, 1);
  await enter(black.page, 'b15-d13');
  await waitMoves(white.page, 2);
  for (const { page } of [white, black]) assert.equal(await label(page), 'Resign');
  await white.page.click('#resign');
  assert.match(await white.page.locator('#confirm-text').textContent(), /The other side wins/);
  await white.page.click('#confirm-yes');
  await black.page.waitForSelector('#end-dialog[open]');
  assert.equal(await black.page.locator('#end-title').textContent(), 'You win!');
  for (const { context } of [white, black]) await context.close();
});

test('the player who asked for a rematch can withdraw it before it is taken: both pages drop it, the other is told', async () => {
  const white = await device();
  const link = await createGame(white.page);
  const black = await device(link);
  await connected(black.page);
  await enter(white.page, 'o2-m4');
  await waitMoves(black.page, 1);
  await enter(black.page, 'b15-d13');
  await waitMoves(white.page, 2);
  await black.page.click('#resign');
  await black.page.click('#confirm-yes');
  await white.page.waitForSelector('#end-dialog[open]');
  const oldId = (await serverGame(env, white.page)).id;
  await white.page.click('#end-rematch');
  await white.page.waitForSelector('#online-withdraw-rematch:not([hidden])');
  await black.page.waitForSelector('#toast-rematch:not([hidden])');
  const rematchId = (await serverGame(env, white.page)).id;
  assert.notEqual(rematchId, oldId);
  await white.page.click('#online-withdraw-rematch');
  await white.page.waitForFunction((id) => location.hash === `#game=${id}`, oldId);
  await white.page.waitForFunction(() => document.getElementById('online-note').textContent === 'You withdrew the rematch.');
  await black.page.waitForSelector('#toast', { state: 'hidden' });
  assert.equal(await onlineNote(black.page), 'Your friend withdrew the rematch.');
  assert.equal(await black.page.locator('#message').textContent(), 'Your friend withdrew the rematch.');
  for (const { page } of [white, black]) {
    assert.equal(await page.locator('#online-rematch').textContent(), 'Rematch', 'either may ask again');
    assert.equal(await page.locator('#online-withdraw-rematch').isVisible(), false);
  }
  const game = await (await fetch(new URL(`api/v1/games/${rematchId}`, env.server.url))).json();
  assert.deepEqual(game.result, { winner: null, reason: 'aborted' });
  assert.equal(await white.page.locator('#end-dialog').getAttribute('open'), null, 'no word of the withdrawn game ending');
  for (const { context } of [white, black]) await context.close();
});
