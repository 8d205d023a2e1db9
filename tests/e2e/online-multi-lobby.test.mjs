// Online games of three through the page: posted to the lobby and a seat
// taken from it, in Your games with their number of players; a person who
// resigns hands their seat to the server's computer and the game goes on,
// the others told who resigned;
// the last person leaving ends it with no winner; the rematch moves the
// people's seats on; a clock run out hands the seat to the computer too.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { idle, setup, status } from './harness.mjs';
import { FAST, connected, device as openDevice } from './online-harness.mjs';
import { createMultiGame, enterMulti, gameById, gameIdOf, legalMove, serverPly } from './online-multi-harness.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

const device = (...args) => openDevice(env, ...args);
const NAMED = (name) => ({ ...FAST, 'halma.name.v1': name });
const bars = (page) => page.locator('#player-top, #player-bottom').allTextContents().then((texts) => texts.join(' '));

async function moveOn(page, id, ply) {
  await page.waitForFunction((count) => document.querySelectorAll('#move-list button[data-ply]').length >= count, ply, { timeout: 30000 });
  await idle(page);
  await enterMulti(page, await legalMove(await gameById(env, id), ply));
  await serverPly(env, id, ply + 1);
}

test('a game of three from the lobby: a seat taken, in Your games with both other players, a resignation handed to the computer and told to the others, no winner once nobody plays, a rematch with the seats moved on', async () => {
  const carl = await device('', { storage: NAMED('Carl') });
  await createMultiGame(carl.page, { players: 3, seats: { w: 'you', r: 'person', b: 'computer-1' }, post: true });
  const id = await gameIdOf(carl.page);

  const dora = await device('', { storage: NAMED('Dora') });
  await dora.page.click('#online-games');
  await dora.page.waitForSelector(`#lobby-list button[data-take="${id}"]`);
  const row = await dora.page.locator('#lobby-list .lobby-game', { has: dora.page.locator(`[data-take="${id}"]`) }).textContent();
  assert.equal(row, 'Carl13 pieces · 3 players · No clock · free seats: 1Play');
  await dora.page.click(`#lobby-list button[data-take="${id}"]`);
  await dora.page.waitForSelector('#online-games-dialog', { state: 'hidden' });
  await connected(dora.page);
  assert.match(await bars(dora.page), /Red · You/);
  assert.match(await bars(dora.page), /White · Carl/);
  await carl.page.waitForFunction(() => document.getElementById('status-line').textContent === 'Your turn (White)');

  // One round: Carl, Dora, the computer.
  await moveOn(carl.page, id, 0);
  await moveOn(dora.page, id, 1);
  await serverPly(env, id, 3);

  // Your games lists it, with its three players.
  await carl.page.click('#online-games');
  await carl.page.waitForSelector(`#your-games li[data-id="${id}"]`);
  assert.match(await carl.page.locator(`#your-games li[data-id="${id}"]`).textContent(), /3 players · 13 pieces · Your move/);
  assert.equal(await carl.page.locator(`#your-games li[data-id="${id}"] a`).textContent(), 'Game with Red (Dora), Black (Computer, level 1)', 'every other player');
  await carl.page.click('#online-games-dialog [data-close]');

  // Dora gives up her seat: the computer plays it on, and the game goes on.
  // The others are told who resigned, in a line and to screen readers (the
  // announcer's every word kept: the computer's moves follow at once).
  await moveOn(carl.page, id, 3);
  const watcher = await device(`#game=${id}`, { storage: FAST });
  await connected(watcher.page);
  for (const { page } of [carl, watcher]) {
    await page.evaluate(() => {
      window.announced = [];
      const announcer = document.getElementById('announcer');
      new MutationObserver(() => announcer.textContent && window.announced.push(announcer.textContent)).observe(announcer, { childList: true, characterData: true, subtree: true });
    });
  }
  await dora.page.click('#resign');
  assert.equal(await dora.page.locator('#confirm-text').textContent(), 'Give up your colour? The computer plays it on.');
  await dora.page.click('#confirm-yes');
  await dora.page.waitForFunction(() => document.getElementById('online-note').textContent === 'You gave up your colour: the computer plays it on.');
  await carl.page.waitForFunction(() => /Red · Computer/.test(document.getElementById('player-bottom').textContent + document.getElementById('player-top').textContent));
  for (const { page } of [carl, watcher]) {
    await page.waitForFunction(() => document.getElementById('online-note').textContent === 'Red (Dora) resigned: the computer plays their colour on.');
    await page.waitForFunction(() => window.announced.includes('Red (Dora) resigned: the computer plays their colour on.'));
  }
  await watcher.context.close();
  assert.equal(await dora.page.locator('#online-offer-draw').isVisible(), false, 'no say in a draw any more');
  const after = await serverPly(env, id, 6); // Red and Black, both the computer's now
  assert.equal(after.status, 'ongoing');
  assert.deepEqual([after.seats.r.kind, after.seats.r.left], ['computer', 'resign']);

  // Carl leaves too: nobody is left playing, and nobody wins.
  await carl.page.waitForFunction(() => document.getElementById('status-line').textContent === 'Your turn (White)');
  await carl.page.click('#resign');
  await carl.page.click('#confirm-yes');
  for (const { page } of [carl, dora]) {
    await page.waitForSelector('#end-dialog[open]');
    assert.equal(await page.locator('#end-title').textContent(), 'The game ended with no winner');
    assert.equal(await page.locator('#end-text').textContent(), 'Nobody was left playing: the game ended with no winner.');
  }
  assert.deepEqual((await gameById(env, id)).result, { winner: null, reason: 'abandoned' });

  // The rematch: Carl asks, Dora takes it; each person one seat on.
  await carl.page.click('#end-rematch');
  await carl.page.waitForFunction((old) => !location.hash.includes(old), id);
  const rematch = await gameIdOf(carl.page);
  await dora.page.waitForSelector('#toast-rematch:visible');
  assert.equal(await dora.page.locator('#toast-text').textContent(), 'White (Carl) wants a rematch, with the seats moved on one place.');
  await dora.page.click('#end-rematch'); // the end dialog is still open over the notice
  await dora.page.waitForFunction((next) => location.hash === `#game=${next}`, rematch);
  const game = await gameById(env, rematch);
  assert.equal(game.status, 'ongoing');
  assert.deepEqual([game.seats.r.name, game.seats.w.name, game.seats.b.kind, game.seats.b.level], ['Carl', 'Dora', 'computer', 1]);
  await connected(dora.page);
  assert.match(await bars(dora.page), /White · You/);
  assert.equal(await status(dora.page), 'Your turn (White)');
  await carl.page.waitForFunction(() => /Red · You/.test(document.getElementById('player-top').textContent + document.getElementById('player-bottom').textContent));
  for (const { context } of [carl, dora]) await context.close();
});

