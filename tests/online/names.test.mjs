// names.test.mjs: the players' names: given on create and join, refused by
// the body's checks, kept by a rematch, never in the log.
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
  openEvents,
  sleep,
  startShared,
  stopShared,
} from './online_http.mjs';

// The server this file's tests share.
let server, port;
before(async () => ({ server, port } = await startShared()));
after(() => stopShared(server));

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
    // The join's own, stored, event: with two servers a live presence event
    // (no id, from before the join) may come first.
    const seats = await events.next((e) => e.event === 'seats' && e.id !== undefined);
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

  test('each invite of a game of four carries its friend\'s name into its own seat; a refused name takes no seat, and the invite still serves', async () => {
    const c = await create({ players: 4, name: 'Ann' });
    assert.equal(c.status, 201, c.text);
    const join = (seat, name) => api(port, 'POST', `/api/v1/games/${c.body.id}/join`, { body: { invite: c.body.invites[seat], ...(name === undefined ? {} : { name }) } });
    assert.equal((await join('r', 'Bea')).body.seat, 'r');
    const refused = await join('b', 'Tom & Jerry');
    assert.equal(refused.status, 422, refused.text);
    assert.equal(refused.body.error, 'bad_name');
    assert.equal((await api(port, 'GET', `/api/v1/games/${c.body.id}`)).body.seats.b.joined, false);
    assert.equal((await join('b', 'Wilhelmina Wojciechowska')).body.seat, 'b');
    assert.equal((await join('y')).body.seat, 'y');
    const g = (await api(port, 'GET', `/api/v1/games/${c.body.id}`)).body;
    assert.equal(g.status, 'ongoing');
    assert.deepEqual(['w', 'r', 'b', 'y'].map((seat) => g.seats[seat].name), ['Ann', 'Bea', 'Wilhelmina Wojciechowska', null]);
  });

  test('names never reach the log', async () => {
    const name = 'Loggedname Neverseen';
    const c = (await create({ name })).body;
    await api(port, 'POST', `/api/v1/games/${c.id}/join`, { body: { invite: c.invite, name: '<script>x</script>' } });
    await sleep(100);
    assert.ok(!server.stderr.includes('Neverseen') && !server.stderr.includes('<script>'), 'no name in the log');
  });
});
