// shared.test.mjs: two `halma serve` on one PostgreSQL store,
// from outside over raw HTTP: a move posted to one server reaches the
// streams held on the other at once; a server killed mid-game loses nothing
// for its clients, who go on on the other; PostgreSQL restarted mid-game
// refuses writes while it is down and every game goes on after; a flag falls
// once, whichever servers are up.
//
// Run by `make online-tests` inside `tools/pg-temp.sh run` (HALMA_TEST_PG,
// HALMA_PG_TEMP); run alone, it starts a cluster of its own
// (tests/online/pg_store.mjs).  HALMA names the binary.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { after, before, describe, test } from 'node:test';

import {
  api,
  legalMoves,
  lobbyUntil,
  move,
  newGame,
  openEvents,
  openLobby,
  sleep,
  startOnline,
  stopServer,
} from './online_http.mjs';
import { canPause, dropDatabases, freezePg, freshDatabase, pausePg, resumePg, thawPg } from './pg_store.mjs';

let db; // this file's database
let moves; // a legal game from the start
const running = new Set();

// One server on this file's database, stopped by after() if a test did not;
// no limit of streams per address (the tests open many, and a stream closed
// here is found gone by the server only at its next write).
async function serve(args = []) {
  const s = await startOnline(['--db', db, '--streams-per-address', '0', ...args], { servers: 1 });
  running.add(s);
  s.exitPromise.then(() => running.delete(s));
  return s;
}

async function stopAll(...servers) {
  for (const s of servers) await stopServer(s);
}

// Stops each server, which must exit cleanly (under AddressSanitizer: no leak).
async function stopClean(...servers) {
  for (const s of servers) {
    const { code, signal } = await stopServer(s);
    assert.equal(code, 0, `exit ${code} ${signal}\n${s.stderr.slice(-1500)}`);
  }
}

before(async () => {
  db = freshDatabase('shared');
  moves = await legalMoves(40);
  assert.equal(moves.length, 40);
});

after(async () => {
  for (const s of [...running]) await stopServer(s, 'SIGKILL');
  dropDatabases();
});

const seatOf = (ply) => (ply % 2 ? 'b' : 'w');
const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const ids = (...streams) => streams.flatMap((s) => s.events.filter((e) => e.id !== undefined).map((e) => e.id));
const lastId = (s) => Math.max(0, ...ids(s));
const median = (xs) => {
  const v = [...xs].sort((x, y) => x - y);
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};
const ms = (xs) => xs.map((x) => x.toFixed(1)).join(' ');

// Sends again until the answer is 200 (a store coming back); the last answer.
async function until200(send, limitMs, what) {
  const start = performance.now();
  let last;
  for (;;) {
    last = await send().catch((e) => ({ status: 0, text: e.message }));
    if (last.status === 200) return last;
    if (performance.now() - start > limitMs) assert.fail(`${what}: no 200 within ${limitMs} ms; last ${last.status} ${last.text}`);
    await sleep(100);
  }
}

// A stream of game id on port, which must be open (200).
async function watchEvents(port, id, options) {
  const s = await openEvents(port, id, options);
  assert.equal(s.status, 200, `a stream refused: ${s.status} ${s.raw}`);
  return s;
}

// The number of the game's last event, read from a new stream of every event.
async function lastSeq(port, game, expect) {
  const s = await watchEvents(port, game.id, { lastEventId: 0 });
  try {
    await s.next((e) => e.id === expect, 3000);
    await sleep(100); // and nothing after it
    return lastId(s);
  } finally {
    s.close();
  }
}

