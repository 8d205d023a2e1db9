// The WebAssembly API (src/wasm/api.h) under Node: the same module the page's
// worker runs, checked against the rules and the native build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { Halma, squareIndex, squareOfIndex, TARGET } from '../../web/js/halma-wasm.js';
import { START_19, START_13, camp, fen, moved, nearWin } from '../lib/positions.mjs';

const wasm = readFileSync(new URL('../../build/wasm/halma.wasm', import.meta.url));
const module = await WebAssembly.compile(wasm);

async function game(start, variant = 19) {
  const halma = await Halma.create(module);
  if (start) assert.equal(halma.setFen(start, { variant }), null);
  else halma.newGame({ variant });
  return halma;
}

const sq = squareIndex;
const marked = (flags, bit) => [...flags.keys()].filter((i) => flags[i] & bit).map(squareOfIndex).sort();

// A White piece on h8 with Black pieces on h9 and h11: the chain h8-h10-h12.
const chainFen = fen({ w: moved(camp('w'), 'p1', 'h8'), b: moved(moved(camp('b'), 'a16', 'h9'), 'b16', 'h11') });

test('square names and numbers', () => {
  assert.equal(squareIndex('a1'), 0);
  assert.equal(squareIndex('p16'), 255);
  assert.equal(squareIndex('e5'), 4 * 16 + 4);
  assert.equal(squareIndex('q1'), -1);
  assert.equal(squareIndex('a17'), -1);
  assert.equal(squareOfIndex(255), 'p16');
});

test('a new game is the starting position of RULES.md', async () => {
  const h = await game();
  const s = h.state();
  assert.equal(s.fen, START_19);
  assert.equal(s.side, 'w');
  assert.equal(s.turns, 0);
  assert.equal(s.result, 'ongoing');
  assert.equal(s.moves, 40);
  assert.deepEqual(s.repeating, []);
  const short = await game(null, 13);
  assert.equal(short.state().fen, START_13);
  assert.equal(short.state().variant, 13);
});

test('a step is played and written back; undo restores the position', async () => {
  const h = await game();
  assert.deepEqual(h.play('n4-m5'), { path: 'n4-m5' });
  assert.equal(h.state().side, 'b');
  assert.equal(h.state().turns, 1);
  assert.equal(h.fenAt(0), START_19);
  assert.ok(h.undo());
  assert.equal(h.state().fen, START_19);
  assert.equal(h.undo(), false);
});

test('a from-to chain is resolved to a shortest path; a whole path is kept', async () => {
  const h = await game(chainFen);
  assert.deepEqual(h.play('h8-h12'), { path: 'h8-h10-h12' });
  h.undo();
  assert.deepEqual(h.play('h8-h10-h12'), { path: 'h8-h10-h12' });
});

test('every refusal carries a reason code and leaves the game unchanged', async () => {
  const h = await game(chainFen);
  const cases = [
    ['e16-f15', 'not-your-piece', { a: 'e16' }],
    ['e5-e6', 'empty-origin', { a: 'e5' }],
    ['p2-p3', 'step-occupied', { a: 'p3' }],
    ['h8-f6', 'nothing-to-hop', { a: 'g7' }],
    ['h8-h10-h12-h10', 'lands-twice', { a: 'h10' }],
    ['h8-h10-h8', 'returns-to-start', { a: 'h8' }],
    ['h8-h9-h10', 'step-in-chain', { a: 'h8', b: 'h9' }],
    ['h8-h10-h13', 'not-a-hop', { a: 'h10', b: 'h13' }],
    ['h8-a1', 'unreachable', { a: 'h8', b: 'a1' }],
    ['h8-c15', 'occupied', { a: 'c15' }],
    ['pass', 'pass-not-allowed', { number: h.state().moves }],
    ['x9-h8', 'malformed'],
    ['', 'malformed'],
  ];
  const before = h.state();
  for (const [move, reason, fields] of cases) {
    const { refusal } = h.play(move);
    assert.ok(refusal, `${move} must be refused`);
    assert.equal(refusal.reason, reason, `${move}: ${refusal.message}`);
    for (const [key, value] of Object.entries(fields ?? {})) assert.equal(refusal[key], value, move);
    assert.ok(refusal.message.length > 5);
    assert.deepEqual(h.state(), before);
  }
});

test('hop-lands-occupied and the goal-camp rule', async () => {
  // h8 hops over h9 onto h10, which holds a piece.
  const blocked = fen({ w: moved(moved(camp('w'), 'p1', 'h8'), 'p2', 'h10'), b: moved(camp('b'), 'a16', 'h9') });
  const h = await game(blocked);
  assert.equal(h.play('h8-h10-h12').refusal.reason, 'hop-lands-occupied');
  // A piece standing in its goal camp must end its move there.
  const { fen: near } = nearWin();
  const g = await game(near);
  assert.equal(g.play('a13-a12').path, 'a13-a12'); // inside the goal: allowed
  g.undo();
  const out = g.play('c13-d12');
  assert.equal(out.refusal.reason, 'goal-camp');
  assert.equal(out.refusal.a, 'c13');
});

