// api_targets and api_chain_to against the rules' own list of legal moves,
// over random games: what the board offers a player is exactly what is legal,
// and every way it proposes is accepted hop by hop.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Halma, squareIndex, squareOfIndex, TARGET } from '../../web/js/halma-wasm.js';

const module = await WebAssembly.compile(readFileSync(new URL('../../build/wasm/halma.wasm', import.meta.url)));

/** A small deterministic generator, so a failure can be replayed. */
function random(seed) {
  let x = seed >>> 0 || 1;
  return (n) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
}

function checkPosition(h) {
  const legal = h.legal();
  const byOrigin = new Map();
  for (const move of legal) {
    const squares = move.split('-');
    const from = squares[0];
    if (!byOrigin.has(from)) byOrigin.set(from, new Set());
    byOrigin.get(from).add(squares[squares.length - 1]);
  }
  for (const [from, ends] of byOrigin) {
    const flags = h.targets([squareIndex(from)]);
    const offered = new Set([...flags.keys()].filter((i) => flags[i] & TARGET.END).map(squareOfIndex));
    assert.deepEqual([...offered].sort(), [...ends].sort(), `targets of ${from}`);
    for (const to of ends) {
      const path = h.chainTo([squareIndex(from)], squareIndex(to));
      assert.ok(path, `${from}-${to} has a way`);
      const played = h.play(path);
      assert.equal(played.path, path, `${path} is accepted as written`);
      h.undo();
    }
    // Every one-hop square leads somewhere, and from it the chain goes on
    // to ends that are all legal.
    for (let i = 0; i < 256; i++) {
      if (!(flags[i] & TARGET.HOP)) continue;
      const on = h.targets([squareIndex(from), i]);
      assert.ok(on, `${from}-${squareOfIndex(i)} is a valid partial chain`);
      for (let j = 0; j < 256; j++) {
        if (on[j] & TARGET.END) assert.ok(ends.has(squareOfIndex(j)), `${from}-${squareOfIndex(i)}...${squareOfIndex(j)} ends on a legal square`);
      }
    }
  }
}

for (const [variant, seed] of [[19, 1], [19, 2], [13, 3]]) {
  test(`random ${variant}-piece game ${seed}: the board offers exactly the legal moves`, async () => {
    const h = await Halma.create(module);
    h.newGame({ variant });
    const pick = random(seed);
    for (let turn = 0; turn < 60 && h.state().result === 'ongoing'; turn++) {
      if (turn % 3 === 0) checkPosition(h);
      const legal = h.legal();
      assert.ok(h.play(legal[pick(legal.length)]).path);
    }
  });
}

test('positions where the goal-camp rule and long chains matter', async () => {
  const { nearWin, fen, camp, moved } = await import('../lib/positions.mjs');
  const ladder = fen({
    w: moved(moved(camp('w'), 'p1', 'h2'), 'o1', 'b8'),
    b: moved(moved(moved(camp('b'), 'a16', 'h3'), 'b16', 'h5'), 'c16', 'g7'),
  });
  for (const start of [nearWin().fen, ladder]) {
    const h = await Halma.create(module);
    assert.equal(h.setFen(start), null);
    checkPosition(h);
  }
  // In nearWin, a piece in its goal camp is offered only squares inside it:
  // a13 may step to a12, not hop over b12 out to c11.
  const h = await Halma.create(module);
  h.setFen(nearWin().fen);
  const flags = h.targets([squareIndex('a13')]);
  const ends = [...flags.keys()].filter((i) => flags[i] & TARGET.END).map(squareOfIndex);
  assert.deepEqual(ends, ['a12']);
  assert.equal(h.play('a13-c11').refusal.reason, 'goal-camp');
});
