// The online page's pure parts: the links (the game and the invite in the
// fragment only), the seats kept on the device, the clock choice of the
// new-game dialog as the API takes it, and the clocks as shown.
import { test } from 'node:test';
import assert from 'node:assert/strict';

// What the page's modules need of a browser, before they load.
const store = new Map();
globalThis.localStorage = {
  getItem: (key) => (store.has(key) ? store.get(key) : null),
  setItem: (key, value) => store.set(key, String(value)),
};
globalThis.location = new URL('https://halma.example/play/');

const { gameLink, keepSeat, parseLink, seatFor } = await import('../../web/js/online.js');
const { clockChoice } = await import('../../web/js/dialogs.js');
const { clockText } = await import('../../web/js/online-clock.js');

test('a link carries the game and the invite in its fragment, never its path or query', () => {
  const link = new URL(gameLink('Ab3_-xYz9Q0w', 'inv1te-Token_123456'));
  assert.equal(link.origin + link.pathname, 'https://halma.example/play/');
  assert.equal(link.search, '');
  assert.deepEqual(parseLink(link.hash), { id: 'Ab3_-xYz9Q0w', invite: 'inv1te-Token_123456' });
  assert.deepEqual(parseLink(new URL(gameLink('Ab3_-xYz9Q0w')).hash), { id: 'Ab3_-xYz9Q0w', invite: null });
});

test('a fragment that names no game, or a malformed one, is no link', () => {
  for (const hash of ['', '#', '#lang=it', '#game=', '#game=short', '#game=has%20space1', '#game=../../etc/passwd']) assert.equal(parseLink(hash), null, hash);
  assert.deepEqual(parseLink('#game=Ab3_-xYz9Q0w&invite=bad invite!'), { id: 'Ab3_-xYz9Q0w', invite: null });
});

test('seats are kept per game, the creator with the invite; the 50 newest stay', () => {
  assert.equal(seatFor('nosuchgame1'), null);
  keepSeat('game00000001', 'w', 'token-w', 'invite-1');
  keepSeat('game00000002', 'b', 'token-b');
  assert.deepEqual(seatFor('game00000001'), { seat: 'w', token: 'token-w', invite: 'invite-1', invites: null });
  assert.deepEqual(seatFor('game00000002'), { seat: 'b', token: 'token-b', invite: null, invites: null });
  // Three or four: any seat, and the creator keeps an invite a seat.
  keepSeat('game00000003', 'r', 'token-r', null, { w: 'invite-w', y: 'invite-y' });
  assert.deepEqual(seatFor('game00000003'), { seat: 'r', token: 'token-r', invite: null, invites: { w: 'invite-w', y: 'invite-y' } });
  keepSeat('game00000004', 'y', 'token-y');
  assert.equal(seatFor('game00000004').seat, 'y');
  for (let i = 0; i < 60; i++) keepSeat(`many${String(i).padStart(8, '0')}`, 'w', `t${i}`);
  const kept = Object.keys(JSON.parse(localStorage.getItem('halma.online.v1')));
  assert.equal(kept.length, 50);
  assert.ok(kept.includes('many00000059'));
  localStorage.setItem('halma.online.v1', '{"x": {"seat": "z", "token": 1}}');
  assert.equal(seatFor('x'), null, 'a damaged entry is no seat');
  localStorage.setItem('halma.online.v1', 'not json');
  assert.equal(seatFor('x'), null);
});

test('the clock choices as the API takes them', () => {
  assert.equal(clockChoice('none', 15, 10), null);
  assert.deepEqual(clockChoice('5+3', 15, 10), { initial_ms: 300000, increment_ms: 3000 });
  assert.deepEqual(clockChoice('days', 15, 10, 7), { days_per_move: 7 });
  assert.deepEqual(clockChoice('10+5', 15, 10), { initial_ms: 600000, increment_ms: 5000 });
  assert.deepEqual(clockChoice('custom', 0.25, 0), { initial_ms: 15000, increment_ms: 0 });
  assert.deepEqual(clockChoice('custom', 90, 30), { initial_ms: 5400000, increment_ms: 30000 });
});

test('clocks show minutes and seconds, rounded up, and tenths under ten seconds', () => {
  assert.equal(clockText(300000), '5:00');
  assert.equal(clockText(59 * 60000, true), '59:00', 'a correspondence clock under an hour reads as any clock');
  assert.equal(clockText(299001), '5:00');
  assert.equal(clockText(59999), '1:00');
  assert.equal(clockText(10000), '0:10');
  assert.equal(clockText(9901), '0:10', 'tenths only once under ten seconds, rounded up');
  assert.equal(clockText(9900), '0:09.9');
  assert.equal(clockText(9100), '0:09.1');
  assert.equal(clockText(1), '0:00.1');
  assert.equal(clockText(0), '0:00.0');
  assert.equal(clockText(-50), '0:00.0');
  assert.equal(clockText(5400000), '90:00');
});
