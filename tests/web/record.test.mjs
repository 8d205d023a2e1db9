// Game records (docs/RECORD.md): written by the page (record.js), read by
// the rules' reader in WebAssembly (src/core/record.c), and bad ones refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { writeMultiRecord, writeRecord } from '../../web/js/record.js';
import { Halma } from '../../web/js/halma-wasm.js';
import { START_19 } from '../lib/positions.mjs';

const halma = await Halma.create(await WebAssembly.compile(readFileSync(new URL('../../build/wasm/halma.wasm', import.meta.url))));
const parseRecord = (text) => halma.parseRecord(text);

const game = {
  variant: 19,
  fen: null,
  turnLimit: 400,
  moves: ['n4-m5', 'b13-c12', 'n1-n3-l5'],
  white: 'You',
  black: 'Computer, level 5',
  result: 'ongoing',
  date: '2026.01.02',
};

test('a record is written with headers, numbered moves and the result', () => {
  const text = writeRecord(game);
  assert.equal(
    text,
    '[Game "Halma"]\n[Date "2026.01.02"]\n[Variant "19"]\n[White "You"]\n[Black "Computer, level 5"]\n[TurnLimit "400"]\n[Result "*"]\n\n1. n4-m5 b13-c12\n2. n1-n3-l5\n*\n',
  );
});

test('a record reads back to the same game', () => {
  const back = parseRecord(writeRecord({ ...game, result: 'draw-repetition' }));
  assert.deepEqual(back.moves, game.moves);
  assert.equal(back.variant, 19);
  assert.equal(back.fen, null);
  assert.match(writeRecord({ ...game, result: 'draw-repetition' }), /\[Result "1\/2-1\/2"\]\n\[Termination "Draw by threefold repetition"\]/);
});

