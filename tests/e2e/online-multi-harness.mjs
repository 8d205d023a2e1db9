// online-multi-harness.mjs: what the browser tests of online games of three
// and four share: a game created through the dialog (each seat you, an
// invited friend or the server's computer), the invite links the page
// shows, and a legal move for the seat to move, entered on its page.

import { readFileSync } from 'node:fs';
import { click, idle } from './harness.mjs';
import { Halma } from '../../web/js/halma-wasm.js';

const module = await WebAssembly.compile(readFileSync(new URL('../../build/wasm/halma.wasm', import.meta.url)));

/** Creates an online game of `players` from the new-game dialog; seats:
 * {w, r, b, y} each 'you', 'person' (a friend invited) or 'computer-N'. */
export async function createMultiGame(page, { players = 4, partners = false, seats, clock = 'none', minutes = null, increment = null, name = null, post = false }) {
  await page.click('#new-game');
  await page.waitForSelector('#new-game-dialog[open]');
  await page.check(`#new-game-form input[name="players"][value="${players}"]`);
  await page.check('#new-game-form input[name="where"][value="online"]');
  for (const [side, value] of Object.entries(seats)) await page.selectOption(`#seat-${side}`, value);
  if (partners) await page.check('#new-game-form input[name="partners"]');
  await page.check(`#new-game-form input[name="clock"][value="${clock}"]`);
  if (minutes !== null) await page.fill('#clock-minutes', String(minutes));
  if (increment !== null) await page.fill('#clock-increment', String(increment));
  if (name !== null) await page.fill('#online-name', name);
  if (post) await page.check('#online-post');
  await page.click('#new-game-form button[type="submit"]');
  await page.waitForSelector('#new-game-dialog:not([open])', { state: 'attached' });
  await page.waitForSelector('#online:not([hidden])');
  await idle(page);
}

/** The invite links shown: {seat: {label, link}}. */
export const inviteLinks = (page) =>
  page.$$eval('#online-invite-list li', (items) =>
    Object.fromEntries(items.map((item) => [item.querySelector('input').id.replace('invite-link-', ''), { label: item.querySelector('.invite-seat').textContent.trim(), link: item.querySelector('input').value }])));

/** A legal move of the game as the server has it (the rules in WebAssembly
 * replay it): the step or jump that takes a piece furthest on, varied by
 * `pick`, or 'pass'. */
export async function legalMove(game, pick = 0) {
  const rules = await Halma.create(module);
  rules.newGame({ players: game.players, partners: game.partners });
  for (const move of game.moves) rules.play(move);
  const moves = rules.legal();
  if (moves.length === 1 && moves[0] === 'pass') return 'pass';
  return moves[(pick * 7919) % moves.length];
}

/** Enters a move of three or four on its page: its origin, then its end
 * (the rules find the path), or Pass. */
export async function enterMulti(page, move) {
  if (move === 'pass') {
    await page.click('#pass');
    return idle(page);
  }
  const squares = move.split('-');
  await click(page, squares[0]);
  await square(page, squares.at(-1)).click();
  await page.waitForFunction(() => document.getElementById('confirm-dialog').open || !document.body.dataset.busy);
  if (await page.isVisible('#confirm-dialog[open]')) await page.click('#confirm-yes');
  return idle(page);
}

const square = (page, name) => page.locator(`[data-square="${name}"]`);

/** The game as the server has it, by id. */
export async function gameById(env, id) {
  return (await fetch(new URL(`api/v1/games/${id}`, env.server.url))).json();
}

/** Waits until the server's game has `ply` moves. */
export async function serverPly(env, id, ply, timeout = 30000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const game = await gameById(env, id);
    if (game.ply >= ply || game.status === 'finished') return game;
    if (Date.now() > deadline) throw new Error(`the server's game stayed at ply ${game.ply}, not ${ply}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const gameIdOf = async (page) => new URLSearchParams((await page.evaluate(() => location.hash)).slice(1)).get('game');
