// The rules and computer of three and four players in WebAssembly, through
// the one API of every seating (src/wasm/api.h, Halma in
// web/js/halma-wasm.js), checked against RULES-MULTI.md and the native build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { Halma, TARGET, squareIndex, squareOfIndex } from '../../web/js/halma-wasm.js';

const module = await WebAssembly.compile(readFileSync(new URL('../../build/wasm/halma.wasm', import.meta.url)));

const START_FOUR = 'bbbb8yyyy/bbbb8yyyy/bbb10yyy/bb12yy/16/16/16/16/16/16/16/16/rr12ww/rrr10www/rrrr8wwww/rrrr8wwww w 0';
const START_THREE = 'bbbb12/bbbb12/bbb13/bb14/16/16/16/16/16/16/16/16/rr12ww/rrr10www/rrrr8wwww/rrrr8wwww w 0';
const FOUR_112 = 'bb14/1b1b11y/2b10y2/13y2/3bbbb3y2y2/8y1yy4/8yy6/5b1b1y6/3b2bwyw6/9wr5/4rr1r2w5/3rr5wwww2/3rrrr2w2w3/2r1r1y5ww2/1r13w/16 w 112';
const RED_NEAR_HOME = 'bbbb8rrrr/bbbb8rrrr/bbb10rrr/bb13r/14r1/16/16/16/yyyyyyyyyyyyy3/16/16/16/14ww/13www/12wwww/12wwww r 40';
const BLACK_NEAR_PARTNERS_WIN = 'wwww12/wwww12/www13/ww14/16/16/16/yyyyyyyyyyyyy3/rrrrrrrrrrrrr3/16/16/16/12b1bb/14bb/12bbbb/12bbbb b 90';

async function multi(options, fen) {
  const h = await Halma.create(module);
  if (fen) assert.equal(h.setFen(fen, options), null);
  else h.newGame(options);
  return h;
}

const marked = (flags, bit) => [...flags.keys()].filter((i) => flags[i] & bit).map(squareOfIndex).sort();

test('a new game of four or three starts as RULES-MULTI.md draws it', async () => {
  const four = (await multi({ players: 4 })).state();
  assert.equal(four.fen, START_FOUR);
  assert.deepEqual([four.players, four.partners, four.side, four.turnLimit, four.moves], [4, false, 'w', 800, 32]);
  assert.equal(four.result, 'ongoing');
  const three = (await multi({ players: 3 })).state();
  assert.equal(three.fen, START_THREE);
  assert.equal(three.turnLimit, 600);
  const h = await Halma.create(module);
  assert.throws(() => h.newGame({ players: 3, partners: true }), /no game of 3 players as partners/);
  assert.throws(() => h.newGame({ players: 5 }));
  assert.throws(() => h.newGame({ players: 2, partners: true }));
});

test('turns go White, Red, Black, Yellow; moves are written back and undone', async () => {
  const h = await multi({ players: 4 });
  const seats = [];
  for (const move of ['o4-n5', 'b4-c5', 'b13-c12', 'o13-n12']) {
    assert.deepEqual(h.play(move), { path: move });
    seats.push(h.state().side);
  }
  assert.deepEqual(seats, ['r', 'b', 'y', 'w']);
  assert.deepEqual(h.moves(), ['o4-n5', 'b4-c5', 'b13-c12', 'o13-n12']);
  assert.equal(h.fenAt(0), START_FOUR);
  assert.ok(h.undo());
  assert.equal(h.state().side, 'y');
  assert.equal(h.fenAt(9), null);
});

test('refusals carry the rules reason codes and change nothing', async () => {
  const h = await multi({ players: 4 });
  assert.deepEqual(h.play('b4-c5').refusal, {
    reason: 'not-your-piece', a: 'b4', message: "it is White's turn, b4 holds a Red piece",
  });
  assert.equal(h.play('pass').refusal.reason, 'pass-not-allowed');
  assert.equal(h.setFen(START_FOUR, { players: 3 }).reason, 'fen-placement');
  assert.equal(h.setFen(START_FOUR.replace(' w 0', ' x 0'), { players: 4 }).reason, 'fen-side');
  assert.equal(h.setFen(START_FOUR, { players: 3, partners: true }).reason, 'players');
  assert.equal(h.state().fen, START_FOUR);
});

