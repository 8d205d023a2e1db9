// The page under abuse: damaged saves, malformed imports, clicks and taps
// while the computer thinks or a piece is moving.  Each time: a clear
// message, no exception, the game in progress kept.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openGame, click, pieces, moveList, message, idle, square, importText, ready, holdEngine, releaseEngine } from './harness.mjs';
import { camp } from '../lib/positions.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

const START = { w: camp('w').sort(), b: camp('b').sort() };
const save = (fields) =>
  JSON.stringify({ variant: 19, fen: null, turnLimit: 400, moves: [], redo: [], mode: 'computer', human: 'w', level: 5, ...fields });

test('a save that is not JSON: a new game, a message, the damaged text kept aside', async () => {
  const { page, errors } = await openGame(env, { storage: { 'halma.game.v1': '{"variant": 19, "moves": [' } });
  assert.deepEqual(await pieces(page), START);
  assert.match(await message(page), /could not be read/);
  assert.equal(await page.evaluate(() => localStorage.getItem('halma.game.damaged')), '{"variant": 19, "moves": [');
  await click(page, 'n4');
  await click(page, 'm5');
  assert.equal((await moveList(page)).length, 2, 'the new game plays');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a save of the wrong shape or with a bad position is refused cleanly', async () => {
  for (const bad of [save({ variant: 17 }), save({ moves: 'n4-m5' }), save({ level: 99 }), save({ fen: 'nonsense w 0' }), 'null', '42']) {
    const { page, errors } = await openGame(env, { storage: { 'halma.game.v1': bad } });
    assert.deepEqual(await pieces(page), START, bad);
    assert.match(await message(page), /could not be read/, bad);
    assert.deepEqual(errors, [], bad);
    await page.context().close();
  }
});

test('a save with an illegal move keeps the moves before it', async () => {
  const { page, errors } = await openGame(env, { storage: { 'halma.game.v1': save({ moves: ['n4-m5', 'a13-c11', 'm5-m9', 'c11-d10'] }) } });
  assert.deepEqual(await moveList(page), ['n4-m5', 'a13-c11']);
  assert.match(await message(page), /first 2 moves were restored/);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('malformed imports are refused with a reason, and the game is kept', async () => {
  const { page, errors } = await openGame(env);
  await click(page, 'n4');
  await click(page, 'm5');
  const moves = await moveList(page);
  const position = await pieces(page);
  const cases = [
    ['', /nothing to import/],
    ['[Variant "21"]\n1. n4-m5', /variant must be 19 or 13/],
    ['1. n4-m5 zz-top', /Move 2, “zz-top”, is not written in Halma notation/],
    ['1. n4-m5 m5-m7', /Move 2 is not legal: The piece on m5 belongs to the other side/],
    ['1. n4-h8', /Move 1 is not legal: No step or chain of hops leads from n4 to h8/],
    ['[FEN "bbbbb11/16 w 0"]\n', /The position cannot be used: The placement is not valid/],
    ['16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 w 0', /The position cannot be used: Each side needs exactly/],
    ['[Variant "19"\n', /header line cannot be read/],
  ];
  for (const [text, expected] of cases) {
    const error = await importText(page, text);
    assert.match(error ?? '(accepted)', expected, text);
  }
  assert.deepEqual(await moveList(page), moves);
  assert.deepEqual(await pieces(page), position);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('clicks and taps while the computer thinks change nothing', async () => {
  const { page, errors } = await openGame(env, { hasTouch: true });
  // The computer's reply is held until the clicks are done, so that they
  // land while it thinks however fast it is.
  await holdEngine(page);
  await square(page, 'n4').click();
  await square(page, 'm5').click();
  await page.waitForFunction(() => document.body.classList.contains('thinking'));
  await square(page, 'o4').click();
  assert.match(await message(page), /as soon as the computer has moved/);
  await square(page, 'o6').tap();
  await square(page, 'a16').click();
  await page.click('#hint', { force: true }).catch(() => {});
  await releaseEngine(page);
  await idle(page);
  const moves = await moveList(page);
  assert.equal(moves.length, 2, moves.join(' '));
  assert.equal(moves[0], 'n4-m5');
  const now = await pieces(page);
  assert.equal(now.w.length, 19);
  assert.equal(now.b.length, 19);
  assert.ok(now.w.includes('m5') && now.w.includes('o4'), 'o4 was not moved');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a burst of clicks during animations leaves a consistent game', async () => {
  const { page, errors } = await openGame(env);
  const burst = ['n4', 'm5', 'o4', 'o6', 'p4', 'm5', 'h8', 'a16', 'o4', 'n4', 'l1', 'k2', 'o5', 'n5'];
  for (const name of burst) await square(page, name).click({ delay: 0 });
  await idle(page);
  await page.keyboard.press('Escape');
  const moves = await moveList(page);
  assert.ok(moves.length >= 2 && moves.length % 2 === 0, moves.join(' '));
  const now = await pieces(page);
  assert.equal(now.w.length, 19);
  assert.equal(now.b.length, 19);
  // The record on screen is the game itself: it imports back as legal.
  await page.reload();
  await ready(page);
  assert.deepEqual(await moveList(page), moves);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('undo while the computer thinks takes back the person\'s move, and no reply comes', async () => {
  const { page, errors } = await openGame(env);
  await holdEngine(page);
  await square(page, 'n4').click();
  await square(page, 'm5').click();
  await page.waitForFunction(() => document.body.classList.contains('thinking'));
  await page.click('#undo');
  await idle(page);
  await releaseEngine(page); // the reply the undo abandoned, were it still on its way
  await idle(page);
  assert.deepEqual(await moveList(page), []);
  assert.deepEqual(await pieces(page), START);
  assert.deepEqual(errors, []);
  await page.context().close();
});
