// streams.test.mjs: the event stream of a game: the watchers it counts,
// presence and ping, the origin of a request, the access log, the order of
// its events and Last-Event-ID; and, with two servers (pg2), that writes
// and streams of one game were held on different servers (a game of its own).
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
  STORE,
  api,
  move,
  newGame,
  openEvents,
  routing,
  sleep,
  startOnline,
  startShared,
  stopServer,
  stopShared,
} from './online_http.mjs';

// The server this file's tests share, and a legal game from the start.
let server, port, moves;
before(async () => ({ server, port, moves } = await startShared()));
after(() => stopShared(server));

describe('watchers', () => {
  // A stream closed by its client is found gone at the next write to it: a
  // heartbeat a second, so that the test need not wait 15 s.
  let quick;
  before(async () => {
    quick = await startOnline(['--heartbeat-seconds', '1']);
  });
  after(async () => quick && stopServer(quick));

  test('the game counts its open streams, the seats\' own included; a watchers event says when it changes', async () => {
    const game = await newGame(quick.port);
    assert.equal((await api(quick.port, 'GET', `/api/v1/games/${game.id}`)).body.watchers, 0);
    const white = await openEvents(quick.port, game.id);
    assert.equal((await white.next((e) => e.event === 'game')).data.watchers, 1, 'the stream counts itself');
    const spectator = await openEvents(quick.port, game.id);
    // With two servers the other's stream is heard of within a second or so.
    assert.ok([1, 2].includes((await spectator.next((e) => e.event === 'game')).data.watchers));
    await white.next((e) => e.event === 'watchers' && e.data.watchers === 2);
    await spectator.next((e) => (e.event === 'game' || e.event === 'watchers') && e.data.watchers === 2);
    const closed = performance.now();
    spectator.close();
    await white.next((e) => e.event === 'watchers' && e.data.watchers === 1 && e.at > closed, 8000);
    assert.equal((await api(quick.port, 'GET', `/api/v1/games/${game.id}`)).body.watchers, 1);
    white.close();
  });

  test('a crowd arriving at once makes one event a second, not one each', async () => {
    const game = await newGame(quick.port);
    const first = await openEvents(quick.port, game.id);
    await first.next((e) => e.event === 'game');
    const crowd = await Promise.all(Array.from({ length: 12 }, () => openEvents(quick.port, game.id)));
    await first.next((e) => e.event === 'watchers' && e.data.watchers === 13);
    const events = first.events.filter((e) => e.event === 'watchers');
    assert.ok(events.length <= 6, `${events.length} watchers events: ${events.map((e) => e.data.watchers)}`);
    for (const s of [first, ...crowd]) s.close();
  });
});

describe('presence, ping, origin', () => {
  test('ping is 204 and needs a seat\'s token', async () => {
    const game = await newGame(port);
    const r = await api(port, 'POST', `/api/v1/games/${game.id}/ping`, { token: game.b });
    assert.equal(r.status, 204);
    assert.equal(r.text, '');
    assert.equal((await api(port, 'POST', `/api/v1/games/${game.id}/ping`)).status, 401);
    const g = (await api(port, 'GET', `/api/v1/games/${game.id}`)).body;
    assert.equal(g.seats.b.online, true);
  });

  test('a request from another origin that would change a game is 403; the same origin is fine', async () => {
    const evil = await api(port, 'POST', '/api/v1/games', { body: {}, headers: { Origin: 'http://evil.example' } });
    assert.equal(evil.status, 403);
    assert.equal(evil.body.error, 'forbidden');
    const site = await api(port, 'POST', '/api/v1/games', { body: {}, headers: { 'Sec-Fetch-Site': 'cross-site' } });
    assert.equal(site.status, 403);
    const same = await api(port, 'POST', '/api/v1/games', { body: {}, headers: { Origin: 'http://127.0.0.1' } });
    assert.equal(same.status, 201);
    const read = await api(port, 'GET', `/api/v1/games/${same.body.id}`, { headers: { Origin: 'http://evil.example' } });
    assert.equal(read.status, 200, 'reading is anyone\'s');
  });

  test('the access log names the game, never a token or an invite', async () => {
    const game = await newGame(port);
    await move(port, game, 'w', 0, moves[0]);
    await api(port, 'GET', `/api/v1/games/${game.id}?token=${game.b}`);
    await sleep(100);
    assert.match(server.stderr, new RegExp(`POST /api/v1/games/${game.id}/moves 200`));
    assert.ok(!server.stderr.includes(game.w) && !server.stderr.includes(game.b), 'no token in the log');
    assert.ok(!server.stderr.includes(game.created.invite), 'no invite in the log');
  });

  test('the access log counts the bytes an event stream sent, not 0', async () => {
    const game = await newGame(port);
    const events = await openEvents(port, game.id);
    await move(port, game, 'w', 0, moves[0]);
    await events.next((e) => e.event === 'move');
    events.end();
    const line = new RegExp(`GET /api/v1/games/${game.id}/events 200 (\\d+) `);
    const end = performance.now() + 3000;
    while (!line.test(server.stderr) && performance.now() < end) await sleep(20);
    const bytes = Number(server.stderr.match(line)?.[1]);
    // Each event's text is sent whole: at least the game event and the move.
    assert.ok(bytes > 200, `${bytes} bytes logged`);
  });
});