describe('two servers on one PostgreSQL', () => {
  test('a move posted to A reaches a stream held on B within 100 ms (median of 20 moves)', async (t) => {
    const a = await serve();
    const b = await serve();
    try {
      const game = await newGame(a.port);
      const onB = await watchEvents(b.port, game.id, { lastEventId: 0 });
      const onA = await watchEvents(a.port, game.id, { lastEventId: 0 });
      assert.equal(onB.status, 200);
      await onB.next((e) => e.id === 1, 3000); // the join
      const sentToB = [];
      const ackedToB = [];
      const sentToA = [];
      for (let ply = 0; ply < 20; ply++) {
        const sent = performance.now();
        const r = await move(a.port, game, seatOf(ply), ply, moves[ply]);
        const acked = performance.now();
        assert.equal(r.status, 200, r.text);
        const there = await onB.next((e) => e.event === 'move' && e.data.ply === ply + 1, 3000);
        const here = await onA.next((e) => e.event === 'move' && e.data.ply === ply + 1, 3000);
        assert.deepEqual(there.data, here.data);
        assert.equal(there.id, ply + 2);
        sentToB.push(there.at - sent);
        ackedToB.push(there.at - acked);
        sentToA.push(here.at - sent);
      }
      t.diagnostic(`POST to A -> event on B, ms: median ${median(sentToB).toFixed(1)}, max ${Math.max(...sentToB).toFixed(1)}: ${ms(sentToB)}`);
      t.diagnostic(`A's answer -> event on B, ms: median ${median(ackedToB).toFixed(1)}: ${ms(ackedToB)}`);
      t.diagnostic(`POST to A -> event on A, ms: median ${median(sentToA).toFixed(1)}: ${ms(sentToA)}`);
      assert.ok(median(sentToB) < 100, `median ${median(sentToB).toFixed(1)} ms from the POST to A to the event on B`);
      assert.deepEqual(ids(onB), range(1, 21), 'every event once, in order');
      onA.close();
      onB.close();
      await stopClean(a, b);
    } finally {
      await stopAll(a, b);
    }
  });

  test('SIGKILL one of two servers mid-game: its clients go on on the other, nothing lost or doubled', async (t) => {
    const a = await serve();
    const b = await serve();
    try {
      // White plays and watches on A, Black on B, a spectator watches on A.
      const game = await newGame(a.port);
      const watch = {
        w: await watchEvents(a.port, game.id, { lastEventId: 0 }),
        b: await watchEvents(b.port, game.id, { lastEventId: 0 }),
        spectator: await watchEvents(a.port, game.id, { lastEventId: 0 }),
      };
      const on = { w: a, b };
      const killAt = 10; // White's move
      const total = 24;
      for (let ply = 0; ply < killAt; ply++) {
        const r = await move(on[seatOf(ply)].port, game, seatOf(ply), ply, moves[ply]);
        assert.equal(r.status, 200, r.text);
      }
      await watch.b.next((e) => e.id === killAt + 1, 3000); // Black has seen White's moves made on A
      // White's next move is in flight when A dies.
      const inFlight = move(a.port, game, 'w', killAt, moves[killAt]).catch(() => null);
      a.child.kill('SIGKILL');
      assert.equal((await a.exitPromise).signal, 'SIGKILL');
      const lost = await inFlight;
      t.diagnostic(`the move in flight to A got ${lost ? lost.status : 'no answer'}`);
      if (lost && lost.status === 200) assert.equal(lost.body.ply, killAt + 1);
      // White resends it to B with the same ply, twice: played once.
      for (const k of [1, 2]) {
        const r = await move(b.port, game, 'w', killAt, moves[killAt]);
        assert.equal(r.status, 200, `resend ${k}: ${r.text}`);
        assert.equal(r.body.ply, killAt + 1);
        assert.deepEqual(r.body.moves, moves.slice(0, killAt + 1));
      }
      // The streams A held are gone; they come back on B from their last event.
      const closed = await Promise.all(['w', 'spectator'].map((k) => waitFor(() => watch[k].closed, 2000)));
      assert.deepEqual(closed, [true, true], 'the streams of the killed server are closed');
      const again = {
        w: await watchEvents(b.port, game.id, { lastEventId: lastId(watch.w) }),
        spectator: await watchEvents(b.port, game.id, { lastEventId: lastId(watch.spectator) }),
      };
      for (const s of Object.values(again)) assert.equal(s.status, 200);
      for (let ply = killAt + 1; ply < total; ply++) {
        const r = await move(b.port, game, seatOf(ply), ply, moves[ply]);
        assert.equal(r.status, 200, r.text);
      }
      const g = (await api(b.port, 'GET', `/api/v1/games/${game.id}`)).body;
      assert.equal(g.ply, total);
      assert.deepEqual(g.moves, moves.slice(0, total), 'every move once, in order');
      const n = total + 1; // the join and the moves
      assert.equal(await lastSeq(b.port, game, n), n);
      for (const s of [watch.b, again.w, again.spectator]) await s.next((e) => e.id === n, 3000);
      await sleep(100);
      assert.deepEqual(ids(watch.w, again.w), range(1, n), 'White: every event exactly once across the reconnection');
      assert.deepEqual(ids(watch.spectator, again.spectator), range(1, n), 'the spectator: every event exactly once');
      assert.deepEqual(ids(watch.b), range(1, n), 'Black, on B all along: every event exactly once');
      const plies = [...watch.w.events, ...again.w.events].filter((e) => e.event === 'move').map((e) => e.data.ply);
      assert.deepEqual(plies, range(1, total));
      for (const s of [watch.b, again.w, again.spectator]) s.close();
      await stopClean(b);
    } finally {
      await stopAll(a, b);
    }
  });

  test(
    'PostgreSQL restarted mid-game: writes 503 while it is down, changing nothing; then every game goes on and streams catch up',
    { skip: !canPause() && 'no HALMA_PG_TEMP (tools/pg-temp.sh) to pause and resume' },
    async (t) => {
      const a = await serve();
      const b = await serve();
      const servers = [a, b];
      let paused = false;
      try {
        const games = [];
        for (let i = 0; i < 3; i++) games.push(await newGame(servers[i % 2].port));
        const before = 4;
        for (const g of games)
          for (let ply = 0; ply < before; ply++) {
            const r = await move(servers[ply % 2].port, g, seatOf(ply), ply, moves[ply]);
            assert.equal(r.status, 200, r.text);
          }
        // Each game watched on both servers.
        const watch = [];
        for (const g of games)
          for (const s of servers) {
            const st = await watchEvents(s.port, g.id, { lastEventId: 0 });
            await st.next((e) => e.id === before + 1, 3000);
            watch.push({ game: g, server: s, streams: [st] });
          }

        pausePg();
        paused = true;
        const downAt = performance.now();
        for (const [i, g] of games.entries())
          for (const s of [servers[i % 2], servers[(i + 1) % 2]]) {
            const r = await move(s.port, g, 'w', before, moves[before]);
            assert.equal(r.status, 503, `a move while the store is down: ${r.status} ${r.text}`);
            assert.equal(r.body.error, 'unavailable');
          }
        for (const s of servers) {
          const c = await api(s.port, 'POST', '/api/v1/games', { body: {} });
          assert.equal(c.status, 503, `a new game while the store is down: ${c.status} ${c.text}`);
          const r = await api(s.port, 'POST', `/api/v1/games/${games[0].id}/resign`, { token: games[0].b });
          assert.equal(r.status, 503, `a resignation while the store is down: ${r.status} ${r.text}`);
        }
        const read = await api(a.port, 'GET', `/api/v1/games/${games[0].id}`).catch((e) => ({ status: e.message }));
        t.diagnostic(`a read while the store is down: ${read.status}`);
        await sleep(Math.max(0, 1500 - (performance.now() - downAt))); // down for a second and a half at least
        resumePg();
        paused = false;
        const upAt = performance.now();

        // Streams stayed open, or ended cleanly (their last chunk).
        for (const w of watch) {
          const st = w.streams[0];
          if (st.closed) assert.ok(st.ended, 'a stream that ends while the store is down ends with its last chunk');
        }
        t.diagnostic(`streams closed during the outage: ${watch.filter((w) => w.streams[0].closed).length} of ${watch.length}`);

        // Nothing changed; every game goes on, each move on the other server.
        const after_ = 8;
        for (const [i, g] of games.entries()) {
          const r = await until200(() => api(servers[i % 2].port, 'GET', `/api/v1/games/${g.id}`), 10000, 'a read after the restart');
          assert.deepEqual(r.body.moves, moves.slice(0, before), 'the refused writes changed nothing');
          assert.equal(r.body.status, 'ongoing');
        }
        const firstBack = [];
        for (const [i, g] of games.entries())
          for (let ply = before; ply < after_; ply++) {
            const r = await until200(() => move(servers[(i + ply) % 2].port, g, seatOf(ply), ply, moves[ply]), 10000, `game ${i}, ply ${ply}`);
            if (ply === before) firstBack.push(performance.now() - upAt);
            assert.equal(r.body.ply, ply + 1);
            assert.deepEqual(r.body.moves, moves.slice(0, ply + 1), 'nothing lost or doubled');
          }
        t.diagnostic(`first move of each game accepted ${ms(firstBack)} ms after the store was back`);

        // Every stream, the open ones caught up and the closed ones reconnected
        // from their last event, has every event exactly once.
        const n = 1 + after_;
        for (const w of watch) {
          const st = w.streams[0];
          if (st.closed) w.streams.push(await watchEvents(w.server.port, w.game.id, { lastEventId: lastId(st) }));
          const last = w.streams[w.streams.length - 1];
          await last.next((e) => e.id === n, 5000).catch((e) => {
            throw new Error(`a stream on ${w.server === a ? 'A' : 'B'} did not catch up: ${e.message}; ids ${ids(...w.streams)}`);
          });
        }
        await sleep(100);
        for (const w of watch) assert.deepEqual(ids(...w.streams), range(1, n), 'every event exactly once');
        for (const g of games)
          for (const s of servers) {
            const r = await api(s.port, 'GET', `/api/v1/games/${g.id}`);
            assert.deepEqual(r.body.moves, moves.slice(0, after_));
          }
        // and new games are made again
        assert.equal((await api(b.port, 'POST', '/api/v1/games', { body: {} })).status, 201);
        for (const w of watch) for (const st of w.streams) st.close();
        await stopClean(a, b);
      } finally {
        if (paused) resumePg();
        await stopAll(a, b);
      }
    },
  );

  test(
    'PostgreSQL hanging: the streams keep their heartbeats while a request waits for it, and the game goes on after',
    { skip: !canPause() && 'no HALMA_PG_TEMP (tools/pg-temp.sh) to freeze' },
    async () => {
      const a = await serve(['--heartbeat-seconds', '1']);
      let frozen = false;
      try {
        const game = await newGame(a.port);
        const st = await watchEvents(a.port, game.id, { lastEventId: 0 });
        freezePg();
        frozen = true;
        const pending = move(a.port, game, 'w', 0, moves[0]); // waits: the database does not answer
        const before = st.comments;
        await sleep(3500);
        const beats = st.comments - before;
        thawPg();
        frozen = false;
        assert.ok(beats >= 2, `heartbeats while the database hung: ${beats} in 3.5 s at one a second`);
        const r = await pending;
        assert.ok([200, 503].includes(r.status), `the waiting move: ${r.status} ${r.text}`);
        await until200(() => move(a.port, game, 'w', 0, moves[0]), 10000, 'the move once the database answers');
        await st.next((e) => e.event === 'move', 5000);
        st.close();
        await stopClean(a);
      } finally {
        if (frozen) thawPg();
        await stopAll(a);
      }
    },
  );

  test('a flag falls exactly once across two servers: one end event on the streams of both, finished on both', async (t) => {
    const a = await serve();
    const b = await serve();
    const servers = [a, b];
    try {
      const games = [];
      for (let i = 0; i < 4; i++) games.push(await newGame(servers[i % 2].port, { clock: { initial_ms: 1500 } }));
      const watch = games.map(() => []);
      for (const [i, g] of games.entries()) for (const s of servers) watch[i].push(await watchEvents(s.port, g.id, { lastEventId: 0 }));
      // White's first move starts the clocks (and costs nothing); Black does nothing.
      const movedAt = [];
      for (const [i, g] of games.entries()) {
        const r = await move(servers[(i + 1) % 2].port, g, 'w', 0, moves[0]);
        movedAt.push(performance.now());
        assert.equal(r.status, 200, r.text);
        assert.equal(r.body.clock.running, 'b');
      }
      const late = [];
      for (const [i, pair] of watch.entries())
        for (const s of pair) {
          const end = await s.next((e) => e.event === 'end', 4000);
          assert.deepEqual(end.data.result, { winner: 'w', reason: 'time' });
          late.push(end.at - movedAt[i] - 1500);
        }
      t.diagnostic(`the end event came ${ms(late)} ms after the flag's moment`);
      assert.ok(Math.max(...late) < 1000, 'the flag falls at its moment');
      await sleep(1500); // time for a second end, if a server were to write one
      for (const [i, g] of games.entries()) {
        const [onA, onB] = watch[i];
        const endsA = onA.events.filter((e) => e.event === 'end');
        const endsB = onB.events.filter((e) => e.event === 'end');
        assert.equal(endsA.length, 1, `game ${i}: one end on A`);
        assert.equal(endsB.length, 1, `game ${i}: one end on B`);
        assert.equal(endsA[0].id, endsB[0].id, 'the same event');
        assert.deepEqual(ids(onA), range(1, endsA[0].id), 'A: every event once, the end last');
        assert.deepEqual(ids(onB), range(1, endsB[0].id), 'B: every event once, the end last');
        for (const s of servers) {
          const r = (await api(s.port, 'GET', `/api/v1/games/${g.id}`)).body;
          assert.equal(r.status, 'finished');
          assert.deepEqual(r.result, { winner: 'w', reason: 'time' });
          assert.equal(r.clock.b_ms, 0);
          assert.equal(r.clock.running, null);
          const m = await move(s.port, g, 'b', 1, moves[1]);
          assert.equal(m.status, 409);
          assert.equal(m.body.error, 'game_over');
        }
        assert.equal(await lastSeq(b.port, g, endsA[0].id), endsA[0].id, 'the store has one end, the last event');
      }
      for (const pair of watch) for (const s of pair) s.close();
      await stopClean(a, b);
    } finally {
      await stopAll(a, b);
    }
  });
});