test('a seat wins alone; partners win together, and a partner home passes', async () => {
  const h = await multi({ players: 4 }, RED_NEAR_HOME);
  assert.deepEqual(h.play('o12-o13'), { path: 'o12-o13' });
  let s = h.state();
  assert.deepEqual([s.result, s.winners, s.moves], ['red-wins', ['r'], 0]);
  assert.equal(h.play('b13-c12').refusal.reason, 'game-over');
  assert.deepEqual(h.legal(), []);
  const p = await multi({ players: 4, partners: true }, BLACK_NEAR_PARTNERS_WIN.replace(' b 90', ' w 89'));
  s = p.state();
  assert.deepEqual([s.home, s.side, s.mustPass, s.moves], [['w'], 'w', true, 1]);
  assert.deepEqual(p.legal(), ['pass']);
  assert.equal(p.play('a16-b16').refusal.reason, 'seat-finished');
  assert.deepEqual(p.play('pass'), { path: 'pass' });
  assert.ok(p.play('a8-a7').path);
  assert.ok(p.play('m4-n3').path, 'Black home too');
  s = p.state();
  assert.deepEqual([s.result, s.winners], ['white-black-win', ['w', 'b']]);
});

test('where a piece picked up may end, and the shortest path there', async () => {
  const h = await multi({ players: 4 });
  const flags = h.targets([squareIndex('n2')]);
  assert.deepEqual(marked(flags, TARGET.END), ['l2', 'm3', 'n4']);
  assert.deepEqual(marked(flags, TARGET.STEP), ['m3']);
  assert.deepEqual(marked(h.targets([squareIndex('o4')]), TARGET.STEP), ['n4', 'n5', 'o5', 'p5']);
  assert.equal(h.targets([squareIndex('b4')]), null, 'not the seat to move');
  assert.equal(h.chainTo([squareIndex('n2')], squareIndex('n4')), 'n2-n4');
  assert.equal(h.chainTo([squareIndex('o4')], squareIndex('o9')), null);
  assert.equal(h.occurrencesAfter('o4', 'o5'), 1);
  assert.equal(h.occurrencesAfter('b4', 'c5'), 0, "Red's move on White's turn");
});

test('chains hop by hop: where a partial chain may hop on, end or stop, and its shortest continuation', async () => {
  const h = await multi({ players: 4 });
  for (const move of ['o4-o5', 'b4-b5', 'b13-b12', 'o13-o12']) assert.ok(h.play(move).path, move);
  const chain = (...squares) => squares.map(squareIndex);
  // p2 hops over o3 to n4, and from there over o5 to p6.
  const first = h.targets(chain('p2'));
  assert.deepEqual(marked(first, TARGET.HOP), ['n4']);
  assert.deepEqual(marked(first, TARGET.END), ['n4', 'p6']);
  const second = h.targets(chain('p2', 'n4'));
  assert.deepEqual(marked(second, TARGET.STOP), ['n4'], 'the chain may stop where it is');
  assert.deepEqual(marked(second, TARGET.HOP), ['p6']);
  assert.deepEqual(marked(second, TARGET.STEP), [], 'no step after a hop');
  assert.equal(h.chainTo(chain('p2'), squareIndex('p6')), 'p2-n4-p6');
  assert.equal(h.chainTo(chain('p2', 'n4'), squareIndex('p6')), 'p2-n4-p6');
  assert.equal(h.chainTo(chain('p2'), squareIndex('p3')), null, 'p3 is taken');
  // Not chains: a step inside a chain, a landing twice, another seat's piece.
  assert.equal(h.targets(chain('p2', 'n4', 'n5')), null);
  assert.equal(h.targets(chain('p2', 'n4', 'p2')), null);
  assert.equal(h.targets(chain('b5')), null, "Red's piece on White's turn");
  assert.equal(h.chainTo(chain('b5'), squareIndex('b6')), null);
  const state = h.state();
  assert.equal(state.length, 4, 'asking changes nothing');
});

test('a chain from inside the goal stays inside it', async () => {
  const h = await multi({ players: 4 }, RED_NEAR_HOME);
  const flags = h.targets([squareIndex('p13')]);
  assert.ok(flags[squareIndex('o13')] & TARGET.END, 'o13 is in Red\'s goal');
  assert.equal(flags[squareIndex('p12')], 0, 'p12 is not');
  assert.equal(h.chainTo([squareIndex('p13')], squareIndex('p12')), null);
  assert.equal(h.chainTo([squareIndex('p13')], squareIndex('o13')), 'p13-o13');
});

