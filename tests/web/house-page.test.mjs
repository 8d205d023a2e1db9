// The house rule nospoil (RULES-HOUSE.md) on the page, its pure parts: the
// game spec's rules reaching the rules (halma-wasm.js), the record's Rules
// header written and read back, the saved game keeping its rules, and the
// end's words for Parlett's win in every language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

globalThis.document = { documentElement: {}, querySelectorAll: () => [] };
// The texts, read from web/i18n as the page fetches them.
globalThis.fetch = async (url) => ({ ok: true, json: async () => JSON.parse(readFileSync(new URL(url))) });

const { Halma } = await import('../../web/js/halma-wasm.js');
const { writeMultiRecord, writeRecord } = await import('../../web/js/record.js');
const { validSave } = await import('../../web/js/storage.js');
const { apiRules, noSpoil, rulesPart } = await import('../../web/js/seating.js');
const { setLanguage } = await import('../../web/js/i18n.js');
const { endAnnouncement, winText } = await import('../../web/js/texts.js');
const { parlettNear } = await import('../lib/positions.mjs');
const parlettPosition = () => parlettNear().fen;

const module = await WebAssembly.compile(readFileSync(new URL('../../build/wasm/halma.wasm', import.meta.url)));
const LEVELS = { min: 1, max: 10 };


test('the spec\'s rules reach the rules: a move home refused under nospoil only', async () => {
  const h = await Halma.create(module);
  h.newGame({ variant: 19, ...rulesPart('nospoil') });
  for (const m of ['o4-n5', 'b13-c12']) h.play(m);
  assert.equal(h.play('n5-o4').refusal?.reason, 'returns-home');
  h.newGame({ variant: 19, ...rulesPart('standard') });
  for (const m of ['o4-n5', 'b13-c12']) h.play(m);
  assert.ok(h.play('n5-o4').path, 'the seeds\' rules let it go home');
  assert.deepEqual(rulesPart('standard'), {}, 'a standard game\'s spec as it always was');
});

test('the state says how the game was won: Parlett\'s win under nospoil, none without it', async () => {
  const h = await Halma.create(module);
  assert.equal(h.setFen(parlettPosition(), { variant: 19, rules: 'nospoil' }), null);
  assert.equal(h.state().reason, '', 'going on: no reason');
  h.play(`${parlettNear().last}-${parlettNear().hole}`);
  const won = h.state();
  assert.deepEqual([won.result, won.reason, won.winners, won.home], ['white-wins', 'parlett', ['w'], []]);
  h.setFen(parlettPosition(), { variant: 19 });
  h.play(`${parlettNear().last}-${parlettNear().hole}`);
  assert.equal(h.state().result, 'ongoing', 'the seeds\' rules: Black\'s stayers hold it');
});

test('a record of a nospoil game carries Rules "nospoil", read back by the rules; a standard one none', async () => {
  const h = await Halma.create(module);
  const two = { variant: 19, fen: null, turnLimit: 400, moves: ['o4-n5'], white: 'You', black: 'Bo', result: 'ongoing', date: '2026.01.02' };
  const text = writeRecord({ ...two, rules: 'nospoil' });
  assert.match(text, /\[TurnLimit "400"\]\n\[Rules "nospoil"\]\n/);
  assert.equal(h.parseRecord(text).rules, 'nospoil');
  assert.doesNotMatch(writeRecord(two), /Rules/);
  assert.equal(h.parseRecord(writeRecord(two)).rules, undefined, 'a standard record: no rules in the spec');
  const four = writeMultiRecord({ players: 4, partners: true, fen: null, turnLimit: 800, moves: ['o3-n4'], names: { w: 'A', r: 'B', b: 'C', y: 'D' }, result: 'ongoing', rules: 'nospoil' });
  assert.match(four, /\[TurnLimit "800"\]\n\[Rules "nospoil"\]\n/);
  assert.deepEqual([h.parseRecord(four).players, h.parseRecord(four).rules], [4, 'nospoil']);
});