describe('watchers on two servers', () => {
  test('a game\'s streams on both servers add up on each; a server killed, its streams stop counting', async () => {
    const a = await serve(['--heartbeat-seconds', '1']);
    const b = await serve(['--heartbeat-seconds', '1']);
    try {
      const game = await newGame(a.port);
      const onA = await watchEvents(a.port, game.id);
      const onB = [await watchEvents(b.port, game.id), await watchEvents(b.port, game.id)];
      await onA.next((e) => e.event === 'watchers' && e.data.watchers === 3, 5000);
      await onB[0].next((e) => e.event === 'watchers' && e.data.watchers === 3, 5000);
      for (const port of [a.port, b.port]) assert.equal((await api(port, 'GET', `/api/v1/games/${game.id}`)).body.watchers, 3);
      const gone = performance.now();
      b.child.kill('SIGKILL');
      await b.exitPromise;
      const down = await onA.next((e) => e.event === 'watchers' && e.data.watchers === 1 && e.at > gone, 40000);
      assert.ok(down.at - gone < 40000);
      assert.equal((await api(a.port, 'GET', `/api/v1/games/${game.id}`)).body.watchers, 1);
      onA.close();
      await stopClean(a);
    } finally {
      await stopAll(a, b);
    }
  });
});

describe('the lobby on two servers', () => {
  const listed = (games, id) => games.some((g) => g.id === id);
  const openGame = (port) => api(port, 'POST', '/api/v1/games', { body: { open: true } });

  test('a game opened on A is in B\'s lobby and on its stream; taken on B, it leaves A\'s', async () => {
    const a = await serve();
    const b = await serve();
    try {
      const onA = await openLobby(a.port);
      const onB = await openLobby(b.port);
      const c = (await openGame(a.port)).body;
      await onB.next((e) => e.event === 'open' && e.data.id === c.id, 3000);
      await lobbyUntil(b.port, (gs) => listed(gs, c.id), 1000);
      const j = await api(b.port, 'POST', `/api/v1/games/${c.id}/join`, { body: { seat: 'b' } });
      assert.equal(j.status, 200, j.text);
      await onA.next((e) => e.event === 'closed' && e.data.id === c.id, 3000);
      await lobbyUntil(a.port, (gs) => !listed(gs, c.id), 1000);
      // One seat, two takers, one on each server: one has it.
      const d = (await openGame(b.port)).body;
      await lobbyUntil(a.port, (gs) => listed(gs, d.id), 1000);
      const both = await Promise.all([a, b].map((s) => api(s.port, 'POST', `/api/v1/games/${d.id}/join`, { body: { seat: 'b' } })));
      assert.deepEqual(both.map((r) => r.status).sort(), [200, 409], both.map((r) => r.text).join(' '));
      onA.close();
      onB.close();
      await stopClean(a, b);
    } finally {
      await stopAll(a, b);
    }
  });

  test('five open games an address, counted across the servers, even at once', async () => {
    const a = await serve(['--open-games-per-address', '5']);
    const b = await serve(['--open-games-per-address', '5']);
    try {
      for (const s of [a, a, b, b]) assert.equal((await openGame(s.port)).status, 201);
      const race = await Promise.all([openGame(a.port), openGame(b.port)]);
      assert.deepEqual(race.map((r) => r.status).sort(), [201, 429], 'the fifth once, however sent');
      for (const s of [a, b]) assert.equal((await openGame(s.port)).status, 429);
      await stopClean(a, b);
    } finally {
      await stopAll(a, b);
    }
  });

  test('its creator away: it leaves the lobby once, whichever server notices', async () => {
    const args = ['--online-seconds', '1', '--lobby-away-seconds', '1'];
    const a = await serve(args);
    const b = await serve(args);
    try {
      const lobbies = [await openLobby(a.port), await openLobby(b.port)];
      const c = (await openGame(a.port)).body;
      const streams = [await watchEvents(a.port, c.id), await watchEvents(b.port, c.id)];
      for (const l of lobbies) await l.next((e) => e.event === 'closed' && e.data.id === c.id, 8000);
      for (const s of streams) await s.next((e) => e.event === 'lobby', 3000);
      await sleep(1500);
      for (const l of lobbies) assert.equal(l.events.filter((e) => e.event === 'closed' && e.data.id === c.id).length, 1);
      for (const s of streams) assert.equal(s.events.filter((e) => e.event === 'lobby').length, 1, 'one lobby event');
      for (const x of [...lobbies, ...streams]) x.close();
      await stopClean(a, b);
    } finally {
      await stopAll(a, b);
    }
  });
});

