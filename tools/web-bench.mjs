#!/usr/bin/env node
// web-bench.mjs: prints the web game's figures for docs/MEASUREMENTS.md (page weight,
// first paint, WebAssembly against native speed, reply time).  Run after
// `make`: node tools/web-bench.mjs [perft depth] [search depth]
import { setup } from '../tests/e2e/harness.mjs';
import { bundleSizes, measureFirstLoad, measurePerft, measureReply, measureSearch } from '../tests/e2e/measure.mjs';

const perftDepth = Number(process.argv[2] ?? 5);
const searchDepth = Number(process.argv[3] ?? 0);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const env = await setup();
try {
  console.log(`server: ${env.server.kind}`);
  const sizes = bundleSizes();
  const groups = {};
  for (const [file, size] of Object.entries(sizes)) {
    const group = file === 'halma.wasm' ? 'halma.wasm' : file.includes('/') ? `${file.split('/')[0]}/` : file;
    groups[group] = (groups[group] ?? 0) + size;
  }
  console.log('\n| files | size |\n| --- | ---: |');
  for (const [group, size] of Object.entries(groups).sort((a, b) => b[1] - a[1])) console.log(`| ${group} | ${kb(size)} |`);
  console.log(`| all | ${kb(Object.values(sizes).reduce((a, b) => a + b, 0))} |`);

  const loads = [];
  for (let i = 0; i < 3; i++) loads.push(await measureFirstLoad(env));
  const load = loads[0];
  const page = load.requests.filter((r) => r.bytes > 0);
  console.log(`\nfirst load: ${kb(load.bytes)} transferred in ${page.length} responses, foreign requests: ${load.foreign.length}`);
  console.log(`first contentful paint: ${loads.map((l) => Math.round(l.fcpMs)).join(', ')} ms; ready (board drawn, game loaded): ${loads.map((l) => l.readyMs).join(', ')} ms`);

  const perft = await measurePerft(env, perftDepth, 3);
  console.log(`\nperft ${perft.depth} (${perft.count} moves): wasm ${perft.wasmMs.toFixed(0)} ms, native ${perft.nativeMs} ms, ratio ${perft.ratio.toFixed(2)}`);
  if (searchDepth > 0) {
    const search = await measureSearch(env, searchDepth, 2);
    console.log(
      `search depth ${searchDepth}: wasm ${search.wasm.time} ms (${search.wasm.nodes} nodes, ${search.wasm.move}), native ${search.native.time} ms (${search.native.nodes} nodes, ${search.native.move}), ratio ${search.ratio?.toFixed(2)}`,
    );
  }
  const replies = await measureReply(env);
  console.log(`\nreplies at the default level: ${replies.map((r) => `search ${r.thinkMs} ms, shown ${r.shownMs} ms`).join('; ')}`);
} finally {
  await env.close();
}