test('a game over refuses moves with game-over', async () => {
  const { fen: near } = nearWin();
  const h = await game(near);
  assert.equal(h.play('b11-a12').path, 'b11-a12');
  assert.equal(h.state().result, 'white-wins');
  assert.equal(h.play('h8-h7').refusal.reason, 'game-over');
  assert.equal(h.legal().length, 0);
  assert.equal(h.think(), null);
});

test('FEN refusals carry a reason code', async () => {
  const h = await game();
  const cases = [
    ['bbbbb11/16 w 0', 'fen-placement'],
    [START_19.replace(' w ', ' x '), 'fen-side'],
    [START_19.replace(' w 0', ' w'), 'fen-turns'],
    [START_19.replace('11wwwww w', '12wwww w'), 'fen-piece-count'],
    [START_19.replace('16/16/16/16/16/16', '16/16/16/16/16/1z14'), 'fen-placement'],
  ];
  for (const [text, reason] of cases) {
    const refusal = h.setFen(text);
    assert.ok(refusal, text);
    assert.equal(refusal.reason, reason, `${text}: ${refusal.message}`);
    assert.equal(h.state().fen, START_19);
  }
});

test('targets: steps and chain ends of a piece, then of a partial chain', async () => {
  const h = await game(chainFen);
  const flags = h.targets([sq('h8')]);
  assert.deepEqual(marked(flags, TARGET.STEP), ['g7', 'g8', 'g9', 'h7', 'i7', 'i8', 'i9']);
  assert.deepEqual(marked(flags, TARGET.END), ['g7', 'g8', 'g9', 'h10', 'h12', 'h7', 'i7', 'i8', 'i9']);
  assert.deepEqual(marked(flags, TARGET.HOP), ['h10']);
  const on = h.targets([sq('h8'), sq('h10')]);
  assert.deepEqual(marked(on, TARGET.STOP), ['h10']);
  assert.deepEqual(marked(on, TARGET.HOP), ['h12']);
  assert.deepEqual(marked(on, TARGET.STEP), []);
  assert.equal(h.targets([sq('a16')]), null, 'not the side to move');
  assert.equal(h.targets([sq('h8'), sq('h12')]), null, 'not a hop');
  assert.equal(h.chainTo([sq('h8')], sq('h12')), 'h8-h10-h12');
  assert.equal(h.chainTo([sq('h8')], sq('g9')), 'h8-g9');
  assert.equal(h.chainTo([sq('h8'), sq('h10')], sq('h12')), 'h8-h10-h12');
  assert.equal(h.chainTo([sq('h8'), sq('h10')], sq('h8')), null);
});

test('the moves so far, and repetitions counted before a move', async () => {
  const h = await game(chainFen);
  h.play('h8-h10-h12');
  h.play('h11-h13');
  assert.deepEqual(h.moves(), ['h8-h10-h12', 'h11-h13']);
  const g = await game();
  assert.equal(g.occurrencesAfter('n4', 'm5'), 1);
  assert.equal(g.occurrencesAfter('n4', 'h8'), 0, 'not a legal move');
  assert.equal(g.occurrencesAfter('a16', 'a15'), 0, 'not the side to move');
  for (const move of ['n4-m5', 'b13-c12', 'm5-n4']) g.play(move);
  assert.equal(g.occurrencesAfter('c12', 'b13'), 2);
});

test('a third repetition is flagged before it is played, and draws', async () => {
  const h = await game();
  const cycle = ['n4-m5', 'b13-c12', 'm5-n4', 'c12-b13'];
  for (const move of cycle) assert.ok(h.play(move).path);
  assert.equal(h.state().occurrences, 2);
  for (const move of cycle.slice(0, 3)) h.play(move);
  assert.deepEqual(h.state().repeating, ['c12-b13']);
  const flags = h.targets([sq('c12')]);
  assert.ok(flags[sq('b13')] & TARGET.REPEATS);
  assert.ok(!(flags[sq('d11')] & TARGET.REPEATS));
  h.play('c12-b13');
  assert.equal(h.state().result, 'draw-repetition');
});

test('perft matches the native build', async () => {
  const h = await game();
  assert.equal(h.perft(3), 85440);
  const native = execFileSync('build/halma', ['perft', '3']).toString();
  assert.match(native, /perft 3: 85440 /);
});

test('a new game: the engine forgets the game before, and searches as a fresh one', async () => {
  const fresh = await game();
  fresh.engineInit(4);
  const first = fresh.think({ level: 10, depth: 6 });
  const h = await game();
  h.engineInit(4);
  for (let i = 0; i < 6; i++) assert.ok(h.play(h.think({ level: 10, depth: 5 }).move).path);
  h.newGame({ variant: 19 });
  h.engineNewGame();
  const again = h.think({ level: 10, depth: 6 });
  assert.equal(again.move, first.move);
  assert.equal(again.nodes, first.nodes);
});

test('the engine answers with a legal move, and a hint', async () => {
  const h = await game();
  h.engineInit(4);
  const answer = h.think({ level: 3, movetime: 200 });
  assert.ok(h.legal().includes(answer.move), answer.move);
  assert.ok(h.play(answer.move).path);
  const hint = h.hint({ movetime: 200 });
  assert.ok(h.legal().includes(hint.move), hint.move);
});
