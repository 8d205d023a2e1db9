// harness.mjs: what every browser test needs: `build/halma serve` on a free
// port, Debian's Chromium driven by playwright-core (no browser download),
// a fresh page that records console errors, and helpers that speak in
// squares.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { nearWin } from '../lib/positions.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;
const HALMA = join(ROOT, 'build/halma');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// The online games of this file's servers, apart from every other file's:
// the files run side by side (make e2e), and a store shared between them
// would mix their lobbies and games.
const STATE = mkdtempSync(join(tmpdir(), 'halma-e2e-'));
process.on('exit', () => rmSync(STATE, { recursive: true, force: true }));

/** Resolves with the address `halma serve` prints once it listens (with
 * --port 0 the system's choice, so that no two servers race for a port). */
function printedUrl(child, ms = 10000) {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`halma serve printed no address within ${ms} ms`)), ms);
    const fail = (error) => {
      clearTimeout(timer);
      reject(error);
    };
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const found = /serving the game at (http:\/\/\S+\/)/.exec(out);
      if (!found) return;
      clearTimeout(timer);
      child.stdout.resume();
      resolve(found[1]);
    });
    child.once('exit', (code) => fail(new Error(`halma serve exited with ${code}`)));
  });
}

/** Starts `build/halma serve` on a free port: {url, kind, port, stop()};
 * args: more options (a --db to start again on; port: the same port). */
