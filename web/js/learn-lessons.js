// learn-lessons.js: the lessons of the Learn page (learn.html) as data, and
// the pure parts of playing one: a lesson's position as a FEN, whether its
// goal is met, its stars.  The rules are never judged here: every move goes
// to the WebAssembly rules (the page's worker, or the Node tests' module).
//
// A lesson: id (its texts are learn.<id>.title, .goal, .hint, .wrong in
// i18n/*.json), the game's kind (variant, players, partners), the pieces of
// each seat (exactly the variant's count, as every FEN needs), the learner's
// seat (White), the goal, the par in moves, the intended line (tested to be
// legal and to reach the goal in par), the other seats' replies after each
// of the learner's moves (none: they stand still), and a wrong move whose
// explanation is learn.<id>.wrong.

import { fenOf, piecesOf } from './squares.js';

const FILES = 'abcdefghijklmnop';
const CORNERS = { w: [15, 0], r: [0, 0], b: [0, 15], y: [15, 15] };

/** The squares of a seat's home camp (RULES.md's staircase), 19 or 13. */
export function camp(side, variant = 19) {
  const size = variant === 13 ? 4 : 5;
  const [cornerFile, cornerRank] = CORNERS[side];
  const squares = [];
  for (let dy = 0; dy <= size; dy++) {
    for (let dx = 0; dx + dy <= size; dx++) {
      if ((dx === size && dy === 0) || (dx === 0 && dy === size)) continue;
      squares.push(FILES[cornerFile ? 15 - dx : dx] + ((cornerRank ? 15 - dy : dy) + 1));
    }
  }
  return squares;
}

/** A list with some squares replaced: moved(list, {p1: 'h8'}). */
export function moved(list, moves) {
  return list.map((square) => moves[square] ?? square);
}

const without = (list, squares) => list.filter((square) => !squares.includes(square));

/** The FEN of a lesson's pieces, with `side` to move. */
export const lessonFen = (lesson, side = lesson.side ?? 'w') => fenOf(lesson.pieces, side);

/** The same position with another seat to move (the others stand still). */
export const withSideToMove = (fen, side) => fen.replace(/^(\S+)\s+\S+/, `$1 ${side}`);

/** The hops of a move's path ("h8-f10-d12": 2; a step: 0). */
export function hopsOf(move) {
  const squares = move.split('-');
  let hops = 0;
  for (let i = 1; i < squares.length; i++) {
    const df = Math.abs(FILES.indexOf(squares[i][0]) - FILES.indexOf(squares[i - 1][0]));
    const dr = Math.abs(Number(squares[i].slice(1)) - Number(squares[i - 1].slice(1)));
    if (Math.max(df, dr) === 2) hops++;
  }
  return hops;
}

/**
 * Is the lesson's goal met after the learner's move?  state: the rules'
 * state after it (and the replies); move: the learner's move as played.
 *   reach: a piece of the learner's on every one of `squares`;
 *   hops: the move was a chain of at least `count` hops;
 *   home: the learner's seat (with its partner) has won.
 */
export function goalMet(goal, side, state, move) {
  if (goal.kind === 'hops') return hopsOf(move) >= goal.count;
  if (goal.kind === 'home') return state.winners.includes(side);
  const pieces = piecesOf(state.fen);
  return goal.squares.every((square) => pieces.get(square) === side);
}

/** The squares the board marks as the goal. */
export function goalSquares(lesson) {
  if (lesson.goal.kind === 'reach') return lesson.goal.squares;
  if (lesson.goal.kind === 'home') return lesson.goal.camp ?? [];
  return [];
}

/** Stars for a goal met in `moves`: three at par, two within two more,
 * one after that. */
export const starsFor = (moves, par) => (moves <= par ? 3 : moves <= par + 2 ? 2 : 1);

/** The moves a lesson allows before it asks for a fresh try. */
export const moveLimit = (lesson) => lesson.par + 4;

// ---- the positions ---------------------------------------------------------

const W = camp('w');
const B = camp('b');
const W13 = camp('w', 13);
const B13 = camp('b', 13);

/** Pieces moved out of the way of the learner's goal: Black's spares on its
 * own side of the board, a block far from any lesson. */
const lesson = (fields) => ({ variant: 19, players: 2, partners: false, side: 'w', replies: [], ...fields });

