// games.test.mjs: a game by link from outside (docs/ONLINE-API.md):
// creating and joining, moves and every refusal of one, the messages a
// person reads.
//
// Run by `make online-tests` (node --test, each file in a process of its
// own, with a server of its own) three ways, by HALMA_ONLINE_STORE
// (online_http.mjs): sqlite, pg (one server on PostgreSQL) and pg2 (two
// servers on one PostgreSQL, each request and stream sent to one or the
// other).  HALMA names the binary.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import {
  BASE64URL,
  api,
  move,
  newGame,
  startShared,
  stopShared,
} from './online_http.mjs';

// The server this file's tests share, and a legal game from the start.
let server, port, moves;
before(async () => ({ server, port, moves } = await startShared()));
after(() => stopShared(server));

describe('creating and joining', () => {
  test('201 with an id of 72 bits and tokens of 144, in URL-safe base64', async () => {
    const r = await api(port, 'POST', '/api/v1/games', { body: {} });
    assert.equal(r.status, 201);
    assert.deepEqual(Object.keys(r.body).sort(), ['id', 'invite', 'invites', 'seat', 'token']);
    assert.equal(r.body.seat, 'w');
    assert.deepEqual(r.body.invites, { b: r.body.invite }, 'of two, the one invite in both');
    assert.match(r.body.id, BASE64URL);
    assert.ok(r.body.id.length * 6 >= 60);
    for (const t of [r.body.token, r.body.invite]) {
      assert.match(t, BASE64URL);
      assert.ok(t.length * 6 >= 128);
    }
    assert.match(r.headers['content-type'], /^application\/json/);
    assert.equal(r.headers['cache-control'], 'no-store');
  });

  test('an empty body takes the defaults; the game reads as the contract says', async () => {
    const created = await api(port, 'POST', '/api/v1/games');
    assert.equal(created.status, 201);
    const r = await api(port, 'GET', `/api/v1/games/${created.body.id}`);
    assert.equal(r.status, 200);
    const g = r.body;
    assert.equal(g.id, created.body.id);
    assert.equal(g.variant, 19);
    assert.equal(g.turn_limit, 400);
    assert.equal(g.status, 'waiting');
    assert.deepEqual(g.moves, []);
    assert.equal(g.ply, 0);
    assert.equal(g.to_move, 'w');
    assert.equal(g.fen, g.start_fen);
    assert.equal(g.result, null);
    assert.equal(g.clock, null);
    assert.equal(g.draw_offer, null);
    assert.equal(g.rematch, null);
    const seat = (joined) => ({ joined, online: joined, name: null, kind: 'human', level: null, left: null });
    assert.deepEqual(g.seats, { w: seat(true), b: seat(false) });
    assert.equal(g.players, 2);
    assert.equal(g.partners, false);
    assert.equal(g.watchers, 0);
    assert.equal(g.rematch_by, null);
  });

  test('settings: variant 13, a turn limit, black, a clock', async () => {
    const r = await api(port, 'POST', '/api/v1/games', {
      body: { variant: 13, turn_limit: 100, seat: 'b', clock: { initial_ms: 60000, increment_ms: 2000 } },
    });
    assert.equal(r.status, 201);
    assert.equal(r.body.seat, 'b');
    const g = (await api(port, 'GET', `/api/v1/games/${r.body.id}`)).body;
    assert.equal(g.variant, 13);
    assert.equal(g.turn_limit, 100);
    assert.deepEqual(g.clock, { w_ms: 60000, b_ms: 60000, running: null });
    assert.equal(g.seats.b.joined, true);
  });

  test('a random seat is one of the two', async () => {
    const seats = new Set();
    for (let i = 0; i < 12; i++) seats.add((await api(port, 'POST', '/api/v1/games', { body: { seat: 'random' } })).body.seat);
    assert.ok([...seats].every((s) => s === 'w' || s === 'b'));
  });

  for (const [name, body] of [
    ['a variant that is not 19 or 13', { variant: 15 }],
    ['a variant as a string', { variant: '19' }],
    ['a turn limit of 0', { turn_limit: 0 }],
    ['a seat that is no seat', { seat: 'x' }],
    ['a clock without its time', { clock: { increment_ms: 5 } }],
    ['a clock of a second less than allowed', { clock: { initial_ms: 999 } }],
    ['a clock that is a number', { clock: 5 }],
    ['an array', []],
  ])
    test(`400 bad_request: ${name}`, async () => {
      const r = await api(port, 'POST', '/api/v1/games', { body });
      assert.equal(r.status, 400);
      assert.equal(r.body.error, 'bad_request');
      assert.equal(typeof r.body.message, 'string');
    });

  test('join: 200 with the other seat; 409 seat_taken once used; 403 for a wrong invite', async () => {
    const c = (await api(port, 'POST', '/api/v1/games', { body: {} })).body;
    const wrong = await api(port, 'POST', `/api/v1/games/${c.id}/join`, { body: { invite: c.token } });
    assert.equal(wrong.status, 403);
    assert.equal(wrong.body.error, 'forbidden');
    const j = await api(port, 'POST', `/api/v1/games/${c.id}/join`, { body: { invite: c.invite } });
    assert.equal(j.status, 200);
    assert.equal(j.body.seat, 'b');
    assert.match(j.body.token, BASE64URL);
    const again = await api(port, 'POST', `/api/v1/games/${c.id}/join`, { body: { invite: c.invite } });
    assert.equal(again.status, 409);
    assert.equal(again.body.error, 'seat_taken');
    const g = (await api(port, 'GET', `/api/v1/games/${c.id}`)).body;
    assert.equal(g.status, 'ongoing');
    assert.equal(g.seats.b.joined, true);
  });

  test('join without an invite is 400; of no game 404', async () => {
    const c = (await api(port, 'POST', '/api/v1/games', { body: {} })).body;
    assert.equal((await api(port, 'POST', `/api/v1/games/${c.id}/join`, { body: {} })).status, 400);
    const r = await api(port, 'POST', '/api/v1/games/AAAAAAAAAAAA/join', { body: { invite: c.invite } });
    assert.equal(r.status, 404);
    assert.equal(r.body.error, 'not_found');
  });

  test('404 not_found: no such game, no such request', async () => {
    for (const target of ['/api/v1/games/nope', '/api/v1/games/nope/events', '/api/v1/whatever', '/api/v2/games']) {
      const r = await api(port, 'GET', target);
      assert.equal(r.status, 404, target);
      assert.equal(r.body.error, 'not_found');
    }
  });

  test('405 for the wrong method, with Allow', async () => {
    const r = await api(port, 'DELETE', '/api/v1/games');
    assert.equal(r.status, 405);
    assert.equal(r.headers.allow, 'POST');
    const g = await api(port, 'POST', '/api/v1/games/abc', { body: {} });
    assert.equal(g.status, 405);
    assert.equal(g.headers.allow, 'GET');
  });
});

