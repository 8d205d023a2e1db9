// positions.mjs: building FENs for tests from lists of squares.

import { fenOf } from '../../web/js/squares.js';

const FILES = 'abcdefghijklmnop';

export const START_19 = 'bbbbb11/bbbbb11/bbbb12/bbb13/bb14/16/16/16/16/16/16/14ww/13www/12wwww/11wwwww/11wwwww w 0';
export const START_13 = 'bbbb12/bbbb12/bbb13/bb14/16/16/16/16/16/16/16/16/14ww/13www/12wwww/12wwww w 0';

/** The squares of a camp: 'w' bottom-right, 'b' top-left; 19 or 13 pieces. */
export function camp(side, variant = 19) {
  const size = variant === 19 ? 5 : 4;
  const squares = [];
  for (let dy = 0; dy <= size; dy++) {
    for (let dx = 0; dx <= size - dy; dx++) {
      if ((dx === size && dy === 0) || (dx === 0 && dy === size)) continue;
      const file = side === 'w' ? 15 - dx : dx;
      const rank = side === 'w' ? dy : 15 - dy;
      squares.push(FILES[file] + (rank + 1));
    }
  }
  return squares;
}

/** A FEN from the squares of each side, e.g. {w: ['a1'], b: ['p16']}. */
export const fen = ({ w, b }, side = 'w', turns = 0) => fenOf({ w, b }, side, turns);

/** Replaces squares in a list: move(list, 'p1', 'h8'). */
export function moved(list, from, to) {
  return list.map((s) => (s === from ? to : s));
}

/**
 * A 19-piece position one move from White's win: 18 White pieces in their
 * goal camp (Black's, top-left) and the last on `last`, next to the one empty
 * goal square `hole`; White to move.
 */
export function nearWin(last = 'b11', hole = 'a12') {
  const white = camp('b').filter((s) => s !== hole).concat([last]);
  const black = camp('w').filter((s) => s !== 'p1').concat(['h8']);
  return { fen: fen({ w: white, b: black }, 'w', 120), hole, last };
}

/**
 * A 19-piece position one move from White's Parlett win under the house rule
 * nospoil (RULES-HOUSE.md): Black's three stayers on a16, b16 and a15 in
 * White's goal, White on 15 of its other 16 squares, `hole` empty and White's
 * `last` a step from it; White to move.  Under the seeds' rules the same move
 * wins nothing.
 */
export function parlettNear(last = 'e13', hole = 'd14') {
  const stayers = ['a16', 'b16', 'a15'];
  const white = camp('b').filter((s) => !stayers.includes(s) && s !== hole).concat([last, 'h8', 'i8', 'j8']);
  const black = stayers.concat(FILES.split('').map((file) => `${file}6`));
  return { fen: fen({ w: white, b: black }, 'w', 120), hole, last };
}
