// multi-ending.js: how the server's word ends a game of three or four that
// the rules here could not see end (ONLINE.md, "Three and four seats"): an
// agreed draw, an abort, the last person leaving, or partners losing
// together by a resignation, the clock or an abandonment.

const WINS = { w: 'white-wins', r: 'red-wins', b: 'black-wins', y: 'yellow-wins' };

/** The rules' state of three or four, ended by the server's outcome
 * {winner (a seat, [seat, seat] or null), reason}; `lostBy` says how the
 * others lost when they did not by the rules. */
export function multiEnding(outcome, state) {
  if (!outcome || state.result !== 'ongoing') return state;
  if (outcome.reason === 'aborted') return { ...state, result: 'aborted' };
  if (!outcome.winner) return { ...state, result: outcome.reason === 'agreement' ? 'draw-agreement' : 'no-winner' };
  const winners = [outcome.winner].flat();
  return { ...state, result: winResult(winners), winners, lostBy: outcome.reason };
}

/** The result for the seats that won: one seat, or partners. */
export const winResult = (winners) => (winners.length === 2 ? (winners.includes('w') ? 'white-black-win' : 'red-yellow-win') : WINS[winners[0]]);
