// engine-worker.js: runs the WebAssembly rules and engine off the page's main
// thread (a module worker), so the page never freezes while the computer
// thinks.  The page starts two: one answers the rules' questions at once, the
// other searches, and is simply replaced when a search must be abandoned.
//
// Every request carries the whole game ({variant, fen, turnLimit, moves, and
// for three or four players, players and partners; rules 'nospoil' under the
// house rule}: one Halma plays any),
// so the page's state is the only truth and a worker can never drift from
// it; the worker keeps its last game and only plays or takes back the moves
// that differ.
//
// Request: {id, op, game, ...}; reply: {id, result} or {id, error}.  The
// first message is {op: 'init', module}: the page compiles halma.wasm once
// and hands the compiled module to each worker (without one, the worker
// fetches and compiles it itself).

import { Halma, compileHalma, squareIndex } from './halma-wasm.js';

let init;
const ready = new Promise((resolve) => (init = resolve))
  .then((module) => Halma.create(module ?? compileHalma(new URL('../halma.wasm', import.meta.url))));
let loaded = null; // the game the instance holds: {variant, fen, turnLimit, moves}

const sameStart = (a, b) =>
  a.variant === b.variant && a.fen === b.fen && a.turnLimit === b.turnLimit && a.players === b.players && a.partners === b.partners && a.rules === b.rules;

/**
 * Brings the instance to `game`.  Returns null, or {at, refusal} when the
 * start or move number `at` is refused (the instance then holds the game up
 * to the move before).
 */
function sync(halma, game) {
  let common = 0;
  if (loaded && sameStart(loaded, game)) {
    while (common < loaded.moves.length && common < game.moves.length && loaded.moves[common] === game.moves[common]) {
      common++;
    }
    for (let i = loaded.moves.length; i > common; i--) halma.undo();
  } else {
    loaded = null;
    if (game.fen) {
      const refusal = halma.setFen(game.fen, game);
      if (refusal) return { at: -1, refusal };
    } else {
      halma.newGame(game);
    }
  }
  const played = game.moves.slice(0, common);
  loaded = { ...game, moves: played };
  for (let i = common; i < game.moves.length; i++) {
    const { refusal } = halma.play(game.moves[i]);
    if (refusal) return { at: i, refusal };
    played.push(game.moves[i]);
  }
  return null;
}

/** Refuses requests whose game does not load (a stale or damaged one). */
function synced(halma, game) {
  const failure = sync(halma, game);
  if (failure) throw Object.assign(new Error('the game does not load'), { failure });
}

const ops = {
  // What a new game can be: the levels, the start positions, the turn limit.
  setup(halma) {
    return { levels: halma.levels(), starts: halma.starts() };
  },
  // Reads a game record's form (no game needed: the page loads it next).
  parseRecord(halma, { text }) {
    return halma.parseRecord(text);
  },
  // Loads a game move by move, writing each move with its whole path; on a
  // refusal answers what did load, and where and why it stopped.
  load(halma, { game }) {
    loaded = null;
    const start = { ...game, moves: [] };
    const failure = sync(halma, start);
    if (failure) return { failure, moves: [], state: null };
    const moves = [];
    for (let i = 0; i < game.moves.length; i++) {
      const { path, refusal } = halma.play(game.moves[i]);
      if (refusal) {
        loaded.moves = moves.slice();
        return { failure: { at: i, refusal }, moves, state: halma.state() };
      }
      moves.push(path);
    }
    loaded.moves = moves.slice();
    return { failure: null, moves, state: halma.state() };
  },
  state(halma, { game }) {
    synced(halma, game);
    return halma.state();
  },
  play(halma, { game, move }) {
    synced(halma, game);
    const { path, refusal } = halma.play(move);
    if (refusal) return { refusal };
    loaded.moves.push(path);
    return { path, state: halma.state() };
  },
  targets(halma, { game, chain }) {
    synced(halma, game);
    const flags = halma.targets(chain.map(squareIndex));
    return flags && Array.from(flags);
  },
  chainTo(halma, { game, chain, to }) {
    synced(halma, game);
    return halma.chainTo(chain.map(squareIndex), squareIndex(to));
  },
  fenAt(halma, { game, k }) {
    synced(halma, game);
    return halma.fenAt(k);
  },
  legal(halma, { game }) {
    synced(halma, game);
    return halma.legal();
  },
  // Another game: the engines forget the last one (api_engine_new_game does
  // nothing to an engine before its first search).
  newGame(halma) {
    halma.engineNewGame();
    return null;
  },
  think(halma, { game, level, movetime, depth, hashMb }) {
    synced(halma, game);
    if (!halma.engineReady) halma.engineReady = halma.engineInit(hashMb ?? 16) >= 0;
    const started = performance.now();
    const answer = halma.think({ level, movetime, depth });
    return answer && { ...answer, wallMs: performance.now() - started };
  },
  hint(halma, { game, movetime, hashMb }) {
    synced(halma, game);
    if (!halma.engineReady) halma.engineReady = halma.engineInit(hashMb ?? 16) >= 0;
    return halma.hint({ movetime });
  },
  perft(halma, { game, depth }) {
    synced(halma, game);
    const started = performance.now();
    const count = halma.perft(depth);
    return { count, ms: performance.now() - started };
  },
};

self.onmessage = async ({ data }) => {
  const { id, op } = data;
  if (op === 'init') return init(data.module);
  try {
    const halma = await ready;
    if (!Object.hasOwn(ops, op)) throw new Error(`unknown op ${op}`);
    self.postMessage({ id, result: ops[op](halma, data) });
  } catch (error) {
    // A trap leaves the instance's game in no known state: the next request
    // sets it up again from the start.
    if (error instanceof WebAssembly.RuntimeError) loaded = null;
    self.postMessage({ id, error: { message: String(error?.message ?? error), failure: error?.failure ?? null } });
  }
};
