// "Your games": every game this browser holds a seat in, ongoing first with
// whose move it is, finished ones with their results, each a link back;
// kept in the browser, so it shows after a reload and offline.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { setup } from './harness.mjs';
import { FAST, answerJoin, connected, createGame, device as openDevice, enter, serverGame, waitMoves } from './online-harness.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

const device = (...args) => openDevice(env, ...args);
const NAMED = (name) => ({ ...FAST, 'halma.name.v1': name });
const listed = (page) => page.$$eval('#your-games .your-game', (items) => items.map((item) => `${item.querySelector('a').textContent} | ${item.querySelector('.your-game-state').textContent}`));

async function openList(page) {
  await page.click('#online-games');
  await page.waitForSelector('#online-games-dialog[open]');
}

test('Your games lists ongoing games first with whose move it is, then finished ones with results; after a reload, offline too', async () => {
  const alice = await device('', { storage: NAMED('Alice') });
  const bob = await device('', { storage: NAMED('Bob') });
  // A finished game: Bob resigns it.
  const first = await createGame(alice.page);
  await bob.page.goto(first);
  await answerJoin(bob.page, { asked: true });
  await connected(bob.page);
  await enter(alice.page, 'o2-m4');
  await waitMoves(bob.page, 1);
  await enter(bob.page, 'b15-d13');
  await waitMoves(alice.page, 2);
  await bob.page.click('#resign');
  await bob.page.click('#confirm-yes');
  await bob.page.waitForSelector('#end-dialog[open]');
  await bob.page.click('#end-dialog [data-close]');
  const finished = (await serverGame(env, bob.page)).id;
  // An ongoing game, Alice to move in it.
  await alice.page.click('#end-dialog [data-close]');
  const second = await createGame(alice.page);
  await bob.page.goto(second);
  await answerJoin(bob.page, { asked: true });
  await connected(bob.page);
  await alice.page.waitForFunction(() => document.getElementById('status-line').textContent === 'Your turn');
  const ongoing = (await serverGame(env, bob.page)).id;
  // Bob leaves for his local game; Alice moves meanwhile.
  await bob.page.goto(env.server.url);
  await bob.page.waitForSelector('body[data-ready]');
  await enter(alice.page, 'o2-m4');
  await waitMoves(alice.page, 1);
  await openList(bob.page);
  await bob.page.waitForFunction(() => document.querySelector('#your-games .your-game')?.textContent.includes('Your move'));
  assert.deepEqual(await listed(bob.page), ['Game with Alice | 13 pieces · Your move', 'Game with Alice | 13 pieces · You lost']);
  assert.deepEqual(await bob.page.$$eval('#your-games a', (links) => links.map((a) => a.getAttribute('href'))), [`#game=${ongoing}`, `#game=${finished}`]);
  await bob.page.click('#online-games-dialog [data-close]');
  // After a reload, and with the network gone, the list is still there.
  await bob.page.reload();
  await bob.page.waitForSelector('body[data-ready]');
  await bob.context.setOffline(true);
  await openList(bob.page);
  assert.deepEqual(await listed(bob.page), ['Game with Alice | 13 pieces · Your move', 'Game with Alice | 13 pieces · You lost']);
  assert.match(await bob.page.locator('#lobby-error').textContent(), /cannot be reached/, 'the lobby says why it is empty');
  await bob.page.click('#online-games-dialog [data-close]');
  await bob.context.setOffline(false);
  // Alice's list, seen from her side.
  await openList(alice.page);
  await alice.page.waitForFunction(() => document.querySelectorAll('#your-games .your-game').length === 2);
  assert.deepEqual(await listed(alice.page), ['Game with Bob | 13 pieces · Bob to move', 'Game with Bob | 13 pieces · You won']);
  // Every row alike, as the lobby's: who on a line, where the game stands on the next.
  const uneven = await alice.page.$$eval('#your-games .your-game', (items) => items.flatMap((item) => {
    const [who, state] = [item.querySelector('a'), item.querySelector('.your-game-state')].map((part) => part.getBoundingClientRect());
    return state.top >= who.bottom - 0.5 && Math.abs(state.left - who.left) < 0.5 ? [] : [item.textContent];
  }));
  assert.deepEqual(uneven, []);
  // A link takes the player back to the game, seated.
  await openList(bob.page).catch(() => {});
  await bob.page.waitForSelector('#online-games-dialog[open]');
  await bob.page.click(`#your-games a[href="#game=${ongoing}"]`);
  await bob.page.waitForSelector('#online-games-dialog', { state: 'hidden' });
  await connected(bob.page);
  await bob.page.waitForFunction(() => document.getElementById('status-line').textContent === 'Your turn');
  const { violations } = await new AxeBuilder({ page: alice.page }).include('#online-games-dialog').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  assert.deepEqual(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id), []);
  for (const { context } of [alice, bob]) await context.close();
});

test('Your games marks a game under the house rule as the lobby does, and a standard one not', async () => {
  const alice = await device('', { storage: NAMED('Alice') });
  await createGame(alice.page);
  const standard = (await serverGame(env, alice.page)).id;
  await createGame(alice.page, { houseRule: true });
  const nospoil = (await serverGame(env, alice.page)).id;
  await openList(alice.page);
  // Both seen (a game's summary may come with the list's ask to the server).
  await alice.page.waitForFunction(() => [...document.querySelectorAll('#your-games .your-game-state')].filter((state) => state.textContent.startsWith('13 pieces · Waiting')).length === 2);
  const mark = (id) => alice.page.locator(`#your-games [data-id="${id}"] .lobby-rule`);
  assert.equal(await mark(standard).count(), 0);
  assert.equal(await mark(nospoil).count(), 1);
  assert.equal(await mark(nospoil).locator('[aria-hidden="true"]').textContent(), 'no spoiling');
  assert.equal(await mark(nospoil).locator('.visually-hidden').textContent(), 'House rule: no spoiling');
  const { violations } = await new AxeBuilder({ page: alice.page }).include('#online-games-dialog').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  assert.deepEqual(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id), []);
  // In the person's language, as the lobby's.
  const czech = await device('', { locale: 'cs-CZ', storage: NAMED('Ema') });
  await createGame(czech.page, { houseRule: true });
  await openList(czech.page);
  const said = JSON.parse(await readFile(new URL('../../web/i18n/cs.json', import.meta.url), 'utf8'));
  const rule = czech.page.locator('#your-games .lobby-rule');
  assert.deepEqual([await rule.locator('[aria-hidden="true"]').textContent(), await rule.locator('.visually-hidden').textContent()], [said['lobby.houseRule'], said['lobby.houseRuleLabel']]);
  for (const { context } of [alice, czech]) await context.close();
});