test('a saved game keeps its rules; other rules are a damaged save', () => {
  const save = { variant: 19, fen: null, turnLimit: 400, moves: ['o4-n5'], redo: [], mode: 'friends', human: 'w', level: 3 };
  assert.equal(validSave({ ...save, rules: 'nospoil' }, LEVELS).rules, 'nospoil');
  assert.equal(validSave(save, LEVELS).rules, undefined);
  assert.equal(validSave({ ...save, rules: 'standard' }, LEVELS).rules, undefined);
  assert.equal(validSave({ ...save, rules: 'house' }, LEVELS), null);
  const three = { ...save, variant: 13, turnLimit: 600, mode: 'seats', players: 3, seats: [{ kind: 'person', you: true }, { kind: 'computer', level: 2 }, { kind: 'computer', level: 2 }], rules: 'nospoil' };
  assert.equal(validSave(three, LEVELS).rules, 'nospoil', 'three players too');
  assert.deepEqual([apiRules({ rules: 'nospoil' }), apiRules({}), noSpoil({ rules: 'standard' })], ['nospoil', 'standard', false]);
});

const people = (n) => Array.from({ length: n }, () => ({ kind: 'person' }));
const you = (n, seat) => people(n).map((p, i) => (i === seat ? { kind: 'person', you: true } : { kind: 'computer', level: 3 }));
const model = (state, players) => ({ state: { turns: 121, fen: parlettPosition(), ...state }, game: { variant: state.variant ?? 19, players: players.length, ...(state.partners ? { partners: true } : {}) }, players });

test('the end says how Parlett\'s win was won; the ordinary win keeps its words', async () => {
  await setLanguage('en');
  const parlett = { result: 'white-wins', reason: 'parlett', winners: ['w'], home: [] };
  const friends = model(parlett, people(2));
  assert.equal(winText(friends), "White wins: the goal is full, one of its squares White's.");
  assert.equal(endAnnouncement(friends), "White wins: the goal is full, one of its squares White's.", 'said once, not after "White wins!"');
  const alone = model(parlett, [{ kind: 'person' }, { kind: 'computer', level: 2 }]);
  assert.equal(endAnnouncement(alone), "You win! White wins: the goal is full, one of its squares White's.");
  const goal = { result: 'white-wins', reason: 'goal', winners: ['w'], home: ['w'] };
  assert.match(winText(model(goal, people(2))), /^White: all 19 pieces home in \d+ moves\.$/);
  assert.equal(endAnnouncement(model(goal, people(2))), 'White wins!');
  // Three or four: the seat's own words; partners: each partner's way.
  const three = model({ variant: 13, players: 3, result: 'red-wins', reason: 'parlett', winners: ['r'], home: [] }, you(3, 0));
  assert.equal(winText(three), "Red wins: the goal is full, one of its squares Red's.");
  assert.equal(endAnnouncement(three), "Red wins: the goal is full, one of its squares Red's.", 'said once');
  const partners = model({ variant: 13, players: 4, partners: true, result: 'white-black-win', reason: 'parlett', winners: ['w', 'b'], home: ['b'] }, you(4, 0));
  assert.match(winText(partners), /^White: the goal is full, one of its squares White's\. Black: all 13 pieces home in \d+ moves\.$/);
  assert.match(endAnnouncement(partners), /^You and Black win! White: the goal is full/);
});

test('every language says Parlett\'s win with the winner named', async () => {
  for (const code of ['en', 'it', 'nb', 'cs']) {
    await setLanguage(code);
    const text = winText(model({ result: 'black-wins', reason: 'parlett', winners: ['b'], home: [] }, people(2)));
    const words = JSON.parse(readFileSync(new URL(`../../web/i18n/${code}.json`, import.meta.url)));
    assert.ok(text.includes(words['side.black']) && !text.includes('{'), `${code}: ${text}`);
    assert.notEqual(text, winText(model({ result: 'black-wins', reason: 'goal', winners: ['b'], home: ['b'] }, people(2))), code);
  }
});
