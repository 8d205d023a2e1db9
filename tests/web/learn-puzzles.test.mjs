// The Puzzles screen's pure parts (web/js/learn-puzzles.js) over the shipped
// file (web/puzzles/puzzles.jsonl, made by `halma puzzles generate`): every
// line read, each claim the page relies on checked again by the WebAssembly
// rules, and each puzzle solved, and failed, through the screen's own judge.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { hopsOf } from '../../web/js/learn-lessons.js';
import { furtherHops, gameAt, playTurn } from '../../web/js/learn-play.js';
import { parsePuzzle, parsePuzzles, pickPuzzle, playPuzzleMove, playerMoves, puzzleOfTheDay, puzzleSide } from '../../web/js/learn-puzzles.js';
import { wasmRules } from '../lib/wasm-rules.mjs';

const { rules } = await wasmRules();
const text = readFileSync(new URL('../../web/puzzles/puzzles.jsonl', import.meta.url), 'utf8');
const { puzzles, skipped } = parsePuzzles(text);

/** Plays a puzzle's player moves `moves` (replies from the solution): the
 * last answer of the judge. */
async function solve(puzzle, moves) {
  let fen = puzzle.fen;
  let answer;
  for (const [i, move] of moves.entries()) {
    answer = await playPuzzleMove(rules, puzzle, fen, move, i);
    assert.equal(answer.refusal, undefined, `${puzzle.id}: ${move} is legal`);
    if (answer.outcome !== 'more') return answer;
    fen = answer.turn.fen;
  }
  return answer;
}

const playerLine = (puzzle) => (puzzle.kind === 'win' ? puzzle.solution.filter((_, i) => i % 2 === 0) : puzzle.solution);

test('the fixture: every line a puzzle, each kind at least four times, ratings spread', () => {
  assert.equal(skipped, 0);
  for (const kind of ['fill', 'chain', 'win']) assert.ok(puzzles.filter((p) => p.kind === kind).length >= 4, kind);
  assert.ok(Math.max(...puzzles.map((p) => p.rating)) - Math.min(...puzzles.map((p) => p.rating)) >= 500);
});

for (const puzzle of puzzles) {
  test(`${puzzle.id} (${puzzle.kind}): its solution solves it, and its claim holds`, async () => {
    const side = puzzleSide(puzzle);
    const answer = await solve(puzzle, playerLine(puzzle));
    assert.equal(answer.outcome, 'solved');
    const legal = await rules.request('legal', { game: gameAt(puzzle, puzzle.fen) });
    if (puzzle.kind === 'chain') {
      // No piece of the side to move has a longer chain: every first hop of
      // every piece, followed as far as the rules allow.
      const needed = hopsOf(puzzle.solution[0]);
      const origins = new Set(legal.map((m) => m.split('-')[0]));
      for (const from of origins) {
        const flags = await rules.request('targets', { game: gameAt(puzzle, puzzle.fen), chain: [from] });
        for (let i = 0; i < 256; i++) {
          if (!(flags[i] & 4)) continue;
          const hop = `${from}-${'abcdefghijklmnop'[i & 15]}${(i >> 4) + 1}`;
          assert.ok(1 + (await furtherHops(rules, gameAt(puzzle, puzzle.fen), hop, 16)) <= needed, `${hop} goes further`);
        }
      }
    } else {
      // fill, and a win in two or three: no single move wins at once (that
      // a win in N is forced is `halma puzzles verify`'s to prove); a win in
      // one: the first move is the only one that wins.
      const winning = [];
      for (const move of legal) {
        const turn = await playTurn(rules, puzzle, puzzle.fen, move, [], side);
        if (turn.state.winners.includes(side)) winning.push(turn.path);
      }
      if (puzzle.kind === 'fill' || puzzle.solution.length > 1) assert.deepEqual(winning, [], 'a shorter fill or win');
      else assert.deepEqual(winning.map((m) => m.split('-')[0] + m.split('-').at(-1)), [puzzle.solution[0].split('-')[0] + puzzle.solution[0].split('-').at(-1)]);
    }
  });

  test(`${puzzle.id} (${puzzle.kind}): a wrong answer fails it`, async () => {
    const legal = await rules.request('legal', { game: gameAt(puzzle, puzzle.fen) });
    const first = puzzle.solution[0].split('-');
    const other = legal.find((m) => {
      const s = m.split('-');
      return !(s[0] === first[0] && s.at(-1) === first.at(-1)) && hopsOf(m) < hopsOf(puzzle.solution[0]) + (puzzle.kind === 'chain' ? 0 : 1);
    });
    let fen = puzzle.fen;
    let answer = await playPuzzleMove(rules, puzzle, fen, other, 0);
    for (let i = 1; answer.outcome === 'more' && i < playerMoves(puzzle); i++) {
      fen = answer.turn.fen;
      const next = (await rules.request('legal', { game: gameAt(puzzle, fen) }))[0];
      answer = await playPuzzleMove(rules, puzzle, fen, next, i);
    }
    assert.equal(answer.outcome, 'failed');
  });
}

test('a refused move changes nothing and is no answer', async () => {
  const puzzle = puzzles[0];
  const answer = await playPuzzleMove(rules, puzzle, puzzle.fen, 'a1-a9', 0);
  assert.ok(answer.refusal);
  assert.equal(answer.outcome, undefined);
});

test('lines that break the contract are skipped, not guessed at', () => {
  const good = { id: 'x', kind: 'fill', variant: 19, players: 2, fen: puzzles[0].fen, solution: ['a1-a2'], rating: 1500 };
  assert.ok(parsePuzzle(JSON.stringify(good)));
  for (const bad of [{ kind: 'mate' }, { variant: 15 }, { players: 3 }, { solution: [] }, { solution: ['a1a2'] }, { rating: 'high' }, { fen: 'x' }, { id: '' }]) {
    assert.equal(parsePuzzle(JSON.stringify({ ...good, ...bad })), null, JSON.stringify(bad));
  }
  assert.equal(parsePuzzle('{not json'), null);
  assert.deepEqual(parsePuzzles(`${JSON.stringify(good)}\n\nnonsense\n`).skipped, 1);
});

test('a puzzle is served from a band around the rating, the nearest first, never one already played', () => {
  const list = [1000, 1400, 1500, 1620, 2100].map((rating, i) => ({ id: `p${i}`, rating }));
  assert.equal(pickPuzzle(list, 1580).id, 'p3');
  assert.equal(pickPuzzle(list, 1580, new Set(['p3'])).id, 'p2');
  assert.equal(pickPuzzle(list, 3000).id, 'p4', 'the band widens until one is found');
  assert.equal(pickPuzzle(list, 1500, new Set(list.map((p) => p.id))), null);
});

test('the puzzle of the day is the same for a date whatever the order, and changes with the date', () => {
  const day = puzzleOfTheDay(puzzles, '2026-12-03');
  assert.equal(puzzleOfTheDay([...puzzles].reverse(), '2026-12-03'), day);
  const days = new Set(['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06'].map((d) => puzzleOfTheDay(puzzles, d).id));
  assert.ok(days.size > 1);
  assert.equal(puzzleOfTheDay([], '2026-12-03'), null);
});