test('a game from a position with Black to move numbers from "n..."', () => {
  const fen = START_19.replace(' w 0', ' b 7');
  const text = writeRecord({ ...game, fen, firstSide: 'b', firstTurn: 7, moves: ['b13-c12', 'n4-m5'] });
  assert.match(text, /\[FEN "[^"]+ b 7"\]/);
  assert.match(text, /\n4\.\.\. b13-c12\n5\. n4-m5\n/);
  assert.deepEqual(parseRecord(text).moves, ['b13-c12', 'n4-m5']);
  assert.equal(parseRecord(text).fen, fen);
});

test('a lone FEN is a position without moves; its variant is counted', () => {
  const r = parseRecord(`  ${START_19}  `);
  assert.equal(r.fen, START_19);
  assert.deepEqual(r.moves, []);
  const short = parseRecord('bbbb12/bbbb12/bbb13/bb14/16/16/16/16/16/16/16/16/14ww/13www/12wwww/12wwww w 0');
  assert.equal(short.variant, 13);
});

test('comments, move numbers glued to moves and CRLF are accepted', () => {
  const r = parseRecord('[Variant "13"]\r\n\r\n1.o3-n4 {a comment} b13-c12 ; to the end of the line\r\n2... pass 1-0');
  assert.deepEqual(r.moves, ['o3-n4', 'b13-c12', 'pass']);
  assert.equal(r.variant, 13);
});

test('bad records are refused with a reason code', () => {
  const cases = [
    ['', 'empty'],
    ['   \n ', 'empty'],
    ['[Variant "15"]\n1. n4-m5', 'bad-variant'],
    ['[TurnLimit "0"]\n', 'bad-turn-limit'],
    ['[Variant "19"\n1. n4-m5', 'bad-header'],
    ['1. n4-m5 z9-z10', 'bad-move'],
    ['1. n4-m5 <script>', 'bad-move'],
    ['x'.repeat(300000), 'too-long'],
  ];
  for (const [text, code] of cases) {
    assert.equal(parseRecord(text).error?.code, code, `${text.slice(0, 30)} -> ${code}`);
  }
});

test('the players\' names read back as written, in any script', () => {
  const back = parseRecord(writeRecord({ ...game, white: 'Jiří Novák', black: 'Åse' }));
  assert.equal(back.white, 'Jiří Novák');
  assert.equal(back.black, 'Åse');
  assert.equal(parseRecord('[Black "Ola \\ Nordmann"]\n\n1. n4-m5 *\n').black, 'Ola \\ Nordmann', 'a backslash is a character of the name');
  const none = parseRecord('1. n4-m5 *\n');
  assert.equal(none.white, null);
  assert.equal(none.black, null);
});

// Three and four players (RECORD.md, "Three and four players").
const four = {
  players: 4,
  partners: true,
  fen: null,
  turnLimit: 800,
  moves: ['o4-n5', 'b4-c5', 'b13-c12', 'o13-n12', 'n5-m6'],
  names: { w: 'You', r: 'Computer, level 1', b: 'Player 2', y: 'Computer, level 1' },
  result: 'ongoing',
  date: '2026.12.02',
};

test('a record of four is written with its kind, a header per seat and a round a line', () => {
  assert.equal(
    writeMultiRecord(four),
    '[Game "Halma"]\n[Date "2026.12.02"]\n[Players "4"]\n[Partners "yes"]\n[White "You"]\n[Red "Computer, level 1"]\n[Black "Player 2"]\n[Yellow "Computer, level 1"]\n[TurnLimit "800"]\n[Result "*"]\n\n1. o4-n5 b4-c5 b13-c12 o13-n12\n2. n5-m6\n*\n',
  );
  const back = parseRecord(writeMultiRecord(four));
  assert.deepEqual([back.players, back.partners, back.variant, back.turnLimit, back.moves], [4, true, 13, 800, four.moves]);
});

test('a record of three or four gives each seat its score, and the winners in words', () => {
  const red = writeMultiRecord({ ...four, partners: false, result: 'red-wins', winners: ['r'] });
  assert.match(red, /\[Partners "no"\]/);
  assert.match(red, /\[Result "0-1-0-0"\]\n\[Termination "Red wins"\]/);
  assert.match(red, /\n0-1-0-0\n$/);
  const partners = writeMultiRecord({ ...four, result: 'white-black-win', winners: ['w', 'b'] });
  assert.match(partners, /\[Result "1-0-1-0"\]\n\[Termination "White and Black win"\]/);
  const three = writeMultiRecord({ ...four, players: 3, names: { w: 'A', r: 'B', b: 'C' }, turnLimit: 600, result: 'draw-repetition' });
  assert.doesNotMatch(three, /Partners|Yellow/);
  assert.match(three, /\[Result "1\/2-1\/2-1\/2"\]\n\[Termination "Draw by threefold repetition"\]/);
  assert.match(three, /\n1\. o4-n5 b4-c5 b13-c12\n2\. o13-n12 n5-m6\n/);
  assert.equal(parseRecord(three).players, 3);
});

test('an online record of four the server ended without a rules\' result: aborted, or nobody left playing', () => {
  const aborted = writeMultiRecord({ ...four, result: 'aborted' });
  assert.match(aborted, /\[Result "\*"\]\n\[Termination "Aborted"\]/);
  assert.match(aborted, /\n\*\n$/);
  const nobody = writeMultiRecord({ ...four, partners: false, result: 'no-winner' });
  assert.match(nobody, /\[Result "\*"\]\n\[Termination "No winner"\]/);
  assert.deepEqual(parseRecord(nobody).moves, four.moves, 'read back as the game it was');
});

test('a record of four from a position with Black to move begins its round with "n..."', () => {
  const fen = 'wwww12/wwww12/www13/ww14/16/16/16/yyyyyyyyyyyyy3/rrrrrrrrrrrrr3/16/16/16/12b1bb/14bb/12bbbb/12bbbb b 90';
  const text = writeMultiRecord({ ...four, fen, moves: ['m4-n3'], result: 'white-black-win', winners: ['w', 'b'], firstSide: 'b', firstTurn: 90 });
  assert.match(text, /\[FEN "wwww12\/.* b 90"\]\n\[Result "1-0-1-0"\]/);
  assert.match(text, /\n23\.\.\. m4-n3\n1-0-1-0\n$/);
  const back = parseRecord(text);
  assert.deepEqual([back.fen, back.moves], [fen, ['m4-n3']]);
});