describe('computer seats on two servers', () => {
  const firstReply = (list) => {
    const input = `position startpos${list.length ? ' moves ' + list.join(' ') : ''}\ngo depth 1\nquit\n`;
    return spawnSync(process.env.HALMA, ['engine'], { input, encoding: 'utf8' }).stdout.match(/bestmove (\S+)/)[1];
  };

  test('each computer move played once, whichever server the person\'s moves go to', async () => {
    const a = await serve();
    const b = await serve();
    try {
      const c = (await api(a.port, 'POST', '/api/v1/games', { body: { computer: { b: 1 } } })).body;
      const onB = await watchEvents(b.port, c.id);
      let list = [];
      for (let ply = 0; ply < 8; ply += 2) {
        const port = ply % 4 ? b.port : a.port;
        const r = await api(port, 'POST', `/api/v1/games/${c.id}/moves`, { body: { ply, move: firstReply(list) }, token: c.token });
        assert.equal(r.status, 200, r.text);
        await onB.next((e) => e.event === 'move' && e.data.ply === ply + 2, 5000);
        list = (await api(b.port, 'GET', `/api/v1/games/${c.id}`)).body.moves;
      }
      await sleep(4500); // past the other server's takeover: it finds the move played, and drops its own
      for (const s of [a, b]) assert.equal((await api(s.port, 'GET', `/api/v1/games/${c.id}`)).body.ply, 8);
      const all = await watchEvents(a.port, c.id, { lastEventId: 0 });
      await all.next((e) => e.id !== undefined && e.event === 'move' && e.data.ply === 8);
      const plies = all.stored().filter((e) => e.event === 'move').map((e) => e.data.ply);
      assert.deepEqual(plies, range(1, 8), 'every move once');
      for (const s of [onB, all]) s.close();
      await stopClean(a, b);
    } finally {
      await stopAll(a, b);
    }
  });

  test('the server searching a computer move killed: the other plays it', async () => {
    const a = await serve();
    const b = await serve();
    try {
      const c = (await api(a.port, 'POST', '/api/v1/games', { body: { computer: { b: 10 } } })).body;
      const onB = await watchEvents(b.port, c.id);
      const r = await api(a.port, 'POST', `/api/v1/games/${c.id}/moves`, { body: { ply: 0, move: moves[0] }, token: c.token });
      assert.equal(r.status, 200);
      a.child.kill('SIGKILL'); // level 10 searches a second: A was searching
      await a.exitPromise;
      const played = await onB.next((e) => e.event === 'move' && e.data.ply === 2, 10000);
      assert.equal(played.data.seat, 'b');
      await sleep(500);
      assert.equal(onB.events.filter((e) => e.event === 'move' && e.data.ply === 2).length, 1);
      onB.close();
      await stopClean(b);
    } finally {
      await stopAll(a, b);
    }
  });
});

