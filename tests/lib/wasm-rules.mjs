// wasm-rules.mjs: the page's rules worker (web/js/engine-worker.js: play,
// targets, legal) answered in this process by the same WebAssembly module,
// for the Node tests of the Learn page's lessons and puzzles.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Halma, squareIndex } from '../../web/js/halma-wasm.js';

export const wasmModule = await WebAssembly.compile(readFileSync(new URL('../../build/wasm/halma.wasm', import.meta.url)));

/** {halma, rules}: a fresh instance, and request(op, fields) over it. */
export async function wasmRules() {
  const halma = await Halma.create(wasmModule);
  const rules = {
    async request(op, { game, move, chain }) {
      const refused = halma.setFen(game.fen, game);
      if (refused) throw new Error(`the FEN is refused: ${refused.message}`);
      for (const m of game.moves) assert.ok(halma.play(m).path, `replaying ${m}`);
      if (op === 'play') {
        const { path, refusal } = halma.play(move);
        return refusal ? { refusal } : { path, state: halma.state() };
      }
      if (op === 'targets') {
        const flags = halma.targets(chain.map(squareIndex));
        return flags && Array.from(flags);
      }
      if (op === 'legal') return halma.legal();
      if (op === 'state') return halma.state();
      throw new Error(`no op ${op}`);
    },
  };
  return { halma, rules };
}
