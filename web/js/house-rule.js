// house-rule.js: the house rule against spoiling (RULES-HOUSE.md, `nospoil`:
// no return home, Parlett's win) as the page's games carry it: `rules:
// 'nospoil'` in the game spec beside the variant, left out for the seeds'
// rules, so that a game without it is the game it always was.

export const NOSPOIL = 'nospoil';

/** A game spec's part for the rules chosen: {rules: 'nospoil'}, or nothing. */
export const rulesPart = (rules) => (rules === NOSPOIL ? { rules: NOSPOIL } : {});

/** Whether a game (a spec, the rules' state, the server's game) plays under the house rule. */
export const noSpoil = (game) => game?.rules === NOSPOIL;

/** The rules as the online API names them (ONLINE.md): 'nospoil' or 'standard'. */
export const apiRules = (game) => (noSpoil(game) ? NOSPOIL : 'standard');