describe('flags when a server or the store goes away', () => {
  test('the server that started a clock is killed: the other ends the game on time, once', async () => {
    const a = await serve();
    const b = await serve();
    try {
      const game = await newGame(a.port, { clock: { initial_ms: 1500 } });
      const onB = await watchEvents(b.port, game.id, { lastEventId: 0 });
      const r = await move(a.port, game, 'w', 0, moves[0]);
      const movedAt = performance.now();
      assert.equal(r.status, 200, r.text);
      await onB.next((e) => e.event === 'move', 3000);
      a.child.kill('SIGKILL');
      await a.exitPromise;
      const end = await onB.next((e) => e.event === 'end', 4000);
      const late = end.at - movedAt - 1500;
      assert.deepEqual(end.data.result, { winner: 'w', reason: 'time' });
      assert.ok(late < 1000, `the end came ${late.toFixed(0)} ms after the flag's moment`);
      await sleep(500);
      assert.deepEqual(ids(onB), range(1, 3), 'the join, the move, one end');
      const g = (await api(b.port, 'GET', `/api/v1/games/${game.id}`)).body;
      assert.deepEqual(g.result, { winner: 'w', reason: 'time' });
      onB.close();
      await stopClean(b);
    } finally {
      await stopAll(a, b);
    }
  });

  test(
    'a flag whose moment passes while PostgreSQL is down falls once it is back, once, on both servers',
    { skip: !canPause() && 'no HALMA_PG_TEMP (tools/pg-temp.sh) to pause and resume' },
    async (t) => {
      const a = await serve();
      const b = await serve();
      let paused = false;
      try {
        const game = await newGame(a.port, { clock: { initial_ms: 1000 } });
        const watch = [await watchEvents(a.port, game.id, { lastEventId: 0 }), await watchEvents(b.port, game.id, { lastEventId: 0 })];
        assert.equal((await move(b.port, game, 'w', 0, moves[0])).status, 200);
        for (const s of watch) await s.next((e) => e.event === 'move', 3000);
        pausePg();
        paused = true;
        await sleep(1500); // Black's second runs out meanwhile
        const r = await move(a.port, game, 'b', 1, moves[1]);
        assert.equal(r.status, 503, `Black's late move while the store is down: ${r.status} ${r.text}`);
        resumePg();
        paused = false;
        const upAt = performance.now();
        const ends = [];
        for (const s of watch) ends.push(await s.next((e) => e.event === 'end', 8000));
        t.diagnostic(`the end came ${ms(ends.map((e) => e.at - upAt))} ms after the store was back`);
        for (const e of ends) assert.deepEqual(e.data.result, { winner: 'w', reason: 'time' });
        await sleep(1000);
        for (const s of watch) {
          assert.equal(s.events.filter((e) => e.event === 'end').length, 1, 'one end');
          assert.deepEqual(ids(s), range(1, 3), 'the join, the move, one end');
        }
        for (const s of [a, b]) {
          const g = (await api(s.port, 'GET', `/api/v1/games/${game.id}`)).body;
          assert.deepEqual(g.moves, [moves[0]], 'the move refused while the store was down is not there');
          assert.deepEqual(g.result, { winner: 'w', reason: 'time' });
          const late = await move(s.port, game, 'b', 1, moves[1]);
          assert.equal(late.body.error, 'game_over');
        }
        for (const s of watch) s.close();
        await stopClean(a, b);
      } finally {
        if (paused) resumePg();
        await stopAll(a, b);
      }
    },
  );
});

