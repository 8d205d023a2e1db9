// The page's seating (web/js/seating.js) is the module's (core/table.h
// through api_seatings), and answers what the page asks of it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Halma } from '../../web/js/halma-wasm.js';
import { SEATINGS, canPartner, seatingOf } from '../../web/js/seating.js';
import { winResult } from '../../web/js/multi-ending.js';

const module = await WebAssembly.compile(readFileSync(new URL('../../build/wasm/halma.wasm', import.meta.url)));

test("the page's seating table is the module's", async () => {
  const halma = await Halma.create(module);
  assert.deepEqual(halma.seatings(), SEATINGS);
});

test("each seating's turn order and turn limit are those of its game", async () => {
  const halma = await Halma.create(module);
  for (const row of SEATINGS) {
    halma.newGame({ players: row.players, partners: row.partners, variant: row.camps[0] });
    const state = halma.state();
    assert.equal(state.turnLimit, seatingOf(row).turnLimit);
    assert.equal(state.side, seatingOf(row).sides[0]);
  }
});

test('a seating is asked, not counted: its seats, lone opponents, partners', () => {
  const two = seatingOf({});
  assert.deepEqual(two.sides, ['w', 'b']);
  assert.equal(two.headToHead, true);
  assert.equal(two.loneOpponent('w'), 'b');
  assert.equal(two.fixedCamp, null);
  assert.equal(two.key, '');
  const three = seatingOf({ players: 3 });
  assert.deepEqual(three.sides, ['w', 'r', 'b']);
  assert.equal(three.headToHead, false);
  assert.equal(three.loneOpponent('w'), null);
  assert.equal(three.fixedCamp, 13);
  assert.equal(three.key, 'x3');
  const pairs = seatingOf({ players: 4, partners: true });
  assert.equal(pairs.partner('r'), 'y');
  assert.equal(pairs.key, 'x4p');
  assert.equal(seatingOf({ players: 3, partners: true }), null);
  assert.equal(seatingOf({ players: 5 }), null);
  assert.deepEqual([2, 3, 4].map(canPartner), [false, false, true]);
});

test('who wins when a seat leaves: the other side, partners together; none where the others play on', () => {
  assert.equal(winResult(seatingOf({}).leftWinners('w')), 'black-wins');
  assert.equal(winResult(seatingOf({}).leftWinners('b')), 'white-wins');
  assert.deepEqual(seatingOf({ players: 4, partners: true }).leftWinners('b'), ['y', 'r']);
  assert.equal(winResult(seatingOf({ players: 4, partners: true }).leftWinners('w')), 'red-yellow-win');
  assert.equal(winResult(seatingOf({ players: 4, partners: true }).leftWinners('y')), 'white-black-win');
  assert.deepEqual(seatingOf({ players: 3 }).leftWinners('r'), []);
  assert.deepEqual(seatingOf({ players: 4 }).leftWinners('y'), []);
});
