// The lessons of the Learn page (web/js/learn-lessons.js): every claim a
// lesson makes checked by the WebAssembly rules the page runs, never trusted
// by hand: its position loads, its goal is not met before the first move,
// its intended line is legal and meets the goal in exactly its par, a line
// one move shorter cannot (for a par of two), its wrong move is legal (or
// refused for the reason the lesson names) and misses the goal, and a chain
// it calls short could go as many hops further as it says.  Every text key
// is in all four languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { wasmRules } from '../lib/wasm-rules.mjs';
import { LESSONS, goalMet, hopsOf, lessonFen, starsFor, withSideToMove } from '../../web/js/learn-lessons.js';
import { furtherHops, gameAt, judged, playTurn } from '../../web/js/learn-play.js';

const { halma, rules } = await wasmRules();

const languages = Object.fromEntries(['en', 'it', 'nb', 'cs'].map((code) => [code, JSON.parse(readFileSync(new URL(`../../web/i18n/${code}.json`, import.meta.url)))]));

/** Plays a lesson's line; answers the judged turns. */
async function playLine(lesson, line) {
  let fen = lessonFen(lesson);
  const turns = [];
  for (const [i, move] of line.entries()) {
    const turn = await playTurn(rules, lesson, fen, move, lesson.replies[i] ?? [], lesson.side);
    assert.equal(turn.refusal, undefined, `${lesson.id}: move ${i + 1} ${move}: ${turn.refusal?.message}`);
    assert.equal(turn.replies.length, (lesson.replies[i] ?? []).length, `${lesson.id}: every reply after move ${i + 1} is legal`);
    turns.push(judged(lesson, turn));
    fen = turn.fen;
  }
  return turns;
}

/** A line of at most `depth` moves from `fen` that meets the lesson's goal
 * (the other seats standing still), or null: every line is tried. */
async function meetsWithin(lesson, fen, depth, seen = new Map()) {
  if (depth === 0) return null;
  for (const move of await rules.request('legal', { game: gameAt(lesson, fen) })) {
    const turn = await playTurn(rules, lesson, fen, move, [], lesson.side);
    if (judged(lesson, turn).met) return [turn.path];
    if (depth === 1 || (seen.get(turn.fen) ?? -1) >= depth - 1) continue;
    seen.set(turn.fen, depth - 1);
    const rest = await meetsWithin(lesson, turn.fen, depth - 1, seen);
    if (rest) return [turn.path, ...rest];
  }
  return null;
}

test('there are 15 to 20 lessons, with ids of their own', () => {
  assert.ok(LESSONS.length >= 15 && LESSONS.length <= 20, `${LESSONS.length} lessons`);
  assert.equal(new Set(LESSONS.map((l) => l.id)).size, LESSONS.length);
});

for (const lesson of LESSONS) {
  test(`lesson ${lesson.id}: its position loads, and its intended line meets the goal in par (${lesson.par})`, async () => {
    const fen = lessonFen(lesson);
    assert.equal(halma.setFen(fen, gameAt(lesson, fen)), null, `${lesson.id}: the FEN loads`);
    assert.equal(halma.state().result, 'ongoing');
    assert.equal(lesson.line.length, lesson.par, 'the intended line is as long as the par');
    const turns = await playLine(lesson, lesson.line);
    turns.slice(0, -1).forEach((turn, i) => assert.equal(turn.met, false, `the goal is not met before the last move (move ${i + 1})`));
    assert.equal(turns.at(-1).met, true, 'the last move meets the goal');
    assert.equal(starsFor(turns.length, lesson.par), 3);
  });

  test(`lesson ${lesson.id}: its wrong move ${lesson.wrong} misses the goal, and what is said of it holds`, async () => {
    const fen = lessonFen(lesson);
    const turn = await playTurn(rules, lesson, fen, lesson.wrong, lesson.replies[0] ?? [], lesson.side);
    if (lesson.refused) {
      assert.equal(turn.refusal?.reason, lesson.refused, 'the rules refuse it for the reason the lesson names');
      return;
    }
    assert.equal(turn.refusal, undefined, `the wrong move is legal: ${turn.refusal?.message}`);
    assert.equal(judged(lesson, turn).met, false, 'and it does not meet the goal');
    assert.notEqual(turn.path, lesson.line[0]);
    if (lesson.further) assert.equal(await furtherHops(rules, gameAt(lesson, fen), turn.path), lesson.further, 'the chain could go this many hops further');
  });

  if (lesson.par >= 2 && lesson.par <= 3 && !lesson.replies.length) {
    test(`lesson ${lesson.id}: no line shorter than par meets the goal`, async () => {
      assert.equal(await meetsWithin(lesson, lessonFen(lesson), lesson.par - 1), null);
    });
  }

  if (lesson.blocks) {
    test(`lesson ${lesson.id}: its line blocks the other side's chain ${lesson.blocks}`, async () => {
      const fen = lessonFen(lesson);
      const before = await rules.request('play', { game: gameAt(lesson, withSideToMove(fen, 'b')), move: lesson.blocks });
      assert.equal(before.refusal, undefined, 'the chain is open before');
      const [turn] = await playLine(lesson, lesson.line);
      const after = await rules.request('play', { game: gameAt(lesson, withSideToMove(turn.fen, 'b')), move: lesson.blocks });
      assert.ok(after.refusal, 'and closed after');
    });
  }

  if (lesson.costs) {
    test(`lesson ${lesson.id}: after its wrong move ${lesson.wrong} the par cannot be met`, async () => {
      const turn = await playTurn(rules, lesson, lessonFen(lesson), lesson.wrong, [], lesson.side);
      assert.equal(turn.refusal, undefined);
      assert.equal(await meetsWithin(lesson, turn.fen, lesson.par - 1), null);
    });
  }

  test(`lesson ${lesson.id}: its texts are in all four languages`, () => {
    for (const [code, strings] of Object.entries(languages)) {
      for (const part of ['title', 'goal', 'hint', 'wrong']) {
        assert.equal(typeof strings[`learn.${lesson.id}.${part}`], 'string', `${code}: learn.${lesson.id}.${part}`);
      }
    }
  });
}

test('goals, hops and stars', () => {
  assert.equal(hopsOf('h8-g9'), 0);
  assert.equal(hopsOf('h8-f10-d12'), 2);
  assert.equal(goalMet({ kind: 'hops', count: 3 }, 'w', null, 'a1-a3-a5-a7'), true);
  assert.equal(goalMet({ kind: 'hops', count: 3 }, 'w', null, 'a1-a3-a5'), false);
  assert.equal(goalMet({ kind: 'home' }, 'w', { winners: ['w', 'b'] }, 'a1-a2'), true);
  assert.deepEqual([1, 2, 3, 4, 5].map((moves) => starsFor(moves, 2)), [3, 3, 2, 2, 1]);
  assert.equal(withSideToMove('16/16 b 7', 'w'), '16/16 w 7');
});
