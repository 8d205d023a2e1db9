// learn-play.js: a lesson's or a puzzle's moves through the rules.  `rules`
// is anything with request(op, fields) as the page's rules worker answers it
// (engine-client.js: play, targets); the Node tests hand it the same module
// directly.  The other seats stand still (the learner's seat is set to move
// again) unless the lesson gives their replies.

import { TARGET } from './halma-wasm.js';
import { goalMet, hopsOf, withSideToMove } from './learn-lessons.js';

/** The game a request carries: a lesson's kind from `fen`, no moves yet. */
export const gameAt = (kind, fen, moves = []) => ({
  variant: kind.variant ?? 19,
  players: kind.players ?? 2,
  ...(kind.partners ? { partners: true } : {}),
  turnLimit: 0,
  fen,
  moves,
});

/**
 * Plays the learner's move from `fen`, then the other seats' `replies` (a
 * refused reply ends them: that seat stands still).  Answers {refusal}, or
 * {path, state (after the learner's move), fen (the next position, the
 * learner to move), replies (as played)}.
 */
export async function playTurn(rules, kind, fen, move, replies = [], side = 'w') {
  const answer = await rules.request('play', { game: gameAt(kind, fen), move });
  if (answer.refusal) return { refusal: answer.refusal };
  const played = [answer.path];
  let after = answer.state;
  if (after.result === 'ongoing') {
    for (const reply of replies) {
      const next = await rules.request('play', { game: gameAt(kind, fen, played), move: reply });
      if (next.refusal) break;
      played.push(next.path);
      after = next.state;
      if (after.result !== 'ongoing') break;
    }
  }
  const nextFen = after.result === 'ongoing' && after.side !== side ? withSideToMove(after.fen, side) : after.fen;
  return { path: answer.path, state: answer.state, fen: nextFen, replies: played.slice(1) };
}

/** A lesson's move judged: {met} once its goal is met, else why not yet. */
export function judged(lesson, turn) {
  return { ...turn, met: goalMet(lesson.goal, lesson.side, turn.state, turn.path) };
}

/**
 * How many more hops the chain `path` (a move played from the position of
 * `game`) could have made: the longest continuation the rules allow from
 * where it stopped (0 for a step, or a chain that could go no further).
 */
export async function furtherHops(rules, game, path, cap = 8) {
  if (!path.includes('-') || hopsOf(path) !== path.split('-').length - 1) return 0;
  const longest = async (chain, depth) => {
    if (depth >= cap) return 0;
    const flags = await rules.request('targets', { game, chain });
    if (!flags) return 0;
    let best = 0;
    for (let i = 0; i < flags.length; i++) {
      if (!(flags[i] & TARGET.HOP)) continue;
      const square = 'abcdefghijklmnop'[i & 15] + ((i >> 4) + 1);
      best = Math.max(best, 1 + (await longest([...chain, square], depth + 1)));
    }
    return best;
  };
  return longest(path.split('-'), 0);
}
