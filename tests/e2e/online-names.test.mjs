// Names online: given once in the new-game dialog or asked by an invite
// link (kept in the browser, sent on creating and joining), shown to the
// other seats and to spectators, an unnamed seat called by its colour,
// refused clearly when the server refuses them, and never read as markup,
// even from a server that let one through.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import { ready, setup, status, watchConsole } from './harness.mjs';
import { FAST, connected, createGame, device as openDevice, fillDialog, serverGame } from './online-harness.mjs';
import { createMultiGame, gameById, gameIdOf, inviteLinks } from './online-multi-harness.mjs';
import { barMisfits, seatMisfits } from './multi-harness.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

const device = (...args) => openDevice(env, ...args);
const watchLink = (link) => new URL(link).hash.replace(/&invite=.*/, '');
const bars = (page) => page.evaluate(() => ['player-top', 'player-bottom'].map((id) => document.querySelector(`#${id} .player-name`).textContent));
const NAMED = (name) => ({ ...FAST, 'halma.name.v1': name });

async function exported(page) {
  await page.click('#export');
  const text = await page.inputValue('#export-text');
  await page.click('#export-dialog [data-close]');
  return text;
}

test('a name given once is shown to the other seat and to spectators, kept for the next game, and written in the record', async () => {
  const white = await device();
  const link = await createGame(white.page, { name: 'Alice' });
  const black = await device(link, { storage: NAMED("Bo O'Neill") });
  await connected(black.page);
  const spectator = await device(watchLink(link), { storage: {} });
  await connected(spectator.page);
  await white.page.waitForFunction(() => document.querySelector('#player-top .player-name').textContent === "Black · Bo O'Neill");
  assert.deepEqual(await bars(white.page), ["Black · Bo O'Neill", 'White · You']);
  assert.deepEqual(await bars(black.page), ['White · Alice', 'Black · You']);
  assert.deepEqual(await bars(spectator.page), ["Black · Bo O'Neill", 'White · Alice']);
  assert.equal(await status(black.page), 'Alice to move');
  assert.deepEqual(Object.fromEntries(Object.entries((await serverGame(env, white.page)).seats).map(([side, seat]) => [side, seat.name])), { w: 'Alice', b: "Bo O'Neill" });
  assert.match(await exported(spectator.page), /\[White "Alice"\]\n\[Black "Bo O'Neill"\]/);
  // The next game's dialog starts from the name given.
  await fillDialog(white.page);
  assert.equal(await white.page.inputValue('#online-name'), 'Alice');
  await white.page.click('#new-game-dialog [data-close]');
  for (const { context } of [white, black, spectator]) await context.close();
});

// Sorted: each person's page turns the board to put their seat at the bottom.
const names = (page) => page.$$eval('.player-bar .player-name', (shown) => shown.map((name) => name.textContent).sort());

