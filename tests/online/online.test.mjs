// online.test.mjs: online games by link (docs/ONLINE-API.md) against
// `halma serve` from outside, over raw HTTP: every status of the contract,
// the event stream, clocks and abandonment, the limits, a store that cannot
// commit, and a server killed in the middle of a game.
//
// Run by `make online-tests` (node --test) three ways, by HALMA_ONLINE_STORE
// (online_http.mjs): sqlite, pg (one server on PostgreSQL) and pg2 (two
// servers on one PostgreSQL, each request and stream sent to one or the
// other).  HALMA names the binary.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { after, before, describe, test } from 'node:test';

import {
  FIXTURES,
  PG,
  STORE,
  api,
  dropStores,
  legalMoves,
  legalMovesMulti,
  lobbyUntil,
  move,
  newGame,
  openEvents,
  openLobby,
  routing,
  sleep,
  startOnline,
  startServer,
  stopServer,
  storeFor,
  tempDir,
} from './online_http.mjs';
import { oldStoreFixture, writeOldStore } from './old_store.mjs';
import { psql } from './pg_store.mjs';

const BASE64URL = /^[A-Za-z0-9_-]+$/;
let server;
let port;
let moves; // a legal game from the start

before(async () => {
  server = await startOnline();
  port = server.port;
  moves = await legalMoves(40);
  assert.equal(moves.length, 40);
});

after(async () => {
  if (server) await stopServer(server);
  dropStores();
});

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

describe('the end of a game', () => {
  test('resign: the other seat wins; further moves are 409 game_over', async () => {
    const game = await newGame(port);
    const r = await api(port, 'POST', `/api/v1/games/${game.id}/resign`, { token: game.w });
    assert.equal(r.status, 200);
    assert.equal(r.body.status, 'finished');
    assert.deepEqual(r.body.result, { winner: 'b', reason: 'resign' });
    const m = await move(port, game, 'w', 0, moves[0]);
    assert.equal(m.status, 409);
    assert.equal(m.body.error, 'game_over');
    assert.equal((await api(port, 'POST', `/api/v1/games/${game.id}/resign`, { token: game.b })).body.error, 'game_over');
  });

  test('draw: an offer stands until answered; accepted, the game is drawn by agreement', async () => {
    const game = await newGame(port);
    const early = await api(port, 'POST', `/api/v1/games/${game.id}/draw`, { body: { action: 'accept' }, token: game.b });
    assert.equal(early.status, 409, 'nothing to accept');
    const offer = await api(port, 'POST', `/api/v1/games/${game.id}/draw`, { body: { action: 'offer' }, token: game.w });
    assert.equal(offer.body.draw_offer, 'w');
    const own = await api(port, 'POST', `/api/v1/games/${game.id}/draw`, { body: { action: 'accept' }, token: game.w });
    assert.equal(own.status, 409, 'one\'s own offer is not accepted by oneself');
    const accept = await api(port, 'POST', `/api/v1/games/${game.id}/draw`, { body: { action: 'accept' }, token: game.b });
    assert.equal(accept.status, 200);
    assert.deepEqual(accept.body.result, { winner: null, reason: 'agreement' });
    assert.equal(accept.body.draw_offer, null);
  });

  test('draw: declined, or cleared when the opponent moves', async () => {
    const game = await newGame(port);
    await api(port, 'POST', `/api/v1/games/${game.id}/draw`, { body: { action: 'offer' }, token: game.b });
    const d = await api(port, 'POST', `/api/v1/games/${game.id}/draw`, { body: { action: 'decline' }, token: game.w });
    assert.equal(d.body.draw_offer, null);
    await api(port, 'POST', `/api/v1/games/${game.id}/draw`, { body: { action: 'offer' }, token: game.b });
    const m = await move(port, game, 'w', 0, moves[0]);
    assert.equal(m.body.draw_offer, null, 'moving declines');
    assert.equal((await api(port, 'POST', `/api/v1/games/${game.id}/draw`, { body: { action: 'maybe' }, token: game.w })).status, 400);
  });

  test('rematch: a new game, same settings, seats swapped, each joining with the old token', async () => {
    const game = await newGame(port, { turn_limit: 77 });
    const early = await api(port, 'POST', `/api/v1/games/${game.id}/rematch`, { token: game.w });
    assert.equal(early.status, 409, 'not before the end');
    await api(port, 'POST', `/api/v1/games/${game.id}/resign`, { token: game.w });
    const events = await openEvents(port, game.id, { lastEventId: 0 });
    const r = await api(port, 'POST', `/api/v1/games/${game.id}/rematch`, { token: game.b });
    assert.equal(r.status, 200);
    const next = r.body.rematch;
    assert.match(next, BASE64URL);
    const ev = await events.next((e) => e.event === 'rematch');
    assert.equal(ev.data.rematch, next);
    events.close();
    const twice = await api(port, 'POST', `/api/v1/games/${game.id}/rematch`, { token: game.w });
    assert.equal(twice.body.rematch, next, 'asked twice, one rematch');
    const jw = await api(port, 'POST', `/api/v1/games/${next}/join`, { body: { from: game.id }, token: game.w });
    assert.equal(jw.status, 200);
    assert.equal(jw.body.seat, 'b');
    const stranger = await newGame(port);
    const bad = await api(port, 'POST', `/api/v1/games/${next}/join`, { body: { from: game.id }, token: stranger.w });
    assert.equal(bad.status, 403);
    const jb = await api(port, 'POST', `/api/v1/games/${next}/join`, { body: { from: game.id }, token: game.b });
    assert.equal(jb.body.seat, 'w');
    const again = await api(port, 'POST', `/api/v1/games/${next}/join`, { body: { from: game.id }, token: game.b });
    assert.equal(again.status, 409);
    const g = (await api(port, 'GET', `/api/v1/games/${next}`)).body;
    assert.equal(g.turn_limit, 77);
    assert.equal(g.status, 'ongoing');
    const m = await api(port, 'POST', `/api/v1/games/${next}/moves`, { body: { ply: 0, move: moves[0] }, token: jb.body.token });
    assert.equal(m.status, 200, 'the old black plays white');
  });

  test('the rules end a game by themselves: the turn limit', async () => {
    const game = await newGame(port, { turn_limit: 2 });
    await move(port, game, 'w', 0, moves[0]);
    const r = await move(port, game, 'b', 1, moves[1]);
    assert.equal(r.body.status, 'finished');
    assert.deepEqual(r.body.result, { winner: null, reason: 'turn_limit' });
  });
});

