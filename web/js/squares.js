// squares.js: the board's geometry and a position's pieces: square names and
// their files and ranks, the camps (RULES.md), steps, and the pieces of a
// FEN.  Pure functions: the board, the analysis and the controller share them.

const FILES = 'abcdefghijklmnop';

/** (4, 4) -> "e5": file and rank counted from 0. */
export const squareAt = (file, rank) => FILES[file] + (rank + 1);
export const fileOf = (square) => FILES.indexOf(square[0]);
export const rankOf = (square) => Number(square.slice(1)) - 1;

/** One square to the next by a step (not a hop). */
export const isStep = (a, b) => Math.max(Math.abs(fileOf(a) - fileOf(b)), Math.abs(rankOf(a) - rankOf(b))) === 1;

/** Each seat's home corner as [file, rank] (RULES-MULTI.md). */
const CORNERS = { w: [15, 0], r: [0, 0], b: [0, 15], y: [15, 15] };

/** The far corner of a seat's goal camp as [file, rank]. */
export const goalCorner = (side) => CORNERS[goalOf(side)];

/** A seat's goal: the camp diagonally opposite its own. */
export const goalOf = (side) => ({ w: 'b', b: 'w', r: 'y', y: 'r' })[side];

/** The squares of a camp (RULES.md): 'w' bottom-right, 'b' top-left, and
 * for three or four 'r' bottom-left, 'y' top-right. */
export function campSquares(side, variant) {
  const size = variant === 13 ? 4 : 5;
  const squares = new Set();
  for (let dy = 0; dy <= size; dy++) {
    for (let dx = 0; dx + dy <= size; dx++) {
      if ((dx === size && dy === 0) || (dx === 0 && dy === size)) continue;
      const [file, rank] = CORNERS[side];
      squares.add(squareAt(file ? 15 - dx : dx, rank ? 15 - dy : dy));
    }
  }
  return squares;
}

/** The pieces of a FEN's placement: Map square -> 'w' | 'b' (or 'r', 'y'). */
export function piecesOf(fen) {
  const pieces = new Map();
  fen.split(' ')[0].split('/').forEach((row, i) => {
    const rank = 16 - i;
    let file = 0;
    for (const token of row.match(/\d+|[wrby]/g) ?? []) {
      if (/[wrby]/.test(token)) pieces.set(FILES[file++] + rank, token);
      else file += Number(token);
    }
  });
  return pieces;
}

/** A FEN from each seat's squares ({w: ['a1'], b: ['p16']}, r and y too),
 * `side` to move after `turns` turns: piecesOf's inverse. */
export function fenOf(squares, side = 'w', turns = 0) {
  const at = new Map();
  for (const [seat, list] of Object.entries(squares)) for (const square of list ?? []) at.set(square, seat);
  const ranks = [];
  for (let rank = 16; rank >= 1; rank--) {
    let row = '';
    let empty = 0;
    for (let file = 0; file < 16; file++) {
      const piece = at.get(FILES[file] + rank);
      if (!piece) {
        empty++;
        continue;
      }
      row += (empty || '') + piece;
      empty = 0;
    }
    ranks.push(row + (empty || ''));
  }
  return `${ranks.join('/')} ${side} ${turns}`;
}

/** The squares of a move's path ("a1-a3-c3"), none for a pass. */
export const pathSquares = (move) => (move && move !== 'pass' ? move.split('-') : null);
