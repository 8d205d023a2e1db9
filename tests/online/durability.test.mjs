// durability.test.mjs: the store: read-only or locked, a server killed in the
// middle of moves or stopped cleanly and restarted, commits shared by
// games, and a store written by an earlier build upgraded in place.
//
// Run by `make online-tests` (node --test, each file in a process of its
// own, with a server of its own) three ways, by HALMA_ONLINE_STORE
// (online_http.mjs): sqlite, pg (one server on PostgreSQL) and pg2 (two
// servers on one PostgreSQL, each request and stream sent to one or the
// other).  HALMA names the binary.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

import {
  PG,
  api,
  legalMoves,
  move,
  newGame,
  openEvents,
  sleep,
  startOnline,
  startShared,
  stopServer,
  stopShared,
  storeFor,
  tempDir,
  withStore,
} from './online_http.mjs';
import { oldStoreFixture, writeOldStore } from './old_store.mjs';
import { psql } from './pg_store.mjs';

// The server this file's tests share, and a legal game from the start.
let server, port, moves;
before(async () => ({ server, port, moves } = await startShared()));
after(() => stopShared(server));

describe('durability', () => {
  const sqliteOnly = PG && 'an SQLite file (PostgreSQL out of reach: tests/online/shared.test.mjs)';
  test('a read-only store: reads work, writes are 503 unavailable and change nothing', { skip: sqliteOnly }, async () => {
    const dir = tempDir();
    const db = path.join(dir, 'games.sqlite3');
    const s = await startOnline(['--db', db]);
    const game = await newGame(s.port);
    await move(s.port, game, 'w', 0, moves[0]);
    await stopServer(s);
    const ro = await startOnline(['--db', `file:${db}?mode=ro`]);
    try {
      const before = (await api(ro.port, 'GET', `/api/v1/games/${game.id}`)).body;
      assert.equal(before.ply, 1);
      const r = await move(ro.port, game, 'b', 1, moves[1]);
      assert.equal(r.status, 503);
      assert.equal(r.body.error, 'unavailable');
      assert.equal((await api(ro.port, 'POST', '/api/v1/games', { body: {} })).status, 503);
      assert.deepEqual((await api(ro.port, 'GET', `/api/v1/games/${game.id}`)).body, before);
    } finally {
      await stopServer(ro);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a store locked by another process: 503, nothing changed; then it works', { skip: sqliteOnly }, async () => {
    const dir = tempDir();
    const db = path.join(dir, 'games.sqlite3');
    const s = await startOnline(['--db', db]);
    try {
      const game = await newGame(s.port);
      const locker = spawn('sqlite3', [db], { stdio: ['pipe', 'pipe', 'pipe'] });
      locker.stdin.write('BEGIN IMMEDIATE;\nSELECT 1;\n');
      await new Promise((resolve) => locker.stdout.once('data', resolve));
      const r = await move(s.port, game, 'w', 0, moves[0]);
      assert.equal(r.status, 503);
      locker.stdin.end('ROLLBACK;\n');
      await new Promise((resolve) => locker.on('exit', resolve));
      assert.equal((await api(s.port, 'GET', `/api/v1/games/${game.id}`)).body.ply, 0);
      assert.equal((await move(s.port, game, 'w', 0, moves[0])).status, 200);
    } finally {
      await stopServer(s);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test(
    'a PostgreSQL store whose tables another session holds locked: 503, nothing changed; then it works',
    { skip: !PG && 'PostgreSQL (the SQLite case is the test above)' },
    async (t) => {
      const db = storeFor(null);
      const s = await startOnline(['--db', db], { servers: 1 });
      let locker;
      try {
        const game = await newGame(s.port);
        const tables = psql(db, "SELECT string_agg(format('%I', tablename), ', ') FROM pg_tables WHERE schemaname = current_schema()");
        assert.ok(tables, 'the store made its tables');
        // A write lock on every table, as BEGIN IMMEDIATE above: others may read, not write.
        locker = spawn('psql', ['-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-d', db], { stdio: ['pipe', 'pipe', 'pipe'] });
        locker.stdin.write(`BEGIN;\nLOCK TABLE ${tables} IN EXCLUSIVE MODE;\nSELECT 'locked';\n`);
        await new Promise((resolve) => locker.stdout.once('data', resolve));
        const started = Date.now();
        const r = await move(s.port, game, 'w', 0, moves[0]).catch((e) => assert.fail(`no answer while the store was locked: ${e.message}`));
        t.diagnostic(`answered ${r.status} in ${Date.now() - started} ms`);
        assert.equal(r.status, 503, r.text);
        assert.equal(r.body.error, 'unavailable');
        locker.stdin.end('ROLLBACK;\n');
        await new Promise((resolve) => locker.on('exit', resolve));
        assert.equal((await api(s.port, 'GET', `/api/v1/games/${game.id}`)).body.ply, 0);
        assert.equal((await move(s.port, game, 'w', 0, moves[0])).status, 200);
      } finally {
        if (locker && locker.exitCode === null) locker.kill('SIGKILL');
        await stopServer(s);
      }
    },
  );

  test('SIGKILL in the middle of a stream of moves; restarted, every acknowledged move is there, none doubled', async () => {
    await withStore(async ({ db }) => {
      let s = await startOnline(['--db', db]);
      const game = await newGame(s.port);
      const acked = [];
      let ply = 0;
      // Moves sent back to back, each as soon as the last is answered; the
      // server is killed while one is in flight.
      const killAt = 12;
      for (; ply < moves.length; ply++) {
        const pending = move(s.port, game, ply % 2 ? 'b' : 'w', ply, moves[ply]).catch(() => null);
        if (ply === killAt) {
          s.child.kill('SIGKILL');
          await s.exitPromise;
        }
        const r = await pending;
        if (!r || r.status !== 200) break;
        acked.push(moves[ply]);
      }
      assert.ok(acked.length >= killAt);
      s = await startOnline(['--db', db]);
      try {
        const g = (await api(s.port, 'GET', `/api/v1/games/${game.id}`)).body;
        assert.ok(g.ply === acked.length || g.ply === acked.length + 1, `ply ${g.ply}, acknowledged ${acked.length}`);
        assert.deepEqual(g.moves.slice(0, acked.length), acked, 'every acknowledged move, in order');
        assert.deepEqual(g.moves, moves.slice(0, g.ply), 'none doubled or out of place');
        // The client resends what it had no answer for: played once.
        const resend = await move(s.port, game, acked.length % 2 ? 'b' : 'w', acked.length, moves[acked.length]);
        assert.equal(resend.status, 200, resend.text);
        assert.equal(resend.body.ply, acked.length + 1);
        // and the game goes on, its events numbered on from the store
        const ev = await openEvents(s.port, game.id, { lastEventId: 0 });
        await ev.next((e) => e.event === 'move' && e.data.ply === acked.length + 1);
        const ids = ev.stored().map((e) => e.id);
        assert.deepEqual(ids, ids.map((_, i) => i + 1), 'one event per change, none lost or doubled');
        ev.close();
      } finally {
        await stopServer(s);
      }
    });
  });

  // Many games moving at once: their moves share commits (group commit).
  const newGames = async (port_, n) => {
    const games = [];
    for (let i = 0; i < n; i++) games.push(await newGame(port_));
    return games;
  };
  const playAtOnce = (port_, games, each, onAck = () => true) =>
    Promise.all(
      games.map(async (game) => {
        game.acked = [];
        for (let ply = 0; ply < each; ply++) {
          const r = await move(port_, game, ply % 2 ? 'b' : 'w', ply, moves[ply]).catch(() => null);
          if (!r || r.status !== 200) return;
          game.acked.push(moves[ply]);
          if (!onAck()) return;
        }
      }),
    );

  test('moves to many games at once share commits, each acknowledged once durable', async () => {
    await withStore(async ({ db }) => {
      const s = await startOnline(['--db', db]);
      const games = await newGames(s.port, 16);
      await playAtOnce(s.port, games, 6);
      for (const g of games) assert.deepEqual(g.acked, moves.slice(0, 6));
      const { code } = await stopServer(s);
      assert.equal(code, 0);
      const m = s.stderr.match(/(\d+) writes committed in (\d+) batches/);
      assert.ok(m, `no batch committed:\n${s.stderr.slice(-500)}`);
      assert.ok(Number(m[2]) < Number(m[1]), m[0]);
    });
  });

  test('SIGKILL while moves to many games are committed together; restarted, every acknowledged move is there, none doubled', async () => {
    await withStore(async ({ db }) => {
      let s = await startOnline(['--db', db]);
      const games = await newGames(s.port, 16);
      let total = 0;
      let killed = false;
      const kill = () => {
        killed = true;
        s.child.kill('SIGKILL');
      };
      await playAtOnce(s.port, games, moves.length, () => {
        if (++total === 100) kill(); // others are in flight: some committed, some not
        return !killed;
      });
      if (!killed) kill();
      await s.exitPromise;
      assert.ok(total >= 100);
      s = await startOnline(['--db', db]);
      try {
        for (const game of games) {
          const g = (await api(s.port, 'GET', `/api/v1/games/${game.id}`)).body;
          const n = game.acked.length;
          assert.ok(g.ply === n || g.ply === n + 1, `game ${game.id}: ply ${g.ply}, acknowledged ${n}`);
          assert.deepEqual(g.moves, moves.slice(0, g.ply), 'every acknowledged move, in order, none doubled');
        }
      } finally {
        await stopServer(s);
      }
    });
  });

  test('a clean stop while moves are waiting for their commit: each answered, exit 0', async () => {
    await withStore(async ({ db }) => {
      const s = await startOnline(['--db', db]);
      const games = await newGames(s.port, 16);
      let total = 0;
      let stopping = null;
      await playAtOnce(s.port, games, moves.length, () => {
        if (++total === 40) stopping = stopServer(s);
        return true;
      });
      const { code, signal } = await stopping;
      assert.equal(code, 0, `exit ${code} ${signal}\n${s.stderr.slice(-800)}`);
      assert.doesNotMatch(s.stderr, /suspended|panic/i);
    });
  });

  test('a restarted server resumes a timed game: the flag falls on time', async () => {
    await withStore(async ({ db }) => {
      let s = await startOnline(['--db', db]);
      const game = await newGame(s.port, { clock: { initial_ms: 1500 } });
      await move(s.port, game, 'w', 0, moves[0]);
      await stopServer(s, 'SIGKILL');
      s = await startOnline(['--db', db]);
      try {
        await sleep(1800);
        const g = (await api(s.port, 'GET', `/api/v1/games/${game.id}`)).body;
        assert.deepEqual(g.result, { winner: 'w', reason: 'time' });
      } finally {
        await stopServer(s);
      }
    });
  });

  test('--db :memory: says so at start; a file says where', { skip: sqliteOnly }, async () => {
    const s = await startOnline([]);
    assert.match(s.stdout, /online games kept in memory only/);
    await stopServer(s);
    const dir = tempDir();
    const f = await startOnline(['--db', path.join(dir, 'g.sqlite3')]);
    assert.match(f.stdout, new RegExp(`online games kept in ${dir}`));
    await stopServer(f);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('--db postgresql://... says PostgreSQL at start, never its password', { skip: !PG && 'PostgreSQL only' }, async () => {
    const u = new URL(storeFor(null));
    u.password = 'never-printed-x7';
    const s = await startOnline(['--db', u.toString()], { servers: 1 });
    try {
      assert.match(s.stdout, /online games kept in PostgreSQL/);
      await newGame(s.port); // throws unless the store works
    } finally {
      await stopServer(s);
    }
    assert.ok(!s.stdout.includes('never-printed') && !s.stderr.includes('never-printed'), 'no password printed');
  });

  test('a clean stop with streams open', async () => {
    const s = await startOnline([]);
    const game = await newGame(s.port);
    const streams = await Promise.all([1, 2, 3].map(() => openEvents(s.port, game.id)));
    await Promise.all(streams.map((st) => st.next((e) => e.event === 'game')));
    const { code, signal } = await stopServer(s);
    assert.equal(code, 0, `exit ${code} ${signal}\n${s.stderr}`);
  });
});

describe('a store written by an earlier build', () => {
  // What an earlier answer said and a later one must still say: all of it
  // but who is online now and what a running clock shows now.
  const lasting = (game) => {
    const { seats, clock, ...rest } = game;
    const joined = Object.fromEntries(Object.entries(seats).map(([seat, v]) => [seat, v.joined]));
    return { ...rest, joined, clock: clock && { running: clock.running } };
  };

  test('upgraded in place: every game reads as before and goes on; started again, the same', async () => {
    const fixture = oldStoreFixture();
    await withStore(async ({ db }) => {
      writeOldStore(fixture, db);
      let s = await startOnline(['--db', db]);
      const { games } = fixture;
      for (const [name, before] of Object.entries(fixture.read)) {
        const now = (await api(s.port, 'GET', `/api/v1/games/${before.id}`)).body;
        for (const [k, v] of Object.entries(lasting(before))) assert.deepEqual(lasting(now)[k], v, `${name}: ${k}`);
      }
      // The invites of both waiting games, whichever seat their creator took.
      const jw = await api(s.port, 'POST', `/api/v1/games/${games.waiting_white.id}/join`, { body: { invite: games.waiting_white.invite } });
      assert.equal(jw.status, 200, jw.text);
      assert.equal(jw.body.seat, 'b');
      const jb = await api(s.port, 'POST', `/api/v1/games/${games.waiting_black.id}/join`, { body: { invite: games.waiting_black.invite } });
      assert.equal(jb.status, 200, jb.text);
      assert.equal(jb.body.seat, 'w');
      const first = await api(s.port, 'POST', `/api/v1/games/${games.waiting_black.id}/moves`, {
        body: { ply: 0, move: (await legalMoves(1, 13))[0] },
        token: jb.body.token,
      });
      assert.equal(first.status, 200, first.text);
      // Black's standing draw offer, declined by White's move; the timed game's clock.
      const ongoing = await move(s.port, games.ongoing, 'w', 6, moves[6]);
      assert.equal(ongoing.status, 200, ongoing.text);
      assert.equal(ongoing.body.draw_offer, null);
      const timed = await move(s.port, games.timed, 'b', 3, moves[3]);
      assert.equal(timed.status, 200, timed.text);
      assert.equal(timed.body.clock.running, 'w');
      assert.ok(timed.body.clock.b_ms > 10000000, `Black's clock: ${timed.body.clock.b_ms}`);
      // The rematch asked before: its seats taken with the old game's tokens.
      const rm = games.resigned;
      const seat = await api(s.port, 'POST', `/api/v1/games/${rm.rematch}/join`, { body: { from: rm.id }, token: rm.w });
      assert.equal(seat.status, 200, seat.text);
      assert.equal(seat.body.seat, 'b');
      // Every stored event once, numbered on from the old ones.
      const ev = await openEvents(s.port, games.ongoing.id, { lastEventId: 0 });
      await ev.next((e) => e.event === 'move' && e.data.ply === 7);
      assert.deepEqual(ev.stored().map((e) => e.id), ev.stored().map((_, i) => i + 1));
      ev.close();
      await stopServer(s);
      s = await startOnline(['--db', db]);
      try {
        const again = (await api(s.port, 'GET', `/api/v1/games/${games.ongoing.id}`)).body;
        assert.equal(again.ply, 7);
        assert.equal((await move(s.port, games.ongoing, 'b', 7, moves[7])).status, 200);
      } finally {
        await stopServer(s);
      }
    });
  });
});
