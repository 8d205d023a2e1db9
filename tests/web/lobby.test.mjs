// The online lists' pure parts: the lobby's free seats, the spectators the
// card counts, what Your games keeps of a game and whose move it is, and
// the games this device holds seats in.
import { test } from 'node:test';
import assert from 'node:assert/strict';

const store = new Map();
globalThis.localStorage = {
  getItem: (key) => (store.has(key) ? store.get(key) : null),
  setItem: (key, value) => store.set(key, String(value)),
  removeItem: (key) => store.delete(key),
};
globalThis.location = new URL('https://halma.example/');

const { keepName, keepSeat, keptName, keptSeats } = await import('../../web/js/online.js');
const { freeSeats } = await import('../../web/js/lobby.js');
const { spectators } = await import('../../web/js/online-card.js');
const { summaryOf, yourMove } = await import('../../web/js/your-games.js');

const seats = (w, b) => ({ w, b });

test('the lobby offers the seats nobody has taken, never a computer\'s', () => {
  assert.deepEqual(freeSeats({ seats: seats({ joined: true }, { joined: false }) }), ['b']);
  assert.deepEqual(freeSeats({ seats: seats({ joined: true }, { joined: true }) }), []);
  assert.deepEqual(freeSeats({ seats: { w: { joined: true }, r: { joined: false, kind: 'computer' }, b: { joined: false, kind: 'human' } } }), ['b']);
  assert.deepEqual(freeSeats({}), []);
  assert.deepEqual(freeSeats({ players: 4, seats: { w: { joined: true }, b: { joined: false }, r: { joined: false, kind: 'computer' }, y: { joined: false } } }), ['b', 'y'], 'a game of four: its people\'s seats');
});

test('the spectators are the streams less the seats online, never below zero', () => {
  assert.equal(spectators({ watchers: 3, seats: seats({ online: true }, { online: true }) }), 1);
  assert.equal(spectators({ watchers: 2, seats: seats({ online: true }, { online: false }) }), 1);
  assert.equal(spectators({ watchers: 1, seats: seats({ online: true }, { online: true }) }), 0);
  assert.equal(spectators({ seats: seats({ online: false }, { online: false }) }), 0, 'no count given: none');
});

test('Your games keeps what it shows of a game, seen from the seat', () => {
  const game = { variant: 13, status: 'ongoing', to_move: 'b', ply: 1, result: null, clock: { w_ms: 1, b_ms: 2, running: 'b', days_per_move: 3 }, seats: seats({ name: 'Alice' }, { name: null }) };
  assert.deepEqual(summaryOf(game, 'b'), { variant: 13, players: 2, status: 'ongoing', toMove: 'b', result: null, opponent: 'Alice', clock: { days_per_move: 3 }, ply: 1 });
  assert.equal(yourMove(summaryOf(game, 'b'), 'b'), true);
  assert.equal(yourMove(summaryOf(game, 'w'), 'w'), false);
  assert.equal(summaryOf(game, 'w').opponent, null);
  // The house rule kept (the list marks it), the standard rules left out as before.
  assert.equal(summaryOf({ ...game, rules: 'nospoil' }, 'b').rules, 'nospoil');
  assert.equal('rules' in summaryOf({ ...game, rules: 'standard' }, 'b'), false);
  assert.equal(yourMove(summaryOf({ ...game, status: 'finished' }, 'b'), 'b'), false, 'a finished game is nobody\'s move');
  assert.equal(yourMove(null, 'b'), false);
  // Three or four: a seat given up to the computer is no longer the person's move.
  const four = { ...game, players: 4, to_move: 'r', seats: { w: { name: 'Alice' }, b: {}, r: { kind: 'computer', level: 3, left: 'resign' }, y: {} } };
  assert.equal(summaryOf(four, 'r').players, 4);
  assert.equal(yourMove(summaryOf(four, 'r'), 'r'), false);
  assert.equal(yourMove(summaryOf({ ...four, seats: { ...four.seats, r: {} } }, 'r'), 'r'), true);
});

test('the seats kept are listed newest first, without their tokens; the name is kept as given', () => {
  keepSeat('older0000001', 'w', 'token-1');
  keepSeat('newer0000002', 'b', 'token-2');
  const listed = keptSeats();
  assert.deepEqual(listed.map(({ id, seat }) => [id, seat]).slice(0, 2).sort(), [['newer0000002', 'b'], ['older0000001', 'w']]);
  assert.equal(JSON.stringify(listed).includes('token'), false);
  assert.equal(keptName(), '');
  keepName("Bo O'Neill");
  assert.equal(keptName(), "Bo O'Neill");
  keepName('');
  assert.equal(keptName(), '');
});
