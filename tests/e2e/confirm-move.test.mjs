// "Confirm the move" (Settings, off by default): in an online game with a
// clock a move entered on the board is shown played and sent only once
// confirmed, by the button or Enter; Escape or a tap elsewhere takes it back.
// The button fits the status card on phones both ways up and a laptop, in
// every language.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { setup, idle, pieceOn } from './harness.mjs';
import { FAST, createGame, device as openDevice, enter, serverGame, waitMoves } from './online-harness.mjs';
import { Halma } from '../../web/js/halma-wasm.js';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

const device = (...args) => openDevice(env, ...args);
const CONFIRMING = { 'halma.settings.v1': JSON.stringify({ animation: 'none', confirmMove: true }) };
const module = await WebAssembly.compile(readFileSync(new URL('../../build/wasm/halma.wasm', import.meta.url)));

/** A step of the side to move in the server's game (variant 13). */
async function aStep(page) {
  const game = await serverGame(env, page);
  const rules = await Halma.create(module);
  rules.newGame({ variant: 13 });
  for (const move of game.moves) rules.play(move);
  return rules.legal().find((move) => move.split('-').length === 2);
}

/** Whether the page shows a move waiting, and what the board and the server have. */
const waiting = async (page) => ({
  button: await page.isVisible('#confirm-move'),
  sent: await page.evaluate(() => document.body.classList.contains('move-sent')),
  moves: await page.locator('#move-list button[data-ply]').count(),
});

test('Confirm the move: a timed online move waits for the button or Enter; Escape and a tap elsewhere take it back; off, a move goes at once', async () => {
  const white = await device('', { storage: { ...FAST, ...CONFIRMING } });
  const link = await createGame(white.page, { clock: '5+3' });
  const black = await device(link);
  await white.page.waitForFunction(() => document.getElementById('online-invite').hidden);
  const posts = [];
  white.context.on('request', (request) => request.method() === 'POST' && /\/moves$/.test(request.url()) && posts.push(request.url()));

  const first = await aStep(white.page);
  const [from, to] = first.split('-');
  await enter(white.page, first);
  assert.deepEqual(await waiting(white.page), { button: true, sent: false, moves: 0 }, 'the move waits');
  assert.equal(await pieceOn(white.page, from), 'w', 'the piece has not gone');
  assert.equal(await pieceOn(white.page, to), null);
  assert.match(await white.page.locator('#message').textContent(), new RegExp(`^Confirm ${first} with the button or Enter`));
  await white.page.keyboard.press('Escape');
  assert.deepEqual(await waiting(white.page), { button: false, sent: false, moves: 0 }, 'Escape takes it back');
  assert.equal(await white.page.locator('.piece.selected').count(), 0, 'nothing picked up');

  await enter(white.page, first);
  assert.equal(await white.page.isVisible('#confirm-move'), true);
  await white.page.click('[data-square="h8"]');
  await idle(white.page);
  assert.deepEqual(await waiting(white.page), { button: false, sent: false, moves: 0 }, 'a tap elsewhere takes it back');
  assert.equal(await white.page.locator('.piece.selected').count(), 0, 'the tap picks nothing up');
  assert.deepEqual(posts, [], 'nothing sent');
  assert.equal((await serverGame(env, white.page)).moves.length, 0);

  await enter(white.page, first);
  await white.page.keyboard.press('Enter');
  await waitMoves(black.page, 1);
  assert.equal(await pieceOn(white.page, to), 'w');
  assert.deepEqual((await serverGame(env, white.page)).moves, [first]);

  // Black has not switched it on: the move goes at once.
  await enter(black.page, await aStep(black.page));
  assert.equal(await black.page.isVisible('#confirm-move'), false);
  await waitMoves(white.page, 2);

  // The button.
  const third = await aStep(white.page);
  await enter(white.page, third);
  await white.page.click('#confirm-move');
  await waitMoves(black.page, 3);
  assert.equal((await serverGame(env, white.page)).moves[2], third);
  assert.equal(posts.length, 2);
  for (const { errors, context } of [white, black]) {
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('Confirm the move: not asked in an online game without a clock', async () => {
  const white = await device('', { storage: { ...FAST, ...CONFIRMING } });
  const link = await createGame(white.page, { clock: 'none' });
  const black = await device(link);
  await white.page.waitForFunction(() => document.getElementById('online-invite').hidden);
  await enter(white.page, await aStep(white.page));
  assert.equal(await white.page.isVisible('#confirm-move'), false);
  await waitMoves(black.page, 1);
  for (const { errors, context } of [white, black]) {
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('the setting and the button fit on phones both ways up and a laptop, in every language', async () => {
  for (const [width, height] of [[390, 844], [844, 390], [1280, 800]]) {
    const viewport = { width, height };
    const white = await device('', { storage: { ...FAST, ...CONFIRMING }, viewport, phone: width < 1000 });
    const link = await createGame(white.page, { clock: '5+3' });
    const black = await device(link);
    await white.page.waitForFunction(() => document.getElementById('online-invite').hidden);
    const step = await aStep(white.page);
    for (const language of ['en', 'it', 'nb', 'cs']) {
      await white.page.selectOption('#language', language);
      // (Opening Settings, a tap elsewhere, took the last one back.)
      await enter(white.page, step);
      const misfits = await white.page.evaluate(() => {
        const out = [];
        const button = document.getElementById('confirm-move');
        const card = document.querySelector('.card.status').getBoundingClientRect();
        const box = button.getBoundingClientRect();
        if (!button.textContent.trim()) out.push('the button has no words');
        if (button.scrollWidth > button.clientWidth + 0.5 || button.scrollHeight > button.clientHeight + 0.5) out.push(`"${button.textContent}" cut`);
        if (box.left < card.left || box.right > card.right || box.top < card.top || box.bottom > card.bottom) out.push('the button outside the status card');
        for (const other of document.querySelectorAll('.status .actions .button:not([hidden])')) {
          const r = other.getBoundingClientRect();
          if (other !== button && r.left < box.right - 0.5 && r.right > box.left + 0.5 && r.top < box.bottom - 0.5 && r.bottom > box.top + 0.5) out.push(`over ${other.id}`);
        }
        return out;
      });
      assert.deepEqual(misfits, [], `${width}x${height} ${language}: the button`);
      await white.page.click('#settings');
      const setting = await white.page.evaluate(() => {
        const label = document.querySelector('#settings-form input[name="confirmMove"]').closest('label');
        const form = document.getElementById('settings-form').getBoundingClientRect();
        const box = label.getBoundingClientRect();
        return { words: label.textContent.trim(), inside: box.left >= form.left - 0.5 && box.right <= form.right + 0.5, checked: label.querySelector('input').checked };
      });
      assert.ok(setting.words && setting.inside && setting.checked, `${width}x${height} ${language}: the setting ${JSON.stringify(setting)}`);
      await white.page.click('#settings-dialog [data-close]');
    }
    for (const { errors, context } of [white, black]) {
      assert.deepEqual(errors, []);
      await context.close();
    }
  }
});
