// scoreboard.js: the person's record against the computer, kept on this
// device: games played and won per variant and level.  A game counts once,
// when it ends (a win, a loss, a draw or a resignation).

const KEY = 'halma.scoreboard.v1';

function readAll() {
  try {
    const data = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return data && typeof data === 'object' && !Array.isArray(data) ? data : {};
  } catch {
    return {}; // unreadable or storage disabled: an empty record
  }
}

const keyOf = (variant, level) => `${variant}/${level}`;
const count = (n) => (Number.isInteger(n) && n >= 0 ? n : 0);

/** {played, won} at a variant and level. */
export function scoreAt(variant, level) {
  const entry = readAll()[keyOf(variant, level)] ?? {};
  const played = count(entry.played);
  return { played, won: Math.min(count(entry.won), played) };
}

/** Adds one finished game. */
export function addGame(variant, level, won) {
  const all = readAll();
  const { played, won: wins } = scoreAt(variant, level);
  all[keyOf(variant, level)] = { played: played + 1, won: wins + (won ? 1 : 0) };
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // full or disabled: the game goes on, uncounted
  }
}

export function clearScores() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing stored, nothing to clear
  }
}
