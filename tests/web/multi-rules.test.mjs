// The many-seat rules behind the worker's requests (web/js/multi-rules.js):
// what the page asks of a game of three or four is answered by HalmaMulti
// in the two-player requests' shapes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Halma, TARGET, squareIndex, squareOfIndex } from '../../web/js/halma-wasm.js';
import { MultiRules } from '../../web/js/multi-rules.js';

const module = await WebAssembly.compile(readFileSync(new URL('../../build/wasm/halma.wasm', import.meta.url)));
const FOUR = { variant: 13, fen: null, turnLimit: 800, moves: [], players: 4 };

async function rules(game = FOUR) {
  const many = new MultiRules(await Halma.create(module));
  if (game.fen) assert.equal(many.setFen(game.fen, game.variant, game.turnLimit, game), null);
  else many.newGame(game.variant, game.turnLimit, game);
  return many;
}

const marked = (flags) => [...flags.keys()].filter((i) => flags[i]).map((i) => [squareOfIndex(i), flags[i]]);

test('the state is the two-player one\'s shape: the seat to move is its side', async () => {
  const state = (await rules()).state();
  assert.deepEqual([state.side, state.seat, state.players, state.partners, state.turnLimit, state.result], ['w', 'w', 4, false, 800, 'ongoing']);
  assert.deepEqual(state.repeating, []);
});

test('a piece\'s targets are its destinations, and a chain\'s where it may hop on or stop', async () => {
  const many = await rules();
  assert.deepEqual(marked(many.targets([squareIndex('o4')])), [['n4', TARGET.END | TARGET.STEP], ['n5', TARGET.END | TARGET.STEP], ['o5', TARGET.END | TARGET.STEP], ['p5', TARGET.END | TARGET.STEP]]);
  assert.equal(many.targets([squareIndex('b4')]), null, "Red's piece on White's turn");
  assert.equal(many.targets([squareIndex('p1'), squareIndex('n3')]), null, 'n3 is taken: no hop there');
  assert.deepEqual(marked(many.targets([squareIndex('n2'), squareIndex('n4')])), [['n4', TARGET.STOP | TARGET.END]]);
  assert.equal(many.chainTo([squareIndex('n2'), squareIndex('n4')], squareIndex('n4')), 'n2-n4');
  assert.equal(many.chainTo([squareIndex('o4')], squareIndex('n5')), 'o4-n5');
  assert.equal(many.chainTo([squareIndex('o4')], squareIndex('h8')), null);
});

test('the game of the spec: three players, partners, a refused start', async () => {
  const three = await rules({ ...FOUR, players: 3, turnLimit: 600 });
  assert.deepEqual([three.state().players, three.state().turnLimit], [3, 600]);
  const partners = await rules({ ...FOUR, partners: true });
  assert.equal(partners.state().partners, true);
  const many = new MultiRules(await Halma.create(module));
  assert.equal(many.setFen('bbbb8yyyy/16 w 0', 13, 800, FOUR).reason, 'fen-placement');
});

test('the computer and the hint answer for the seat to move', async () => {
  const many = await rules();
  assert.equal(many.play('o4-n5').path, 'o4-n5');
  const answer = many.think({ level: 1 });
  assert.match(answer.move, /^[a-d]\d+(-[a-p]\d+)+$/, `Red's move ${answer.move}`);
  assert.ok(many.hint({ movetime: 50 }).move);
  many.engineNewGame();
  assert.deepEqual(many.moves(), ['o4-n5']);
  assert.equal(many.fenAt(0), 'bbbb8yyyy/bbbb8yyyy/bbb10yyy/bb12yy/16/16/16/16/16/16/16/16/rr12ww/rrr10www/rrrr8wwww/rrrr8wwww w 0');
});
