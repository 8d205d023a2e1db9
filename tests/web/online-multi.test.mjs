// Online games of three and four seats, the page's pure parts: the
// server's game read in the turn order, whose draw offer waits on whom (and
// its words), the server's endings the rules here cannot see, and the
// dialog's seats as the API takes them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const store = new Map();
globalThis.localStorage = { getItem: (key) => store.get(key) ?? null, setItem: (key, value) => store.set(key, String(value)), removeItem: (key) => store.delete(key) };
globalThis.location = new URL('https://halma.example/');
globalThis.document = { documentElement: {}, querySelectorAll: () => [] };
// The texts, read from web/i18n as the page fetches them.
globalThis.fetch = async (url) => ({ ok: true, json: async () => JSON.parse(readFileSync(new URL(url))) });

const { setLanguage } = await import('../../web/js/i18n.js');
const { drawAsked, drawOffer, drawWaitingFor, humanSeat, nextServerSide, serverSides, someoneUnmoved } = await import('../../web/js/server-game.js');
const { multiEnding } = await import('../../web/js/multi-ending.js');
const { onlineSeats } = await import('../../web/js/seat-choice.js');
const { drawText, rematchAskedText, rematchWithdrawnText } = await import('../../web/js/online-draw.js');
const { playerName, recordName, waitText } = await import('../../web/js/texts.js');
const { stateText, summaryOf } = await import('../../web/js/your-games.js');
await setLanguage('en');

const human = (extra = {}) => ({ joined: true, online: true, name: null, kind: 'human', level: null, left: null, ...extra });
const computer = (level = 3, left = null) => ({ joined: true, online: false, name: null, kind: 'computer', level, left });
const four = (seats, extra = {}) => ({ players: 4, partners: false, status: 'ongoing', moves: [], draw_offer: null, seats, ...extra });

test('the seats of the server\'s game in the turn order: White, Red, Black, Yellow', () => {
  assert.deepEqual(serverSides({ players: 4 }), ['w', 'r', 'b', 'y']);
  assert.deepEqual(serverSides({ players: 3 }), ['w', 'r', 'b']);
  assert.deepEqual(serverSides({ players: 2 }), ['w', 'b']);
  assert.deepEqual(serverSides({}), ['w', 'b'], 'a game that does not say is of two');
  const game = { players: 4 };
  assert.deepEqual(['w', 'r', 'b', 'y'].map((side) => nextServerSide(game, side)), ['r', 'b', 'y', 'w']);
  assert.equal(nextServerSide({ players: 3 }, 'b'), 'w');
});

test('a seat given up to the computer is no person\'s; the abort lasts while a person has not moved', () => {
  const game = four({ w: human(), r: computer(5), b: human(), y: computer(3, 'resign') });
  assert.deepEqual(['w', 'r', 'b', 'y'].map((side) => humanSeat(game, side)), [true, false, true, false]);
  assert.equal(someoneUnmoved({ ...game, moves: ['a', 'b'] }), true, 'Black, third in turn, has not moved');
  assert.equal(someoneUnmoved({ ...game, moves: ['a', 'b', 'c'] }), false, 'Yellow is the computer\'s');
});

