// Online play through the page (docs/WEB.md, "Online play"): a watcher, a
// clock running out, a draw by agreement, a rematch with the colours
// swapped, a resignation, the seat kept on the device, and a page served
// without the API.  The whole game, a dropped connection and reloads are
// online-game.test.mjs.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { setup, click, idle, ready, square, twoPlayers } from './harness.mjs';
import { createGame, device as openDevice, enter, moveCount, onlineNote, serverGame as gameOf, waitMoves } from './online-harness.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

const device = (...args) => openDevice(env, ...args);
const serverGame = (page) => gameOf(env, page);

test('a watcher cannot move, and is told so; no resign, abort or draw is offered to them', async () => {
  const white = await device();
  const link = await createGame(white.page);
  const black = await device(link);
  const watcher = await device(new URL(link).hash.replace(/&invite=.*/, ''), { storage: {} });
  assert.equal(await onlineNote(watcher.page), 'You are watching this game.');
  await click(watcher.page, 'o2');
  assert.equal(await watcher.page.locator('#message').textContent(), 'You are watching this game.');
  for (const id of ['resign', 'online-offer-draw', 'online-accept-draw', 'online-decline-draw']) assert.equal(await watcher.page.isVisible(`#${id}`), false, `no #${id} to a watcher`);
  assert.equal(await white.page.isVisible('#resign'), true, 'the players keep theirs');
  await click(black.page, 'b15');
  assert.equal(await black.page.locator('#message').textContent(), "It is your friend's turn.");
  for (const { context } of [white, black, watcher]) await context.close();
});

