// computer.test.mjs: computer seats: the computer moves in its turn, at
// two players and at four, takes over a seat that resigns, and survives a
// server killed while it searches.
//
// Run by `make online-tests` (node --test, each file in a process of its
// own, with a server of its own) three ways, by HALMA_ONLINE_STORE
// (online_http.mjs): sqlite, pg (one server on PostgreSQL) and pg2 (two
// servers on one PostgreSQL, each request and stream sent to one or the
// other).  HALMA names the binary.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { after, before, describe, test } from 'node:test';

import {
  api,
  move,
  openEvents,
  sleep,
  startOnline,
  startShared,
  stopServer,
  stopShared,
  withStore,
} from './online_http.mjs';

// The server this file's tests share, and a legal game from the start.
let server, port, moves;
before(async () => ({ server, port, moves } = await startShared()));
after(() => stopShared(server));

describe('computer seats', () => {
  // Resolves once the game has n moves (its stream's last move event), within ms.
  const movesReach = async (port_, id, n, ms = 5000) => {
    const s = await openEvents(port_, id);
    try {
      const game = await s.next((e) => e.event === 'game');
      if (game.data.ply >= n) return game.data;
      await s.next((e) => e.event === 'move' && e.data.ply >= n, ms);
      return (await api(port_, 'GET', `/api/v1/games/${id}`)).body;
    } finally {
      s.close();
    }
  };
  test('two players, the computer White at level 3: it moves at once, the person replies, it answers within 2 s', async () => {
    const c = await api(port, 'POST', '/api/v1/games', { body: { seat: 'b', computer: { w: 3 }, name: 'Me' } });
    assert.equal(c.status, 201, c.text);
    assert.deepEqual(c.body.invites, {}, 'no seat left for anyone');
    assert.equal(c.body.invite, undefined);
    let g = await movesReach(port, c.body.id, 1);
    assert.equal(g.status, 'ongoing');
    assert.deepEqual(g.seats.w, { joined: true, online: false, name: null, kind: 'computer', level: 3, left: null });
    assert.equal(g.seats.b.kind, 'human');
    assert.equal(g.to_move, 'b');
    const events = await openEvents(port, c.body.id);
    await events.next((e) => e.event === 'game');
    const mine = await api(port, 'POST', `/api/v1/games/${c.body.id}/moves`, {
      body: { ply: 1, move: await firstReply(g.moves) },
      token: c.body.token,
    });
    assert.equal(mine.status, 200, mine.text);
    const answered = performance.now();
    const theirs = await events.next((e) => e.event === 'move' && e.data.ply === 3, 5000);
    assert.equal(theirs.data.seat, 'w');
    assert.ok(theirs.at - answered < 2000, `${(theirs.at - answered).toFixed(0)} ms`);
    events.close();
    g = (await api(port, 'GET', `/api/v1/games/${c.body.id}`)).body;
    assert.equal(g.ply, 3, 'each computer move once');
  });

  // A legal move for the seat to move after `list` (the engine's, depth 1).
  function firstReply(list) {
    const input = `position startpos${list.length ? ' moves ' + list.join(' ') : ''}\ngo depth 1\nquit\n`;
    return spawnSync(process.env.HALMA, ['engine'], { input, encoding: 'utf8' }).stdout.match(/bestmove (\S+)/)[1];
  }

  test('a person White against the computer Black: the computer answers every move; its clock does not run', async () => {
    const c = (await api(port, 'POST', '/api/v1/games', { body: { computer: { b: 1 }, clock: { initial_ms: 60000 } } })).body;
    const game = { id: c.id, w: c.token };
    let g = (await api(port, 'GET', `/api/v1/games/${c.id}`)).body;
    assert.equal(g.status, 'ongoing');
    for (let ply = 0; ply < 6; ply += 2) {
      const r = await move(port, game, 'w', ply, firstReply(g.moves));
      assert.equal(r.status, 200, r.text);
      g = await movesReach(port, c.id, ply + 2);
      assert.equal(g.clock.running, 'w', 'the computer\'s clock never runs');
      assert.equal(g.clock.b_ms, 60000);
    }
  });

  for (const [name, body] of [
    ['level 0', { computer: { w: 0 } }],
    ['level 11', { computer: { b: 11 } }],
    ['a level as a string', { computer: { b: '3' } }],
    ['no such seat', { computer: { x: 3 } }],
    ['a seat not in a game of two', { computer: { r: 3 } }],
    ['no person at all', { computer: { w: 3, b: 3 } }],
    ['the creator\'s seat', { seat: 'w', computer: { w: 3 } }],
    ['a list', { computer: ['w'] }],
    ['three players, every seat', { players: 3, computer: { w: 3, r: 3, b: 3 } }],
  ])
    test(`400 bad_request: computer seats, ${name}`, async () => {
      const r = await api(port, 'POST', '/api/v1/games', { body });
      assert.equal(r.status, 400, r.text);
      assert.equal(r.body.error, 'bad_request');
    });

  test('against the computer a draw offer is a draw (no person to ask); abort before one\'s first move; a rematch keeps the computer', async () => {
    const c = (await api(port, 'POST', '/api/v1/games', { body: { seat: 'b', computer: { w: 2 } } })).body;
    await movesReach(port, c.id, 1);
    const d = await api(port, 'POST', `/api/v1/games/${c.id}/draw`, { body: { action: 'offer' }, token: c.token });
    assert.deepEqual(d.body.result, { winner: null, reason: 'agreement' });
    const next = (await api(port, 'POST', `/api/v1/games/${c.id}/rematch`, { token: c.token })).body.rematch;
    const j = await api(port, 'POST', `/api/v1/games/${next}/join`, { body: { from: c.id }, token: c.token });
    assert.equal(j.body.seat, 'b', 'the one person keeps the seat: there is no other to rotate to');
    const g = await movesReach(port, next, 1);
    assert.equal(g.seats.w.level, 2);
    const aborted = await api(port, 'POST', `/api/v1/games/${next}/abort`, { token: j.body.token });
    assert.equal(aborted.status, 200, 'the person has not moved');
  });

  test('four players, Red and Yellow the computer\'s: each moves in its turn, refereed by the rules of four', async () => {
    const c = (await api(port, 'POST', '/api/v1/games', { body: { players: 4, computer: { r: 3, y: 5 } } })).body;
    assert.deepEqual(Object.keys(c.invites), ['b']);
    const j = (await api(port, 'POST', `/api/v1/games/${c.id}/join`, { body: { invite: c.invites.b } })).body;
    const tokens = { w: c.token, b: j.token };
    let g = (await api(port, 'GET', `/api/v1/games/${c.id}`)).body;
    assert.equal(g.status, 'ongoing');
    assert.deepEqual([g.seats.r.kind, g.seats.r.level, g.seats.y.level], ['computer', 3, 5]);
    for (let ply = 0; ply < 8; ply += 2) {
      const seat = ply % 4 === 0 ? 'w' : 'b';
      const legal = spawnSync(process.env.HALMA, ['engine'], {
        input: `position players 4 startpos${g.moves.length ? ' moves ' + g.moves.join(' ') : ''}\nlegal\nquit\n`,
        encoding: 'utf8',
      }).stdout.split(' ')[2];
      const r = await api(port, 'POST', `/api/v1/games/${c.id}/moves`, { body: { ply, move: legal }, token: tokens[seat] });
      assert.equal(r.status, 200, r.text);
      g = await movesReach(port, c.id, ply + 2);
      assert.equal(g.to_move, ply % 4 === 0 ? 'b' : 'w', 'the computer moved in its turn');
    }
  });

  test('each for themselves, a seat whose person resigns in its turn is played by the computer at once', async () => {
    const c = (await api(port, 'POST', '/api/v1/games', { body: { players: 3 } })).body;
    const tokens = { w: c.token };
    for (const [seat, invite] of Object.entries(c.invites))
      tokens[seat] = (await api(port, 'POST', `/api/v1/games/${c.id}/join`, { body: { invite } })).body.token;
    await api(port, 'POST', `/api/v1/games/${c.id}/moves`, { body: { ply: 0, move: 'm1-l1' }, token: tokens.w });
    const r = await api(port, 'POST', `/api/v1/games/${c.id}/resign`, { token: tokens.r }); // Red to move
    assert.equal(r.body.seats.r.kind, 'computer');
    const g = await movesReach(port, c.id, 2);
    assert.equal(g.to_move, 'b', 'the computer played Red');
    assert.equal(g.status, 'ongoing');
  });

  test('a server killed while the computer searches: restarted, the move is played, once', async () => {
    await withStore(async ({ db }) => {
      let s = await startOnline(['--db', db]);
      const c = (await api(s.port, 'POST', '/api/v1/games', { body: { computer: { b: 10 } } })).body;
      const r = await api(s.port, 'POST', `/api/v1/games/${c.id}/moves`, { body: { ply: 0, move: moves[0] }, token: c.token });
      assert.equal(r.status, 200);
      s.child.kill('SIGKILL'); // level 10 thinks a second: it was searching
      await s.exitPromise;
      s = await startOnline(['--db', db]);
      try {
        const g = await movesReach(s.port, c.id, 2, 8000);
        assert.equal(g.ply, 2);
        assert.equal(g.to_move, 'w');
        const ev = await openEvents(s.port, c.id, { lastEventId: 0 });
        await ev.next((e) => e.event === 'move' && e.data.ply === 2);
        await sleep(300);
        assert.equal(ev.stored().filter((e) => e.event === 'move').length, 2, 'one move each, none doubled');
        ev.close();
      } finally {
        await stopServer(s);
      }
    });
  });
});