test('a third repetition is flagged before it is played, and draws for everyone', async () => {
  const h = await multi({ players: 4 });
  const round = ['o4-n5', 'b4-c5', 'b13-c12', 'o13-n12', 'n5-o4', 'c5-b4', 'c12-b13', 'n12-o13'];
  for (const move of [...round, ...round.slice(0, 7)]) assert.ok(h.play(move).path, move);
  assert.deepEqual(h.state().repeating, ['n12-o13']);
  assert.equal(h.targets([squareIndex('n12')])[squareIndex('o13')] & TARGET.REPEATS, TARGET.REPEATS);
  assert.equal(h.occurrencesAfter('n12', 'o13'), 3);
  h.play('n12-o13');
  assert.equal(h.state().result, 'draw-repetition');
});

test('the turn limit counts from the FEN', async () => {
  const h = await multi({ players: 3 }, START_THREE.replace(' w 0', ' w 598'));
  h.play('o4-n5');
  h.play('b4-c5');
  assert.equal(h.state().result, 'draw-turn-limit');
  const longer = await multi({ players: 3, turnLimit: 700 }, START_THREE.replace(' w 0', ' w 598'));
  longer.play('o4-n5');
  longer.play('b4-c5');
  assert.equal(longer.state().result, 'ongoing');
});

test('records name their players, and replay move by move', async () => {
  const halma = await Halma.create(module);
  const record = halma.parseRecord('[Players "4"]\n[Partners "yes"]\n\n1. o4-n5 b4-c5 b13-c12 o13-n12 0-1-0-1\n');
  assert.deepEqual([record.players, record.partners, record.variant, record.turnLimit], [4, true, 13, 800]);
  halma.newGame(record);
  for (const move of record.moves) assert.ok(halma.play(move).path, move);
  assert.equal(halma.state().side, 'w');
  assert.equal(halma.parseRecord('[Players "3"]\n[Partners "yes"]\n').error.code, 'bad-partners');
  assert.equal(halma.parseRecord(START_THREE).players, 3);
  assert.equal(halma.parseRecord('1. n4-m5').players, 2);
});

test('perft matches the contract and the native build', async () => {
  const h = await multi({ players: 4 }, FOUR_112);
  assert.equal(h.perft(2), 15301);
  const native = execFileSync('build/halma', ['perft', '--players', '4', '--fen', FOUR_112, '2']).toString();
  assert.match(native, /perft 2: 15301 /);
  assert.equal((await multi({ players: 3 })).perft(3), 32768);
});

const WHITE_LAST_PIECE = 'wwww8yyyy/wwww8yyyy/www10yyy/w13yy/2w13/16/16/4bbbbbb6/4bbbbbbb5/16/16/16/rr14/rrr13/rrrr12/rrrr12 w 60';
const WHITE_BOXED = '12yyyy/12yyyy/13yyy/14yy/16/16/16/16/16/16/12brrr/11bbrrr/10bbbrww/10bbbwww/rr8bbwwww/rrrr6bbwwww w 60';

test('the computer plays three, four and partners: a legal move, the seats\' figures', async () => {
  for (const options of [{ players: 3 }, { players: 4 }, { players: 4, partners: true }]) {
    const h = await multi(options);
    h.engineInit(4);
    for (let turn = 0; turn < options.players + 1; turn++) {
      const seat = h.state().side;
      const answer = h.think({ level: 10, movetime: 60 });
      assert.ok(h.legal().includes(answer.move), `${answer.move} is legal`);
      assert.deepEqual(Object.keys(answer.seats), options.players === 3 ? ['w', 'r', 'b'] : ['w', 'r', 'b', 'y']);
      assert.ok(answer.depth >= 1 && answer.nodes >= 0 && answer.winIn === 0, JSON.stringify(answer));
      assert.ok(h.play(answer.move).path);
      assert.notEqual(h.state().side, seat);
    }
    const hint = h.hint({ movetime: 50 });
    assert.ok(h.legal().includes(hint.move), hint.move);
  }
});

test('the computer claims a forced win, passes without a move, and says nothing after the end', async () => {
  const h = await multi({ players: 4 }, WHITE_LAST_PIECE);
  const win = h.think({ level: 10, depth: 3 });
  assert.equal(win.move, 'c12-b13');
  assert.equal(win.winIn, 1);
  h.play(win.move);
  assert.equal(h.state().result, 'white-wins');
  assert.equal(h.think(), null);
  const boxed = await multi({ players: 4 }, WHITE_BOXED);
  assert.equal(boxed.think({ level: 10, depth: 3 }).move, 'pass');
});

