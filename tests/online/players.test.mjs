// players.test.mjs: three and four seats: seating, turn order, clocks,
// draws, resigning and leaving, partners, abort and rematch, the lobby.
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
  legalMovesMulti,
  lobbyUntil,
  move,
  openEvents,
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

describe('three and four seats', () => {
  let four; // a legal game of four, each for themselves
  let three;
  before(async () => {
    four = await legalMovesMulti(16, 4);
    three = await legalMovesMulti(16, 3);
  });
  const ORDER = { 3: ['w', 'r', 'b'], 4: ['w', 'r', 'b', 'y'] };

  // A game of n players created by White and every other seat joined by its invite: {id, w, r, b, y, created}.
  async function seated(port_, body) {
    const c = await api(port_, 'POST', '/api/v1/games', { body });
    assert.equal(c.status, 201, c.text);
    const game = { id: c.body.id, [c.body.seat]: c.body.token, created: c.body };
    for (const [seat, invite] of Object.entries(c.body.invites)) {
      const j = await api(port_, 'POST', `/api/v1/games/${c.body.id}/join`, { body: { invite, name: `Player ${seat}` } });
      assert.equal(j.status, 200, j.text);
      assert.equal(j.body.seat, seat);
      game[seat] = j.body.token;
    }
    return game;
  }
  const play = (port_, game, players, ply, list) => move(port_, game, ORDER[players][ply % players], ply, list[ply]);

  test('four players: variant 13, 200 turns a seat, an invite for each other seat, waiting until every seat is taken', async () => {
    const c = await api(port, 'POST', '/api/v1/games', { body: { players: 4, name: 'Ada' } });
    assert.equal(c.status, 201, c.text);
    assert.deepEqual(Object.keys(c.body).sort(), ['id', 'invites', 'seat', 'token'], 'no single invite of four');
    assert.deepEqual(Object.keys(c.body.invites).sort(), ['b', 'r', 'y']);
    let g = (await api(port, 'GET', `/api/v1/games/${c.body.id}`)).body;
    assert.equal(g.players, 4);
    assert.equal(g.partners, false);
    assert.equal(g.variant, 13);
    assert.equal(g.turn_limit, 800);
    assert.deepEqual(Object.keys(g.seats).sort(), ['b', 'r', 'w', 'y']);
    assert.deepEqual(g.seats.w, { joined: true, online: true, name: 'Ada', kind: 'human', level: null, left: null });
    assert.match(g.start_fen, /y/);
    assert.equal(g.fen, g.start_fen);
    assert.equal(g.to_move, 'w');
    assert.equal(g.status, 'waiting');
    for (const [k, seat] of ['r', 'b'].entries()) {
      const j = await api(port, 'POST', `/api/v1/games/${c.body.id}/join`, { body: { invite: c.body.invites[seat] } });
      assert.equal(j.body.seat, seat, `invite ${k}`);
    }
    const early = await api(port, 'POST', `/api/v1/games/${c.body.id}/moves`, { body: { ply: 0, move: four[0] }, token: c.body.token });
    assert.equal(early.status, 409);
    assert.equal(early.body.error, 'waiting');
    const used = await api(port, 'POST', `/api/v1/games/${c.body.id}/join`, { body: { invite: c.body.invites.r } });
    assert.equal(used.status, 409);
    assert.equal(used.body.error, 'seat_taken');
    const y = await api(port, 'POST', `/api/v1/games/${c.body.id}/join`, { body: { invite: c.body.invites.y } });
    assert.equal(y.body.seat, 'y');
    g = (await api(port, 'GET', `/api/v1/games/${c.body.id}`)).body;
    assert.equal(g.status, 'ongoing');
  });

  test('settings: three players, any seat or a random one, a turn limit, partners of four; what cannot be is 400', async () => {
    const red = await api(port, 'POST', '/api/v1/games', { body: { players: 3, seat: 'r', turn_limit: 90 } });
    assert.equal(red.status, 201, red.text);
    assert.equal(red.body.seat, 'r');
    assert.deepEqual(Object.keys(red.body.invites).sort(), ['b', 'w']);
    const g = (await api(port, 'GET', `/api/v1/games/${red.body.id}`)).body;
    assert.deepEqual(Object.keys(g.seats).sort(), ['b', 'r', 'w']);
    assert.equal(g.turn_limit, 90);
    assert.doesNotMatch(g.start_fen, /y/);
    const seats = new Set();
    for (let i = 0; i < 12; i++) seats.add((await api(port, 'POST', '/api/v1/games', { body: { players: 4, seat: 'random' } })).body.seat);
    assert.ok([...seats].every((x) => 'wrby'.includes(x)) && seats.size > 1, [...seats].join());
    const partners = (await api(port, 'POST', '/api/v1/games', { body: { players: 4, partners: true } })).body;
    assert.equal((await api(port, 'GET', `/api/v1/games/${partners.id}`)).body.partners, true);
    for (const body of [{ players: 3, partners: true }, { partners: true }, { players: 3, variant: 19 }, { players: 3, seat: 'y' }, { players: 5 }, { players: '3' }, { players: 4, seat: 'x' }]) {
      const r = await api(port, 'POST', '/api/v1/games', { body });
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.equal(r.body.error, 'bad_request');
    }
  });

  test('moves in turn order, White, Red, Black, Yellow; another seat is 409 not_your_turn; the rules of four referee', async () => {
    const game = await seated(port, { players: 4 });
    const events = await openEvents(port, game.id);
    for (let ply = 0; ply < 8; ply++) {
      const seat = ORDER[4][ply % 4];
      const wrong = ORDER[4][(ply + 1) % 4];
      const refused = await move(port, game, wrong, ply, four[ply]);
      assert.equal(refused.status, 409, `ply ${ply}`);
      assert.equal(refused.body.error, 'not_your_turn');
      const r = await move(port, game, seat, ply, four[ply]);
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.to_move, ORDER[4][(ply + 1) % 4]);
      const ev = await events.next((e) => e.event === 'move' && e.data.ply === ply + 1);
      assert.equal(ev.data.seat, seat);
    }
    const illegal = await move(port, game, 'w', 8, 'a1-a2');
    assert.equal(illegal.status, 422);
    const g = (await api(port, 'GET', `/api/v1/games/${game.id}`)).body;
    assert.deepEqual(g.moves, four.slice(0, 8));
    assert.match(g.fen, / w 8$/);
    events.close();
  });

  test('clocks, one a seat, running in turn', async () => {
    const game = await seated(port, { players: 3, clock: { initial_ms: 60000, increment_ms: 1000 } });
    let g = (await api(port, 'GET', `/api/v1/games/${game.id}`)).body;
    assert.deepEqual(g.clock, { w_ms: 60000, b_ms: 60000, r_ms: 60000, running: null });
    assert.equal((await play(port, game, 3, 0, three)).body.clock.running, 'r');
    await sleep(100);
    g = (await play(port, game, 3, 1, three)).body;
    assert.equal(g.clock.running, 'b');
    assert.ok(g.clock.r_ms > 60000 - 2000 && g.clock.r_ms <= 61000, `${g.clock.r_ms}`);
  });

  test('a draw of three or four: drawn when every person has accepted; a decline ends the offer; it lapses when the turn is the offerer\'s again', async () => {
    const game = await seated(port, { players: 4 });
    const draw = (seat, action) => api(port, 'POST', `/api/v1/games/${game.id}/draw`, { body: { action }, token: game[seat] });
    assert.equal((await draw('r', 'accept')).status, 409, 'nothing to accept');
    assert.deepEqual((await draw('w', 'offer')).body.draw_offer, { by: 'w', accepted: ['w'] });
    assert.deepEqual((await draw('w', 'offer')).body.draw_offer, { by: 'w', accepted: ['w'] }, 'offered again: unchanged');
    assert.equal((await draw('w', 'accept')).status, 409, 'one\'s own offer');
    assert.deepEqual((await draw('r', 'accept')).body.draw_offer, { by: 'w', accepted: ['w', 'r'] });
    assert.deepEqual((await draw('y', 'offer')).body.draw_offer, { by: 'w', accepted: ['w', 'r', 'y'] }, 'an offer accepts one standing');
    assert.equal((await draw('b', 'decline')).body.draw_offer, null);
    // offered again, moves go round, and it lapses when the offerer is to move
    await draw('w', 'offer');
    for (let ply = 0; ply < 3; ply++) assert.deepEqual((await play(port, game, 4, ply, four)).body.draw_offer, { by: 'w', accepted: ['w'] });
    assert.equal((await play(port, game, 4, 3, four)).body.draw_offer, null, 'round to White again');
    await draw('r', 'offer');
    for (const seat of ['w', 'b']) await draw(seat, 'accept');
    const done = await draw('y', 'accept');
    assert.equal(done.body.status, 'finished');
    assert.deepEqual(done.body.result, { winner: null, reason: 'agreement' });
  });

  test('each for themselves, a seat that resigns has lost and the computer plays it at level 3; no person left, the game ends abandoned', async () => {
    const game = await seated(port, { players: 3 });
    await play(port, game, 3, 0, three); // White has moved: Red to move
    const r = await api(port, 'POST', `/api/v1/games/${game.id}/resign`, { token: game.b });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.status, 'ongoing', 'the others play on');
    assert.deepEqual(r.body.seats.b, { joined: true, online: false, name: 'Player b', kind: 'computer', level: 3, left: 'resign' });
    const again = await api(port, 'POST', `/api/v1/games/${game.id}/resign`, { token: game.b });
    assert.equal(again.status, 409, 'left already');
    assert.equal((await api(port, 'POST', `/api/v1/games/${game.id}/resign`, { token: game.w })).body.status, 'ongoing');
    const last = await api(port, 'POST', `/api/v1/games/${game.id}/resign`, { token: game.r });
    assert.equal(last.body.status, 'finished');
    assert.deepEqual(last.body.result, { winner: null, reason: 'abandoned' });
  });

  test('a seat that has left no longer speaks for the game: its abort, draw offer or resign is 409 and changes nothing', async () => {
    const game = await seated(port, { players: 3 });
    await play(port, game, 3, 0, three); // White has moved; Red and Black have not
    assert.equal((await api(port, 'POST', `/api/v1/games/${game.id}/resign`, { token: game.b })).body.status, 'ongoing');
    const url = (what) => `/api/v1/games/${game.id}/${what}`;
    const abort = await api(port, 'POST', url('abort'), { token: game.b });
    assert.equal(abort.status, 409, abort.text);
    assert.equal(abort.body.error, 'game_over');
    const offer = await api(port, 'POST', url('draw'), { token: game.b, body: { action: 'offer' } });
    assert.equal(offer.status, 409, offer.text);
    assert.equal((await api(port, 'POST', url('resign'), { token: game.b })).status, 409);
    const g = (await api(port, 'GET', `/api/v1/games/${game.id}`)).body;
    assert.equal(g.status, 'ongoing', 'the others play on');
    assert.equal(g.draw_offer, null);
    assert.equal((await api(port, 'POST', url('abort'), { token: game.r })).status, 200, 'Red, still playing, may abort');
  });

  test('a draw of three after a seat has left: every person still playing decides it, not the seat that left', async () => {
    const game = await seated(port, { players: 3 });
    await play(port, game, 3, 0, three); // Red to move; the computer plays Black once it has left
    assert.equal((await api(port, 'POST', `/api/v1/games/${game.id}/resign`, { token: game.b })).status, 200);
    const draw = (seat, action) => api(port, 'POST', `/api/v1/games/${game.id}/draw`, { token: game[seat], body: { action } });
    assert.deepEqual((await draw('w', 'offer')).body.draw_offer, { by: 'w', accepted: ['w'] });
    const done = await draw('r', 'accept');
    assert.equal(done.body.status, 'finished', 'Black, gone, is not asked');
    assert.deepEqual(done.body.result, { winner: null, reason: 'agreement' });
  });

  test('partners lose together: the other partnership wins', async () => {
    const game = await seated(port, { players: 4, partners: true });
    const r = await api(port, 'POST', `/api/v1/games/${game.id}/resign`, { token: game.b });
    assert.equal(r.body.status, 'finished');
    assert.deepEqual(r.body.result, { winner: ['r', 'y'], reason: 'resign' });
  });

  test('abort while a person has not made a first move; a rematch rotates the people one seat on, with their names', async () => {
    const game = await seated(port, { players: 3, name: 'Player w' });
    await play(port, game, 3, 0, three);
    await play(port, game, 3, 1, three);
    const aborted = await api(port, 'POST', `/api/v1/games/${game.id}/abort`, { token: game.w });
    assert.equal(aborted.status, 200, 'Black has not moved');
    assert.deepEqual(aborted.body.result, { winner: null, reason: 'aborted' });
    const next = (await api(port, 'POST', `/api/v1/games/${game.id}/rematch`, { token: game.r })).body.rematch;
    const g = (await api(port, 'GET', `/api/v1/games/${next}`)).body;
    assert.deepEqual([g.seats.w.name, g.seats.r.name, g.seats.b.name], ['Player b', 'Player w', 'Player r'], 'one seat on in turn order');
    assert.equal(g.players, 3);
    for (const [old, seat] of [['w', 'r'], ['r', 'b'], ['b', 'w']]) {
      const j = await api(port, 'POST', `/api/v1/games/${next}/join`, { body: { from: game.id }, token: game[old] });
      assert.equal(j.status, 200, j.text);
      assert.equal(j.body.seat, seat, `${old} -> ${seat}`);
    }
    assert.equal((await api(port, 'GET', `/api/v1/games/${next}`)).body.status, 'ongoing');
    const played = await seated(port, { players: 3 });
    for (let ply = 0; ply < 3; ply++) await play(port, played, 3, ply, three);
    assert.equal((await api(port, 'POST', `/api/v1/games/${played.id}/abort`, { token: played.w })).body.error, 'too_late');
  });

  test('an open game of three: its seats taken with no invite, it leaves the lobby once all are', async () => {
    const c = (await api(port, 'POST', '/api/v1/games', { body: { players: 3, open: true } })).body;
    const r = await api(port, 'POST', `/api/v1/games/${c.id}/join`, { body: { seat: 'r' } });
    assert.equal(r.status, 200, r.text);
    await lobbyUntil(port, (gs) => gs.some((x) => x.id === c.id && x.seats.r.joined));
    assert.equal((await api(port, 'POST', `/api/v1/games/${c.id}/join`, { body: { seat: 'y' } })).status, 400, 'no Yellow of three');
    const b = await api(port, 'POST', `/api/v1/games/${c.id}/join`, { body: {} });
    assert.equal(b.body.seat, 'b', 'the free seat');
    await lobbyUntil(port, (gs) => !gs.some((x) => x.id === c.id));
  });

  describe('leaving on time, and abandoned (short limits)', () => {
    let quick;
    before(async () => {
      quick = await startOnline(['--abandon-seconds', '1', '--online-seconds', '1']);
    });
    after(async () => quick && stopServer(quick));

    test('a seat of three whose clock runs out has lost; the game goes on', async () => {
      const game = await seated(quick.port, { players: 3, clock: { initial_ms: 1000 } });
      const events = await openEvents(quick.port, game.id);
      await play(quick.port, game, 3, 0, three); // Red's clock runs
      const seats = await events.next((e) => e.event === 'seats' && e.data.r.left === 'time', 5000);
      assert.equal(seats.data.r.kind, 'computer');
      const moved = await events.next((e) => e.event === 'move' && e.data.ply === 2, 5000);
      assert.equal(moved.data.seat, 'r', 'the computer plays the seat from then on');
      const g = (await api(quick.port, 'GET', `/api/v1/games/${game.id}`)).body;
      assert.equal(g.status, 'ongoing');
      assert.equal(g.clock.r_ms, 0);
      assert.equal(g.clock.running, 'b');
      events.close();
    });

    test('a seat of three away: another person claims it abandoned; it has lost, the others play on', async () => {
      // (what each seat's page sees of it: the claim's seats and end events, as resign's)
      const game = await seated(quick.port, { players: 3 });
      await play(quick.port, game, 3, 0, three); // Red to move
      const early = await api(quick.port, 'POST', `/api/v1/games/${game.id}/claim`, { token: game.r });
      assert.equal(early.status, 409, 'the seat to move does not claim');
      await sleep(2200); // and gone
      const r = await api(quick.port, 'POST', `/api/v1/games/${game.id}/claim`, { token: game.b });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.status, 'ongoing');
      assert.equal(r.body.seats.r.left, 'abandoned');
      assert.equal(r.body.seats.r.kind, 'computer');
    });
  });
});