test('a person of three whose clock runs out hands their colour to the computer, the others are told, and play on', async () => {
  const eve = await device('', { storage: NAMED('Eve') });
  await createMultiGame(eve.page, { players: 3, seats: { w: 'you', r: 'person', b: 'computer-1' }, clock: 'custom', minutes: 0.25, increment: 0 });
  const id = await gameIdOf(eve.page);
  const link = await eve.page.inputValue('#invite-link-r');
  const finn = await device(link, { storage: NAMED('Finn') });
  await connected(finn.page);
  for (const side of ['w', 'r', 'b']) assert.match(await finn.page.locator(`#clock-${side}`).textContent(), /^0:1\d\.\d$|^0:15$/, `${side}'s clock: 15 s`);
  await moveOn(eve.page, id, 0);
  // Red's 15 s run out on Finn's page, unplayed.
  await finn.page.waitForFunction(() => document.getElementById('online-note').textContent === 'Your time ran out: the computer plays your colour on.', null, { timeout: 30000 });
  const game = await serverPly(env, id, 3); // Red and Black, the computer's
  assert.deepEqual([game.status, game.seats.r.kind, game.seats.r.left], ['ongoing', 'computer', 'time']);
  await eve.page.waitForFunction(() => /Red · Computer/.test(document.getElementById('player-bottom').textContent + document.getElementById('player-top').textContent));
  assert.equal(await eve.page.locator('#online-note').textContent(), 'Red (Finn) ran out of time: the computer plays their colour on.', 'told to the others too');
  await eve.page.waitForFunction(() => document.getElementById('status-line').textContent === 'Your turn (White)');
  for (const { context } of [eve, finn]) await context.close();
});

test('the seats\' links in the page\'s language: Italian', async () => {
  const it = await device('', { locale: 'it-IT' });
  await it.page.click('#new-game');
  await it.page.check('#new-game-form input[name="players"][value="3"]');
  assert.equal(await it.page.locator('.where-choice legend').textContent(), 'Dove');
  await it.page.keyboard.press('Escape');
  await createMultiGame(it.page, { players: 3, seats: { w: 'you', r: 'person', b: 'person' } });
  const labels = await it.page.locator('#online-invite-list .invite-seat').allTextContents();
  assert.deepEqual(labels.map((label) => label.trim()), ['Link del Rosso', 'Link del Nero']);
  assert.equal(await it.page.locator('#online-invite-list button[data-link="copy"]').first().getAttribute('aria-label'), 'Copia il link del Rosso');
  assert.equal(await it.page.locator('#online-invites > p').first().textContent(), 'Manda a ogni amico il link del suo posto');
  await it.context.close();
});