describe('abort, and a rematch called off', () => {
  const abort = (game, seat) => api(port, 'POST', `/api/v1/games/${game.id}/abort`, { token: game[seat] });

  test('a waiting game aborted by its creator: no winner, "aborted"; its seat can no longer be taken', async () => {
    const c = (await api(port, 'POST', '/api/v1/games', { body: {} })).body;
    const events = await openEvents(port, c.id);
    const r = await abort({ id: c.id, w: c.token }, 'w');
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.status, 'finished');
    assert.deepEqual(r.body.result, { winner: null, reason: 'aborted' });
    const end = await events.next((e) => e.event === 'end');
    assert.deepEqual(end.data.result, { winner: null, reason: 'aborted' });
    events.close();
    const join = await api(port, 'POST', `/api/v1/games/${c.id}/join`, { body: { invite: c.invite } });
    assert.equal(join.status, 409);
    assert.equal(join.body.error, 'game_over');
  });

  test('aborted while a seat has not made its first move; 409 too_late after, game_over once over', async () => {
    const game = await newGame(port);
    assert.equal((await move(port, game, 'w', 0, moves[0])).status, 200);
    const black = await abort(game, 'b');
    assert.equal(black.status, 200, 'Black has not moved yet');
    assert.deepEqual(black.body.result, { winner: null, reason: 'aborted' });
    assert.equal((await abort(game, 'w')).body.error, 'game_over');
    const played = await newGame(port);
    await move(port, played, 'w', 0, moves[0]);
    await move(port, played, 'b', 1, moves[1]);
    const late = await abort(played, 'w');
    assert.equal(late.status, 409);
    assert.equal(late.body.error, 'too_late');
    assert.equal((await api(port, 'GET', `/api/v1/games/${played.id}`)).body.status, 'ongoing', 'nothing changed');
  });

  test('abort needs a seat of the game: 401 without a token, 403 with another game\'s', async () => {
    const game = await newGame(port);
    const other = await newGame(port);
    assert.equal((await api(port, 'POST', `/api/v1/games/${game.id}/abort`)).status, 401);
    assert.equal((await abort({ id: game.id, w: other.w }, 'w')).status, 403);
    assert.equal((await api(port, 'GET', `/api/v1/games/${game.id}`)).body.status, 'ongoing');
  });

  test('a rematch withdrawn by its asker: the new game ends aborted, the old one names none, a new one may be asked', async () => {
    const game = await newGame(port);
    await api(port, 'POST', `/api/v1/games/${game.id}/resign`, { token: game.b });
    const events = await openEvents(port, game.id);
    const asked = await api(port, 'POST', `/api/v1/games/${game.id}/rematch`, { token: game.w });
    assert.equal(asked.status, 200);
    assert.equal(asked.body.rematch_by, 'w');
    const next = asked.body.rematch;
    const ev = await events.next((e) => e.event === 'rematch');
    assert.deepEqual(ev.data, { rematch: next, by: 'w' });
    // The asker takes a seat of the new game at once, as the page does.
    const seated = await api(port, 'POST', `/api/v1/games/${next}/join`, { body: { from: game.id }, token: game.w });
    assert.equal(seated.status, 200);
    const nextEvents = await openEvents(port, next);
    const cancel = await api(port, 'POST', `/api/v1/games/${game.id}/rematch`, { body: { action: 'cancel' }, token: game.w });
    assert.equal(cancel.status, 200, cancel.text);
    assert.equal(cancel.body.rematch, null);
    assert.equal(cancel.body.rematch_by, null);
    const off = await events.next((e) => e.event === 'rematch' && e.data.rematch === null);
    assert.deepEqual(off.data, { rematch: null, by: null });
    const end = await nextEvents.next((e) => e.event === 'end');
    assert.deepEqual(end.data.result, { winner: null, reason: 'aborted' });
    events.close();
    nextEvents.close();
    const late = await api(port, 'POST', `/api/v1/games/${next}/join`, { body: { from: game.id }, token: game.b });
    assert.equal(late.status, 409);
    assert.equal(late.body.error, 'game_over');
    const again = await api(port, 'POST', `/api/v1/games/${game.id}/rematch`, { token: game.b });
    assert.equal(again.status, 200);
    assert.equal(again.body.rematch_by, 'b');
    assert.notEqual(again.body.rematch, next, 'a new game');
  });

  test('a rematch declined by the other player; nothing to cancel is 409; begun, it is 409 too_late', async () => {
    const game = await newGame(port);
    await api(port, 'POST', `/api/v1/games/${game.id}/resign`, { token: game.w });
    const none = await api(port, 'POST', `/api/v1/games/${game.id}/rematch`, { body: { action: 'cancel' }, token: game.b });
    assert.equal(none.status, 409);
    assert.equal(none.body.error, 'stale');
    const bad = await api(port, 'POST', `/api/v1/games/${game.id}/rematch`, { body: { action: 'maybe' }, token: game.b });
    assert.equal(bad.status, 400);
    const next = (await api(port, 'POST', `/api/v1/games/${game.id}/rematch`, { token: game.w })).body.rematch;
    const declined = await api(port, 'POST', `/api/v1/games/${game.id}/rematch`, { body: { action: 'cancel' }, token: game.b });
    assert.equal(declined.status, 200);
    assert.equal(declined.body.rematch, null);
    assert.equal((await api(port, 'GET', `/api/v1/games/${next}`)).body.result.reason, 'aborted');
    // Asked again and begun: no longer called off.
    const third = (await api(port, 'POST', `/api/v1/games/${game.id}/rematch`, { token: game.w })).body.rematch;
    const jw = await api(port, 'POST', `/api/v1/games/${third}/join`, { body: { from: game.id }, token: game.w });
    const jb = await api(port, 'POST', `/api/v1/games/${third}/join`, { body: { from: game.id }, token: game.b });
    const white = jw.body.seat === 'w' ? jw.body.token : jb.body.token;
    assert.equal((await api(port, 'POST', `/api/v1/games/${third}/moves`, { body: { ply: 0, move: moves[0] }, token: white })).status, 200);
    const late = await api(port, 'POST', `/api/v1/games/${game.id}/rematch`, { body: { action: 'cancel' }, token: game.w });
    assert.equal(late.status, 409);
    assert.equal(late.body.error, 'too_late');
    assert.equal((await api(port, 'GET', `/api/v1/games/${game.id}`)).body.rematch, third);
  });
});

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