test('an invite link asks the name, offering the one kept, and keeps it; an unnamed friend is called by their colour, to the players and to a spectator', async () => {
  const host = await device('', { storage: NAMED('Ann') });
  await createMultiGame(host.page, { players: 3, seats: { w: 'you', r: 'person', b: 'person' } });
  const id = await gameIdOf(host.page);
  const links = await inviteLinks(host.page);

  // Red opens the link with nothing kept: asked, the field empty.
  const red = await device(links.r.link, { answer: false, expectErrors: [/status of 422 .*\/join\)$/] });
  await red.page.waitForSelector('#join-dialog[open]');
  assert.equal(await red.page.locator('#join-title').textContent(), 'Join the game');
  assert.equal(await red.page.locator('#join-text').textContent(), 'Ann invites you to a game of 3 players.');
  assert.equal(await red.page.inputValue('#join-name'), '');
  const { violations } = await new AxeBuilder({ page: red.page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  assert.deepEqual(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id), [], 'axe on the question');
  // A name the server refuses is said, and asked again; the seat stays free.
  await red.page.fill('#join-name', 'Tom & Jerry');
  await red.page.click('#join-dialog button[type="submit"]');
  await red.page.waitForSelector('#join-name-error:not([hidden])');
  assert.match(await red.page.locator('#join-name-error').textContent(), /^This name cannot be used: /);
  assert.equal(await red.page.locator('#join-name').getAttribute('aria-invalid'), 'true');
  assert.equal(await red.page.inputValue('#join-name'), 'Tom & Jerry');
  assert.equal((await gameById(env, id)).seats.r.joined, false);
  await red.page.fill('#join-name', 'Bea');
  await red.page.click('#join-dialog button[type="submit"]');
  await ready(red.page);
  await connected(red.page);
  assert.equal(await red.page.evaluate(() => localStorage.getItem('halma.name.v1')), 'Bea', 'kept for the next game');

  // Black has a name kept: offered; cleared, the seat is taken without one.
  const black = await device(links.b.link, { storage: NAMED('Cid'), answer: false });
  await black.page.waitForSelector('#join-dialog[open]');
  assert.equal(await black.page.inputValue('#join-name'), 'Cid');
  await black.page.fill('#join-name', '');
  await black.page.click('#join-dialog button[type="submit"]');
  await ready(black.page);
  await connected(black.page);
  const game = await gameById(env, id);
  assert.deepEqual([game.status, game.seats.r.name, game.seats.b.name], ['ongoing', 'Bea', null]);

  // Every page: Red by her name, Black by his colour alone; no "Your
  // friend", no "Player 2".
  const spectator = await device(watchLink(links.r.link), { storage: {} });
  await connected(spectator.page);
  await host.page.waitForFunction(() => [...document.querySelectorAll('.player-bar .player-name')].some((name) => name.textContent === 'Red · Bea'));
  assert.deepEqual(await names(host.page), ['Black', 'Red · Bea', 'White · You']);
  assert.deepEqual(await names(spectator.page), ['Black', 'Red · Bea', 'White · Ann']);
  assert.deepEqual(await names(red.page), ['Black', 'Red · You', 'White · Ann']);
  assert.deepEqual(await names(black.page), ['Black · You', 'Red · Bea', 'White · Ann']);
  for (const { context } of [host, red, black, spectator]) await context.close();
});

test('two online: a spectator calls unnamed seats by their colours, not Player 1 and 2', async () => {
  const white = await device();
  const link = await createGame(white.page);
  const black = await device(link);
  await connected(black.page);
  const spectator = await device(watchLink(link), { storage: {} });
  await connected(spectator.page);
  assert.deepEqual(await names(spectator.page), ['Black', 'White']);
  assert.deepEqual(await names(white.page), ['Black · Your friend', 'White · You'], 'to a player, the one friend is theirs');
  for (const { context } of [white, black, spectator]) await context.close();
});

test('a name the server refuses is said beside the field, and no game is made', async () => {
  const white = await device('', { expectErrors: [/status of 422 .*\/api\/v1\/games\)$/] });
  const created = [];
  white.page.on('response', (response) => response.url().endsWith('/api/v1/games') && created.push(response.status()));
  await fillDialog(white.page, { name: '<img src=x onerror="window.__pwned=1">' });
  await white.page.click('#new-game-form button[type="submit"]');
  await white.page.waitForSelector('#online-name-error:not([hidden])');
  assert.match(await white.page.locator('#online-name-error').textContent(), /^This name cannot be used: a name has letters, digits, spaces and - _ \. ' only/);
  assert.equal(await white.page.locator('#online-name').getAttribute('aria-invalid'), 'true');
  assert.equal(await white.page.locator('#online-error').isVisible(), false);
  assert.equal(await white.page.locator('#new-game-dialog').getAttribute('open'), '', 'the dialog stays open');
  assert.deepEqual(created, [422]);
  assert.equal(await white.page.evaluate(() => location.hash), '');
  assert.equal(await white.page.evaluate(() => localStorage.getItem('halma.name.v1')), null, 'a refused name is not kept');
  // Mended, the same dialog makes the game.
  await white.page.fill('#online-name', 'Alice');
  await white.page.click('#new-game-form button[type="submit"]');
  await white.page.waitForSelector('#online-invite:not([hidden])');
  assert.deepEqual(created, [422, 201]);
  await white.context.close();
});

const HOSTILE = '<img src=x onerror="window.__pwned=1">';

/** Serves the spectator a game whose seat names a server should have
 * refused: the GET and the stream's first event. */
async function forgeNames(page, env, id) {
  const game = await (await fetch(new URL(`api/v1/games/${id}`, env.server.url))).json();
  game.seats.w.name = HOSTILE;
  game.seats.b.name = `</span><b id="bold">${HOSTILE}`;
  await page.route(`**/api/v1/games/${id}`, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(game) }));
  await page.route(`**/api/v1/games/${id}/events`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/event-stream', body: `retry: 3600000\nid: 1\nevent: game\ndata: ${JSON.stringify(game)}\n\n` }),
  );
}