export const LESSONS = [
  lesson({
    id: 'step',
    pieces: { w: moved(W, { p1: 'h8' }), b: B },
    goal: { kind: 'reach', squares: ['g9'] },
    par: 1,
    line: ['h8-g9'],
    wrong: 'h8-i7',
  }),
  lesson({
    id: 'hop',
    pieces: { w: moved(W, { p1: 'h8' }), b: moved(B, { a16: 'g9' }) },
    goal: { kind: 'reach', squares: ['f10'] },
    par: 1,
    line: ['h8-f10'],
    wrong: 'h8-g8',
  }),
  lesson({
    id: 'chain',
    pieces: { w: moved(W, { p1: 'j6' }), b: moved(B, { a16: 'i7', b16: 'g9', c16: 'e11' }) },
    goal: { kind: 'reach', squares: ['d12'] },
    par: 1,
    line: ['j6-h8-f10-d12'],
    wrong: 'j6-h8-f10',
    further: 1,
  }),
  lesson({
    id: 'turns',
    pieces: { w: moved(W, { p1: 'k6' }), b: moved(B, { a16: 'k7', b16: 'j9', c16: 'h10' }) },
    goal: { kind: 'reach', squares: ['g10'] },
    par: 1,
    line: ['k6-k8-i10-g10'],
    wrong: 'k6-k8',
    further: 2,
  }),
  lesson({
    id: 'stop',
    pieces: { w: moved(W, { p1: 'j6' }), b: moved(B, { a16: 'i7', b16: 'g9', c16: 'e11' }) },
    goal: { kind: 'reach', squares: ['f10'] },
    par: 1,
    line: ['j6-h8-f10'],
    wrong: 'j6-h8-f10-d12',
  }),
  lesson({
    id: 'goalRule',
    pieces: { w: moved(W, { p1: 'd12', p2: 'c14' }), b: moved(B, { c13: 'a1', c14: 'b1' }) },
    goal: { kind: 'reach', squares: ['c13', 'c14'] },
    par: 1,
    line: ['d12-c13'],
    wrong: 'c14-d13',
    refused: 'goal-camp',
  }),
  lesson({
    id: 'fill',
    pieces: { w: [...without(B, ['c13', 'd14']), 'd12', 'e13'], b: [...without(W, ['l1', 'l2']), 'a1', 'b1'] },
    goal: { kind: 'home', camp: B },
    par: 2,
    line: ['d12-c13', 'e13-d14'],
    wrong: 'd12-d13',
  }),
  lesson({
    id: 'order',
    pieces: { w: [...without(B, ['c13', 'b12']), 'e11', 'd12'], b: [...without(W, ['l1', 'l2']), 'a1', 'b1'] },
    goal: { kind: 'home', camp: B },
    par: 3,
    line: ['e11-c13', 'd12-c12', 'c12-b12'],
    wrong: 'd12-c13',
    costs: true,
  }),
  lesson({
    id: 'ladder',
    pieces: { w: moved(W, { p1: 'm4', p2: 'l5', o1: 'j6', o2: 'h9' }), b: B },
    goal: { kind: 'reach', squares: ['g10', 'h9'] },
    par: 2,
    line: ['j6-j7', 'm4-k6-i8-g10'],
    wrong: 'm4-k6',
  }),
  lesson({
    id: 'bridge',
    pieces: { w: moved(W, { p1: 'm5', p2: 'k7', o1: 'i9' }), b: B },
    goal: { kind: 'reach', squares: ['h10'] },
    par: 1,
    line: ['n4-l6-j8-h10'],
    wrong: 'n4-l6-j8',
    further: 1,
  }),
  lesson({
    id: 'straggler',
    pieces: {
      w: ['p1', 'o2', 'm4', 'k6', ...'cdefghij'.split('').map((f) => `${f}11`), ...'cdefghi'.split('').map((f) => `${f}12`)],
      b: B,
    },
    goal: { kind: 'reach', squares: ['j7'] },
    par: 1,
    line: ['p1-n3-l5-j7'],
    wrong: 'p1-n3',
    further: 2,
  }),
  lesson({
    id: 'blocked',
    pieces: { w: moved(W, { p1: 'h8' }), b: moved(B, { a16: 'g9', b16: 'f10', c16: 'h9', d16: 'g11' }) },
    goal: { kind: 'reach', squares: ['f12'] },
    par: 1,
    line: ['h8-h10-f12'],
    wrong: 'h8-h10',
    further: 1,
  }),
  lesson({
    id: 'block',
    pieces: { w: moved(W, { p1: 'f10', p2: 'h8', o1: 'h9' }), b: moved(B, { a16: 'e11' }) },
    goal: { kind: 'reach', squares: ['g9'] },
    par: 1,
    line: ['h9-g9'],
    wrong: 'h9-g10',
    blocks: 'e11-g9-i7',
  }),
  lesson({
    id: 'thirteen',
    variant: 13,
    pieces: { w: [...without(B13, ['c14', 'b13']), 'd13', 'c12'], b: [...without(W13, ['m1', 'm2']), 'a1', 'b1'] },
    goal: { kind: 'home', camp: B13 },
    par: 2,
    line: ['d13-c14', 'c12-b13'],
    wrong: 'd13-d14',
  }),
  lesson({
    id: 'three',
    variant: 13,
    players: 3,
    pieces: { w: moved(W13, { p1: 'h8' }), r: moved(camp('r', 13), { a1: 'f8' }), b: B13 },
    goal: { kind: 'reach', squares: ['f10'] },
    par: 2,
    line: ['o4-n5', 'h8-f10'],
    replies: [['f8-g9', 'b13-c12']],
    wrong: 'h8-g9',
  }),
  lesson({
    id: 'four',
    variant: 13,
    players: 4,
    pieces: { w: moved(W13, { p1: 'h8' }), r: camp('r', 13), b: B13, y: moved(camp('y', 13), { p16: 'g10' }) },
    goal: { kind: 'reach', squares: ['f10'] },
    par: 2,
    line: ['o4-n5', 'h8-f10'],
    replies: [['d1-e2', 'b13-c12', 'g10-g9']],
    wrong: 'h8-g9',
  }),
  lesson({
    id: 'partners',
    variant: 13,
    players: 4,
    partners: true,
    pieces: { w: moved(W13, { p1: 'h8' }), r: camp('r', 13), b: moved(B13, { a16: 'g9', b16: 'e11' }), y: camp('y', 13) },
    goal: { kind: 'reach', squares: ['d12'] },
    par: 1,
    line: ['h8-f10-d12'],
    wrong: 'h8-f10',
    further: 1,
  }),
];

/** The lesson of an id, or undefined. */
export const lessonById = (id) => LESSONS.find((l) => l.id === id);
export { without };
