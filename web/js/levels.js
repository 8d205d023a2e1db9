// levels.js: the computer's levels as the new-game dialog describes them:
// a name and how long and how deep each thinks.  The figures are
// src/engine/levels.c's (think_ms, depth cap; 0 = no cap), which
// tests/web/levels.test.mjs checks this table against.

export const LEVELS = Object.freeze([
  { level: 1, thinkMs: 100, depth: 1 },
  { level: 2, thinkMs: 100, depth: 1 },
  { level: 3, thinkMs: 100, depth: 2 },
  { level: 4, thinkMs: 100, depth: 3 },
  { level: 5, thinkMs: 150, depth: 4 },
  { level: 6, thinkMs: 200, depth: 5 },
  { level: 7, thinkMs: 20, depth: 0 },
  { level: 8, thinkMs: 100, depth: 0 },
  { level: 9, thinkMs: 250, depth: 0 },
  { level: 10, thinkMs: 1000, depth: 0 },
]);

/** A level in words: {name, detail}, e.g. "Beginner", "Thinks up to 0.1 s,
 * 1 move ahead." */
export function describeLevel(level, t, language) {
  const { thinkMs, depth } = LEVELS[level - 1];
  const time = new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(thinkMs / 1000);
  const detail = depth ? t('level.detailDepth', { time, depth }) : t('level.detailTime', { time });
  return { name: t(`level.${level}`), detail };
}
