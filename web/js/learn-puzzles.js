// learn-puzzles.js: the Puzzles screen's pure parts: reading puzzles.jsonl
// (one puzzle a line: id, kind fill|chain|win, variant, players, fen,
// solution, rating), the puzzle served to a rating, the puzzle of the day,
// and judging the player's moves (through learn-play.js's rules).

import { hopsOf } from './learn-lessons.js';
import { playTurn } from './learn-play.js';
import { seatingOf } from './seating.js';

export const KINDS = ['fill', 'chain', 'win'];

/** A puzzle's own deviation in the rating (puzzles.jsonl gives none). */
export const PUZZLE_RD = 75;

const MOVE = /^[a-p](?:[1-9]|1[0-6])(?:-[a-p](?:[1-9]|1[0-6]))+$/;

/** One line as a puzzle, or null when any field is not as the file's
 * contract says. */
export function parsePuzzle(line) {
  let p;
  try {
    p = JSON.parse(line);
  } catch {
    return null;
  }
  if (!p || typeof p !== 'object') return null;
  const ok =
    typeof p.id === 'string' &&
    p.id.length > 0 &&
    p.id.length <= 64 &&
    KINDS.includes(p.kind) &&
    (p.variant === 19 || p.variant === 13) &&
    Number.isInteger(p.players) &&
    seatingOf({ players: p.players })?.headToHead === true &&
    typeof p.fen === 'string' &&
    / [wb] \d+$/.test(p.fen.trim()) &&
    Array.isArray(p.solution) &&
    p.solution.length > 0 &&
    p.solution.every((m) => typeof m === 'string' && MOVE.test(m)) &&
    Number.isFinite(p.rating);
  return ok ? { id: p.id, kind: p.kind, variant: p.variant, players: 2, fen: p.fen.trim(), solution: p.solution, rating: p.rating } : null;
}

/** Every well-formed line of a puzzles.jsonl: {puzzles, skipped}. */
export function parsePuzzles(text) {
  const lines = text.split('\n').filter((line) => line.trim());
  const puzzles = lines.map(parsePuzzle).filter(Boolean);
  return { puzzles, skipped: lines.length - puzzles.length };
}

/** The side a puzzle's player moves: the FEN's side to move. */
export const puzzleSide = (puzzle) => puzzle.fen.split(/\s+/)[1];

/** The puzzle of a day ("2026-12-03"), the same for everyone: a hash of
 * the date picks among the puzzles in the order of their ids. */
export function puzzleOfTheDay(puzzles, day) {
  if (!puzzles.length) return null;
  let hash = 2166136261;
  for (const c of day) hash = Math.imul(hash ^ c.charCodeAt(0), 16777619) >>> 0;
  const sorted = [...puzzles].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return sorted[hash % sorted.length];
}

/**
 * The puzzle for a player of `rating`: among those not yet played, the
 * ones within `band` of it (the band doubling until one is found), the
 * nearest first, then by id; null once every puzzle has been played.
 */
export function pickPuzzle(puzzles, rating, played = new Set(), band = 150) {
  const open = puzzles.filter((p) => !played.has(p.id));
  if (!open.length) return null;
  for (let width = band; ; width *= 2) {
    const near = open.filter((p) => Math.abs(p.rating - rating) <= width);
    if (near.length) {
      return near.sort((a, b) => Math.abs(a.rating - rating) - Math.abs(b.rating - rating) || (a.id < b.id ? -1 : 1))[0];
    }
  }
}

const ends = (move) => {
  const squares = move.split('-');
  return `${squares[0]}-${squares.at(-1)}`;
};

/** How many moves the player makes in a puzzle. */
export const playerMoves = (puzzle) => (puzzle.kind === 'win' ? Math.ceil(puzzle.solution.length / 2) : puzzle.kind === 'chain' ? 1 : puzzle.solution.length);

/**
 * The player's move number `index` (from 0) of a puzzle, played from `fen`
 * through the rules: {refusal} (nothing changes), or {turn, outcome}: the
 * outcome 'solved', 'failed' (with why: 'short' a chain with too few hops,
 * 'moves' the goal not filled in the solution's moves, 'line' not the
 * winning move) or 'more' (the next move is the player's again).
 */
export async function playPuzzleMove(rules, puzzle, fen, move, index) {
  const side = puzzleSide(puzzle);
  const wins = puzzle.kind === 'win';
  const reply = wins ? puzzle.solution[2 * index + 1] : undefined;
  const turn = await playTurn(rules, puzzle, fen, move, reply ? [reply] : [], side);
  if (turn.refusal) return turn;
  const won = turn.state.winners.includes(side);
  if (puzzle.kind === 'chain') {
    const needed = hopsOf(puzzle.solution[0]);
    return { turn, outcome: hopsOf(turn.path) >= needed ? 'solved' : 'failed', why: 'short', needed };
  }
  if (puzzle.kind === 'fill') {
    if (won) return { turn, outcome: 'solved' };
    return { turn, outcome: index + 1 >= puzzle.solution.length ? 'failed' : 'more', why: 'moves' };
  }
  if (won) return { turn, outcome: 'solved' };
  const expected = puzzle.solution[2 * index];
  if (!expected || ends(turn.path) !== ends(expected)) return { turn, outcome: 'failed', why: 'line' };
  return { turn, outcome: 2 * index + 2 >= puzzle.solution.length ? 'failed' : 'more', why: 'line' };
}
