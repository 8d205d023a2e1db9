// The new-game dialog's table of levels says what src/engine/levels.c does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { LEVELS, describeLevel } from '../../web/js/levels.js';

test('every level of levels.c, with its think time and depth cap', () => {
  const source = readFileSync(new URL('../../src/engine/levels.c', import.meta.url), 'utf8');
  const rows = [...source.matchAll(/\[(\d+)\]\s*=\s*\{\s*(\d+),\s*(\d+),/g)].map((m) => ({ level: +m[1], depth: +m[2], thinkMs: +m[3] }));
  assert.equal(rows.length, 10);
  assert.deepEqual(LEVELS.map(({ level, depth, thinkMs }) => ({ level, depth, thinkMs })), rows);
});

test('a level in words', () => {
  const english = JSON.parse(readFileSync(new URL('../../web/i18n/en.json', import.meta.url), 'utf8'));
  const t = (key, params = {}) => english[key].replace(/\{(\w+)\}/g, (_, name) => params[name]);
  assert.deepEqual(describeLevel(1, t, 'en'), { name: 'Beginner', detail: 'Thinks up to 0.1 s, search depth 1.' });
  assert.deepEqual(describeLevel(10, t, 'en'), { name: 'Strongest', detail: 'Thinks up to 1 s, as deep as it can.' });
  assert.match(describeLevel(5, t, 'cs').detail, /0,15 s/, 'numbers written as the language writes them');
});
