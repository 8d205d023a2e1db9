// The house rule against spoiling online (RULES-HOUSE.md, ONLINE-API.md):
// the dialog's choice sent on creating (`"rules"`), the lobby's mark, the
// page's own checks under the game's rules (a move home refused before it is
// sent), and the server's end "parlett" told on both players' pages as the
// local one is.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import { idle, message, pieceOn, setup } from './harness.mjs';
import { connected, createGame, device as openDevice, enter, serverGame, waitMoves } from './online-harness.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

const device = (...args) => openDevice(env, ...args);

// Variant 13 (tests/online/house.test.mjs): Black's b13 leaves home and
// walks down the a-file while White's pieces run to b13; the last lands there:
// Black's home full, one square White's, the rest the owner's.
const PARLETT = [
  'n1-l3', 'b13-b12', 'm2-k4', 'b12-a11', 'l3-j5', 'a11-a10', 'k4-i6', 'a10-a9', 'j5-h7', 'a9-a8', 'i6-g8',
  'a8-a7', 'h7-f9', 'a7-a6', 'g8-e10', 'a6-a5', 'f9-d11', 'a5-a4', 'e10-c12', 'a4-a3', 'd11-b13',
];
const WON = "White wins: the goal is full, one of its squares White's.";

/** The seat's token this device keeps for the game (halma.online.v1). */
const tokenOf = (page, id) => page.evaluate((game) => JSON.parse(localStorage.getItem('halma.online.v1'))[game].token, id);

async function post(id, token, ply, move) {
  const response = await fetch(new URL(`api/v1/games/${id}/moves`, env.server.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ ply, move }),
  });
  assert.equal(response.status, 200, `${move}: ${await response.text()}`);
}

test('online under the house rule: sent on creating, marked in the lobby, a move home refused here, Parlett\'s win told', async () => {
  const white = await device();
  const created = [];
  white.page.on('request', (request) => request.method() === 'POST' && request.url().endsWith('/api/v1/games') && created.push(request.postDataJSON()));
  await createGame(white.page, { name: 'Alice', post: true, houseRule: true });
  assert.equal(created.length, 1);
  assert.equal(created[0].rules, 'nospoil', 'the dialog\'s choice sent');
  const id = (await serverGame(env, white.page)).id;
  assert.equal((await serverGame(env, white.page)).rules, 'nospoil');
  assert.equal(await white.page.isVisible('#rules-line'), true, 'the game says so beside its moves');

  // The lobby marks it, in words a screen reader reads whole.
  const black = await device();
  await black.page.click('#online-games');
  await black.page.waitForSelector(`#lobby-list button[data-take="${id}"]`);
  const row = black.page.locator(`#lobby-list [data-id="${id}"]`);
  assert.equal(await row.locator('.lobby-rule').count(), 1);
  assert.equal(await row.locator('.lobby-rule [aria-hidden="true"]').textContent(), 'no spoiling');
  assert.equal(await row.locator('.lobby-rule .visually-hidden').textContent(), 'House rule: no spoiling');
  const axe = await new AxeBuilder({ page: black.page }).include('#online-games-dialog').analyze();
  assert.deepEqual(axe.violations.filter((v) => ['serious', 'critical'].includes(v.impact)).map((v) => v.id), []);
  await black.page.click(`#lobby-list button[data-take="${id}"]`);
  await black.page.waitForSelector('#online-games-dialog', { state: 'hidden' });
  await connected(black.page);
  assert.equal(await black.page.isVisible('#rules-line'), true);

  // n1 out to l3, and back home over m2: the hop may pass home, but the
  // move cannot end there: refused by the page's own rules, nothing sent.
  await white.page.waitForFunction(() => document.getElementById('status-line').textContent === 'Your turn');
  await enter(white.page, 'n1-l3');
  await waitMoves(white.page, 1);
  await post(id, await tokenOf(black.page, id), 1, 'b13-b12');
  await waitMoves(white.page, 2);
  await white.page.click('[data-square="l3"]');
  await idle(white.page);
  await white.page.click('[data-square="n1"]');
  await idle(white.page);
  await white.page.click('[data-square="n1"]'); // stop here
  await idle(white.page);
  assert.match(await message(white.page), /Under the rule against spoiling a piece that has left home cannot come back: n1 is in its home camp/);
  assert.equal((await serverGame(env, white.page)).ply, 2, 'nothing sent');
  await white.page.click('[data-square="h8"]'); // the piece put down where it stood
  await idle(white.page);
  assert.deepEqual([await pieceOn(white.page, 'l3'), await pieceOn(white.page, 'n1')], ['w', null]);

  // On to one move before Parlett's win, then White's last on the board.
  const tokens = { w: await tokenOf(white.page, id), b: await tokenOf(black.page, id) };
  for (let ply = 2; ply < PARLETT.length - 1; ply++) await post(id, tokens[ply % 2 ? 'b' : 'w'], ply, PARLETT[ply]);
  await waitMoves(white.page, PARLETT.length - 1);
  await enter(white.page, PARLETT.at(-1));
  for (const { page } of [white, black]) {
    await page.waitForSelector('#end-dialog[open]');
    assert.equal(await page.textContent('#end-text'), WON);
    await page.waitForFunction((won) => document.getElementById('announcer').textContent.endsWith(won), WON);
  }
  assert.equal(await white.page.textContent('#end-title'), 'You win!');
  assert.deepEqual((await serverGame(env, white.page)).result, { winner: 'w', reason: 'parlett' });
  for (const { errors, context } of [white, black]) {
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('three online: the house rule sent with the seats, the game under it', async () => {
  const host = await device();
  const created = [];
  host.page.on('request', (request) => request.method() === 'POST' && request.url().endsWith('/api/v1/games') && created.push(request.postDataJSON()));
  await host.page.click('#new-game');
  await host.page.check('#new-game-form input[name="players"][value="3"]');
  await host.page.check('#new-game-form input[name="where"][value="online"]');
  await host.page.selectOption('#seat-r', 'person');
  await host.page.check('#house-rule');
  await host.page.click('#new-game-form button[type="submit"]');
  await host.page.waitForSelector('#online-invites:not([hidden])');
  assert.deepEqual([created.length, created[0].players, created[0].rules], [1, 3, 'nospoil']);
  const game = await serverGame(env, host.page);
  assert.deepEqual([game.players, game.rules], [3, 'nospoil']);
  assert.equal(await host.page.isVisible('#rules-line'), true);
  assert.deepEqual(host.errors, []);
  await host.context.close();
});
