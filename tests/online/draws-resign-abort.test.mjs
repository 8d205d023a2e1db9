// draws-resign-abort.test.mjs: the end of a game: resign, a draw offered
// and answered, the rules' own end, a rematch; abort, and a rematch called off.
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
  openEvents,
  startShared,
  stopShared,
} from './online_http.mjs';

// The server this file's tests share, and a legal game from the start.
let server, port, moves;
before(async () => ({ server, port, moves } = await startShared()));
after(() => stopShared(server));

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

  test('draw: the decline\'s event names who declined; an offer lapsing with a move names nobody', async () => {
    const game = await newGame(port);
    const events = await openEvents(port, game.id);
    const ended = (after = -1) => events.next((e) => e.event === 'draw_offer' && e.data.draw_offer === null && Number(e.id) > after);
    await api(port, 'POST', `/api/v1/games/${game.id}/draw`, { body: { action: 'offer' }, token: game.b });
    await api(port, 'POST', `/api/v1/games/${game.id}/draw`, { body: { action: 'decline' }, token: game.w });
    const declined = await ended();
    assert.equal(declined.data.declined_by, 'w');
    await api(port, 'POST', `/api/v1/games/${game.id}/draw`, { body: { action: 'offer' }, token: game.b });
    await move(port, game, 'w', 0, moves[0]);
    assert.equal((await ended(Number(declined.id))).data.declined_by, undefined);
    events.close();
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