export async function startServer({ args = [], port: wanted = null } = {}) {
  // Every browser of a file shares one loopback address.  The per-address
  // stream limit is kept (a closed page's stream is given back at once).
  // The requests a second (10) are one person's budget, not that of a file's
  // devices playing at once, and the lobby's 5 open games an address would
  // refuse a file's later tests what its earlier ones left open: lifted, as
  // a burst over either would fail a run now and then (the online, lobby
  // and yours files pass with both on; the API suites test both).  The
  // computer's capacity likewise: a file's games with computer seats, left
  // unfinished, would fill it (tests/online/capacity.test.mjs tests it; the
  // page's showing of its refusal: online-capacity.test.mjs, its own server).
  const limits = ['--requests-per-second', '0', '--open-games-per-address', '0', '--computer-wait-ms', '3600000'];
  const child = spawn(HALMA, ['serve', '--host', '127.0.0.1', '--port', String(wanted ?? 0), ...limits, ...args], {
    cwd: ROOT,
    env: { ...process.env, XDG_STATE_HOME: STATE },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  child.on('error', () => {}); // reported as an exit
  const url = await printedUrl(child);
  const port = Number(new URL(url).port);
  return {
    url,
    port,
    kind: 'halma serve',
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** A server (with more options: serverArgs) and a browser for one test
 * file; close() ends both, and fails the file if any page of it logged a
 * console error (watchConsole). */
export async function setup({ serverArgs = [] } = {}) {
  const server = await startServer({ args: serverArgs });
  // Playwright gives each launch a fresh, temporary user-data directory.
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const consoleErrors = [];
  return {
    server,
    browser,
    consoleErrors,
    async close() {
      await browser.close();
      await server.stop();
      assert.deepEqual(consoleErrors, [], 'no page of this file logs a console error');
    },
  };
}

/** Collects a page's console errors, uncaught exceptions and CSP
 * violations, in its own list and in the file's (env.consoleErrors), but
 * for those a test provokes on purpose (expected: regular expressions). */
export function watchConsole(env, page, expected = []) {
  const errors = [];
  const note = (text) => {
    if (expected.some((pattern) => pattern.test(text))) return;
    errors.push(text);
    env.consoleErrors.push(`${page.url()}: ${text}`);
  };
  page.on('console', (message) => {
    if (message.type() === 'error') note(`${message.text()} (${message.location().url ?? ''})`);
  });
  page.on('pageerror', (error) => note(`pageerror: ${error.message}`));
  return errors;
}

/** Puts entries in localStorage before the context's first page starts
 * (once per tab: a reload keeps what the page itself stored since). */
export async function seedStorage(context, entries) {
  await context.addInitScript((seeded) => {
    if (location.protocol === 'about:') return; // a new tab before its first page: no storage yet
    if (sessionStorage.getItem('halma-test-seeded')) return;
    sessionStorage.setItem('halma-test-seeded', '1');
    for (const [key, value] of Object.entries(seeded)) localStorage.setItem(key, value);
  }, entries);
}

/**
 * Opens the game in a fresh context: {page, errors, context}.  errors
 * collects console errors, uncaught exceptions and CSP violations.
 * options: viewport, hasTouch, isMobile, locale, colorScheme, storage (an
 * object put in localStorage before the page starts), waitReady.
 */
export async function openGame(env, options = {}) {
  const { storage, waitReady = true, ...contextOptions } = options;
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', ...contextOptions });
  if (storage) await seedStorage(context, storage);
  const page = await context.newPage();
  const errors = watchConsole(env, page);
  await page.goto(env.server.url);
  if (waitReady) await ready(page);
  return { page, context, errors };
}

export async function ready(page) {
  await page.waitForSelector('body[data-ready]', { timeout: 15000 });
  await idle(page);
}

/** Waits until the page has finished what it was doing: no action in
 * progress, no move being animated, the computer not thinking. */
export async function idle(page, timeout = 15000) {
  await page.waitForFunction(
    () => !document.body.dataset.busy && !document.querySelector('.board.animating') && !document.body.classList.contains('thinking'),
    null,
    { timeout },
  );
}

export const square = (page, name) => page.locator(`[data-square="${name}"]`);
export const pieceOn = (page, name) => square(page, name).getAttribute('data-piece');

/** Clicks a square and waits for the page to settle. */
export async function click(page, name) {
  await square(page, name).click();
  await idle(page);
}

/** Every piece on the board: {w: [...], b: [...]} sorted. */
export async function pieces(page) {
  return page.evaluate(() => {
    const out = { w: [], b: [] };
    for (const node of document.querySelectorAll('[data-square][data-piece]')) out[node.dataset.piece].push(node.dataset.square);
    out.w.sort();
    out.b.sort();
    return out;
  });
}

export const moveList = (page) => page.$$eval('#move-list button[data-ply]', (buttons) => buttons.map((b) => b.textContent));
export const message = (page) => page.locator('#message').textContent();
export const status = (page) => page.locator('#status-line').textContent();

/** The new-game dialog's two players (it opens on the game in play's number). */
export const twoPlayers = (page) => page.check('#new-game-form input[name="players"][value="2"]');

/** Starts a new game of two through the dialog. */
export async function newGame(page, { variant = 19, mode = 'computer', human = 'w', level = null } = {}) {
  await page.click('#new-game');
  await twoPlayers(page);
  await page.check(`#new-game-form input[name="variant"][value="${variant}"]`);
  await page.check(`#new-game-form input[name="mode"][value="${mode}"]`);
  if (mode === 'computer') await page.check(`#new-game-form input[name="human"][value="${human}"]`);
  if (level !== null && mode === 'computer') await page.fill('#level', String(level));
  await page.click('#new-game-form button[type="submit"]');
  await idle(page);
}

/** Imports a record or FEN through the dialog; returns the dialog's error
 * text, or null when it was accepted. */
export async function importText(page, text) {
  await page.click('#import');
  await page.fill('#import-text', text);
  await page.click('#import-go');
  const accepted = await page
    .waitForFunction(() => !document.getElementById('import-dialog').open || !document.getElementById('import-error').hidden, null, { timeout: 5000 })
    .then(() => page.evaluate(() => !document.getElementById('import-dialog').open));
  if (accepted) {
    await idle(page);
    return null;
  }
  const error = await page.locator('#import-error').textContent();
  await page.click('#import-dialog [data-close]');
  return error;
}

/** Imports the near-win position and plays its winning move: the end
 * dialog is open when it returns. */
export async function winNearWin(page) {
  const { fen, last, hole } = nearWin();
  if ((await importText(page, `[Variant "19"]\n[FEN "${fen}"]\n\n*\n`)) !== null) throw new Error('near-win import refused');
  await click(page, last);
  await click(page, hole);
  await page.waitForSelector('#end-dialog[open]');
}


/** Holds the engine's replies to `ops` (EngineClient.held) until
 * releaseEngine: the page stays in its waiting state, the computer
 * thinking, for as long as a test looks, however fast the engine. */
export async function holdEngine(page, ops = ['think']) {
  await page.evaluate((held) => {
    window.halmaTest = { hold: held, held: [] };
  }, ops);
}

/** Lets the held replies through and stops holding. */
export async function releaseEngine(page) {
  await page.evaluate(() => {
    const hooks = window.halmaTest;
    window.halmaTest = undefined;
    for (const deliver of hooks?.held ?? []) deliver();
  });
}
/** Records, every animation frame from now on, what `probe` (the source
 * of a function run in the page) returns; frames() stops and returns them,
 * each as {t: performance.now(), value}. */
export async function recordFrames(page, probe) {
  // A string, evaluated as DevTools does: the page's CSP allows no eval.
  await page.evaluate(`(() => {
    const probe = ${probe.toString()};
    const frames = [];
    window.recordedFrames = frames;
    const tick = () => {
      frames.push({ t: performance.now(), value: probe() });
      if (window.recordedFrames === frames) requestAnimationFrame(tick);
    };
    tick();
  })()`);
  return {
    frames: () =>
      page.evaluate(() => {
        const frames = window.recordedFrames;
        window.recordedFrames = null;
        return frames;
      }),
  };
}

/** Starts recording the page's layout shifts (the Layout Instability
 * API), those right after an input included; layoutShift() then sums them
 * and names what moved. */
export async function watchShifts(page) {
  await page.evaluate(() => {
    window.layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const moved = entry.sources.map((s) => s.node?.id || s.node?.className?.baseVal || s.node?.className || s.node?.nodeName);
        window.layoutShifts.push({ value: entry.value, moved });
      }
    }).observe({ type: 'layout-shift' });
  });
}

export async function layoutShift(page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const shifts = await page.evaluate(() => window.layoutShifts);
  return { total: shifts.reduce((sum, s) => sum + s.value, 0), moved: [...new Set(shifts.flatMap((s) => s.moved))] };
}
