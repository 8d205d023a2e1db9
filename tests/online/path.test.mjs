// path.test.mjs: a request walks through the server one way (issue 39,
// docs/ONLINE.md "Design"): its token only checked, the seat online once
// the request has succeeded (a refused one does not count), the answer
// made after that, and the stream's events in the order they were stored,
// the presence they bring about after them.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { api, legalMoves, move, newGame, openEvents, sleep, startOnline, stopServer } from './online_http.mjs';

const ONLINE_SECONDS = 1;

let server;
let moves;
before(async () => {
  moves = await legalMoves(4);
  server = await startOnline(['--online-seconds', String(ONLINE_SECONDS), '--heartbeat-seconds', '1']);
});
after(async () => server && stopServer(server));

const game = async (port, id) => (await api(port, 'GET', `/api/v1/games/${id}`)).body;

describe('presence after the action', () => {
  test('a refused request does not make its seat online; one that succeeds does', async () => {
    const g = await newGame(server.port);
    await sleep(ONLINE_SECONDS * 1000 + 400); // both seats away
    assert.equal((await game(server.port, g.id)).seats.b.online, false);
    const refused = await move(server.port, g, 'b', 0, moves[0]);
    assert.equal(refused.status, 409, refused.text);
    assert.equal(refused.body.error, 'not_your_turn');
    assert.equal((await game(server.port, g.id)).seats.b.online, false, 'refused: not seen');
    const ping = await api(server.port, 'POST', `/api/v1/games/${g.id}/ping`, { token: g.b });
    assert.equal(ping.status, 204);
    let online = false;
    for (let tries = 0; tries < 10 && !online; tries++) {
      online = (await game(server.port, g.id)).seats.b.online; // another server hears of it shortly
      if (!online) await sleep(50);
    }
    assert.ok(online, 'the ping succeeded: online');
  });

  test('a move\'s answer shows its seat online, and the stream has the move before the presence', async () => {
    const g = await newGame(server.port);
    await sleep(ONLINE_SECONDS * 1000 + 400);
    const s = await openEvents(server.port, g.id);
    const first = await s.next((e) => e.event === 'game');
    assert.equal(first.data.seats.w.online, false, 'away before its move');
    const played = await move(server.port, g, 'w', 0, moves[0]);
    assert.equal(played.status, 200, played.text);
    assert.equal(played.body.seats.w.online, true, 'the answer is made once the seat is online');
    const m = await s.next((e) => e.event === 'move');
    const seen = await s.next((e) => e.event === 'seats' && e.data.w.online, 3000);
    assert.equal(seen.id, undefined, 'presence is not stored');
    assert.ok(s.events.indexOf(m) < s.events.indexOf(seen), 'the move first, then the presence it brought');
    s.close();
  });
});