describe('the event stream', () => {
  test('a game event first, with the current seq; then moves, seats and the end, in order', async () => {
    const game = await newGame(port);
    const s = await openEvents(port, game.id);
    assert.equal(s.status, 200);
    assert.match(s.headers, /content-type: text\/event-stream/i);
    const first = await s.next((e) => e.event === 'game');
    assert.equal(first.id, 1, 'one event so far: the join');
    assert.equal(first.data.id, game.id);
    await move(port, game, 'w', 0, moves[0]);
    const m = await s.next((e) => e.event === 'move');
    assert.deepEqual(m.data, { ply: 1, move: moves[0], seat: 'w', clock: null });
    assert.equal(m.id, 2);
    await api(port, 'POST', `/api/v1/games/${game.id}/resign`, { token: game.b });
    const end = await s.next((e) => e.event === 'end');
    assert.equal(end.id, 3);
    assert.deepEqual(end.data.result, { winner: 'w', reason: 'resign' });
    s.close();
  });

  test('Last-Event-ID: every event after it from the store, no game event, then the live ones', async () => {
    const game = await newGame(port);
    for (let ply = 0; ply < 4; ply++) await move(port, game, ply % 2 ? 'b' : 'w', ply, moves[ply]);
    const s = await openEvents(port, game.id, { lastEventId: 2 });
    const live = s.next((e) => e.event === 'move' && e.data.ply === 5);
    await s.next((e) => e.id === 5);
    assert.deepEqual(
      s.stored().map((e) => [e.id, e.event]),
      [
        [3, 'move'],
        [4, 'move'],
        [5, 'move'],
      ],
    );
    await move(port, game, 'w', 4, moves[4]);
    assert.equal((await live).id, 6);
    s.close();
    const all = await openEvents(port, game.id, { lastEventId: 0 });
    await all.next((e) => e.id === 6);
    assert.deepEqual(all.stored().map((e) => e.id), [1, 2, 3, 4, 5, 6]);
    assert.equal(all.stored()[0].event, 'seats');
    all.close();
  });
});

describe('two servers on one store', () => {
  // Its own game: a stream held on one server while four moves alternate
  // between both, so the proof does not hang on the file's other tests.
  test(
    'writes were answered by one server while streams of the same game were held on the other',
    { skip: STORE !== 'pg2' && 'only with two servers (HALMA_ONLINE_STORE=pg2)' },
    async (t) => {
      const before = { writes: routing.writes, crossWrites: routing.crossWrites };
      const game = await newGame(port);
      const s = await openEvents(port, game.id);
      await s.next((e) => e.event === 'game');
      for (let ply = 0; ply < 4; ply++) {
        const answer = await move(port, game, ply % 2 ? 'b' : 'w', ply, moves[ply]);
        assert.equal(answer.status, 200, answer.text);
        await s.next((e) => e.event === 'move' && e.data.ply === ply + 1);
      }
      s.close();
      const writes = routing.writes - before.writes, crossWrites = routing.crossWrites - before.crossWrites;
      t.diagnostic(`${writes} writes, ${crossWrites} while the stream of their game was on the other server`);
      assert.equal(writes, 5, 'the join and four moves');
      assert.ok(crossWrites >= 2, `${crossWrites} of ${writes} writes made while the game's stream was on the other server`);
      assert.ok(routing.streams.length === 2 && routing.streams.every((n) => n >= 1), `streams opened on each server: ${routing.streams}`);
      for (const one of server.servers) assert.match(one.stderr, /POST \/api\/v1\/games\/\S+\/moves 200/, 'each server played moves');
    },
  );
});
