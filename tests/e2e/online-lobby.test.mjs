// The lobby: a game posted from the new-game dialog appears live in every
// open lobby, one click takes its free seat (with the taker's name, no
// invite) and opens it, and it leaves the lobbies once full; names in it
// stay text.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import { setup, status, watchConsole } from './harness.mjs';
import { FAST, connected, createGame, device as openDevice, serverGame } from './online-harness.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

const device = (...args) => openDevice(env, ...args);
const NAMED = (name) => ({ ...FAST, 'halma.name.v1': name });
// The test server's store outlives a run: other games may be open too.
const rowOf = (page, id) => page.locator('#lobby-list .lobby-game', { has: page.locator(`[data-take="${id}"]`) }).textContent();

async function openLobby(page) {
  await page.click('#online-games');
  await page.waitForSelector('#online-games-dialog[open]');
  // The list is read, then followed live.
  await page.waitForFunction(() => !document.getElementById('lobby-empty').hidden || document.querySelector('#lobby-list li'));
}

test('a posted game appears live in a lobby, one click takes its seat, and it leaves the other lobby', async () => {
  const taker = await device('', { storage: NAMED('Bob') });
  const onlooker = await device();
  for (const { page } of [taker, onlooker]) await openLobby(page);
  const poster = await device();
  await createGame(poster.page, { name: 'Alice', post: true, clock: '5+3' });
  const id = (await serverGame(env, poster.page)).id;
  for (const { page } of [taker, onlooker]) {
    await page.waitForSelector(`#lobby-list button[data-take="${id}"]`);
    assert.equal(await rowOf(page, id), 'Alice13 pieces · 2 players · 5 min · free seats: 1Play');
    assert.equal(await page.locator('#lobby-empty').isVisible(), false);
  }
  assert.equal(await taker.page.inputValue('#lobby-name'), 'Bob');
  await taker.page.click(`#lobby-list button[data-take="${id}"]`);
  await taker.page.waitForSelector('#online-games-dialog', { state: 'hidden' });
  await connected(taker.page);
  await taker.page.waitForFunction(() => document.getElementById('status-line').textContent === 'Alice to move');
  assert.equal(await taker.page.evaluate(() => location.hash), `#game=${id}`);
  assert.deepEqual(await taker.page.evaluate(() => document.querySelector('#player-bottom .player-name').textContent), 'Black · You');
  await poster.page.waitForFunction(() => document.getElementById('status-line').textContent === 'Your turn');
  assert.equal(await poster.page.locator('#player-top .player-name').textContent(), 'Black · Bob');
  // Full, it leaves the lobby still open on the third device.
  await onlooker.page.waitForSelector(`#lobby-list button[data-take="${id}"]`, { state: 'detached' });
  const game = await serverGame(env, taker.page);
  assert.equal(game.open, false);
  assert.deepEqual([game.seats.w.name, game.seats.b.name], ['Alice', 'Bob']);
  for (const { context } of [taker, onlooker, poster]) await context.close();
});

test('on a phone, Play online opens without focusing the name field (no keyboard over the list)', async () => {
  const phone = await device('', { viewport: { width: 390, height: 844 }, phone: true });
  await openLobby(phone.page);
  assert.equal(await phone.page.evaluate(() => document.activeElement.id), 'online-games-title');
  await phone.context.close();
});

test('the poster sees their own game in the lobby without a Play button', async () => {
  const poster = await device();
  await createGame(poster.page, { name: 'Alice', post: true });
  const id = (await serverGame(env, poster.page)).id;
  await openLobby(poster.page);
  await poster.page.waitForSelector(`#lobby-list [data-id="${id}"]`);
  assert.equal(await poster.page.locator(`#lobby-list [data-id="${id}"]`).textContent(), 'Alice13 pieces · 2 players · No clock · free seats: 1Your game');
  assert.equal(await poster.page.locator(`#lobby-list [data-take="${id}"]`).count(), 0);
  assert.equal(poster.requests.filter((url) => url.endsWith('/api/v1/lobby/events')).length, 1, 'one stream followed');
  await poster.page.click('#online-games-dialog [data-close]');
  await poster.context.close();
});

test('a name with markup in the lobby, even from a server that let it through, stays text', async () => {
  const poster = await device();
  await createGame(poster.page, { name: 'Alice', post: true });
  const id = (await serverGame(env, poster.page)).id;
  const games = (await (await fetch(new URL('api/v1/lobby', env.server.url))).json()).games.filter((game) => game.id === id);
  const HOSTILE = '<img src=x onerror="window.__pwned=1">';
  games[0].seats.w.name = HOSTILE;
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  watchConsole(env, page);
  await page.route('**/api/v1/lobby', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ games }) }));
  await page.goto(env.server.url);
  await page.waitForSelector('body[data-ready]');
  await openLobby(page);
  assert.equal(await page.locator('#lobby-list .lobby-who').first().textContent(), HOSTILE);
  assert.equal(await page.locator('#lobby-list button[data-take]').first().getAttribute('aria-label'), `Play with ${HOSTILE}`);
  assert.equal(await page.locator('#online-games-dialog img').count(), 0);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  const { violations } = await new AxeBuilder({ page }).include('#online-games-dialog').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  assert.deepEqual(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id), []);
  await context.close();
  await poster.context.close();
});

test('a name the server refuses when taking a seat is said, and the seat is not taken', async () => {
  const poster = await device();
  await createGame(poster.page, { post: true });
  const id = (await serverGame(env, poster.page)).id;
  const taker = await device('', { expectErrors: [/status of 422 .*\/join\)$/] });
  await openLobby(taker.page);
  await taker.page.fill('#lobby-name', 'Bob<');
  await taker.page.click(`#lobby-list button[data-take="${id}"]`);
  await taker.page.waitForSelector('#lobby-error:not([hidden])');
  assert.match(await taker.page.locator('#lobby-error').textContent(), /^This name cannot be used: /);
  assert.equal(await taker.page.locator('#online-games-dialog').getAttribute('open'), '');
  assert.equal((await serverGame(env, poster.page)).seats.b.joined, false);
  assert.equal(await status(taker.page), 'Your turn', 'the local game is still on');
  for (const { context } of [poster, taker]) await context.close();
});
