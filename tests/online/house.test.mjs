// house.test.mjs: the house rule against spoiling online (RULES-HOUSE.md,
// issue 43): "rules" on creating a game, in the game, the lobby and its
// stream; refereed under it (no return home, Parlett's win, "reason":
// "parlett"); kept by a rematch, a restart, and read "standard" from a store
// written before it.
//
// Run by `make online-tests` (node --test, each file in a process of its
// own, with a server of its own) three ways, by HALMA_ONLINE_STORE
// (online_http.mjs): sqlite, pg (one server on PostgreSQL) and pg2 (two
// servers on one PostgreSQL, each request and stream sent to one or the
// other).  HALMA names the binary.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import {
  api,
  lobbyUntil,
  move,
  newGame,
  openEvents,
  openLobby,
  startOnline,
  startShared,
  stopServer,
  stopShared,
  withStore,
} from './online_http.mjs';
import { oldStoreFixture, writeOldStore } from './old_store.mjs';

let server, port;
before(async () => ({ server, port } = await startShared()));
after(() => stopShared(server));

// Variant 13: Black steps b13-b12 out of its home and walks its piece down
// the a-file, while White's pieces run to b13 and the last lands there: the
// goal (Black's home) is full, one square White's, the rest the owner's:
// Parlett's win under nospoil, a game going on under the seeds' rules.
// (Found with `halma engine`, `position variant 13 rules nospoil startpos
// moves ...`, `status`: win w.)
const PARLETT = [
  'n1-l3', 'b13-b12', 'm2-k4', 'b12-a11', 'l3-j5', 'a11-a10', 'k4-i6', 'a10-a9', 'j5-h7', 'a9-a8', 'i6-g8',
  'a8-a7', 'h7-f9', 'a7-a6', 'g8-e10', 'a6-a5', 'f9-d11', 'a5-a4', 'e10-c12', 'a4-a3', 'd11-b13',
];

// Plays the moves in turn from ply `from`, each answered 200; the last answer.
async function playAll(game, list, from = 0) {
  let r;
  for (const [i, text] of list.entries()) {
    const ply = from + i;
    r = await move(port, game, ply % 2 === 0 ? 'w' : 'b', ply, text);
    assert.equal(r.status, 200, `${text}: ${r.text}`);
  }
  return r;
}

// White's n4 out to m5 and Black's answer; then m5-n4 would end back home.
const OUT = ['n4-m5', 'b12-c11'];
const HOME = 'm5-n4';

