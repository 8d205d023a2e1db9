// The page's languages: every language has every English key, the same
// placeholders, and a text for every refusal code of the wasm API.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';

const dir = new URL('../../web/i18n/', import.meta.url);
const load = (code) => JSON.parse(readFileSync(new URL(`${code}.json`, dir)));
const english = load('en');
const codes = readdirSync(dir).map((f) => f.replace('.json', ''));
const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('the four languages are there', () => {
  assert.deepEqual(codes.sort(), ['cs', 'en', 'it', 'nb']);
});

for (const code of codes) {
  test(`${code}: every key, the same placeholders, no empty text`, () => {
    const strings = load(code);
    assert.deepEqual(Object.keys(strings).sort(), Object.keys(english).sort());
    for (const [key, text] of Object.entries(strings)) {
      assert.ok(text.trim(), `${code} ${key} is empty`);
      assert.deepEqual(placeholders(text), placeholders(english[key]), `${code} ${key}`);
    }
  });
}

test('every refusal reason of the wasm API has a text', () => {
  const api = ['api.c', 'json.c']
    .map((file) => readFileSync(new URL(`../../src/wasm/${file}`, import.meta.url), 'utf8')).join('\n');
  const reasons = new Set([...api.matchAll(/"([a-z]+(?:-[a-z]+)+|malformed|unreachable|occupied|illegal|variant|players)"/g)].map((m) => m[1]));
  const known = ['not-your-piece', 'empty-origin', 'step-occupied', 'occupied', 'unreachable', 'goal-camp', 'fen-side', 'seat-finished'];
  for (const reason of known) assert.ok(reasons.has(reason), `api.c names ${reason}`);
  for (const reason of reasons) {
    const results = ['white-wins', 'black-wins', 'red-wins', 'yellow-wins', 'white-black-win', 'red-yellow-win'];
    if ([...results, 'draw-repetition', 'draw-turn-limit'].includes(reason)) continue;
    assert.ok(`refusal.${reason}` in english, `refusal.${reason} has an English text`);
  }
});

test('the rules pages exist in every language and link to each other', () => {
  for (const code of codes) {
    const page = readFileSync(new URL(`../../web/rules/${code}.html`, import.meta.url), 'utf8');
    assert.match(page, new RegExp(`<html lang="${code}">`));
    for (const other of codes) assert.match(page, new RegExp(`href="${other}.html"`));
    assert.doesNotMatch(page, /style=|<script/, 'CSP: no inline style or script');
  }
});
