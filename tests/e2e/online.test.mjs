// Online play through the page (docs/WEB.md, "Online play"): two browser
// contexts (two devices) play a whole game from a link while a third
// watches; a dropped connection, reloads, a clock running out, a draw by
// agreement, a rematch with the colours swapped, a resignation, and a page
// served without the API.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { setup, click, idle, ready, square, moveList, status } from './harness.mjs';
import { WHOLE_GAME_13 } from '../lib/online-game.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

const FAST = { 'halma.settings.v1': JSON.stringify({ animation: 'none' }) };

/** A device: a fresh context opening `url` ('' for the page itself).
 * {page, context, errors, requests}: requests collects every URL asked. */
async function device(url = '', { storage = FAST, colorScheme = 'light' } = {}) {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', colorScheme });
  await context.addInitScript((entries) => {
    if (sessionStorage.getItem('halma-test-seeded')) return;
    sessionStorage.setItem('halma-test-seeded', '1');
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, storage);
  const page = await context.newPage();
  const errors = [];
  const requests = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  context.on('request', (request) => requests.push(request.url()));
  await page.goto(new URL(url, env.server.url).href);
  await ready(page);
  return { page, context, errors, requests };
}

/** Creates an online game through the new-game dialog; returns the link to send. */
async function createGame(page, { variant = 13, seat = 'w', clock = 'none', minutes = null, increment = null } = {}) {
  await page.click('#new-game');
  await page.check(`#new-game-form input[name="variant"][value="${variant}"]`);
  await page.check('#new-game-form input[name="mode"][value="online"]');
  await page.check(`#new-game-form input[name="seat"][value="${seat}"]`);
  await page.check(`#new-game-form input[name="clock"][value="${clock}"]`);
  if (minutes !== null) await page.fill('#clock-minutes', String(minutes));
  if (increment !== null) await page.fill('#clock-increment', String(increment));
  await page.click('#new-game-form button[type="submit"]');
  await page.waitForSelector('#online-invite:not([hidden])');
  return page.inputValue('#online-link');
}

const moveCount = (page) => page.locator('#move-list button[data-ply]').count();

/** Waits until the page's game has n moves (moves the server accepted). */
async function waitMoves(page, n, timeout = 20000) {
  await page.waitForFunction((count) => document.querySelectorAll('#move-list button[data-ply]').length === count, n, { timeout });
  await idle(page);
}

/** Enters a move by clicking its squares, hop by hop; "Stop here" ends a
 * chain that could go on. */
async function enter(page, path) {
  for (const name of path.split('-')) await click(page, name);
  if (await page.locator('#stop-chain').isVisible()) {
    await page.click('#stop-chain');
    await idle(page);
  }
}

/** The game as the server has it. */
async function serverGame(page) {
  const id = new URLSearchParams((await page.evaluate(() => location.hash)).slice(1)).get('game');
  const response = await fetch(new URL(`api/v1/games/${id}`, env.server.url));
  return response.json();
}

const onlineNote = (page) => page.locator('#online-note').textContent();
const connected = (page) => page.waitForSelector('#online-connection[data-state="connected"]');

test('two devices play a whole game from a link while a third watches; a dropped connection and reloads lose nothing', async () => {
  const white = await device();
  const link = await createGame(white.page);
  const { invite, game: id } = Object.fromEntries(new URLSearchParams(new URL(link).hash.slice(1)));
  assert.ok(invite && id, link);
  assert.equal(new URL(link).search, '', 'the invite is in the fragment only');
  assert.equal(await status(white.page), 'Waiting for your friend');

  const black = await device(link);
  assert.equal(await black.page.evaluate(() => location.hash), `#game=${id}`, 'the spent invite leaves the address bar');
  assert.match(await black.page.locator('#player-bottom').textContent(), /Black · You/, 'seated as Black, Black at the bottom');
  await white.page.waitForFunction(() => document.getElementById('online-invite').hidden);
  assert.equal(await status(white.page), 'Your turn');
  assert.match(await white.page.locator('#player-top').textContent(), /Your friend.*online/);

  // A third device opens the same link: the seats are taken, it watches,
  // with the moves animated as they are played.
  const watcher = await device(link, { storage: {} });
  assert.equal(await onlineNote(watcher.page), 'Both seats of this game are taken: you are watching it.');
  await connected(watcher.page);

  const pages = [white.page, black.page, watcher.page];
  const everyone = (n) => Promise.all(pages.map((page) => waitMoves(page, n)));
  for (let i = 0; i < WHOLE_GAME_13.length; i++) {
    const mover = i % 2 === 0 ? white : black;
    const move = WHOLE_GAME_13[i];
    if (i === 20) {
      // White loses the connection, moves, and gets it back: the move waits
      // as sent (not played) and lands exactly once.
      await mover.context.setOffline(true);
      await enter(mover.page, move);
      assert.equal(await status(mover.page), 'Sending your move…');
      assert.equal(await moveCount(mover.page), 20, 'not shown as played before the server has it');
      assert.equal(await mover.page.evaluate(() => document.body.classList.contains('move-sent')), true);
      assert.equal((await serverGame(mover.page)).ply, 20);
      await mover.page.waitForTimeout(1500); // a resend or two fails meanwhile
      await mover.context.setOffline(false);
      await everyone(21);
      const game = await serverGame(mover.page);
      assert.equal(game.ply, 21);
      assert.equal(game.moves[20], move);
      await connected(mover.page);
      continue;
    }
    if (i === 40) {
      // Both players reload (one while it is their turn) and carry on in their seats.
      await Promise.all([white.page.reload(), black.page.reload()]);
      await Promise.all([ready(white.page), ready(black.page)]);
      await everyone(40);
      assert.equal(await status(white.page), 'Your turn');
      assert.equal(await status(black.page), "Your friend's turn");
    }
    if (i === 3) {
      const animated = watcher.page.waitForSelector('.board.animating', { timeout: 10000 });
      await enter(mover.page, move);
      await animated;
    } else {
      await enter(mover.page, move);
    }
    await everyone(i + 1);
    if (i === 3) {
      assert.deepEqual(await moveList(watcher.page), await moveList(black.page));
      assert.equal(await watcher.page.locator('.path-last').count(), 1, 'the last move is marked');
    }
  }
  for (const page of [white.page, black.page]) await page.waitForSelector('#end-dialog[open]');
  assert.equal(await white.page.locator('#end-title').textContent(), 'Your friend wins');
  assert.equal(await black.page.locator('#end-title').textContent(), 'You win!');
  assert.equal(await status(watcher.page), 'Black wins!');
  const game = await serverGame(white.page);
  assert.deepEqual(game.result, { winner: 'b', reason: 'goal' });
  assert.equal(game.moves.length, WHOLE_GAME_13.length);

  // The watcher cannot move; no token ever went into an address.
  await watcher.page.keyboard.press('Escape');
  const tokens = await Promise.all([white, black].map(({ page }) => page.evaluate(() => Object.values(JSON.parse(localStorage.getItem('halma.online.v1'))).map((s) => s.token))));
  for (const { requests } of [white, black, watcher]) {
    for (const token of tokens.flat()) assert.ok(!requests.some((url) => url.includes(token)), 'a token in a URL');
  }
  for (const { errors, context } of [white, black, watcher]) {
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('a watcher cannot move, and is told so', async () => {
  const white = await device();
  const link = await createGame(white.page);
  const black = await device(link);
  const watcher = await device(new URL(link).hash.replace(/&invite=.*/, ''), { storage: {} });
  assert.equal(await onlineNote(watcher.page), 'You are watching this game.');
  await click(watcher.page, 'o2');
  assert.equal(await watcher.page.locator('#message').textContent(), 'You are watching this game.');
  assert.equal(await watcher.page.locator('#resign').isDisabled(), true);
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
  assert.equal(await black.page.locator('#clock-b').textContent(), '0:00');
  assert.deepEqual((await serverGame(white.page)).result, { winner: 'w', reason: 'time' });
  for (const { errors, context } of [white, black]) {
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('a draw offered and accepted, a rematch with the colours swapped, a resignation, the record', async () => {
  const first = await device(); // plays Black in the first game
  const link = await createGame(first.page, { seat: 'b' });
  const second = await device(link);
  assert.match(await second.page.locator('#player-bottom').textContent(), /White · You/);
  await enter(second.page, 'o2-m4');
  await waitMoves(first.page, 1);
  await enter(first.page, 'b15-d13');
  await waitMoves(second.page, 2);

  await first.page.click('#online-offer-draw');
  await first.page.waitForFunction(() => document.getElementById('online-note').textContent.startsWith('You offered a draw'));
  await second.page.waitForSelector('#online-accept-draw:not([hidden])');
  assert.equal(await onlineNote(second.page), 'Your friend offers a draw.');
  await second.page.click('#online-accept-draw');
  for (const page of [first.page, second.page]) {
    await page.waitForSelector('#end-dialog[open]');
    assert.equal(await page.locator('#end-title').textContent(), 'Draw by agreement');
  }
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
  assert.match(await second.page.locator('#player-bottom').textContent(), /Black · You/);
  assert.equal(await moveCount(first.page), 0);
  await enter(first.page, 'o2-m4');
  await waitMoves(second.page, 1);

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
    await page.click('#new-game');
    await page.check('#new-game-form input[name="mode"][value="online"]');
    await page.waitForSelector('#online-unavailable:not([hidden])');
    assert.match(await page.locator('#online-unavailable').textContent(), /needs the game's own server \(halma serve\)/);
    assert.equal(await page.locator('#new-game-form input[name="mode"][value="online"]').isDisabled(), true);
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