describe('moves', () => {
  test('a game played: 200 with the game; the moves and the position follow', async () => {
    const game = await newGame(port);
    for (let ply = 0; ply < 6; ply++) {
      const r = await move(port, game, ply % 2 ? 'b' : 'w', ply, moves[ply]);
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.ply, ply + 1);
      assert.deepEqual(r.body.moves, moves.slice(0, ply + 1));
      assert.equal(r.body.to_move, ply % 2 ? 'w' : 'b');
    }
    const g = (await api(port, 'GET', `/api/v1/games/${game.id}`)).body;
    assert.equal(g.ply, 6);
    assert.notEqual(g.fen, g.start_fen);
  });

  test('409 waiting before the second seat is taken', async () => {
    const c = (await api(port, 'POST', '/api/v1/games', { body: {} })).body;
    const r = await api(port, 'POST', `/api/v1/games/${c.id}/moves`, { body: { ply: 0, move: moves[0] }, token: c.token });
    assert.equal(r.status, 409);
    assert.equal(r.body.error, 'waiting');
  });

  test('401 no_token, without a token or with a malformed one; 403 with another game\'s', async () => {
    const game = await newGame(port);
    const other = await newGame(port);
    const none = await api(port, 'POST', `/api/v1/games/${game.id}/moves`, { body: { ply: 0, move: moves[0] } });
    assert.equal(none.status, 401);
    assert.equal(none.body.error, 'no_token');
    for (const token of ['short', 'x'.repeat(200), 'a b', other.w.slice(0, -1) + '!']) {
      const r = await api(port, 'POST', `/api/v1/games/${game.id}/moves`, { body: { ply: 0, move: moves[0] }, token });
      assert.equal(r.status, 401, token);
    }
    const basic = await api(port, 'POST', `/api/v1/games/${game.id}/moves`, {
      body: { ply: 0, move: moves[0] },
      headers: { Authorization: `Basic ${game.w}` },
    });
    assert.equal(basic.status, 401);
    const foreign = await move(port, { ...game, w: other.w }, 'w', 0, moves[0]);
    assert.equal(foreign.status, 403);
    assert.equal(foreign.body.error, 'forbidden');
    assert.equal((await api(port, 'GET', `/api/v1/games/${game.id}`)).body.ply, 0, 'nothing played');
  });

  test('409 not_your_turn', async () => {
    const game = await newGame(port);
    const r = await move(port, game, 'b', 0, moves[0]);
    assert.equal(r.status, 409);
    assert.equal(r.body.error, 'not_your_turn');
  });

  test('the same move resent with the same ply: 200 again, played once', async () => {
    const game = await newGame(port);
    assert.equal((await move(port, game, 'w', 0, moves[0])).status, 200);
    const again = await move(port, game, 'w', 0, moves[0]);
    assert.equal(again.status, 200);
    assert.equal(again.body.ply, 1);
    assert.deepEqual(again.body.moves, [moves[0]]);
  });

  test('409 stale with the current ply, for an old or a future ply', async () => {
    const game = await newGame(port);
    await move(port, game, 'w', 0, moves[0]);
    await move(port, game, 'b', 1, moves[1]);
    for (const ply of [0, 1, 5]) {
      const r = await move(port, game, 'w', ply, moves[2]);
      assert.equal(r.status, 409, `ply ${ply}`);
      assert.equal(r.body.error, 'stale');
      assert.equal(r.body.ply, 2);
    }
    const other = await move(port, game, 'w', 0, moves[2]);
    assert.equal(other.body.error, 'stale', 'another move at an old ply is not a resend');
    assert.equal((await api(port, 'GET', `/api/v1/games/${game.id}`)).body.ply, 2);
  });

  test('422 illegal with the rules\' reason', async () => {
    const game = await newGame(port);
    const r = await move(port, game, 'w', 0, 'a1-a2');
    assert.equal(r.status, 422);
    assert.equal(r.body.error, 'illegal');
    assert.match(r.body.message, /\S/);
    const back = await move(port, game, 'w', 0, 'b12-c11');
    assert.equal(back.status, 422);
    assert.match(back.body.message, /Black|White|piece|turn/);
    assert.equal((await api(port, 'GET', `/api/v1/games/${game.id}`)).body.ply, 0);
  });

  for (const [name, body, type] of [
    ['malformed JSON', '{"ply": 0, "move": ', 'application/json'],
    ['a missing move', { ply: 0 }],
    ['a ply as a string', { ply: '0', move: 'n4-m5' }],
    ['a negative ply', { ply: -1, move: 'n4-m5' }],
    ['a malformed move', { ply: 0, move: 'z99-q' }],
    ['a move that is a number', { ply: 0, move: 5 }],
    ['a duplicate key', '{"ply": 0, "ply": 1, "move": "n4-m5"}'],
  ])
    test(`400 bad_request: ${name}`, async () => {
      const game = await newGame(port);
      const r = await api(port, 'POST', `/api/v1/games/${game.id}/moves`, { body, token: game.w, type });
      assert.equal(r.status, 400, r.text);
      assert.equal(r.body.error, 'bad_request');
    });

  test('415 bad_type: a body that is not JSON', async () => {
    const game = await newGame(port);
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', null]) {
      const r = await api(port, 'POST', `/api/v1/games/${game.id}/moves`, {
        body: JSON.stringify({ ply: 0, move: moves[0] }),
        token: game.w,
        type,
      });
      assert.equal(r.status, 415, String(type));
      assert.equal(r.body.error, 'bad_type');
    }
    assert.equal((await api(port, 'GET', `/api/v1/games/${game.id}`)).body.ply, 0);
  });

  test('4 KiB of body is read; a byte more is 413 too_large, announced or chunked', async () => {
    const game = await newGame(port);
    const json = JSON.stringify({ ply: 0, move: moves[0] });
    const exact = json + ' '.repeat(4096 - json.length);
    const ok = await api(port, 'POST', `/api/v1/games/${game.id}/moves`, { body: exact, token: game.w });
    assert.equal(ok.status, 200, ok.text);
    const big = await api(port, 'POST', `/api/v1/games/${game.id}/moves`, { body: exact + ' ', token: game.b });
    assert.equal(big.status, 413);
    assert.equal(big.body.error, 'too_large');
    // A huge length announced: refused before the body is read (sent only in
    // part, as a reset connection would lose the answer).
    const { exchange } = await import('./online_http.mjs');
    const huge = await exchange(
      Buffer.from('POST /api/v1/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1048576\r\n\r\n{   '),
      { port },
    );
    assert.equal(huge.responses[0].status, 413);
    // chunked, without a length: refused once past the limit
    const payload = ' '.repeat(5000);
    const raw = Buffer.from(
      'POST /api/v1/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\n' +
        `Transfer-Encoding: chunked\r\n\r\n${payload.length.toString(16)}\r\n${payload}\r\n0\r\n\r\n`,
    );
    const r = await exchange(raw, { port });
    assert.equal(r.responses[0].status, 413);
  });
});

describe('messages a person can read', () => {
  for (const [name, body] of [
    ['a NUL in a string', '{"ply": 0, "move": "a\\u0000b"}'],
    ['bytes that are not UTF-8', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])],
    ['a value cut short', '{"ply": 0, "move": '],
    ['something after the value', '{"ply": 0} {}'],
    ['a key twice', '{"ply": 0, "ply": 1}'],
    ['nesting too deep', '['.repeat(3000)],
    ['a number too large', '{"ply": 1e999999}'],
    ['not JSON at all', 'ply=0&move=n4-m5'],
  ])
    test(`400 for ${name}, in English, naming nothing of the server's insides`, async () => {
      const game = await newGame(port);
      const r = await api(port, 'POST', `/api/v1/games/${game.id}/moves`, { body, token: game.w });
      assert.equal(r.status, 400, r.text);
      assert.equal(r.body.error, 'bad_request');
      assert.match(r.body.message, /^the body|^a number/);
      assert.doesNotMatch(r.body.message, /JSON_[A-Z]|json_|jansson|near '|\bNUL\b.*ALLOW/);
    });
});