test('the computer searches as the native build does, node for node', async () => {
  const h = await multi({ players: 4 });
  h.engineInit(16);
  const wasm = h.think({ level: 10, depth: 5 });
  const native = execFileSync('build/halma', ['engine'], { input: 'position players 4 startpos\ngo depth 5\n' }).toString();
  const last = native.split('\n').filter((line) => line.startsWith('info ')).pop();
  assert.match(last, new RegExp(`^info depth 5 score ${wasm.score} nodes ${wasm.nodes} `));
  assert.match(native, new RegExp(`bestmove ${wasm.move}\n`));
});

// What the worker asks (engine-worker.js): the page's game spec as it is, and
// the same answers' shapes for every seating.
const FOUR = { variant: 13, fen: null, turnLimit: 800, moves: [], players: 4 };

async function spec(game = FOUR) {
  const h = await Halma.create(module);
  if (game.fen) assert.equal(h.setFen(game.fen, game), null);
  else h.newGame(game);
  return h;
}

const flagged = (flags) => [...flags.keys()].filter((i) => flags[i]).map((i) => [squareOfIndex(i), flags[i]]);

test('the state has one shape for two, three and four; the seat to move is its side', async () => {
  const state = (await spec()).state();
  assert.deepEqual([state.side, state.players, state.partners, state.turnLimit, state.result, state.variant], ['w', 4, false, 800, 'ongoing', 13]);
  assert.deepEqual(state.repeating, []);
  const two = (await spec({ variant: 19, fen: null, turnLimit: 400, moves: [] })).state();
  assert.deepEqual(Object.keys(two), Object.keys(state));
  assert.deepEqual([two.side, two.players, two.partners, two.winners, two.home], ['w', 2, false, [], []]);
});

test('a piece\'s targets are its destinations, and a chain\'s where it may hop on or stop', async () => {
  const h = await spec();
  assert.deepEqual(flagged(h.targets([squareIndex('o4')])), [['n4', TARGET.END | TARGET.STEP], ['n5', TARGET.END | TARGET.STEP], ['o5', TARGET.END | TARGET.STEP], ['p5', TARGET.END | TARGET.STEP]]);
  assert.equal(h.targets([squareIndex('b4')]), null, "Red's piece on White's turn");
  assert.equal(h.targets([squareIndex('p1'), squareIndex('n3')]), null, 'n3 is taken: no hop there');
  assert.deepEqual(flagged(h.targets([squareIndex('n2'), squareIndex('n4')])), [['n4', TARGET.STOP | TARGET.END]]);
  assert.equal(h.chainTo([squareIndex('n2'), squareIndex('n4')], squareIndex('n4')), 'n2-n4');
  assert.equal(h.chainTo([squareIndex('o4')], squareIndex('n5')), 'o4-n5');
  assert.equal(h.chainTo([squareIndex('o4')], squareIndex('h8')), null);
});

test('the game of the spec: three players, partners, a refused start, and back to two', async () => {
  const three = await spec({ ...FOUR, players: 3, turnLimit: 600 });
  assert.deepEqual([three.state().players, three.state().turnLimit], [3, 600]);
  const partners = await spec({ ...FOUR, partners: true });
  assert.equal(partners.state().partners, true);
  assert.equal(partners.setFen('bbbb8yyyy/16 w 0', FOUR).reason, 'fen-placement');
  assert.equal(partners.state().partners, true, 'the game before stays');
  partners.newGame({ variant: 13, turnLimit: 0 });
  assert.deepEqual([partners.state().players, partners.state().variant, partners.state().turnLimit], [2, 13, 400]);
});

test('the computer and the hint answer for the seat to move; both engines forget together', async () => {
  const h = await spec();
  assert.equal(h.play('o4-n5').path, 'o4-n5');
  const answer = h.think({ level: 1 });
  assert.match(answer.move, /^[a-d]\d+(-[a-p]\d+)+$/, `Red's move ${answer.move}`);
  assert.ok(h.hint({ movetime: 50 }).move);
  h.engineNewGame();
  assert.deepEqual(h.moves(), ['o4-n5']);
  assert.equal(h.fenAt(0), START_FOUR);
  h.newGame({ variant: 19 });
  const two = h.think({ level: 1 });
  assert.ok(h.legal().includes(two.move), two.move);
  assert.equal(two.seats, undefined, 'no seats\' figures for two');
});
