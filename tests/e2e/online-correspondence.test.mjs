// Correspondence: days a move from the new-game dialog, a clock that reads
// in days and hours, "Your move" in Your games and the tab's title, and a
// game that goes on across a restart of the server on the same store.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setup, startServer } from './harness.mjs';
import { FAST, connected, createGame, device as openDevice, enter, serverGame, waitMoves } from './online-harness.mjs';

let env;
let folder;
before(async () => {
  env = await setup();
  folder = mkdtempSync(join(tmpdir(), 'halma-correspondence-'));
});
after(async () => {
  await env?.close();
  rmSync(folder, { recursive: true, force: true });
});

// While the server is down the pages' streams and pings fail, as they should.
const DOWN = [/ERR_CONNECTION_REFUSED/, /ERR_EMPTY_RESPONSE/, /ERR_CONNECTION_RESET/, /ERR_INCOMPLETE_CHUNKED_ENCODING/];
const NAMED = (name) => ({ ...FAST, 'halma.name.v1': name });
const clockOf = (page, side) => page.locator(`#clock-${side}`).textContent();

test('a correspondence game: days a move, a clock in days and hours, your move in the title and Your games, across a server restart', async () => {
  const db = join(folder, 'games.sqlite3');
  let server = await startServer({ args: ['--db', db] });
  const here = { ...env, server };
  const alice = await openDevice(here, '', { storage: NAMED('Alice'), expectErrors: DOWN });
  const link = await createGame(alice.page, { clock: 'days', days: 2 });
  const bob = await openDevice(here, link, { storage: NAMED('Bob'), expectErrors: DOWN });
  await connected(bob.page);
  const game = await serverGame(here, bob.page);
  assert.equal(game.clock.days_per_move, 2);
  await alice.page.waitForFunction(() => document.getElementById('status-line').textContent === 'Your turn');
  assert.equal(await clockOf(alice.page, 'w'), '48 h');
  assert.match(await alice.page.title(), /^Your turn · Halma$/);
  await enter(alice.page, 'o2-m4');
  await waitMoves(bob.page, 1);
  assert.match(await bob.page.title(), /Your turn/);
  assert.equal(await clockOf(bob.page, 'b'), '48 h');
  // The server stops and starts again on the same store and port.
  await server.stop();
  server = await startServer({ args: ['--db', db], port: server.port });
  await connected(bob.page);
  await connected(alice.page);
  await enter(bob.page, 'b15-d13');
  await waitMoves(alice.page, 2);
  assert.deepEqual((await serverGame(here, alice.page)).moves, ['o2-m4', 'b15-d13']);
  assert.match(await alice.page.title(), /Your turn/);
  assert.equal(await clockOf(bob.page, 'b'), '48 h', 'a moment of two days, rounded up');
  assert.equal(await clockOf(alice.page, 'w'), '48 h', 'White has two days again for its next move');
  // Alice, back at her own game here, sees her move waiting in Your games.
  await alice.page.goto(new URL('/', server.url).href);
  await alice.page.waitForSelector('body[data-ready]');
  await alice.page.click('#online-games');
  await alice.page.waitForFunction(() => document.querySelector('#your-games .your-game')?.textContent.includes('Your move'));
  assert.equal(await alice.page.locator('#your-games .your-game').first().textContent(), 'Game with Bob13 pieces · 2 d a move · Your move');
  await alice.page.click('#online-games-dialog [data-close]');
  for (const { context } of [alice, bob]) await context.close();
  await server.stop();
});
