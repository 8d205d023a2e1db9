// capacity.test.mjs: the computer's capacity (docs/DECISIONS.md, "Computer
// seats within their word"): past what its search threads can answer
// within a level's think time and the wait allowed, a new game or a
// rematch with computer seats is refused 503 with Retry-After and a
// message, and nothing is made; games of people only are not refused; a
// game that ends frees its place; a restarted server counts the games it
// finds.
//
// Run by `make online-tests` (node --test, each file in a process of its
// own, with a server of its own) three ways, by HALMA_ONLINE_STORE
// (online_http.mjs): sqlite, pg (one server on PostgreSQL) and pg2 (two
// servers on one PostgreSQL).  The capacity is each server's own: one
// server here, whatever the store.  HALMA names the binary.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { api, startOnline, stopServer, stopShared, withStore } from './online_http.mjs';

// One search thread, a wait of 1.5 s: level 10 thinks 1 s a move, so two
// games against it fit (the second's move waits 1 s for the first's), a
// third does not.  The computer plays Black: it searches only once White
// moves, and nobody does, so no search runs here.
const ONE_THREAD = ['--computer-threads', '1', '--computer-wait-ms', '1500'];
let server, port;
before(async () => {
  server = await startOnline(ONE_THREAD, { servers: 1 });
  port = server.port;
});
after(async () => {
  await stopServer(server);
  stopShared(null);
});

const againstLevel10 = (extra = {}, at = port) => api(at, 'POST', '/api/v1/games', { body: { computer: { b: 10 }, ...extra } });
const resign = (game, at = port) => api(at, 'POST', `/api/v1/games/${game.id}/resign`, { token: game.token });

function assertBusy(r) {
  assert.equal(r.status, 503, r.text);
  assert.equal(r.body.error, 'unavailable');
  assert.equal(r.body.reason, 'computer_busy', 'the page tells it from a store that cannot commit');
  assert.match(r.body.message, /computer is playing as many games as it can answer in time/);
  assert.equal(r.headers['retry-after'], '60');
}

describe('the computer\'s capacity', () => {
  test('a third game against level 10 on one thread: 503 with Retry-After, and no game made; people alone still play', async () => {
    const first = await againstLevel10();
    const second = await againstLevel10();
    assert.equal(first.status, 201, first.text);
    assert.equal(second.status, 201, second.text);
    const lobbyBefore = (await api(port, 'GET', '/api/v1/lobby')).body.games.length;
    const third = await againstLevel10({ open: true, seat: 'w', players: 2 });
    assertBusy(third);
    assert.equal(third.body.id, undefined);
    assert.equal((await api(port, 'GET', '/api/v1/lobby')).body.games.length, lobbyBefore, 'the open game refused is not listed');
    const people = await api(port, 'POST', '/api/v1/games', { body: {} });
    assert.equal(people.status, 201, 'a game of people needs no search');
    assertBusy(await againstLevel10());

    assert.equal((await resign(first.body)).status, 200);
    const again = await againstLevel10();
    assert.equal(again.status, 201, 'the game that ended freed its place');
    for (const g of [second.body, again.body]) assert.equal((await resign(g)).status, 200);
  });

  test('a rematch with the computer past the capacity: 503 with Retry-After, the old game names none; once a place frees, made', async () => {
    const old = (await againstLevel10()).body;
    assert.equal((await resign(old)).status, 200);
    const busy = [(await againstLevel10()).body, (await againstLevel10()).body];
    assert.ok(busy.every((g) => g.id));
    assertBusy(await api(port, 'POST', `/api/v1/games/${old.id}/rematch`, { token: old.token }));
    assert.equal((await api(port, 'GET', `/api/v1/games/${old.id}`)).body.rematch, null);

    assert.equal((await resign(busy[0])).status, 200);
    const r = await api(port, 'POST', `/api/v1/games/${old.id}/rematch`, { token: old.token });
    assert.equal(r.status, 200, r.text);
    assert.ok(r.body.rematch, 'the rematch made');
  });

  test('a restarted server counts the games it finds at once: the third is refused before any is written again', async () => {
    await withStore(async ({ db }) => {
      let s = await startOnline(['--db', db, ...ONE_THREAD], { servers: 1 });
      const made = [(await againstLevel10({}, s.port)).body, (await againstLevel10({}, s.port)).body];
      assert.ok(made.every((g) => g.id));
      await stopServer(s);
      s = await startOnline(['--db', db, ...ONE_THREAD], { servers: 1 });
      try {
        assertBusy(await againstLevel10({}, s.port));
        assert.equal((await resign(made[0], s.port)).status, 200);
        assert.equal((await againstLevel10({}, s.port)).status, 201);
      } finally {
        await stopServer(s);
      }
    });
  });
});
