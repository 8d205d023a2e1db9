// online-harness.mjs: what the online browser tests share: a device (a
// fresh browser context) opening a link, an online game created through the
// dialog, moves entered square by square and waited for, and the game as
// the server has it.

import { click, idle, ready, seedStorage, watchConsole } from './harness.mjs';

/** Settings with no animation: the players' pages need none to be tested. */
export const FAST = { 'halma.settings.v1': JSON.stringify({ animation: 'none' }) };

/** A device: a fresh context opening `url` ('' for the page itself), its
 * invite's question answered (answerJoin).
 * {page, context, errors, requests, failed}: requests collects every URL
 * asked, failed every request that failed or was answered 400 or more;
 * expectErrors: console errors the test provokes (regular expressions). */
export async function device(env, url = '', { storage = FAST, colorScheme = 'light', viewport = { width: 1280, height: 800 }, locale = 'en-US', expectErrors = [], phone = false, answer = true } = {}) {
  const context = await env.browser.newContext({ viewport, locale, colorScheme, ...(phone ? { isMobile: true, hasTouch: true } : {}) });
  await seedStorage(context, storage);
  const page = await context.newPage();
  const errors = watchConsole(env, page, expectErrors);
  context.on('page', (later) => watchConsole(env, later, expectErrors)); // a tab opened again
  const requests = [];
  const failed = [];
  context.on('request', (request) => requests.push(request.url()));
  context.on('requestfailed', (request) => failed.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText}`));
  context.on('response', (response) => response.status() >= 400 && failed.push(`${response.request().method()} ${response.url()}: ${response.status()}`));
  await page.goto(new URL(url, env.server.url).href);
  // answer: false leaves an invite's question open for the test.
  if (!answer) return { page, context, errors, requests, failed };
  if (/[#&]invite=/.test(url)) await answerJoin(page);
  await ready(page);
  return { page, context, errors, requests, failed };
}

/** An invite link asks the name before it takes its seat: answered with
 * the name the question offers (the one kept), or `name`.  A page that
 * needed no question (its seat kept, or the invite spent) is left as it
 * is, unless `asked` says the question must come (a link opened on a
 * page already running). */
export async function answerJoin(page, { name = null, asked = false } = {}) {
  await page.waitForSelector(asked ? '#join-dialog[open]' : 'body[data-ready], #join-dialog[open]');
  if (!(await page.locator('#join-dialog[open]').count())) return;
  if (name !== null) await page.fill('#join-name', name);
  await page.click('#join-dialog button[type="submit"]');
}

/** Creates an online game through the new-game dialog; returns the link to send. */
export async function createGame(page, { variant = 13, seat = 'w', clock = 'none', minutes = null, increment = null, days = null, name = null, post = false, houseRule = false } = {}) {
  await fillDialog(page, { variant, seat, clock, minutes, increment, days, name, post, houseRule });
  const before = await page.evaluate(() => location.hash);
  await page.click('#new-game-form button[type="submit"]');
  // The new game's own address and invite: a game still waiting before it
  // shows its invite until the page has moved to the new one.
  await page.waitForFunction((old) => location.hash.startsWith('#game=') && location.hash !== old, before);
  const id = await page.evaluate(() => new URLSearchParams(location.hash.slice(1)).get('game'));
  if (post) {
    await page.waitForSelector('#online:not([hidden])');
    return page.evaluate(() => location.href);
  }
  await page.waitForFunction((game) => !document.getElementById('online-invite').hidden && document.getElementById('online-link').value.includes(`game=${game}&`), id);
  return page.inputValue('#online-link');
}

/** Opens the new-game dialog and picks an online game's choices (houseRule:
 * the house rule against spoiling, off unless asked for). */
export async function fillDialog(page, { variant = 13, seat = 'w', clock = 'none', minutes = null, increment = null, days = null, name = null, post = false, houseRule = false } = {}) {
  await page.click('#new-game');
  await page.check('#new-game-form input[name="players"][value="2"]');
  await page.check(`#new-game-form input[name="variant"][value="${variant}"]`);
  await page.check('#new-game-form input[name="mode"][value="online"]');
  await page.check(`#new-game-form input[name="seat"][value="${seat}"]`);
  await page.check(`#new-game-form input[name="clock"][value="${clock}"]`);
  if (minutes !== null) await page.fill('#clock-minutes', String(minutes));
  if (increment !== null) await page.fill('#clock-increment', String(increment));
  if (days !== null) await page.selectOption('#clock-days', String(days));
  if (name !== null) await page.fill('#online-name', name);
  if (post) await page.check('#online-post');
  await page.setChecked('#house-rule', houseRule);
}

export const moveCount = (page) => page.locator('#move-list button[data-ply]').count();

/** Waits until the page's game has n moves (moves the server accepted). */
export async function waitMoves(page, n, timeout = 20000) {
  await page.waitForFunction((count) => document.querySelectorAll('#move-list button[data-ply]').length === count, n, { timeout });
  await idle(page);
}

/** Enters a move by clicking its squares, hop by hop; "Stop here" ends a
 * chain that could go on. */
export async function enter(page, path) {
  for (const name of path.split('-')) await click(page, name);
  if (await page.locator('#stop-chain').isVisible()) {
    await page.click('#stop-chain');
    await idle(page);
  }
}

/** The game as the server has it. */
export async function serverGame(env, page) {
  const id = new URLSearchParams((await page.evaluate(() => location.hash)).slice(1)).get('game');
  const response = await fetch(new URL(`api/v1/games/${id}`, env.server.url));
  return response.json();
}

export const onlineNote = (page) => page.locator('#online-note').textContent();
/** The console error of a stream the test cuts by taking the device offline. */
export const CUT_STREAM = /ERR_INTERNET_DISCONNECTED \(\S+\/events\)$/;

export const connected = (page) => page.waitForSelector('#online-connection[data-state="connected"]');

// A whole game is 142 moves entered square by square and seen on three
// pages: longer than the suite's 90 s a test on a busy machine.
