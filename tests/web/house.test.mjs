// The house rule nospoil (RULES-HOUSE.md) through the WebAssembly API: the
// rules argument of api_new_game and api_set_fen (last, so that the page's
// calls without it play the seeds' rules), the state's and a record's
// `rules`, and the click targets that never end back home.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Halma, squareIndex as sq, squareOfIndex, TARGET } from '../../web/js/halma-wasm.js';

const wasm = readFileSync(new URL('../../build/wasm/halma.wasm', import.meta.url));
const module = await WebAssembly.compile(wasm);
const NOSPOIL = 1;
const ends = (flags) => [...flags.keys()].filter((i) => flags[i] & TARGET.END).map(squareOfIndex);

test('api_new_game takes the rules last; left out, the seeds\' rules', async () => {
  const h = await Halma.create(module);
  assert.equal(h.api.api_new_game(2, 0, 19, 0, NOSPOIL), 1);
  assert.equal(h.state().rules, 'nospoil');
  assert.equal(h.perft(3), 83840);
  h.newGame({ variant: 19 });
  assert.equal(h.state().rules, 'standard');
  assert.equal(h.perft(3), 85440);
  assert.equal(h.api.api_new_game(2, 0, 19, 0, 7), 0, 'no such rules');
  assert.equal(h.state().rules, 'standard', 'the game unchanged');
});

test('a piece that left home is refused its way back, and never offered it', async () => {
  const h = await Halma.create(module);
  h.api.api_new_game(2, 0, 19, 0, NOSPOIL);
  for (const m of ['o4-n5', 'b13-c12']) assert.ok(h.play(m).path, m);
  const refused = h.play('n5-o4').refusal;
  assert.equal(refused.reason, 'returns-home');
  assert.equal(refused.a, 'o4');
  const offered = ends(h.targets([sq('n5')]));
  assert.ok(!offered.includes('o4') && offered.includes('m6'), offered.join(' '));
  assert.ok(ends(h.targets([sq('p1')])).length === 0, 'p1 is hemmed in at home');
  h.newGame({ variant: 19 });
  for (const m of ['o4-n5', 'b13-c12']) h.play(m);
  assert.ok(ends(h.targets([sq('n5')])).includes('o4'), 'the seeds\' rules allow it');
});

test('api_set_fen takes the rules after the length; a record says its rules', async () => {
  const h = await Halma.create(module);
  const start = 'bbbbb11/bbbbb11/bbbb12/bbb13/bb14/16/16/16/16/16/16/14ww/13www/12wwww/11wwwww/11wwwww w 0';
  const length = h.write(start);
  assert.equal(h.api.api_set_fen(2, 0, 19, 0, length, NOSPOIL), 0);
  assert.equal(h.state().rules, 'nospoil');
  assert.equal(h.api.api_set_fen(2, 0, 19, 0, h.write(start), 5), 1);
  assert.equal(JSON.parse(h.read()).reason, 'rules');
  assert.equal(h.state().rules, 'nospoil', 'the game unchanged');
  // The page's parseRecord keeps the fields it knows: the API's own answer.
  const parsed = (text) => (h.api.api_parse_record(h.write(text)), JSON.parse(h.read()));
  assert.equal(parsed('[Rules "nospoil"]\n1. o4-n5\n').rules, 'nospoil');
  assert.equal(parsed('1. o4-n5\n').rules, 'standard');
  assert.equal(h.parseRecord('[Rules "house"]\n').error.code, 'bad-rules');
});
