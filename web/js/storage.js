// storage.js: the game in progress, the settings and the person's record
// against the computer in localStorage, so a reload or a closed tab loses
// nothing.  What is read back is never trusted:
// a damaged save is set aside (kept under another key) rather than thrown
// away, and the page starts clean.

import { NOSPOIL, rulesPart, seatingOf } from './seating.js';

const GAME_KEY = 'halma.game.v1';
const DAMAGED_KEY = 'halma.game.damaged';
const SETTINGS_KEY = 'halma.settings.v1';
const SCORES_KEY = 'halma.scoreboard.v1';
const ANALYSIS_KEY = 'halma.analysis.v1';
/** Analyses kept (the newest games'). */
const MAX_ANALYSES = 5;
const MAX_MOVES = 2000;

function read(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage disabled: play on without saving
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, value);
    return true;
  } catch {
    return false; // full or disabled: the game goes on, unsaved
  }
}

const isMoveList = (list) =>
  Array.isArray(list) && list.length <= MAX_MOVES && list.every((m) => typeof m === 'string' && m.length > 0 && m.length <= 300);

/** Checks the shape of a saved game, its level within levels {min, max};
 * returns it cleaned, or null. */
export function validSave(data, levels) {
  if (!data || typeof data !== 'object') return null;
  const { variant, fen, turnLimit, moves, redo, mode, human, level } = data;
  if (variant !== 19 && variant !== 13) return null;
  if (fen !== null && (typeof fen !== 'string' || fen.length > 400)) return null;
  if (!Number.isInteger(turnLimit) || turnLimit < 1 || turnLimit > 2000) return null;
  if (!isMoveList(moves) || !isMoveList(redo ?? [])) return null;
  // The house rule or the seeds' rules (none said: the seeds'), nothing else.
  if (data.rules !== undefined && data.rules !== NOSPOIL && data.rules !== 'standard') return null;
  if (mode === 'seats') return validMultiSave(data, levels);
  if (mode !== 'computer' && mode !== 'friends') return null;
  if (human !== 'w' && human !== 'b') return null;
  if (!Number.isInteger(level) || level < levels.min || level > levels.max) return null;
  // The picture of the board drawn before the rules have replayed the game.
  const position = typeof data.position === 'string' && /^[wb0-9/]+ [wb] \d+$/.test(data.position) ? data.position : null;
  const lastMove = Array.isArray(data.lastMove) && data.lastMove.every((s) => /^[a-p]\d{1,2}$/.test(s)) ? data.lastMove : null;
  const resigned = data.resigned === 'w' || data.resigned === 'b' ? data.resigned : null;
  const name = (n) => (typeof n === 'string' && n.length > 0 && n.length <= 80 ? n : null);
  const names = data.names && typeof data.names === 'object' && (name(data.names.w) || name(data.names.b)) ? { w: name(data.names.w), b: name(data.names.b) } : null;
  const counted = data.counted === true; // already in the person's record
  return { variant, fen, turnLimit, moves: [...moves], redo: [...(redo ?? [])], mode, human, level, position, lastMove, resigned, counted, names, ...rulesPart(data.rules) };
}

/** A saved game of three or four players: its kind ({players, partners})
 * and who plays each seat beside what every game has. */
function validMultiSave(data, levels) {
  const { players, partners, seats, level } = data;
  if (partners !== undefined && typeof partners !== 'boolean') return null;
  const seating = Number.isInteger(players) ? seatingOf({ players, partners }) : null;
  if (!seating || seating.headToHead) return null;
  if (!Number.isInteger(level) || level < levels.min || level > levels.max) return null;
  const isLevel = (n) => Number.isInteger(n) && n >= levels.min && n <= levels.max;
  const you = (s) => (s.you === true ? { you: true } : {});
  // A seat given up to the computer keeps its "you", so that nobody is renamed.
  const resigned = (s) => (s.resigned === true ? { resigned: true, ...you(s) } : {});
  const seat = (s) => (s?.kind === 'person' ? { kind: 'person', ...you(s) } : s?.kind === 'computer' && isLevel(s.level) ? { kind: 'computer', level: s.level, ...resigned(s) } : null);
  const cleaned = Array.isArray(seats) && seats.length === players ? seats.map(seat) : [];
  if (cleaned.length !== players || cleaned.includes(null)) return null;
  const two = validSave({ ...data, mode: 'computer', human: 'w', position: null, resigned: null, names: null }, levels);
  if (!two) return null;
  const position = typeof data.position === 'string' && /^[wrby0-9/]+ [wrby] \d+$/.test(data.position) ? data.position : null;
  const conceded = partners === true ? concession(data) : null;
  return { ...two, mode: 'seats', players, partners: partners === true, seats: cleaned, position, ...conceded };
}

