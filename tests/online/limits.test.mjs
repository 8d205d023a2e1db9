// limits.test.mjs: the limits of a server: requests, games and streams per
// address, streams in all, and addresses behind a trusted proxy.
//
// Run by `make online-tests` (node --test, each file in a process of its
// own, with a server of its own) three ways, by HALMA_ONLINE_STORE
// (online_http.mjs): sqlite, pg (one server on PostgreSQL) and pg2 (two
// servers on one PostgreSQL, each request and stream sent to one or the
// other).  HALMA names the binary.
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { after, before, describe, test } from 'node:test';

import {
  api,
  newGame,
  openEvents,
  openLobby,
  sleep,
  startOnline,
  startShared,
  stopServer,
  stopShared,
} from './online_http.mjs';

// The server this file's tests share.
let server, port;
before(async () => ({ server, port } = await startShared()));
after(() => stopShared(server));

// Limits are each server's own: one server, whatever the store.
describe('limits', () => {
  test('requests a second: 429 rate_limited with Retry-After', async () => {
    const s = await startOnline(['--requests-per-second', '3'], { servers: 1 });
    try {
      const statuses = [];
      let last;
      for (let i = 0; i < 5; i++) statuses.push((last = await api(s.port, 'GET', '/api/v1/games/none')).status);
      assert.deepEqual(statuses.slice(0, 3), [404, 404, 404]);
      assert.equal(last.status, 429);
      assert.equal(last.body.error, 'rate_limited');
      assert.ok(Number(last.headers['retry-after']) >= 1);
      await sleep(1100);
      assert.equal((await api(s.port, 'GET', '/api/v1/games/none')).status, 404, 'allowed again');
    } finally {
      await stopServer(s);
    }
  });

  test('games an hour', async () => {
    const s = await startOnline(['--games-per-hour', '2'], { servers: 1 });
    try {
      assert.equal((await api(s.port, 'POST', '/api/v1/games', { body: {} })).status, 201);
      assert.equal((await api(s.port, 'POST', '/api/v1/games', { body: {} })).status, 201);
      const r = await api(s.port, 'POST', '/api/v1/games', { body: {} });
      assert.equal(r.status, 429);
      assert.ok(Number(r.headers['retry-after']) > 60);
    } finally {
      await stopServer(s);
    }
  });

  test('open streams per address; one closed frees its place', async () => {
    const s = await startOnline(['--streams-per-address', '2', '--heartbeat-seconds', '1'], { servers: 1 });
    try {
      const game = await newGame(s.port);
      const a = await openEvents(s.port, game.id);
      const b = await openEvents(s.port, game.id);
      const c = await openEvents(s.port, game.id);
      assert.equal(a.status, 200);
      assert.equal(b.status, 200);
      assert.equal(c.status, 429);
      a.close();
      // Its hangup is heard at once (hangups.c); a few tries allow for the scheduler.
      let d;
      for (let tries = 0; tries < 20 && (!d || d.status !== 200); tries++) {
        await sleep(250);
        d = await openEvents(s.port, game.id);
      }
      assert.equal(d.status, 200);
      b.close();
      d.close();
    } finally {
      await stopServer(s);
    }
  });
  // 16 is the default of --streams-per-address.  A stream is suspended
  // while it has nothing to send, and its client's hangup was heard only by
  // the next heartbeat's write (15-30 s): now at once (hangups.c).
  const STREAMS = 16;
  const until = async (what, pred, ms = 1000) => {
    const end = performance.now() + ms;
    for (let v = await what(); ; v = await what()) {
      if (pred(v)) return v;
      if (performance.now() > end) return v;
      await sleep(50);
    }
  };
  for (const kind of ['game', 'lobby']) {
    test(`${kind} streams closed, cleanly or by a reset, give back their places and their count within a second`, async () => {
      const s = await startOnline([], { servers: 1 });
      try {
        const game = await newGame(s.port);
        const open = () => (kind === 'game' ? openEvents(s.port, game.id) : openLobby(s.port));
        const watchers = async () => (await api(s.port, 'GET', `/api/v1/games/${game.id}`)).body.watchers;
        const first = [];
        for (let i = 0; i < STREAMS; i++) first.push(await open());
        assert.deepEqual(first.map((x) => x.status), Array(STREAMS).fill(200));
        assert.equal((await open()).status, 429, 'the limit holds');
        if (kind === 'game') assert.equal(await watchers(), STREAMS);
        first.forEach((x, i) => (i % 2 ? x.reset() : x.end()));
        if (kind === 'game') assert.equal(await until(watchers, (n) => n === 0), 0, 'the count drops at once');
        // The places come back as the hangups are heard: within a second, all.
        const second = [];
        const end = performance.now() + 1000;
        while (second.filter((x) => x.status === 200).length < STREAMS && performance.now() < end) {
          second.push(await open());
          if (second.at(-1).status !== 200) await sleep(50);
        }
        assert.equal(second.filter((x) => x.status === 200).length, STREAMS, 'sixteen new streams within a second');
        for (const x of second) x.close();
      } finally {
        await stopServer(s);
      }
    });
  }
});

describe('limits: the whole server, and behind a proxy', () => {
  test('open streams in all: 503 past --max-streams', async () => {
    const s = await startOnline(['--max-streams', '2'], { servers: 1 });
    try {
      const game = await newGame(s.port);
      const a = await openEvents(s.port, game.id);
      const b = await openEvents(s.port, game.id);
      const c = await openEvents(s.port, game.id);
      assert.equal(c.status, 503);
      assert.equal(JSON.parse(c.raw).error, 'unavailable');
      a.close();
      b.close();
    } finally {
      await stopServer(s);
    }
  });

  test('X-Forwarded-For counts only from the proxy named by --trusted-proxy', async () => {
    const behind = await startOnline(['--requests-per-second', '2', '--trusted-proxy', '127.0.0.1'], { servers: 1 });
    const direct = await startOnline(['--requests-per-second', '2'], { servers: 1 });
    try {
      const statuses = async (port) => {
        const out = [];
        for (let i = 0; i < 4; i++)
          out.push((await api(port, 'GET', '/api/v1/games/none', { headers: { 'X-Forwarded-For': `10.0.0.${i}, 192.0.2.${i}` } })).status);
        return out;
      };
      assert.deepEqual(await statuses(behind.port), [404, 404, 404, 404], 'four clients behind the proxy');
      assert.deepEqual(await statuses(direct.port), [404, 404, 429, 429], 'the header is anyone\'s to forge: ignored');
    } finally {
      await stopServer(behind);
      await stopServer(direct);
    }
  });

  test('of two X-Forwarded-For headers the last counts: the one a proxy like HAProxy adds', async () => {
    const behind = await startOnline(['--requests-per-second', '2', '--trusted-proxy', '127.0.0.1'], { servers: 1 });
    try {
      const out = [];
      for (let i = 0; i < 4; i++) {
        // The client's own header first, forged anew each time; the proxy's after it.
        const headers = { 'X-Forwarded-For': `10.9.9.${i}`, 'x-forwarded-for': '192.0.2.7' };
        out.push((await api(behind.port, 'GET', '/api/v1/games/none', { headers })).status);
      }
      assert.deepEqual(out, [404, 404, 429, 429], 'one client, whatever it writes itself');
    } finally {
      await stopServer(behind);
    }
  });
});