test('a name with markup, even from a server that let it through, is shown as text on the game, the spectator view and the record', async () => {
  const white = await device();
  const link = await createGame(white.page, { name: 'Alice' });
  const id = new URLSearchParams(new URL(link).hash.slice(1)).get('game');
  const black = await device(link);
  await connected(black.page);
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  watchConsole(env, page);
  await forgeNames(page, env, id);
  await page.goto(new URL(watchLink(link), env.server.url).href);
  await page.waitForSelector('body[data-ready]');
  await page.waitForFunction(() => document.querySelector('#player-top .player-name')?.textContent.includes('onerror'));
  assert.deepEqual(await bars(page), [`Black · </span><b id="bold">${HOSTILE}`, `White · ${HOSTILE}`]);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.equal(await page.locator('img[src="x"], #bold').count(), 0);
  assert.match(await exported(page), /\[White "<img src=x onerror= window.__pwned=1 >"\]/);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  await context.close();
  for (const { context: c } of [white, black]) await c.close();
});

test('four online on a phone both ways up: every seat\'s name of 24 code points and its clock read whole, in every language, to a player and to a spectator', async () => {
  const names = { w: 'Wilhelmina Wojciechowska', r: 'Świętosława Wąsowiczówna', b: 'Maximilian Wolfgang Ørum', y: 'Bartholomew Wentworthson' };
  const phone = { viewport: { width: 390, height: 844 }, phone: true };
  const host = await device('', phone);
  await createMultiGame(host.page, { seats: { w: 'you', r: 'person', b: 'person', y: 'person' }, clock: '10+5', name: names.w });
  const links = await inviteLinks(host.page);
  for (const side of ['r', 'b', 'y']) {
    const hash = new URLSearchParams(new URL(links[side].link).hash.slice(1));
    const response = await fetch(new URL(`api/v1/games/${hash.get('game')}/join`, env.server.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ invite: hash.get('invite'), name: names[side] }) });
    assert.equal(response.status, 200);
  }
  const watcher = await device(watchLink(links.r.link), { ...phone, storage: FAST });
  const barsText = (page) => page.locator('#player-top, #player-bottom').allTextContents().then((texts) => texts.join(' '));
  await watcher.page.waitForFunction((all) => all.every((name) => (document.getElementById('player-top').textContent + document.getElementById('player-bottom').textContent).includes(name)), Object.values(names));
  await host.page.waitForFunction((name) => document.getElementById('player-top').textContent.includes(name), names.b);
  for (const { page } of [host, watcher]) {
    for (const [width, height] of [[390, 844], [844, 390]]) {
      await page.setViewportSize({ width, height });
      for (const language of ['en', 'it', 'nb', 'cs']) {
        await page.selectOption('#language', language);
        assert.equal(await page.locator('.player-bar .clock').count(), 4);
        assert.deepEqual(await seatMisfits(page), [], `${width}x${height} ${language}: ${await barsText(page)}`);
      }
    }
  }
  for (const { context } of [host, watcher]) await context.close();
});

test('two online on a phone both ways up: both names of 24 code points and both clocks read whole, in every language', async () => {
  const phone = { viewport: { width: 390, height: 844 }, phone: true };
  const host = await device('', phone);
  const link = await createGame(host.page, { name: 'Wilhelmina Wojciechowska', clock: '10+5' });
  const hash = new URLSearchParams(new URL(link).hash.slice(1));
  const response = await fetch(new URL(`api/v1/games/${hash.get('game')}/join`, env.server.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ invite: hash.get('invite'), name: 'Maximilian Wolfgang Ørum' }) });
  assert.equal(response.status, 200);
  const watcher = await device(watchLink(link), { ...phone, storage: FAST });
  await watcher.page.waitForFunction(() => document.getElementById('player-top').textContent.includes('Maximilian'));
  await host.page.waitForFunction(() => document.getElementById('player-top').textContent.includes('Maximilian'));
  for (const { page } of [host, watcher]) {
    for (const [width, height] of [[390, 844], [844, 390]]) {
      await page.setViewportSize({ width, height });
      for (const language of ['en', 'it', 'nb', 'cs']) {
        await page.selectOption('#language', language);
        assert.deepEqual(await barMisfits(page), [], `${width}x${height} ${language}`);
      }
    }
  }
  for (const { context } of [host, watcher]) await context.close();
});
