// The online card's newer parts: a game some seat has not moved in is
// aborted (no winner, no loser) rather than resigned, the player who asked
// for a rematch may withdraw it, and the card counts the spectators.
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

test('the abort and its question\'s two buttons cannot be mistaken for one another or for Cancel, in every language', async () => {
  const white = await device();
  await createGame(white.page);
  const cancels = { en: 'Cancel', it: 'Annulla', nb: 'Avbryt', cs: 'Zrušit' };
  for (const [language, cancel] of Object.entries(cancels)) {
    await white.page.selectOption('#language', language);
    await white.page.click('#resign');
    await white.page.waitForSelector('#confirm-dialog[open]');
    const labels = [await label(white.page), await white.page.locator('#confirm-yes').textContent(), await white.page.locator('#confirm-dialog button:not(.primary)').textContent()];
    assert.ok(!labels.includes(cancel) && labels[1] !== labels[2], `${language}: ${labels.join(' / ')} against ${cancel}`);
    await white.page.click('#confirm-dialog button:not(.primary)');
    assert.equal(await white.page.isVisible('#online-invite'), true, `${language}: the way back keeps the game`);
  }
  await white.context.close();
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

test('an abort confirmed after the other side has made its first move meanwhile is refused in the page\'s words, and the game goes on', async () => {
  const white = await device('', { expectErrors: [/status of 409 .*\/abort\)$/] });
  const link = await createGame(white.page);
  const black = await device(link);
  await connected(black.page);
  await enter(white.page, 'o2-m4');
  await waitMoves(black.page, 1);
  await white.page.click('#resign');
  await white.page.waitForSelector('#confirm-dialog[open]');
  await enter(black.page, 'b15-d13');
  await waitMoves(black.page, 2);
  await white.page.click('#confirm-yes');
  await white.page.waitForFunction(() => document.getElementById('message').textContent.startsWith('Too late to abort'));
  assert.equal(await white.page.locator('#message').textContent(), 'Too late to abort: both players have moved. Resign or offer a draw instead.');
  await waitMoves(white.page, 2);
  assert.equal(await label(white.page), 'Resign');
  assert.equal((await serverGame(env, white.page)).status, 'ongoing');
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

const watchersShown = (page) => page.evaluate(() => {
  const shown = document.getElementById('online-watchers');
  return shown.classList.contains('none') ? '' : shown.textContent;
});

test('the card counts the spectators (not the players) as one opens the game and closes it', async () => {
  const white = await device();
  const link = await createGame(white.page);
  const black = await device(link);
  await connected(black.page);
  await connected(white.page);
  // Both players' pages are open: nobody watches.
  for (const { page } of [white, black]) assert.equal(await watchersShown(page), '');
  const spectator = await device(new URL(link).hash.replace(/&invite=.*/, ''), { storage: {} });
  await connected(spectator.page);
  for (const { page } of [white, black, spectator]) await page.waitForFunction(() => document.getElementById('online-watchers').textContent === '1 watching', null, { timeout: 10000 });
  assert.equal(await watchersShown(white.page), '1 watching');
  const card = await white.page.locator('#online').boundingBox();
  await spectator.context.close();
  // The server counts a closed stream out when it notices (at the latest its next heartbeat).
  for (const { page } of [white, black]) await page.waitForFunction(() => document.getElementById('online-watchers').classList.contains('none'), null, { timeout: 40000 });
  assert.deepEqual(await white.page.locator('#online').boundingBox(), card, 'the card keeps its size');
  for (const { context } of [white, black]) await context.close();
});