test('a draw offer of three or four waits on every person still playing who has not accepted', () => {
  const game = four({ w: human(), r: human({ name: 'Ana' }), b: computer(), y: human() }, { draw_offer: { by: 'w', accepted: ['w', 'y'] } });
  assert.deepEqual(drawOffer(game), { by: 'w', accepted: ['w', 'y'] });
  assert.deepEqual(drawWaitingFor(game), ['r']);
  assert.equal(drawAsked(game, 'r'), true);
  assert.equal(drawAsked(game, 'y'), false, 'accepted already');
  assert.equal(drawAsked(game, 'b'), false, 'the computer is not asked');
  assert.equal(drawAsked(game, null), false, 'a watcher is not asked');
  assert.equal(drawOffer({ ...game, status: 'finished' }), null, 'no offer stands once the game is over');
  assert.deepEqual(drawOffer({ status: 'ongoing', draw_offer: 'b' }), { by: 'b', accepted: ['b'] }, 'of two: the seat offering');
  assert.deepEqual(drawText(game, 'r'), { text: 'White offers a draw. Accepted by: Yellow.', answer: true });
  assert.equal(drawText(game, 'y').text, 'You accepted the draw. Waiting for: Red (Ana).');
  assert.equal(drawText(game, 'w').answer, false);
  assert.match(drawText(game, 'w').text, /^You offered a draw: .* Waiting for: Red \(Ana\)\.$/);
  assert.equal(drawText(game, null).text, 'White offers a draw. Accepted by: Yellow.');
  assert.equal(drawText({ ...game, draw_offer: { by: 'w', accepted: ['w'] } }, 'r').text, 'White offers a draw.', 'the offerer named once');
  assert.equal(drawText({ ...game, draw_offer: null }, 'r'), null);
});

test('the rematch notice says who asks: by colour and name of three or four, by name of two', () => {
  const game = four({ w: human(), r: human({ name: 'Ana' }), b: computer(), y: human() }, { rematch: 'next', rematch_by: 'r' });
  assert.equal(rematchAskedText(game), 'Red (Ana) wants a rematch, with the seats moved on one place.');
  assert.equal(rematchAskedText({ ...game, rematch_by: 'y' }), 'Yellow wants a rematch, with the seats moved on one place.');
  const two = { status: 'finished', seats: { w: { kind: 'human', joined: true, name: 'Bo' }, b: { kind: 'human', joined: true } }, rematch: 'next', rematch_by: 'w' };
  assert.equal(rematchAskedText(two), 'Bo wants a rematch, with the colours swapped.');
  assert.equal(rematchAskedText({ ...two, rematch_by: 'b' }), 'Your friend wants a rematch, with the colours swapped.');
});

test('the server\'s endings of three or four: an agreed draw, an abort, nobody left, partners losing together', () => {
  const ongoing = { result: 'ongoing', players: 4, winners: [] };
  assert.equal(multiEnding({ winner: null, reason: 'agreement' }, ongoing).result, 'draw-agreement');
  assert.equal(multiEnding({ winner: null, reason: 'aborted' }, ongoing).result, 'aborted');
  assert.equal(multiEnding({ winner: null, reason: 'abandoned' }, ongoing).result, 'no-winner');
  assert.deepEqual(multiEnding({ winner: ['r', 'y'], reason: 'resign' }, ongoing), { ...ongoing, result: 'red-yellow-win', winners: ['r', 'y'], lostBy: 'resign' });
  assert.deepEqual(multiEnding({ winner: ['w', 'b'], reason: 'time' }, ongoing).result, 'white-black-win');
  assert.equal(multiEnding({ winner: 'b', reason: 'time' }, ongoing).result, 'black-wins');
  const won = { ...ongoing, result: 'red-wins', winners: ['r'] };
  assert.equal(multiEnding({ winner: 'r', reason: 'goal' }, won), won, 'an ending the rules saw stays theirs');
  assert.equal(multiEnding(null, ongoing), ongoing);
});

test('the dialog\'s seats as the API takes them: one "you", the computers by level, friends invited', () => {
  const seats = [{ kind: 'person' }, { kind: 'computer', level: 4 }, { kind: 'person', you: true }, { kind: 'computer', level: 7 }];
  assert.deepEqual(onlineSeats({ players: 4, partners: true, seats }), { players: 4, partners: true, seat: 'b', computer: { r: 4, y: 7 } });
  assert.deepEqual(onlineSeats({ players: 3, partners: false, seats: seats.slice(0, 3) }), { players: 3, partners: false, seat: 'b', computer: { r: 4 } });
  assert.equal(onlineSeats({ players: 3, partners: false, seats: [{ kind: 'person' }, { kind: 'person' }, { kind: 'computer', level: 1 }] }), null, 'no seat for the person creating it');
  assert.equal(onlineSeats({ players: 3, partners: false, seats: [{ kind: 'person', you: true }, { kind: 'person', you: true }, { kind: 'person' }] }), null, 'two seats for them');
});

