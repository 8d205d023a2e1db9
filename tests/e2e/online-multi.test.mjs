// Online games of four through the page (docs/WEB.md, "Online play of three
// and four"): two people on their own devices and two computer seats the
// server plays, a spectator; one page reloaded and one offline mid-game;
// the people's draw, accepted by each; each seat's own invite link.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import { setup, idle, moveList, status } from './harness.mjs';
import { CUT_STREAM, FAST, connected, device as openDevice, onlineNote } from './online-harness.mjs';
import { createMultiGame, enterMulti, gameById, gameIdOf, inviteLinks, legalMove, serverPly } from './online-multi-harness.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

const device = (...args) => openDevice(env, ...args);
const SIDES = ['w', 'r', 'b', 'y'];

/** The serious and critical axe violations within `selector`. */
async function seriousViolations(page, selector) {
  const { violations } = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations.filter((v) => ['serious', 'critical'].includes(v.impact)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`);
}

/** Waits until the page shows `n` moves. */
const pageMoves = (page, n, timeout = 30000) => page.waitForFunction((count) => document.querySelectorAll('#move-list button[data-ply]').length >= count, n, { timeout });

test('four online: two people and two computer seats play, a spectator follows; a reload and a lost connection lose no move; a draw declined (told by whom), then agreed', async () => {
  const anna = await device('', { storage: { ...FAST, 'halma.name.v1': 'Anna' } });
  await createMultiGame(anna.page, { players: 4, seats: { w: 'you', r: 'computer-1', b: 'person', y: 'computer-1' }, clock: '10+5' });
  const links = await inviteLinks(anna.page);
  assert.deepEqual(Object.keys(links), ['b'], 'one link: the one seat invited');
  assert.equal(links.b.label, "Black's link");
  assert.equal(await status(anna.page), 'Waiting for every seat to be taken');
  const id = await gameIdOf(anna.page);
  const created = await gameById(env, id);
  assert.deepEqual([created.players, created.seats.r.kind, created.seats.r.level, created.seats.y.kind, created.seats.w.name], [4, 'computer', 1, 'computer', 'Anna']);

  const bea = await device(links.b.link, { storage: { ...FAST, 'halma.name.v1': 'Bea' }, expectErrors: [CUT_STREAM] });
  assert.match(await bea.page.locator('#player-bottom').textContent(), /Black · You/, 'seated as Black, at the bottom');
  await anna.page.waitForSelector('#online-invites', { state: 'hidden' });
  const spectator = await device(`#game=${id}`);
  assert.equal(await onlineNote(spectator.page), 'You are watching this game.');
  await Promise.all([anna, bea, spectator].map(({ page }) => connected(page)));
  await anna.page.waitForFunction(() => document.getElementById('online-watchers').textContent === '1 watching');
  // Names and clocks on each seat, the computers' levels.
  const bars = await anna.page.locator('#player-top, #player-bottom').allTextContents();
  assert.match(bars.join(' '), /Black · Bea/);
  assert.match(bars.join(' '), /Red · Computer/);
  assert.equal(await anna.page.locator('.seat-r .presence').count(), 0, 'the server\'s computer has no presence');
  assert.equal(await anna.page.locator('.seat-b .presence').textContent(), 'online');
  for (const side of SIDES) assert.match(await anna.page.locator(`#clock-${side}`).textContent(), /^\d+:\d\d$/, `${side}'s clock`);

  const people = { w: anna, b: bea };
  const rounds = 3;
  for (let ply = 0; ply < rounds * 4; ply++) {
    const side = SIDES[ply % 4];
    const person = people[side];
    if (!person) {
      await serverPly(env, id, ply + 1); // the server's computer
      continue;
    }
    await pageMoves(person.page, ply);
    await idle(person.page);
    const move = await legalMove(await gameById(env, id), ply);
    if (ply === 0) {
      // The keyboard plays as at one screen: the cursor from h8 to o4, picked up, then n5.
      await anna.page.focus('#board');
      for (const key of [...Array(7).fill('ArrowRight'), ...Array(4).fill('ArrowDown'), 'Enter', 'ArrowLeft', 'ArrowUp', 'Enter']) await anna.page.keyboard.press(key);
      assert.equal((await serverPly(env, id, 1)).moves[0], 'o4-n5');
      continue;
    }
    if (ply === 2) {
      // The spectator's screen reader hears the computer's move as it arrives.
      await pageMoves(spectator.page, 2);
      const red = (await gameById(env, id)).moves[1].split('-');
      // A step, or a jump (a single one has two squares too).
      const heard = [`Red: ${red[0]} to ${red.at(-1)}.`, `Red jumps: ${red.join(', ')}.`].slice(red.length === 2 ? 0 : 1);
      await spectator.page.waitForFunction((texts) => texts.includes(document.getElementById('announcer').textContent), heard);
    }
    if (ply === 6) {
      // Bea loses the connection and moves: the move waits as sent, then lands once.
      await bea.context.setOffline(true);
      await enterMulti(bea.page, move);
      assert.equal(await status(bea.page), 'Sending your move…');
      assert.equal((await gameById(env, id)).ply, ply);
      await bea.page.waitForTimeout(1500);
      await bea.context.setOffline(false);
    } else {
      await enterMulti(person.page, move);
    }
    await serverPly(env, id, ply + 1);
    if (ply === 4) {
      // Anna reloads: back in her seat, with every move.
      await anna.page.reload();
      await anna.page.waitForSelector('body[data-ready]');
      await connected(anna.page);
      assert.match(await anna.page.locator('#player-bottom').textContent(), /White · You/);
    }
  }

  // Anna, to move, offers a draw; Bea declines it, and everyone is told who.
  const ply = rounds * 4;
  await pageMoves(anna.page, ply);
  await idle(anna.page);
  assert.equal(await status(anna.page), 'Your turn (White)');
  await anna.page.click('#online-offer-draw');
  await bea.page.waitForSelector('#toast-decline-draw:visible');
  await bea.page.click('#toast-decline-draw');
  await bea.page.waitForFunction(() => document.getElementById('online-note').textContent === 'You declined the draw.');
  for (const { page } of [anna, spectator]) await page.waitForFunction(() => document.getElementById('online-note').textContent === 'Black (Bea) declined the draw.');
  // Offered again: Bea is asked, and sees who has accepted.
  await anna.page.waitForSelector('#online-offer-draw:not([hidden])');
  await anna.page.click('#online-offer-draw');
  await anna.page.waitForFunction(() => /Waiting for: Black \(Bea\)/.test(document.getElementById('online-note').textContent));
  await bea.page.waitForSelector('#toast-accept-draw:visible');
  assert.equal(await bea.page.locator('#toast-text').textContent(), 'White (Anna) offers a draw.');
  await spectator.page.waitForFunction(() => /offers a draw/.test(document.getElementById('online-note').textContent));
  await bea.page.click('#toast-accept-draw');
  for (const { page } of [anna, bea, spectator]) {
    await page.waitForSelector('#end-dialog[open]');
    assert.equal(await page.locator('#end-title').textContent(), 'Draw by agreement');
  }
  const game = await gameById(env, id);
  assert.deepEqual([game.status, game.result], ['finished', { winner: null, reason: 'agreement' }]);
  assert.equal(game.ply, ply);
  for (const { page } of [anna, bea, spectator]) assert.deepEqual(await moveList(page), game.moves);
  // The list a round a row: four moves each.
  const rows = await anna.page.$$eval('#move-list tbody tr', (trs) => trs.map((tr) => tr.querySelectorAll('button[data-ply]').length));
  assert.deepEqual(rows, [4, 4, 4]);
  for (const { context } of [anna, bea, spectator]) await context.close();
});