describe('races between two servers', () => {
  let a;
  let b;
  before(async () => {
    a = await serve();
    b = await serve();
  });
  after(async () => {
    if (a && b) await stopClean(a, b);
  });

  test('the same move sent to both servers at once: 200 from both, played once', async () => {
    const games = [];
    for (let i = 0; i < 10; i++) games.push(await newGame(a.port));
    for (const ply of [0, 1]) {
      const answers = await Promise.all(
        games.map((g) => Promise.all([a, b].map((s) => move(s.port, g, seatOf(ply), ply, moves[ply])))),
      );
      for (const pair of answers)
        for (const r of pair) {
          assert.equal(r.status, 200, `ply ${ply}: ${r.status} ${r.text}`);
          assert.deepEqual(r.body.moves, moves.slice(0, ply + 1));
        }
    }
    for (const g of games) {
      const s = await watchEvents(b.port, g.id, { lastEventId: 0 });
      await s.next((e) => e.id === 3, 3000);
      await sleep(100);
      assert.deepEqual(
        s.stored().map((e) => e.event),
        ['seats', 'move', 'move'],
        'one event a move',
      );
      s.close();
    }
  });

  test('a rematch asked on both servers at once: one rematch, named by both answers', async () => {
    const games = [];
    for (let i = 0; i < 10; i++) {
      const g = await newGame(a.port);
      assert.equal((await api(b.port, 'POST', `/api/v1/games/${g.id}/resign`, { token: g.w })).status, 200);
      games.push(g);
    }
    const answers = await Promise.all(
      games.map((g) =>
        Promise.all([
          api(a.port, 'POST', `/api/v1/games/${g.id}/rematch`, { token: g.w }),
          api(b.port, 'POST', `/api/v1/games/${g.id}/rematch`, { token: g.b }),
        ]),
      ),
    );
    for (const [i, [ra, rb]] of answers.entries()) {
      assert.equal(ra.status, 200, `on A: ${ra.text}`);
      assert.equal(rb.status, 200, `on B: ${rb.text}`);
      assert.equal(ra.body.rematch, rb.body.rematch, 'one rematch');
      for (const s of [a, b]) assert.equal((await api(s.port, 'GET', `/api/v1/games/${games[i].id}`)).body.rematch, ra.body.rematch);
      const st = await watchEvents(a.port, games[i].id, { lastEventId: 0 });
      await st.next((e) => e.event === 'rematch', 3000);
      await sleep(100);
      assert.equal(st.events.filter((e) => e.event === 'rematch').length, 1, 'one rematch event');
      st.close();
    }
  });

  test('one invite used on both servers at once: one seat taken, the other 409 seat_taken', async () => {
    for (let i = 0; i < 10; i++) {
      const c = (await api(a.port, 'POST', '/api/v1/games', { body: {} })).body;
      const rs = await Promise.all([a, b].map((s) => api(s.port, 'POST', `/api/v1/games/${c.id}/join`, { body: { invite: c.invite } })));
      assert.deepEqual(rs.map((r) => r.status).sort(), [200, 409], rs.map((r) => r.text).join(' | '));
      assert.equal(rs.find((r) => r.status === 409).body.error, 'seat_taken');
      const g = (await api(b.port, 'GET', `/api/v1/games/${c.id}`)).body;
      assert.equal(g.status, 'ongoing');
    }
  });

  test('a resignation and a move at once on two servers: one game, ended once, every event once', async () => {
    const games = [];
    for (let i = 0; i < 10; i++) games.push(await newGame(a.port));
    const answers = await Promise.all(
      games.map((g) =>
        Promise.all([move(a.port, g, 'w', 0, moves[0]), api(b.port, 'POST', `/api/v1/games/${g.id}/resign`, { token: g.b })]),
      ),
    );
    for (const [i, [m, r]] of answers.entries()) {
      assert.equal(r.status, 200, `the resignation: ${r.text}`);
      assert.ok(m.status === 200 || (m.status === 409 && m.body.error === 'game_over'), `the move: ${m.status} ${m.text}`);
      for (const s of [a, b]) {
        const g = (await api(s.port, 'GET', `/api/v1/games/${games[i].id}`)).body;
        assert.deepEqual(g.result, { winner: 'w', reason: 'resign' });
        assert.deepEqual(g.moves, m.status === 200 ? [moves[0]] : []);
      }
      const st = await watchEvents(b.port, games[i].id, { lastEventId: 0 });
      const n = m.status === 200 ? 3 : 2;
      await st.next((e) => e.id === n, 3000);
      await sleep(100);
      assert.deepEqual(ids(st), range(1, n));
      assert.equal(st.events.filter((e) => e.event === 'end').length, 1);
      st.close();
    }
  });
});

// Resolves true once check() holds, polling; false after limit ms.
async function waitFor(check, limit) {
  for (const start = performance.now(); performance.now() - start < limit; await sleep(20)) if (check()) return true;
  return check();
}
