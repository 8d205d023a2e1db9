// What a saved game of three or four must be to be restored (storage.js,
// validSave): anything else is set aside, never trusted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validSave } from '../../web/js/storage.js';

const LEVELS = { min: 1, max: 10 };
const FOUR = {
  variant: 13, fen: null, turnLimit: 800, moves: ['o4-n5'], redo: [], mode: 'seats', human: 'w', level: 3,
  players: 4, partners: true,
  seats: [{ kind: 'person', you: true }, { kind: 'computer', level: 3 }, { kind: 'person' }, { kind: 'computer', level: 1, resigned: true }],
  position: 'bbbb8yyyy/bbbb8yyyy/bbb10yyy/bb12yy/16/16/16/16/16/16/16/16/rr12ww/rrr10www/rrrr8wwww/rrrr8www1 r 1',
};

test('a saved game of four comes back with its kind and its seats', () => {
  const saved = validSave(FOUR, LEVELS);
  assert.deepEqual([saved.mode, saved.players, saved.partners, saved.moves], ['seats', 4, true, ['o4-n5']]);
  assert.deepEqual(saved.seats, FOUR.seats);
  assert.equal(saved.position, FOUR.position);
});

test('a saved game of three or four that does not hold together is refused', () => {
  const bad = [
    { players: 5 },
    { players: 3 }, // four seats for three players
    { players: 3, partners: true, seats: FOUR.seats.slice(0, 3) },
    { seats: [...FOUR.seats.slice(0, 3), { kind: 'computer', level: 11 }] },
    { seats: [...FOUR.seats.slice(0, 3), { kind: 'remote' }] },
    { seats: null },
    { partners: 'yes' },
    { level: 0 },
    { variant: 21 },
  ];
  for (const change of bad) assert.equal(validSave({ ...FOUR, ...change }, LEVELS), null, JSON.stringify(change));
});

test('what is not trusted is dropped: a seat\'s extra fields, a picture with foreign letters', () => {
  const saved = validSave({ ...FOUR, seats: FOUR.seats.map((s) => ({ ...s, name: '<b>x</b>' })), position: 'xx w 0' }, LEVELS);
  assert.ok(saved.seats.every((s) => !('name' in s)));
  assert.equal(saved.position, null);
});

test('a two-player save is read as before', () => {
  const two = { variant: 19, fen: null, turnLimit: 400, moves: ['n4-m5'], redo: [], mode: 'computer', human: 'w', level: 5 };
  const saved = validSave(two, LEVELS);
  assert.deepEqual([saved.mode, saved.human, saved.level, saved.moves], ['computer', 'w', 5, ['n4-m5']]);
  assert.equal(saved.players, undefined);
  assert.equal(validSave({ ...two, mode: 'seats' }, LEVELS), null, 'the seats mode needs seats');
});