test('each invite link takes its own seat, a used one is refused, partners resign together, and the dialog and invite panel have no serious axe violation', async () => {
  const host = await device('');
  // The dialog's online choices for four: no serious axe violation either.
  await host.page.click('#new-game');
  await host.page.check('#new-game-form input[name="players"][value="4"]');
  await host.page.check('#new-game-form input[name="where"][value="online"]');
  assert.equal(await host.page.locator('#seat-r option[value="person"]').textContent(), 'A friend, invited by a link');
  assert.equal(await host.page.locator('#online-name').isVisible(), true, 'the online choices of two: the name');
  assert.equal(await host.page.locator('#new-game-form input[name="seat"][value="random"]').isVisible(), false, 'the colour is the "You" seat\'s');
  assert.deepEqual(await seriousViolations(host.page, '#new-game-dialog'), []);
  // Two seats as "You": the dialog says so and makes nothing.
  await host.page.selectOption('#seat-r', 'you');
  await host.page.click('#new-game-form button[type="submit"]');
  assert.equal(await host.page.locator('#online-error').textContent(), 'Choose “You” for exactly one colour.');
  assert.equal(await host.page.locator('#new-game-dialog').getAttribute('open'), '');
  await host.page.keyboard.press('Escape');
  await createMultiGame(host.page, { players: 4, partners: true, seats: { w: 'you', r: 'person', b: 'person', y: 'person' } });
  const links = await inviteLinks(host.page);
  assert.deepEqual(Object.entries(links).map(([side, { label }]) => [side, label]), [['r', "Red's link"], ['b', "Black's link"], ['y', "Yellow's link"]]);
  assert.equal(new Set(Object.values(links).map(({ link }) => link)).size, 3, 'three links');
  assert.equal(await host.page.locator('#online-invite-list button', { hasText: 'Copy' }).count(), 3);
  assert.deepEqual(await seriousViolations(host.page, '#online'), []);
  const id = await gameIdOf(host.page);
  // A reload keeps them: the creator's device holds them beside its token.
  await host.page.reload();
  await host.page.waitForSelector('body[data-ready]');
  await host.page.waitForSelector('#online-invites:not([hidden])');
  assert.deepEqual(await inviteLinks(host.page), links);

  const names = { r: 'Red', b: 'Black', y: 'Yellow' };
  const friends = [];
  for (const side of ['r', 'b', 'y']) {
    const friend = await device(links[side].link);
    friends.push(friend);
    assert.match(await friend.page.locator('#player-top, #player-bottom').allTextContents().then((t) => t.join(' ')), new RegExp(`${names[side]} · You`), `${side}'s link seats them as ${names[side]}`);
    await host.page.waitForFunction((seat) => !document.getElementById(`invite-link-${seat}`), side);
  }
  await host.page.waitForSelector('#online-invites', { state: 'hidden' });
  const game = await gameById(env, id);
  assert.equal(game.status, 'ongoing');
  assert.deepEqual(['w', 'r', 'b', 'y'].map((side) => game.seats[side].joined), [true, true, true, true]);

  // A round, each seat from its own page; then White resigns for White and Black.
  const pages = { w: host.page, r: friends[0].page, b: friends[1].page, y: friends[2].page };
  for (const [ply, side] of SIDES.entries()) {
    await pageMoves(pages[side], ply);
    await idle(pages[side]);
    await enterMulti(pages[side], await legalMove(await gameById(env, id), ply));
    await serverPly(env, id, ply + 1);
  }
  await pageMoves(host.page, 4);
  await idle(host.page);
  await host.page.click('#resign');
  assert.equal(await host.page.locator('#confirm-text').textContent(), 'Resign this game? You and your partner lose.');
  await host.page.click('#confirm-yes');
  const titles = { w: 'Red and Yellow win!', r: 'You and Yellow win!', b: 'Red and Yellow win!', y: 'You and Red win!' };
  for (const side of SIDES) {
    await pages[side].waitForSelector('#end-dialog[open]');
    assert.equal(await pages[side].locator('#end-title').textContent(), titles[side], side);
    assert.equal(await pages[side].locator('#end-text').textContent(), 'The other side resigned.');
  }
  assert.deepEqual((await gameById(env, id)).result, { winner: ['r', 'y'], reason: 'resign' });

  // Red's link again, on another device: its seat is taken, the page watches.
  const late = await device(links.r.link);
  assert.equal(await onlineNote(late.page), "This link's seat is taken already: you are watching the game.");
  const invite = new URLSearchParams(new URL(links.r.link).hash.slice(1)).get('invite');
  const refused = await fetch(new URL(`api/v1/games/${id}/join`, env.server.url), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ invite }) });
  assert.ok([403, 409].includes(refused.status), `a used invite is refused (${refused.status})`);
  for (const { context } of [host, ...friends, late]) await context.close();
});