describe('the house rule online', () => {
  test('created under nospoil: the game, its stream, the lobby and the lobby\'s stream say so', async () => {
    const lobby = await openLobby(port);
    const c = await api(port, 'POST', '/api/v1/games', { body: { rules: 'nospoil', open: true } });
    assert.equal(c.status, 201, c.text);
    const game = (await api(port, 'GET', `/api/v1/games/${c.body.id}`)).body;
    assert.equal(game.rules, 'nospoil');
    const opened = await lobby.next((e) => e.event === 'open' && e.data.id === c.body.id);
    assert.equal(opened.data.rules, 'nospoil');
    lobby.close();
    const games = await lobbyUntil(port, (gs) => gs.some((g) => g.id === c.body.id));
    assert.equal(games.find((g) => g.id === c.body.id).rules, 'nospoil');
    const events = await openEvents(port, c.body.id);
    assert.equal((await events.next((e) => e.event === 'game')).data.rules, 'nospoil');
    events.close();
    const four = await api(port, 'POST', '/api/v1/games', { body: { rules: 'nospoil', players: 4, partners: true } });
    assert.equal(four.status, 201, four.text);
    assert.equal((await api(port, 'GET', `/api/v1/games/${four.body.id}`)).body.rules, 'nospoil', 'for any seating');
  });

  test('a game created without rules, or with "standard", plays the seeds\' rules and says "standard"', async () => {
    for (const body of [{}, { rules: 'standard' }]) {
      const c = await api(port, 'POST', '/api/v1/games', { body: { ...body, open: true } });
      assert.equal(c.status, 201, c.text);
      assert.equal((await api(port, 'GET', `/api/v1/games/${c.body.id}`)).body.rules, 'standard');
      const games = await lobbyUntil(port, (gs) => gs.some((g) => g.id === c.body.id));
      assert.equal(games.find((g) => g.id === c.body.id).rules, 'standard');
    }
  });

  for (const [what, rules, status, error] of [
    ['an unknown name', 'house', 422, 'bad_rules'],
    ['a name in capitals', 'NOSPOIL', 422, 'bad_rules'],
    ['an empty name', '', 422, 'bad_rules'],
    ['a number', 1, 400, 'bad_request'],
    ['null', null, 400, 'bad_request'],
    ['a list', ['nospoil'], 400, 'bad_request'],
  ])
    test(`"rules" as ${what}: ${status} ${error}, and nothing made`, async () => {
      const known = new Set((await api(port, 'GET', '/api/v1/lobby')).body.games.map((g) => g.id));
      const lobby = await openLobby(port);
      const marker = await api(port, 'POST', '/api/v1/games', { body: { open: true } });
      const r = await api(port, 'POST', '/api/v1/games', { body: { rules, open: true } });
      assert.equal(r.status, status, r.text);
      assert.equal(r.body.error, error);
      assert.match(r.body.message, /"rules"/);
      assert.equal(r.body.id, undefined);
      const after_ = await api(port, 'POST', '/api/v1/games', { body: { open: true } });
      await lobby.next((e) => e.event === 'open' && e.data.id === after_.body.id);
      // Made between the two: nothing (the others listed before may be shown anew).
      const made = lobby.events.filter((e) => e.event === 'open' && !known.has(e.data.id)).map((e) => e.data.id);
      assert.deepEqual(made, [marker.body.id, after_.body.id], 'no game made between the two');
      lobby.close();
    });

  test('a move ending back home: 422 illegal under nospoil, nothing played; legal under the seeds\' rules', async () => {
    const house = await newGame(port, { rules: 'nospoil' });
    await playAll(house, OUT);
    const r = await move(port, house, 'w', 2, HOME);
    assert.equal(r.status, 422, r.text);
    assert.equal(r.body.error, 'illegal');
    assert.match(r.body.message, /home camp/);
    assert.match(r.body.message, /nospoil/);
    assert.equal((await api(port, 'GET', `/api/v1/games/${house.id}`)).body.ply, 2);
    const seeds = await newGame(port);
    await playAll(seeds, OUT);
    assert.equal((await move(port, seeds, 'w', 2, HOME)).status, 200);
  });

  test('Parlett\'s win online: the game ends, White wins, "reason": "parlett"; the seeds\' rules play on', async () => {
    const house = await newGame(port, { variant: 13, rules: 'nospoil' });
    const events = await openEvents(port, house.id);
    await playAll(house, PARLETT.slice(0, -1));
    assert.equal((await api(port, 'GET', `/api/v1/games/${house.id}`)).body.status, 'ongoing', 'not before the last move');
    const last = await playAll(house, PARLETT.slice(-1), PARLETT.length - 1);
    assert.equal(last.body.status, 'finished');
    assert.deepEqual(last.body.result, { winner: 'w', reason: 'parlett' });
    const end = await events.next((e) => e.event === 'end');
    assert.deepEqual(end.data.result, { winner: 'w', reason: 'parlett' });
    events.close();
    const seeds = await newGame(port, { variant: 13 });
    const r = await playAll(seeds, PARLETT);
    assert.equal(r.body.status, 'ongoing');
    assert.equal(r.body.result, null);
  });

  test('a rematch keeps the rules', async () => {
    const game = await newGame(port, { rules: 'nospoil', turn_limit: 77 });
    await api(port, 'POST', `/api/v1/games/${game.id}/resign`, { token: game.w });
    const r = await api(port, 'POST', `/api/v1/games/${game.id}/rematch`, { token: game.b });
    assert.equal(r.status, 200, r.text);
    const next = (await api(port, 'GET', `/api/v1/games/${r.body.rematch}`)).body;
    assert.equal(next.rules, 'nospoil');
    assert.equal(next.turn_limit, 77);
    const jw = await api(port, 'POST', `/api/v1/games/${next.id}/join`, { body: { from: game.id }, token: game.w });
    const jb = await api(port, 'POST', `/api/v1/games/${next.id}/join`, { body: { from: game.id }, token: game.b });
    assert.deepEqual([jw.body.seat, jb.body.seat], ['b', 'w']);
    const rematch = { id: next.id, w: jb.body.token, b: jw.body.token };
    await playAll(rematch, OUT);
    assert.equal((await move(port, rematch, 'w', 2, HOME)).status, 422, 'refereed under the rule');
  });

  test('a restart keeps the rules: the game says so and is refereed under them', async () => {
    await withStore(async ({ db }) => {
      let s = await startOnline(['--db', db]);
      let game;
      try {
        const c = await api(s.port, 'POST', '/api/v1/games', { body: { rules: 'nospoil' } });
        const j = await api(s.port, 'POST', `/api/v1/games/${c.body.id}/join`, { body: { invite: c.body.invite } });
        game = { id: c.body.id, w: c.body.token, b: j.body.token };
        for (const [ply, text] of OUT.entries())
          assert.equal((await move(s.port, game, ply % 2 ? 'b' : 'w', ply, text)).status, 200);
      } finally {
        await stopServer(s);
      }
      s = await startOnline(['--db', db]);
      try {
        assert.equal((await api(s.port, 'GET', `/api/v1/games/${game.id}`)).body.rules, 'nospoil');
        assert.equal((await move(s.port, game, 'w', 2, HOME)).status, 422);
      } finally {
        await stopServer(s);
      }
    });
  });

  test('a store written before the rules opens: its games read "standard"', async () => {
    const fixture = oldStoreFixture();
    await withStore(async ({ db }) => {
      writeOldStore(fixture, db);
      const s = await startOnline(['--db', db]);
      try {
        for (const [name, before_] of Object.entries(fixture.read)) {
          const now = await api(s.port, 'GET', `/api/v1/games/${before_.id}`);
          assert.equal(now.status, 200, `${name}: ${now.text}`);
          assert.equal(now.body.rules, 'standard', name);
        }
        const made = await api(s.port, 'POST', '/api/v1/games', { body: { rules: 'nospoil' } });
        assert.equal(made.status, 201, 'the column added: a new game keeps its rules');
        assert.equal((await api(s.port, 'GET', `/api/v1/games/${made.body.id}`)).body.rules, 'nospoil');
      } finally {
        await stopServer(s);
      }
    });
  });
});
