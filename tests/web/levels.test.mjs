// The levels and the start positions the page shows come from the module
// (api_levels, api_starts), which has them from src/engine/levels.c and the
// rules; the page keeps no copy of either.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { Halma } from '../../web/js/halma-wasm.js';
import { START_13, START_19 } from '../lib/positions.mjs';

const wasm = readFileSync(new URL('../../build/wasm/halma.wasm', import.meta.url));
const halma = await Halma.create(await WebAssembly.compile(wasm));

test('the module\'s levels are the native engine\'s: the limits and default the protocol states, one row a level', () => {
  const hep = execFileSync('build/halma', ['engine'], { input: 'hep\nquit\n' }).toString();
  const [, engine, min, max] = /option name Level type spin default (\d+) min (\d+) max (\d+)/.exec(hep).map(Number);
  const levels = halma.levels();
  assert.deepEqual({ engine: levels.engine, min: levels.min, max: levels.max }, { engine, min, max });
  assert.ok(levels.person >= min && levels.person <= max && levels.person < engine, 'a person meets a weaker default');
  assert.deepEqual(levels.levels.map((l) => l.level), Array.from({ length: max - min + 1 }, (_, i) => min + i));
  for (const { name, about, depth, thinkMs } of levels.levels) {
    assert.match(name, /^[a-z ]+$/);
    assert.match(about, /^[a-z][a-z ,:]+[a-z]$/, 'how it plays, in a line');
    assert.ok(depth >= 0 && thinkMs > 0);
  }
  const usage = execFileSync('build/halma', ['play', '--help']).toString();
  assert.match(usage, new RegExp(`\\[--level ${min}-${max}\\]`));
  assert.match(usage, new RegExp(`computer at level ${levels.person}\\.`));
});

test('the module\'s start positions and turn limit are a new game\'s', () => {
  const { turnLimit, positions } = halma.starts();
  assert.deepEqual(positions, { 19: START_19, 13: START_13 });
  for (const variant of [19, 13]) {
    halma.newGame({ variant });
    const state = halma.state();
    assert.equal(state.fen, positions[variant]);
    assert.equal(state.turnLimit, turnLimit);
  }
});

test('the page\'s files hold no copy of a start position or of the level table', () => {
  const dir = new URL('../../web/js/', import.meta.url);
  const files = [...readdirSync(dir).map((name) => new URL(name, dir)), new URL('../../web/index.html', import.meta.url)];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    assert.doesNotMatch(text, /bbbb1[12]\//, `${file.pathname} holds a start position`);
    assert.doesNotMatch(text, /thinkMs\s*:\s*\d|\[\s*100\s*,\s*1\s*\]/, `${file.pathname} holds level numbers`);
    assert.doesNotMatch(text, /type="range"[^>]*\b(min|max|value)="\d/, `${file.pathname} holds the level limits`);
  }
});