test('an online record of four names each unnamed person\'s seat by its colour (in the turn order), the server\'s computer by its level', () => {
  const players = [{ kind: 'person', name: 'Anna' }, { kind: 'computer', level: 2 }, { kind: 'remote' }, { kind: 'remote', name: 'Bea' }];
  assert.deepEqual(players.map((_, seat) => recordName(players, seat)), ['Anna', 'Computer, level 2', 'Black', 'Bea']);
});

// Issue 40, item 3: "Your friend" stood for every friend of three or four.
test('online, a seat without a name is its colour of three or four and to a spectator; to a player of two the friend stays "Your friend"', () => {
  const three = [{ kind: 'person', name: 'Ann' }, { kind: 'remote', name: 'Bea' }, { kind: 'remote' }];
  assert.deepEqual(three.map((_, seat) => playerName(three, seat)), ['You', 'Bea', 'Black']);
  const watched = [{ kind: 'remote' }, { kind: 'remote' }, { kind: 'remote' }, { kind: 'computer', level: 3 }];
  assert.deepEqual(watched.map((_, seat) => playerName(watched, seat)), ['White', 'Red', 'Black', 'Computer, level 3']);
  assert.deepEqual([0, 1].map((seat) => playerName([{ kind: 'remote' }, { kind: 'remote' }], seat)), ['White', 'Black']);
  assert.deepEqual([0, 1].map((seat) => playerName([{ kind: 'person' }, { kind: 'remote' }], seat)), ['You', 'Your friend']);
});

test('of three or four, the words that said "your friend" say which seat: a tap out of turn, a rematch withdrawn, Your games', () => {
  const players = [{ kind: 'person' }, { kind: 'remote', name: 'Bea' }, { kind: 'computer', level: 1 }, { kind: 'remote' }];
  const tap = (side) => waitText({ players, sentMove: null, state: { side } });
  assert.equal(tap('r'), 'It is not your turn: Red (Bea) is to move.');
  assert.equal(tap('b'), 'It is not your turn: Black (Computer, level 1) is to move.');
  assert.equal(tap('y'), 'It is not your turn: Yellow is to move.');
  assert.equal(waitText({ players: [{ kind: 'person' }, { kind: 'remote' }], sentMove: null, state: { side: 'b' } }), 'It is your friend\'s turn.');

  const game = four({ w: human(), r: human({ name: 'Ana' }), b: computer(), y: human() }, { status: 'finished' });
  assert.equal(rematchWithdrawnText(game, 'r'), 'Red (Ana) withdrew the rematch.');
  assert.equal(rematchWithdrawnText(game, 'y'), 'Yellow withdrew the rematch.');
  const two = { status: 'finished', seats: { w: { kind: 'human', joined: true }, b: { kind: 'human', joined: true } } };
  assert.equal(rematchWithdrawnText(two, 'b'), 'Your friend withdrew the rematch.');

  const ongoing = four({ w: human(), r: human({ name: 'Ana' }), b: computer(1), y: human() }, { to_move: 'b', variant: 13 });
  assert.equal(stateText(summaryOf(ongoing, 'w'), 'w'), 'Black (Computer, level 1) to move');
  assert.equal(stateText(summaryOf({ ...ongoing, to_move: 'y' }, 'w'), 'w'), 'Yellow to move');
  assert.equal(stateText(summaryOf({ ...ongoing, to_move: 'r' }, 'w'), 'w'), 'Red (Ana) to move');
  assert.equal(stateText(summaryOf({ ...ongoing, status: 'waiting' }, 'w'), 'w'), 'Waiting for every seat to be taken');
});
