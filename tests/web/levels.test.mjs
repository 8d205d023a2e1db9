// The new-game dialog's table of levels says what src/engine/levels.c does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { LEVELS } from '../../web/js/halma-wasm.js';

test('every level of levels.c, with its think time and depth cap', () => {
  const source = readFileSync(new URL('../../src/engine/levels.c', import.meta.url), 'utf8');
  const rows = [...source.matchAll(/\[(\d+)\]\s*=\s*\{\s*(\d+),\s*(\d+),/g)].map((m) => ({ level: +m[1], depth: +m[2], thinkMs: +m[3] }));
  assert.equal(rows.length, 10);
  assert.deepEqual(LEVELS.map(({ level, depth, thinkMs }) => ({ level, depth, thinkMs })), rows);
});