/** Partners who conceded together at one screen: {resigned, outcome}, or null. */
function concession({ resigned, outcome }) {
  const pairs = { w: ['r', 'y'], b: ['r', 'y'], r: ['w', 'b'], y: ['w', 'b'] };
  const winners = pairs[resigned];
  const valid = winners && outcome?.reason === 'resign' && Array.isArray(outcome.winner) && outcome.winner.join() === winners.join();
  return valid ? { resigned, outcome: { winner: winners, reason: 'resign' } } : null;
}

/** {saved, damaged}: the saved game (or null), and whether a save was there
 * but could not be read; levels {min, max} bound its level. */
export function loadGame(levels) {
  const raw = read(GAME_KEY);
  if (raw === null) return { saved: null, damaged: false };
  let saved = null;
  try {
    saved = validSave(JSON.parse(raw), levels);
  } catch {
    saved = null;
  }
  if (!saved) write(DAMAGED_KEY, raw);
  return { saved, damaged: !saved };
}

export function saveGame(game) {
  return write(GAME_KEY, JSON.stringify(game));
}

export function loadSettings() {
  try {
    const settings = JSON.parse(read(SETTINGS_KEY) ?? '{}');
    return settings && typeof settings === 'object' ? settings : {};
  } catch {
    return {};
  }
}

/** The animation speed (a name of settings.js's ANIMATION_SPEEDS), whether
 * sounds are on and whether an online turn is notified (off until the
 * person switches them on), the theme and whether an online move waits for
 * a confirmation. */
export function loadPreferences(speeds) {
  const { animation, sound, notify, turnBoard, theme, confirmMove, houseRule } = loadSettings();
  return {
    animation: Object.hasOwn(speeds, animation) ? animation : 'normal',
    sound: sound === true,
    notify: notify === true,
    turnBoard: turnBoard === true,
    // The page's colours: the system's unless the person chose light or dark (js/theme.js).
    theme: THEMES.includes(theme) ? theme : 'system',
    // Online games with clocks: a move shown and sent only once confirmed (move-entry.js).
    confirmMove: confirmMove === true,
    // The new-game dialog's last choice of the house rule against spoiling (dialogs.js).
    houseRule: houseRule === true,
  };
}

export const THEMES = Object.freeze(['system', 'light', 'dark']);

export function saveSetting(name, value) {
  write(SETTINGS_KEY, JSON.stringify({ ...loadSettings(), [name]: value }));
}

// ---- the person's record against the computer ------------------------------
// Games played and won per variant and level; a game counts once, when it
// ends (game.js, countGame).

function readScores() {
  try {
    const all = JSON.parse(read(SCORES_KEY) ?? '{}');
    return all && typeof all === 'object' && !Array.isArray(all) ? all : {};
  } catch {
    return {};
  }
}

const count = (n) => (Number.isInteger(n) && n >= 0 ? n : 0);

/** {played, won} at a variant and level. */
export function scoreAt(variant, level) {
  const entry = readScores()[`${variant}/${level}`] ?? {};
  const played = count(entry.played);
  return { played, won: Math.min(count(entry.won), played) };
}

/** The record's key for a game of three or four players (13-piece camps),
 * kept apart from the two-player game's: "13x4". */
export const multiScoreKey = (players) => `13x${players}`;

export function addGame(variant, level, won) {
  const { played, won: wins } = scoreAt(variant, level);
  write(SCORES_KEY, JSON.stringify({ ...readScores(), [`${variant}/${level}`]: { played: played + 1, won: wins + (won ? 1 : 0) } }));
}

export function clearScores() {
  write(SCORES_KEY, '{}');
}

// ---- the engine's analysis of the last games -------------------------------
// Judging every position of a long game takes the engine half a minute: a
// reload finds what it had judged.  By the game's key (review.js), the newest few.

function readAnalyses() {
  try {
    const all = JSON.parse(read(ANALYSIS_KEY) ?? '{}');
    return all && typeof all === 'object' && !Array.isArray(all) ? all : {};
  } catch {
    return {};
  }
}

const isPath = (p) => p === null || (Array.isArray(p) && p.length <= 40 && p.every((s) => typeof s === 'string' && /^[a-p]\d{1,2}$/.test(s)));
const validJudgement = (j) =>
  j === null || (j && typeof j === 'object' && Number.isFinite(j.lead) && Number.isInteger(j.winIn) && (j.side === 'w' || j.side === 'b') && isPath(j.best ?? null));

/** The judgements kept for a game (one per position, null where none), or []. */
export function loadAnalysis(key) {
  const answers = readAnalyses()[key]?.answers;
  return Array.isArray(answers) && answers.length <= MAX_MOVES + 1 && answers.every(validJudgement) ? answers : [];
}

export function saveAnalysis(key, answers) {
  const all = { ...readAnalyses(), [key]: { answers: Array.from(answers, (a) => a ?? null), at: Date.now() } };
  const newest = Object.entries(all).sort(([, a], [, b]) => (b.at ?? 0) - (a.at ?? 0)).slice(0, MAX_ANALYSES);
  write(ANALYSIS_KEY, JSON.stringify(Object.fromEntries(newest)));
}