describe('names', () => {
  const create = (body) => api(port, 'POST', '/api/v1/games', { body });

  test('given on create and join, kept as given, in the game per seat and in the seats event', async () => {
    const c = await create({ name: 'Ada' });
    assert.equal(c.status, 201, c.text);
    const events = await openEvents(port, c.body.id);
    const j = await api(port, 'POST', `/api/v1/games/${c.body.id}/join`, { body: { invite: c.body.invite, name: 'Zoe\u0308 O\'Brien-Smith_Jr.' } });
    assert.equal(j.status, 200, j.text);
    const g = (await api(port, 'GET', `/api/v1/games/${c.body.id}`)).body;
    assert.equal(g.seats.w.name, 'Ada');
    assert.equal(g.seats.b.name, 'Zoe\u0308 O\'Brien-Smith_Jr.', 'not normalised: as given');
    const seats = await events.next((e) => e.event === 'seats');
    assert.equal(seats.data.b.name, 'Zoe\u0308 O\'Brien-Smith_Jr.');
    events.close();
    const none = (await api(port, 'GET', `/api/v1/games/${(await create({})).body.id}`)).body;
    assert.equal(none.seats.w.name, null);
    assert.equal(none.seats.b.name, null);
  });

  for (const name of ['山田 太郎', 'Ελένη', 'محمد', 'देवनागरी', 'Nguyễn Thị Minh Khai', 'x'.repeat(24), 'e\u0301'.repeat(24), '007', "'.-_"])
    test(`accepted: ${JSON.stringify(name)}`, async () => {
      const r = await create({ name });
      assert.equal(r.status, 201, r.text);
      assert.equal((await api(port, 'GET', `/api/v1/games/${r.body.id}`)).body.seats.w.name, name);
    });

  for (const [why, name] of [
    ['empty', ''],
    ['only spaces', '   '],
    ['25 code points', 'x'.repeat(25)],
    ['25 once composed', 'e\u0301'.repeat(25)],
    ['markup', '<b>x</b>'],
    ['a script', '<script>alert(1)</script>'],
    ['a tab', 'a\tb'],
    ['a line feed', 'a\nb'],
    ['an escape sequence', 'a\u001b[31mb'],
    ['a right-to-left override', 'abc\u202edef'],
    ['a left-to-right isolate', '\u2066x'],
    ['a zero-width joiner', 'a\u200db'],
    ['an emoji', 'x\u{1f600}'],
    ['an ampersand', 'Tom & Jerry'],
    ['3 KB', 'x'.repeat(3000)],
  ])
    test(`422 bad_name: ${why}; nothing created, no seat taken`, async () => {
      const r = await create({ name });
      assert.equal(r.status, 422, r.text);
      assert.equal(r.body.error, 'bad_name');
      assert.match(r.body.message, /^a name|^the name/);
      const c = (await create({})).body;
      const j = await api(port, 'POST', `/api/v1/games/${c.id}/join`, { body: { invite: c.invite, name } });
      assert.equal(j.status, 422, j.text);
      const g = (await api(port, 'GET', `/api/v1/games/${c.id}`)).body;
      assert.equal(g.seats.b.joined, false);
      assert.equal(g.status, 'waiting');
    });

  test('refused by the body\'s own checks first: a NUL, bytes that are not UTF-8 (400), 10 KB (413), not a string (400)', async () => {
    assert.equal((await create('{"name": "a\\u0000b"}')).status, 400);
    const bad = Buffer.concat([Buffer.from('{"name": "a'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]);
    assert.equal((await create(bad)).status, 400);
    assert.equal((await create({ name: 'x'.repeat(10240) })).status, 413);
    assert.equal((await create({ name: 5 })).status, 400);
  });

  test('a rematch keeps the players\' names with their seats swapped; a join may give another', async () => {
    const c = (await create({ name: 'White one' })).body;
    const j = (await api(port, 'POST', `/api/v1/games/${c.id}/join`, { body: { invite: c.invite, name: 'Black one' } })).body;
    await api(port, 'POST', `/api/v1/games/${c.id}/resign`, { token: c.token });
    const next = (await api(port, 'POST', `/api/v1/games/${c.id}/rematch`, { token: j.token })).body.rematch;
    const g = (await api(port, 'GET', `/api/v1/games/${next}`)).body;
    assert.equal(g.seats.w.name, 'Black one');
    assert.equal(g.seats.b.name, 'White one');
    await api(port, 'POST', `/api/v1/games/${next}/join`, { body: { from: c.id, name: 'Renamed' }, token: c.token });
    assert.equal((await api(port, 'GET', `/api/v1/games/${next}`)).body.seats.b.name, 'Renamed');
  });

  test('names never reach the log', async () => {
    const name = 'Loggedname Neverseen';
    const c = (await create({ name })).body;
    await api(port, 'POST', `/api/v1/games/${c.id}/join`, { body: { invite: c.invite, name: '<script>x</script>' } });
    await sleep(100);
    assert.ok(!server.stderr.includes('Neverseen') && !server.stderr.includes('<script>'), 'no name in the log');
  });
});

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
    const dir = tempDir();
    const db = storeFor(dir);
    try {
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
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

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
    const dir = tempDir();
    const db = storeFor(dir);
    try {
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
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
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
    const dir = tempDir();
    const db = storeFor(dir);
    try {
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
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  // Many games moving at once: their moves share commits (group commit).
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
    const dir = tempDir();
    const db = storeFor(dir);
    try {
      const s = await startOnline(['--db', db]);
      const games = [];
      for (let i = 0; i < 16; i++) games.push(await newGame(s.port));
      await playAtOnce(s.port, games, 6);
      for (const g of games) assert.deepEqual(g.acked, moves.slice(0, 6));
      const { code } = await stopServer(s);
      assert.equal(code, 0);
      const m = s.stderr.match(/(\d+) writes committed in (\d+) batches/);
      assert.ok(m, `no batch committed:\n${s.stderr.slice(-500)}`);
      assert.ok(Number(m[2]) < Number(m[1]), m[0]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('SIGKILL while moves to many games are committed together; restarted, every acknowledged move is there, none doubled', async () => {
    const dir = tempDir();
    const db = storeFor(dir);
    try {
      let s = await startOnline(['--db', db]);
      const games = [];
      for (let i = 0; i < 16; i++) games.push(await newGame(s.port));
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
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a clean stop while moves are waiting for their commit: each answered, exit 0', async () => {
    const dir = tempDir();
    const db = storeFor(dir);
    try {
      const s = await startOnline(['--db', db]);
      const games = [];
      for (let i = 0; i < 16; i++) games.push(await newGame(s.port));
      let total = 0;
      let stopping = null;
      await playAtOnce(s.port, games, moves.length, () => {
        if (++total === 40) stopping = stopServer(s);
        return true;
      });
      const { code, signal } = await stopping;
      assert.equal(code, 0, `exit ${code} ${signal}\n${s.stderr.slice(-800)}`);
      assert.doesNotMatch(s.stderr, /suspended|panic/i);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a restarted server resumes a timed game: the flag falls on time', async () => {
    const dir = tempDir();
    const db = storeFor(dir);
    try {
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
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
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
    const dir = tempDir();
    const db = storeFor(dir);
    try {
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
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('two servers on one store', () => {
  test(
    'writes were answered by one server while streams of the same game were held on the other',
    { skip: STORE !== 'pg2' && 'only with two servers (HALMA_ONLINE_STORE=pg2)' },
    (t) => {
      const { writes, crossWrites, streams } = routing;
      t.diagnostic(`${writes} writes, ${crossWrites} while a stream of their game was on the other server; streams on each: ${streams}`);
      assert.ok(crossWrites >= 3, `${crossWrites} of ${writes} writes made while a stream of their game was on the other server`);
      assert.ok(streams.length === 2 && streams.every((n) => n >= 2), `streams opened on each server: ${streams}`);
      for (const s of server.servers) assert.match(s.stderr, /POST \/api\/v1\/games\/\S+\/moves 200/, 'each server played moves');
    },
  );
});
