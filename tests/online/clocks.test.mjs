// clocks.test.mjs: clocks: correspondence (days a move, across restarts),
// and flags, heartbeats, presence and abandonment with short limits.
//
// Run by `make online-tests` (node --test, each file in a process of its
// own, with a server of its own) three ways, by HALMA_ONLINE_STORE
// (online_http.mjs): sqlite, pg (one server on PostgreSQL) and pg2 (two
// servers on one PostgreSQL, each request and stream sent to one or the
// other).  HALMA names the binary.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, test } from 'node:test';

import {
  PG,
  api,
  move,
  newGame,
  openEvents,
  sleep,
  startOnline,
  startShared,
  stopServer,
  stopShared,
  withStore,
} from './online_http.mjs';
import { psql } from './pg_store.mjs';

// The server this file's tests share, and a legal game from the start.
let server, port, moves;
before(async () => ({ server, port, moves } = await startShared()));
after(() => stopShared(server));

describe('correspondence', () => {
  // The store's wall-clock columns moved back, as if days had passed while the server was down.
  const age = (db, id, sets) => {
    const sql = `UPDATE games SET ${sets} WHERE id = '${id}'`;
    if (PG) psql(db, sql);
    else {
      const r = spawnSync('sqlite3', [db, sql], { encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
    }
  };
  const DAY = 86400000;

  test('days for each move: the clock says so, runs from the start, is set again for each move', async () => {
    const c = (await api(port, 'POST', '/api/v1/games', { body: { clock: { days_per_move: 3 } } })).body;
    const waiting = (await api(port, 'GET', `/api/v1/games/${c.id}`)).body;
    assert.deepEqual(waiting.clock, { w_ms: 3 * DAY, b_ms: 3 * DAY, running: null, days_per_move: 3 });
    const j = (await api(port, 'POST', `/api/v1/games/${c.id}/join`, { body: { invite: c.invite } })).body;
    const game = { id: c.id, w: c.token, b: j.token };
    const begun = (await api(port, 'GET', `/api/v1/games/${c.id}`)).body;
    assert.equal(begun.clock.running, 'w', 'White\'s first move has its days too');
    assert.ok(begun.clock.w_ms <= 3 * DAY && begun.clock.w_ms > 3 * DAY - 60000);
    await sleep(50);
    const w = await move(port, game, 'w', 0, moves[0]);
    assert.equal(w.body.clock.w_ms, 3 * DAY, 'set again for White\'s next move');
    assert.equal(w.body.clock.running, 'b');
    assert.equal(w.body.clock.days_per_move, 3);
    const claim = await api(port, 'POST', `/api/v1/games/${c.id}/claim`, { token: game.w });
    assert.equal(claim.status, 409, 'a running clock, not a claim, ends it');
    await api(port, 'POST', `/api/v1/games/${c.id}/resign`, { token: game.b });
    const next = (await api(port, 'POST', `/api/v1/games/${c.id}/rematch`, { token: game.w })).body.rematch;
    assert.equal((await api(port, 'GET', `/api/v1/games/${next}`)).body.clock.days_per_move, 3, 'a rematch keeps it');
  });

  for (const [name, clock] of [
    ['0 days', { days_per_move: 0 }],
    ['15 days', { days_per_move: 15 }],
    ['a day and a half', { days_per_move: 1.5 }],
    ['days as a string', { days_per_move: '1' }],
    ['days and milliseconds both', { days_per_move: 1, initial_ms: 60000 }],
  ])
    test(`400 bad_request: ${name}`, async () => {
      const r = await api(port, 'POST', '/api/v1/games', { body: { clock } });
      assert.equal(r.status, 400, r.text);
      assert.equal(r.body.error, 'bad_request');
    });

  test('kept for as long as it runs, across restarts; its flag falls as any clock\'s, even while the server was down', async () => {
    await withStore(async ({ db }) => {
      let s = await startOnline(['--db', db, '--keep-days', '30']);
      const falls = await newGame(s.port, { clock: { days_per_move: 1 } });
      await move(s.port, falls, 'w', 0, moves[0]);
      const lasts = await newGame(s.port, { clock: { days_per_move: 14 } });
      await move(s.port, lasts, 'w', 0, moves[0]);
      await stopServer(s);
      // 40 days old, more than --keep-days: an ongoing game all the same.
      age(db, lasts.id, `created_ms = created_ms - ${40 * DAY}, last_move_ms = last_move_ms - ${10 * DAY}, turn_started_ms = turn_started_ms - ${10 * DAY}`);
      // Black's day ran out while the server was down.
      age(db, falls.id, `turn_started_ms = turn_started_ms - ${2 * DAY}`);
      s = await startOnline(['--db', db, '--keep-days', '30']);
      try {
        // Settled before the server answers anything: the stream's first
        // event, the game as it is, already says so (no end event to wait for).
        const events = await openEvents(s.port, falls.id);
        const first = await events.next((e) => e.event === 'game');
        events.close();
        assert.equal(first.data.status, 'finished', 'over on time from the first answer');
        const ended = (await api(s.port, 'GET', `/api/v1/games/${falls.id}`)).body;
        assert.deepEqual(ended.result, { winner: 'w', reason: 'time' });
        assert.equal(ended.clock.b_ms, 0);
        const kept = await api(s.port, 'GET', `/api/v1/games/${lasts.id}`);
        assert.equal(kept.status, 200, 'not expired');
        assert.equal(kept.body.status, 'ongoing');
        assert.equal(kept.body.clock.running, 'b');
        assert.ok(kept.body.clock.b_ms > 3 * DAY && kept.body.clock.b_ms < 4 * DAY + 60000, `${kept.body.clock.b_ms}`);
        assert.equal((await move(s.port, lasts, 'b', 1, moves[1])).status, 200);
      } finally {
        await stopServer(s);
      }
    });
  });
});

describe('clocks and abandonment (short limits)', () => {
  let quick;
  before(async () => {
    quick = await startOnline(['--abandon-seconds', '1', '--online-seconds', '1', '--heartbeat-seconds', '1']);
  });
  after(async () => quick && stopServer(quick));

  test('a flag falls at its moment with nobody connected; the clock answers as the contract says', async () => {
    const game = await newGame(quick.port, { clock: { initial_ms: 1200, increment_ms: 500 } });
    const w = await move(quick.port, game, 'w', 0, moves[0]);
    assert.equal(w.body.clock.running, 'b');
    assert.equal(w.body.clock.w_ms, 1200, 'White\'s first move starts the clocks and costs nothing');
    await sleep(200);
    const b = await move(quick.port, game, 'b', 1, moves[1]);
    assert.equal(b.status, 200);
    assert.ok(b.body.clock.b_ms > 1200 && b.body.clock.b_ms <= 1500, `increment added: ${b.body.clock.b_ms}`);
    assert.equal(b.body.clock.running, 'w');
    const started = Date.now();
    await sleep(1700); // White's 1.2 s run out; no request in between
    const g = (await api(quick.port, 'GET', `/api/v1/games/${game.id}`)).body;
    assert.equal(g.status, 'finished');
    assert.deepEqual(g.result, { winner: 'b', reason: 'time' });
    assert.equal(g.clock.w_ms, 0);
    assert.equal(g.clock.running, null);
    assert.ok(Date.now() - started < 3000);
    const late = await move(quick.port, game, 'w', 2, moves[2]);
    assert.equal(late.body.error, 'game_over');
  });

  test('the stream sees the flag fall, and heartbeats', async () => {
    const game = await newGame(quick.port, { clock: { initial_ms: 1000 } });
    await move(quick.port, game, 'w', 0, moves[0]);
    const s = await openEvents(quick.port, game.id);
    const end = await s.next((e) => e.event === 'end', 3000);
    assert.deepEqual(end.data.result, { winner: 'w', reason: 'time' });
    await sleep(1300);
    assert.ok(s.comments >= 1, 'a comment line');
    s.close();
  });

  test('presence: going offline is a live seats event, without an id (not stored)', async () => {
    const game = await newGame(quick.port);
    const s = await openEvents(quick.port, game.id);
    await s.next((e) => e.event === 'game');
    const off = await s.next((e) => e.event === 'seats' && !e.data.w.online && !e.data.b.online, 3000);
    assert.equal(off.id, undefined);
    await api(quick.port, 'POST', `/api/v1/games/${game.id}/ping`, { token: game.w });
    const on = await s.next((e) => e.event === 'seats' && e.data.w.online, 3000);
    assert.equal(on.id, undefined);
    assert.equal(on.data.b.online, false);
    s.close();
  });

  test('an untimed game whose side to move is away may be claimed, not before', async () => {
    const game = await newGame(quick.port);
    await move(quick.port, game, 'w', 0, moves[0]);
    const early = await api(quick.port, 'POST', `/api/v1/games/${game.id}/claim`, { token: game.w });
    assert.equal(early.status, 409);
    const own = await api(quick.port, 'POST', `/api/v1/games/${game.id}/claim`, { token: game.b });
    assert.equal(own.status, 409, 'the side to move cannot claim');
    await sleep(1300);
    const g = (await api(quick.port, 'GET', `/api/v1/games/${game.id}`)).body;
    assert.equal(g.seats.b.online, false, 'away: no request for over a second');
    const r = await api(quick.port, 'POST', `/api/v1/games/${game.id}/claim`, { token: game.w });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body.result, { winner: 'w', reason: 'abandoned' });
  });
});
