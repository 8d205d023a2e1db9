// lobby.test.mjs: the lobby of open games: listed, joined by seat, aborted,
// kept across a restart, its limits.
//
// Run by `make online-tests` (node --test, each file in a process of its
// own, with a server of its own) three ways, by HALMA_ONLINE_STORE
// (online_http.mjs): sqlite, pg (one server on PostgreSQL) and pg2 (two
// servers on one PostgreSQL, each request and stream sent to one or the
// other).  HALMA names the binary.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { after, before, describe, test } from 'node:test';

import {
  FIXTURES,
  PG,
  api,
  lobbyUntil,
  openEvents,
  openLobby,
  sleep,
  startOnline,
  startServer,
  startShared,
  stopServer,
  stopShared,
  storeFor,
  tempDir,
} from './online_http.mjs';

// The server this file's tests share.
let server, port;
before(async () => ({ server, port } = await startShared()));
after(() => stopShared(server));

describe('the lobby', () => {
  const listed = (games, id) => games.some((g) => g.id === id);
  const openGame = (port_, body = {}) => api(port_, 'POST', '/api/v1/games', { body: { open: true, ...body } });

  test('an open game is listed as the game, its stream says open; taken by its seat with no invite, it leaves: closed', async () => {
    const lobby = await openLobby(port);
    assert.equal(lobby.status, 200);
    assert.match(lobby.headers, /content-type: text\/event-stream/i);
    const c = await openGame(port, { name: 'Host' });
    assert.equal(c.status, 201, c.text);
    assert.deepEqual(Object.keys(c.body).sort(), ['id', 'invite', 'invites', 'seat', 'token'], 'an invite too: the link still works');
    const opened = await lobby.next((e) => e.event === 'open' && e.data.id === c.body.id);
    assert.equal(opened.id, undefined, 'no ids: no replay');
    assert.equal(opened.data.open, true);
    assert.equal(opened.data.seats.w.name, 'Host');
    const games = await lobbyUntil(port, (gs) => listed(gs, c.body.id));
    const entry = games.find((g) => g.id === c.body.id);
    const game = (await api(port, 'GET', `/api/v1/games/${c.body.id}`)).body;
    assert.deepEqual({ ...entry, seats: null, watchers: null }, { ...game, seats: null, watchers: null }, 'each as the game');
    assert.equal(game.open, true);
    const j = await api(port, 'POST', `/api/v1/games/${c.body.id}/join`, { body: { seat: 'b', name: 'Guest' } });
    assert.equal(j.status, 200, j.text);
    assert.equal(j.body.seat, 'b');
    const closed = await lobby.next((e) => e.event === 'closed' && e.data.id === c.body.id);
    assert.deepEqual(closed.data, { id: c.body.id });
    await lobbyUntil(port, (gs) => !listed(gs, c.body.id));
    const after = (await api(port, 'GET', `/api/v1/games/${c.body.id}`)).body;
    assert.equal(after.open, false);
    assert.equal(after.status, 'ongoing');
    assert.equal(after.seats.b.name, 'Guest');
    lobby.close();
  });

  test('joining by seat: 409 seat_taken for a taken seat; 403 forbidden in a game not open; any free seat if none named', async () => {
    const c = (await openGame(port, { seat: 'b' })).body;
    const taken = await api(port, 'POST', `/api/v1/games/${c.id}/join`, { body: { seat: 'b' } });
    assert.equal(taken.status, 409);
    assert.equal(taken.body.error, 'seat_taken');
    assert.equal((await api(port, 'POST', `/api/v1/games/${c.id}/join`, { body: { seat: 'r' } })).status, 400);
    const any = await api(port, 'POST', `/api/v1/games/${c.id}/join`, { body: {} });
    assert.equal(any.status, 200, any.text);
    assert.equal(any.body.seat, 'w');
    const again = await api(port, 'POST', `/api/v1/games/${c.id}/join`, { body: { seat: 'w' } });
    assert.equal(again.status, 409);
    const closed = (await api(port, 'POST', '/api/v1/games', { body: {} })).body;
    const refused = await api(port, 'POST', `/api/v1/games/${closed.id}/join`, { body: { seat: 'b' } });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error, 'forbidden');
    assert.equal((await api(port, 'GET', `/api/v1/games/${closed.id}`)).body.seats.b.joined, false);
    const games = (await api(port, 'GET', '/api/v1/lobby')).body.games;
    assert.ok(!listed(games, closed.id), 'a game not open is not listed');
    assert.equal((await api(port, 'POST', '/api/v1/games', { body: { open: 'yes' } })).status, 400);
  });

  test('an open game aborted by its creator leaves the lobby', async () => {
    const lobby = await openLobby(port);
    const c = (await openGame(port)).body;
    await lobby.next((e) => e.event === 'open' && e.data.id === c.id);
    assert.equal((await api(port, 'POST', `/api/v1/games/${c.id}/abort`, { token: c.token })).status, 200);
    await lobby.next((e) => e.event === 'closed' && e.data.id === c.id);
    await lobbyUntil(port, (gs) => !listed(gs, c.id));
    lobby.close();
  });

  test('GET only; the lobby and its stream are no game', async () => {
    const r = await api(port, 'POST', '/api/v1/lobby', { body: {} });
    assert.equal(r.status, 405);
    assert.equal(r.headers.allow, 'GET');
    assert.equal((await api(port, 'GET', '/api/v1/lobby/whatever')).status, 404);
    assert.equal((await api(port, 'GET', '/api/v1/lobby?x=1')).status, 200, 'a query is ignored');
  });

  test('kept across a restart: an open game is listed again, and may be joined by seat', async () => {
    const dir = tempDir();
    try {
      const db = storeFor(dir);
      let s = await startOnline(['--db', db]);
      const c = (await openGame(s.port, { name: 'Host' })).body;
      await lobbyUntil(s.port, (gs) => listed(gs, c.id));
      await stopServer(s);
      s = await startOnline(['--db', db]);
      try {
        const games = await lobbyUntil(s.port, (gs) => listed(gs, c.id));
        assert.equal(games.find((g) => g.id === c.id).seats.w.name, 'Host');
        assert.equal((await api(s.port, 'POST', `/api/v1/games/${c.id}/join`, { body: { seat: 'b' } })).status, 200);
      } finally {
        await stopServer(s);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('the default limit, with no option given: five open games an address, the sixth 429 with Retry-After', async () => {
    // startOnline lifts the limits for the other tests: here none is given.
    const s = await startServer(['--root', FIXTURES, '--db', PG ? storeFor(null) : ':memory:']);
    try {
      for (let i = 0; i < 5; i++) assert.equal((await openGame(s.port)).status, 201);
      const sixth = await openGame(s.port);
      assert.equal(sixth.status, 429, sixth.text);
      assert.equal(sixth.body.error, 'rate_limited');
      assert.ok(Number(sixth.headers['retry-after']) > 0);
    } finally {
      await stopServer(s);
    }
  });

  describe('leaving, and the limits (short times, a server of their own)', () => {
    let quick;
    before(async () => {
      quick = await startOnline(['--online-seconds', '1', '--lobby-away-seconds', '1', '--lobby-seconds', '4', '--open-games-per-address', '5']);
    });
    after(async () => quick && stopServer(quick));

    test('its creator offline: it leaves the lobby, its own stream told why; a creator still there keeps it', async () => {
      const lobby = await openLobby(quick.port);
      const away = (await openGame(quick.port)).body;
      const here = (await openGame(quick.port)).body;
      const events = await openEvents(quick.port, away.id);
      const ping = setInterval(() => api(quick.port, 'POST', `/api/v1/games/${here.id}/ping`, { token: here.token }).catch(() => {}), 300);
      try {
        const closed = await lobby.next((e) => e.event === 'closed' && e.data.id === away.id, 8000);
        assert.ok(closed);
        const why = await events.next((e) => e.event === 'lobby');
        assert.deepEqual(why.data, { open: false, reason: 'away' });
        assert.ok(why.id > 0, 'a stored event');
        const games = await lobbyUntil(quick.port, (gs) => !listed(gs, away.id));
        assert.ok(listed(games, here.id), 'the creator who stays keeps the game listed');
        const game = (await api(quick.port, 'GET', `/api/v1/games/${away.id}`)).body;
        assert.equal(game.open, false);
        assert.equal(game.status, 'waiting', 'still a game: its invite works');
        const late = await api(quick.port, 'POST', `/api/v1/games/${away.id}/join`, { body: { seat: 'b' } });
        assert.equal(late.status, 403, 'no longer open');
        assert.equal((await api(quick.port, 'POST', `/api/v1/games/${away.id}/join`, { body: { invite: away.invite } })).status, 200);
        // and after --lobby-seconds, however present its creator
        const expired = await lobby.next((e) => e.event === 'closed' && e.data.id === here.id, 8000);
        assert.ok(expired);
        const reason = (await api(quick.port, 'GET', `/api/v1/games/${here.id}`)).body;
        assert.equal(reason.open, false);
      } finally {
        clearInterval(ping);
        events.close();
        lobby.close();
      }
    });

    test('its creator offline is counted from the last sighting: online 1 s, then away 1 s, not from its creation', async () => {
      const c = (await openGame(quick.port)).body;
      const events = await openEvents(quick.port, c.id); // no token: a spectator, not its creator
      try {
        await sleep(1000); // setup: past half of what creation alone would give
        const seen = performance.now();
        assert.equal((await api(quick.port, 'POST', `/api/v1/games/${c.id}/ping`, { token: c.token })).status, 204);
        const left = await events.next((e) => e.event === 'lobby', 6000);
        assert.deepEqual(left.data, { open: false, reason: 'away' });
        const after = left.at - seen;
        assert.ok(after >= 1990, `left ${Math.round(after)} ms after the last sighting, not 2 s`);
      } finally {
        events.close();
      }
    });

    test('five open games an address at once: the sixth is 429 rate_limited and nothing is made; one gone, another may open', async () => {
      // A store of its own: the run's may hold open games of other tests from this address.
      const limited = await startOnline(['--db', PG ? storeFor(null) : ':memory:', '--open-games-per-address', '5']);
      try {
        const made = [];
        for (let i = 0; i < 5; i++) {
          const r = await openGame(limited.port);
          assert.equal(r.status, 201, r.text);
          made.push(r.body);
        }
        const sixth = await openGame(limited.port);
        assert.equal(sixth.status, 429, sixth.text);
        assert.equal(sixth.body.error, 'rate_limited');
        assert.equal(sixth.headers['retry-after'], '60', 'ONLINE.md: "with Retry-After"');
        assert.equal((await api(limited.port, 'POST', '/api/v1/games', { body: {} })).status, 201, 'a game not open is not counted');
        assert.equal((await lobbyUntil(limited.port, (gs) => gs.length === 5)).length, 5);
        await api(limited.port, 'POST', `/api/v1/games/${made[0].id}/abort`, { token: made[0].token });
        assert.equal((await openGame(limited.port)).status, 201);
      } finally {
        await stopServer(limited);
      }
    });

    test('newest first, at most 200', async () => {
      const many = await startOnline(['--db', PG ? storeFor(null) : ':memory:']);
      try {
        const ids = [];
        for (let i = 0; i < 205; i++) ids.push((await openGame(many.port)).body.id);
        // The lobby's page follows the creations a moment later: wait for the last one.
        const games = await lobbyUntil(many.port, (gs) => gs.length === 200 && listed(gs, ids.at(-1)));
        const times = games.map((g) => g.created_ms);
        assert.deepEqual(times, times.slice().sort((a, b) => b - a), 'newest first');
        const left = ids.filter((id) => !listed(games, id));
        assert.equal(left.length, 5);
        for (const id of left) {
          const g = (await api(many.port, 'GET', `/api/v1/games/${id}`)).body;
          assert.ok(g.open && g.created_ms <= times.at(-1), 'the 200 newest are listed');
        }
      } finally {
        await stopServer(many);
      }
    });
  });
});
