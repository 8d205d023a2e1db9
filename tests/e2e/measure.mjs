// measure.mjs: the web game's figures (page weight, first paint, engine speed
// against the native build, reply time), shared by performance.test.mjs and
// tools/web-bench.mjs.

import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { openGame, ready, square, idle } from './harness.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;

/** Every file of build/web by the bytes a browser downloads for it: what
 * a first visit can download at most, the service worker's precache
 * included.  A file with a gzip twin (name.gz, made by the build) is sent
 * as the twin by `halma serve` (docs/DECISIONS.md, "Page weight"), so it
 * counts the twin's size; the twins are not counted again. */
export function bundleSizes(dir = join(ROOT, 'build/web')) {
  const sizes = {};
  const sent = (path) => {
    try {
      return statSync(`${path}.gz`).size;
    } catch {
      return statSync(path).size;
    }
  };
  const walk = (folder) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (!name.startsWith('.') && !name.endsWith('.gz')) sizes[path.slice(dir.length + 1)] = sent(path);
    }
  };
  walk(dir);
  return sizes;
}

/**
 * Loads the page in a fresh browser context (empty cache, no service
 * worker yet) and records every request of the page and its workers:
 * {requests: [{url, bytes, type}], bytes, foreign, fcpMs, readyMs}.
 */
export async function measureFirstLoad(env) {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const requests = [];
  const pending = [];
  const seen = [];
  context.on('request', (request) => seen.push(request.url()));
  // Requests of the page, its workers and its service worker.
  context.on('requestfinished', (request) =>
    pending.push(
      request.sizes().then((sizes) =>
        requests.push({ url: request.url(), type: request.resourceType(), bytes: sizes.responseBodySize + sizes.responseHeadersSize }),
      ),
    ),
  );
  const started = Date.now();
  await page.goto(env.server.url);
  await ready(page);
  const readyMs = Date.now() - started;
  // Let the service worker finish precaching: it belongs to the first visit.
  await page.evaluate(() => navigator.serviceWorker?.ready);
  await page.waitForTimeout(500);
  const fcpMs = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
  const workerBytes = await page.evaluate(() =>
    performance.getEntriesByType('resource').reduce((sum, e) => sum + e.transferSize, 0),
  );
  await Promise.all(pending);
  const origin = new URL(env.server.url).origin;
  const foreign = seen.filter((url) => !url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:'));
  await context.close();
  const bytes = requests.reduce((sum, r) => sum + r.bytes, 0);
  return { requests, bytes, pageResourceBytes: workerBytes, foreign, fcpMs, readyMs };
}

/** perft from the start in Chromium (in a worker, as the page runs it) and
 * natively; best of `runs` each.  A warm-up perft first lets V8 finish
 * compiling the module with its optimising tier, as it has in any game
 * after the first few moves. */
export async function measurePerft(env, depth = 5, runs = 3) {
  const { page, context } = await openGame(env);
  await page.evaluate(async () => {
    const { EngineClient } = await import('./js/engine-client.js');
    window.benchClient = new EngineClient('bench');
  });
  const game = { variant: 19, fen: null, turnLimit: 400, moves: [] };
  const inWorker = (d) => page.evaluate(({ g, d }) => window.benchClient.request('perft', { game: g, depth: d }), { g: game, d });
  await inWorker(depth - 1);
  let wasmMs = Infinity;
  let nativeMs = Infinity;
  let count = 0;
  // Interleaved, so that other work on the machine weighs on both alike.
  for (let i = 0; i < runs; i++) {
    const result = await inWorker(depth);
    wasmMs = Math.min(wasmMs, result.ms);
    count = result.count;
    const out = execFileSync(join(ROOT, 'build/halma'), ['perft', String(depth)]).toString();
    const m = /perft \d+: (\d+) moves, (\d+) ms/.exec(out);
    if (Number(m[1]) !== count) throw new Error(`perft counts differ: wasm ${count}, native ${m[1]}`);
    nativeMs = Math.min(nativeMs, Number(m[2]));
  }
  await context.close();
  return { depth, count, wasmMs, nativeMs, ratio: wasmMs / nativeMs };
}

/** A fixed-depth search from the start in Chromium (engine worker) and
 * natively (`halma engine`, `go depth`), best of `runs` each, interleaved
 * as perft is: a busy spell of a shared machine then slows both sides, not
 * only the one measured during it. */
export async function measureSearch(env, depth, runs = 2) {
  const { page, context } = await openGame(env);
  const inWorker = () =>
    page.evaluate(async (d) => {
      const { EngineClient } = await import('./js/engine-client.js');
      const client = new EngineClient('bench');
      const answer = await client.request('think', { game: { variant: 19, fen: null, turnLimit: 400, moves: [] }, level: 10, depth: d, movetime: 0 });
      client.worker.terminate();
      return answer;
    }, depth);
  let wasm = null;
  let native = null;
  for (let i = 0; i < runs; i++) {
    const result = await inWorker();
    if (!wasm || result.wallMs < wasm.wallMs) wasm = result;
    const ran = nativeSearch(depth);
    if (!native || ran.time < native.time) native = ran;
  }
  await context.close();
  return { depth, wasm, native, ratio: native.time > 0 ? wasm.time / native.time : null };
}

function nativeSearch(depth) {
  const started = process.hrtime.bigint();
  // No quit: it would stop the search; the end of input lets it finish.
  const out = execFileSync(join(ROOT, 'build/halma'), ['engine'], { input: `position startpos\ngo depth ${depth}\n` }).toString();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const infos = out.split('\n').filter((l) => l.startsWith('info'));
  const last = infos[infos.length - 1] ?? '';
  const nodes = Number(/ nodes (\d+)/.exec(last)?.[1] ?? 0);
  const time = Number(/ time (\d+)/.exec(last)?.[1] ?? ms);
  const move = /bestmove (\S+)/.exec(out)?.[1];
  return { time, nodes, move };
}

/** The computer's reply at the default level: from the person's move
 * landing to the reply landing, and the search's own time. */
export async function measureReply(env, moves = [['n4', 'm5'], ['o5', 'n6'], ['m3', 'm4']]) {
  const { page, context } = await openGame(env);
  const samples = [];
  for (const [from, to] of moves) {
    await square(page, from).click();
    await idle(page);
    const before = await page.$$eval('#move-list button[data-ply]', (b) => b.length);
    await square(page, to).click();
    await page.waitForFunction(() => document.body.classList.contains('thinking'));
    const started = Date.now();
    await page.waitForFunction((n) => document.querySelectorAll('#move-list button[data-ply]').length >= n + 2, before);
    const shownMs = Date.now() - started;
    await idle(page);
    const thinkMs = Number(await page.evaluate(() => document.body.dataset.lastThinkMs));
    samples.push({ shownMs, thinkMs });
  }
  await context.close();
  return samples;
}
