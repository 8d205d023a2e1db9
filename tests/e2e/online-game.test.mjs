// A whole online game through the page (docs/WEB.md, "Online play"): two
// browser contexts (two devices) play 142 moves from a link while a third
// watches; one loses its connection mid-game and its move lands exactly
// once; both reload and carry on in their seats.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, ready, moveList, status } from './harness.mjs';
import { CUT_STREAM, connected, createGame, device as openDevice, enter, moveCount, onlineNote, serverGame as gameOf, waitMoves } from './online-harness.mjs';
import { WHOLE_GAME_13 } from '../lib/online-game.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

const device = (...args) => openDevice(env, ...args);
const serverGame = (page) => gameOf(env, page);

test('two devices play a whole game from a link while a third watches; a dropped connection and reloads lose nothing', async () => {
  const white = await device('', { expectErrors: [CUT_STREAM] }); // loses its connection at move 21
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
  // with the moves animated as they are played (fast, not to slow the test).
  const watcher = await device(link, { storage: { 'halma.settings.v1': JSON.stringify({ animation: 'fast' }) } });
  assert.equal(await onlineNote(watcher.page), 'Both seats of this game are taken: you are watching it.');
  await connected(watcher.page);

  const pages = [white.page, black.page, watcher.page];
  const everyone = (n) => Promise.all(pages.map((page) => waitMoves(page, n)));
  for (let i = 0; i < WHOLE_GAME_13.length; i++) {
    const mover = i % 2 === 0 ? white : black;
    const move = WHOLE_GAME_13[i];
    // Each player moves once the other's move has reached their page; the
    // watcher is checked along the way and at the end.
    await waitMoves(mover.page, i);
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
      // Recorded as the class changes, not polled: a starved browser may
      // draw the whole journey between two polls.
      await watcher.page.evaluate(() => {
        window.animated = false;
        const board = document.getElementById('board');
        new MutationObserver(() => (window.animated ||= board.classList.contains('animating'))).observe(board, { attributes: true });
      });
      await enter(mover.page, move);
      await watcher.page.waitForFunction(() => window.animated);
    } else {
      await enter(mover.page, move);
    }
    if (i % 20 === 3) await everyone(i + 1);
    if (i === 3) {
      assert.deepEqual(await moveList(watcher.page), await moveList(black.page));
      assert.equal(await watcher.page.locator('.path-last').count(), 1, 'the last move is marked');
    }
  }
  await everyone(WHOLE_GAME_13.length);
  for (const page of [white.page, black.page]) await page.waitForSelector('#end-dialog[open]');
  assert.equal(await white.page.locator('#end-title').textContent(), 'Your friend wins');
  assert.equal(await black.page.locator('#end-title').textContent(), 'You win!');
  assert.equal(await status(watcher.page), 'Black wins!');
  const game = await serverGame(white.page);
  assert.deepEqual(game.result, { winner: 'b', reason: 'goal' });
  assert.deepEqual(game.moves, WHOLE_GAME_13, 'every move once, as entered');
  assert.deepEqual(await moveList(watcher.page), WHOLE_GAME_13);

  // No token ever went into an address.
  const tokens = await Promise.all([white, black].map(({ page }) => page.evaluate(() => Object.values(JSON.parse(localStorage.getItem('halma.online.v1'))).map((s) => s.token))));
  for (const { requests } of [white, black, watcher]) {
    for (const token of tokens.flat()) assert.ok(!requests.some((url) => url.includes(token)), 'a token in a URL');
  }
  for (const { errors, context } of [white, black, watcher]) {
    assert.deepEqual(errors, []);
    await context.close();
  }
});