test('a clock runs out: the server ends the game on time, and both clocks show it', async () => {
  const white = await device();
  const link = await createGame(white.page, { clock: 'custom', minutes: 0.25, increment: 0 });
  const black = await device(link);
  await white.page.waitForFunction(() => document.getElementById('online-invite').hidden);
  assert.equal(await white.page.locator('#clock-w').textContent(), '0:15');
  assert.equal(await black.page.locator('#clock-b').textContent(), '0:15');
  await enter(white.page, 'o2-m4');
  await waitMoves(black.page, 1);
  // Black's clock runs (it counts down on the page between events)...
  await black.page.waitForFunction(() => document.getElementById('clock-b').textContent !== '0:15', null, { timeout: 10000 });
  assert.equal(await black.page.locator('#clock-b.running').count(), 1);
  // ... until the server says it ran out.
  for (const page of [white.page, black.page]) await page.waitForSelector('#end-dialog[open]', { timeout: 40000 });
  assert.equal(await white.page.locator('#end-title').textContent(), 'You win!');
  assert.equal(await black.page.locator('#end-text').textContent(), 'Black ran out of time.');
  assert.equal(await black.page.locator('#clock-b').textContent(), '0:00.0');
  assert.deepEqual((await serverGame(white.page)).result, { winner: 'w', reason: 'time' });
  for (const { errors, context } of [white, black]) {
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('a draw declined (a line on both cards), one offered and accepted, a rematch with the colours swapped, a resignation, the record', async () => {
  const first = await device(); // plays Black in the first game
  const link = await createGame(first.page, { seat: 'b' });
  const second = await device(link);
  assert.match(await second.page.locator('#player-bottom').textContent(), /White · You/);
  await enter(second.page, 'o2-m4');
  await waitMoves(first.page, 1);
  await enter(first.page, 'b15-d13');
  await waitMoves(second.page, 2);

  await first.page.click('#online-offer-draw');
  await second.page.waitForSelector('#online-decline-draw:not([hidden])');
  await second.page.click('#online-decline-draw');
  await second.page.waitForFunction(() => document.getElementById('online-note').textContent === 'You declined the draw.');
  await first.page.waitForFunction(() => document.getElementById('online-note').textContent === 'The draw offer was declined.');
  assert.equal(await first.page.locator('#message').textContent(), 'The draw offer was declined.');

  await first.page.click('#online-offer-draw');
  await first.page.waitForFunction(() => document.getElementById('online-note').textContent.startsWith('You offered a draw'));
  await second.page.waitForSelector('#online-accept-draw:not([hidden])');
  assert.equal(await onlineNote(second.page), 'Your friend offers a draw.');
  await second.page.click('#online-accept-draw');
  for (const page of [first.page, second.page]) {
    await page.waitForSelector('#end-dialog[open]');
    assert.equal(await page.locator('#end-title').textContent(), 'Draw by agreement');
  }
  await first.page.waitForTimeout(600); // as long as a declined offer waits to be said
  for (const page of [first.page, second.page]) assert.doesNotMatch(await onlineNote(page), /declined/, 'an agreed draw is not a declined one');
  assert.deepEqual((await serverGame(first.page)).result, { winner: null, reason: 'agreement' });
  const oldId = (await serverGame(first.page)).id;

  // The rematch: asked from the end dialog, taken from the card.
  await first.page.click('#end-rematch');
  await first.page.waitForFunction((old) => !location.hash.includes(old), oldId);
  await second.page.click('#end-dialog [data-close]');
  await second.page.waitForFunction(() => document.getElementById('online-rematch').textContent === 'Play the rematch');
  assert.equal(await onlineNote(second.page), 'Your friend wants a rematch, with the colours swapped.');
  await second.page.click('#online-rematch');
  await second.page.waitForFunction((old) => !location.hash.includes(old), oldId);
  await first.page.waitForFunction(() => document.getElementById('status-line').textContent === 'Your turn');
  assert.match(await first.page.locator('#player-bottom').textContent(), /White · You/, 'colours swapped');
  // The hash changes before the rematch has loaded: wait for its board.
  await second.page.waitForFunction(() => /Black · You/.test(document.getElementById('player-bottom').textContent));
  assert.equal(await moveCount(first.page), 0);
  await enter(first.page, 'o2-m4');
  await waitMoves(second.page, 1);
  // Both have moved: a resignation, not an abort.
  await enter(second.page, 'b15-d13');
  await waitMoves(first.page, 2);

  await second.page.click('#resign');
  await second.page.click('#confirm-yes');
  for (const page of [first.page, second.page]) await page.waitForSelector('#end-dialog[open]');
  assert.equal(await first.page.locator('#end-title').textContent(), 'You win!');
  assert.equal(await second.page.locator('#end-text').textContent(), 'Black resigned.');
  assert.deepEqual((await serverGame(second.page)).result, { winner: 'w', reason: 'resign' });

  await second.page.click('#end-export');
  const record = await second.page.inputValue('#export-text');
  assert.match(record, /\[Result "1-0"\]/);
  assert.match(record, /1\. o2-m4/);
  for (const { errors, context } of [first, second]) {
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('closing the tab and opening the link again returns the player to the seat', async () => {
  const white = await device();
  const link = await createGame(white.page);
  const black = await device(link);
  const seats = await black.page.evaluate(() => localStorage.getItem('halma.online.v1'));
  await black.page.close();
  const again = await black.context.newPage();
  await again.goto(link); // the invite is spent: the seat comes from this device
  await ready(again);
  assert.match(await again.locator('#player-bottom').textContent(), /Black · You/);
  assert.equal(await again.evaluate(() => localStorage.getItem('halma.online.v1')), seats);
  await enter(white.page, 'o2-m4');
  await waitMoves(again, 1);
  await enter(again, 'b15-d13');
  await waitMoves(white.page, 2);
  for (const { context } of [white, black]) await context.close();
});

test('the online card and the dialog pass axe in both themes', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const white = await device('', { colorScheme });
    await createGame(white.page);
    const { violations } = await new AxeBuilder({ page: white.page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${colorScheme}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    await white.page.click('#new-game');
    await white.page.check('#new-game-form input[name="clock"][value="custom"]');
    const dialog = await new AxeBuilder({ page: white.page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    serious.push(...dialog.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${colorScheme} dialog: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`));
    assert.deepEqual(serious, []);
    await white.context.close();
  }
});

// ---- a static host: the page's files and nothing else ----------------------

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.json': 'application/json', '.css': 'text/css', '.wasm': 'application/wasm', '.svg': 'image/svg+xml', '.webmanifest': 'application/manifest+json' };

function staticHost(root) {
  const server = createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname)).replace(/^\/+/, '');
    try {
      const body = await readFile(join(root, path.endsWith('/') || path === '' ? `${path}index.html` : path));
      response.writeHead(200, { 'Content-Type': TYPES[extname(path) || '.html'] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404, { 'Content-Type': 'text/html' });
      response.end('<h1>Not found</h1>');
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

test('a page served without the API says online play needs halma serve and offers the rest', async () => {
  const host = await staticHost(new URL('../../build/web/', import.meta.url).pathname);
  const url = `http://127.0.0.1:${host.address().port}/`;
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const page = await context.newPage();
  try {
    // A link to a game: the local game instead, and why.
    await page.goto(`${url}#game=AAAAAAAAAAAA`);
    await ready(page);
    assert.match(await page.locator('#message').textContent(), /Online play needs the game's own server \(halma serve\)/);
    assert.equal(await page.locator('#online').isHidden(), true);
    // The link's answer told the page: the dialog says so at once.
    await page.click('#new-game');
    await twoPlayers(page); // online play is among the two-player choices
    await page.waitForSelector('#online-unavailable:not([hidden])');
    assert.match(await page.locator('#online-unavailable').textContent(), /needs the game's own server \(halma serve\)/);
    assert.equal(await page.locator('#new-game-form input[name="mode"][value="online"]').isDisabled(), true);
    // Three or four: the same, beside their "Where".
    await page.check('#new-game-form input[name="players"][value="4"]');
    assert.equal(await page.locator('#new-game-form input[name="where"][value="online"]').isDisabled(), true);
    assert.match(await page.locator('#online-unavailable-many').textContent(), /needs the game's own server/);
    assert.equal(await page.locator('#online-unavailable-many').isVisible(), true);
    await page.check('#new-game-form input[name="players"][value="2"]');
    await page.click('#new-game-dialog [data-close]');
    // A page that has asked the server nothing yet learns it on Start.
    await page.goto(url);
    await ready(page);
    await page.click('#new-game');
    await twoPlayers(page);
    await page.check('#new-game-form input[name="mode"][value="online"]');
    await page.click('#new-game-form button[type="submit"]');
    await page.waitForSelector('#online-unavailable:not([hidden])');
    assert.equal(await page.locator('#new-game-form input[name="mode"][value="online"]').isDisabled(), true);
    assert.equal(await page.locator('#new-game-form input[name="mode"][value="friends"]').isChecked(), true);
    // The rest is there: a game against the computer starts.
    await page.check('#new-game-form input[name="mode"][value="computer"]');
    await page.click('#new-game-form button[type="submit"]');
    await idle(page);
    await click(page, 'n4');
    await click(page, 'm5');
    await page.waitForFunction(() => document.querySelectorAll('#move-list button[data-ply]').length === 2, null, { timeout: 15000 });
    assert.equal(await square(page, 'm5').getAttribute('data-piece'), 'w');
  } finally {
    await context.close();
    host.close();
  }
});
