// soak_streams.mjs: opens and drops event streams by the thousand against one
// `halma serve` with its real per-address limit (16), from several loopback
// addresses, half closed cleanly (FIN) and half by a reset (RST), game and
// lobby streams alike; then checks that the game's watcher count is back to
// 0, that every address can open its 16 again at once, and how the server's
// memory moved.  A measurement, not part of the suite (docs/MEASUREMENTS.md):
//
//   node tests/online/soak_streams.mjs [--streams N] [--addresses A]
import fs from 'node:fs';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { api, newGame, sleep, startOnline, stopServer } from './online_http.mjs';

const PER_ADDRESS = 16; // --streams-per-address's default, kept
const options = { streams: 10000, addresses: 8, pause: 0 };
for (let i = 2; i < process.argv.length; i += 2) options[process.argv[i].replace(/^--/, '')] = Number(process.argv[i + 1]);

/** An event stream from a given local address: resolves with its status
 * once the response's head has come. */
function openFrom(port, target, local) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: local });
    let head = '';
    socket.on('connect', () => socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`));
    socket.on('data', (d) => {
      if (head.includes('\r\n\r\n')) return;
      head += d.toString('latin1');
      if (head.includes('\r\n\r\n')) resolve({ status: Number(head.split(' ')[1]), socket });
    });
    let error = null;
    socket.on('error', (e) => (error = e.code));
    // Closed unanswered: by the server, or refused here (error's code).
    socket.on('close', () => head.includes('\r\n\r\n') || resolve({ status: 0, socket, error }));
  });
}

const rssKiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);

const server = await startOnline([], { servers: 1 });
const pid = server.child.pid;
const linkOf = (fd) => {
  try {
    return fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
  } catch {
    return ''; // closed while being read
  }
};
const sockets = () => fs.readdirSync(`/proc/${pid}/fd`).filter((fd) => linkOf(fd).startsWith('socket:')).length;
try {
  const game = await newGame(server.port);
  const targets = [`/api/v1/games/${game.id}/events`, '/api/v1/lobby/events'];
  const watchers = async () => (await api(server.port, 'GET', `/api/v1/games/${game.id}`)).body.watchers;
  await api(server.port, 'GET', `/api/v1/games/${game.id}`);
  const idleSockets = sockets() + 1; // the listener and the API's own requests
  const addresses = Array.from({ length: options.addresses }, (_, k) => `127.0.0.${k + 2}`);

  // One wave: every address opens its 16 (game and lobby streams in turn),
  // then drops them, every other one by a reset.  Refusals are counted: a
  // place not yet given back shows as a 429.
  let opened = 0;
  let refused = 0;
  let unanswered = 0;
  let waves = 0;
  const unansweredWaves = [];
  const errors = {};
  const wave = async () => {
    const opening = performance.now();
    const open = await Promise.all(
      addresses.flatMap((local) => Array.from({ length: PER_ADDRESS }, (_, i) => openFrom(server.port, targets[i % 2], local))),
    );
    for (const s of open) (s.status === 200 ? opened++ : s.status === 0 ? unanswered++ : refused++);
    waves++;
    openTimes.push(performance.now() - opening);
    if (open.some((s) => s.status === 0)) unansweredWaves.push(waves);
    for (const s of open) if (s.error) errors[s.error] = (errors[s.error] ?? 0) + 1;
    const dropped = performance.now();
    open.forEach((s, i) => (i % 2 ? s.socket.resetAndDestroy() : s.socket.end()));
    // The game's count back to 0 and the server's sockets back to what it
    // had before the wave: how long that takes is how long a dropped stream
    // is still held.
    while (((await watchers()) !== 0 || sockets() > idleSockets) && performance.now() - dropped < 5000) await sleep(5);
    slowest = Math.max(slowest, performance.now() - dropped);
    if (options.pause) await sleep(options.pause);
  };
  let slowest = 0;
  const openTimes = []; // until a wave's streams are all answered (or closed): 10 s was libmicrohttpd's stall (burst.test.mjs)

  await wave(); // warms the server's pools before the first reading
  const start = { rss: rssKiB(pid), at: performance.now() };
  const readings = [];
  while (opened < options.streams) {
    await wave();
    if (readings.length === 0 || opened >= (readings.length + 1) * (options.streams / 4)) readings.push({ opened, rss: rssKiB(pid) });
  }
  const seconds = (performance.now() - start.at) / 1000;
  let count = await watchers();
  for (let i = 0; i < 20 && count !== 0; i++) await sleep(50), (count = await watchers());
  // Every address can open its 16 again at once.
  const again = await Promise.all(addresses.flatMap((local) => Array.from({ length: PER_ADDRESS }, () => openFrom(server.port, targets[0], local))));
  const reopened = again.filter((s) => s.status === 200).length;
  const during = await watchers();
  for (const s of again) s.socket.destroy();

  console.log(`streams opened and dropped: ${opened} (${refused} refused on the way, ${unanswered} closed unanswered${unansweredWaves.length ? ` in waves ${unansweredWaves.join(', ')}` : ''}${Object.keys(errors).length ? `: ${JSON.stringify(errors)}` : ''}), ${addresses.length} addresses, ${seconds.toFixed(1)} s`);
  const at = (q) => openTimes.sort((a, b) => a - b)[Math.min(openTimes.length - 1, Math.floor(q * openTimes.length))].toFixed(0);
  console.log(`a wave's ${addresses.length * PER_ADDRESS} streams all answered within p50 ${at(0.5)} / p99 ${at(0.99)} / max ${at(1)} ms`);
  console.log(`a wave's streams all uncounted and their sockets closed within ${slowest.toFixed(0)} ms of the drop at the slowest`);
  console.log(`the game's watchers after: ${count}; then ${reopened} of ${again.length} opened again at once (watchers ${during})`);
  console.log(`server memory (VmRSS): ${start.rss} KiB after the first wave; ${readings.map((r) => `${r.rss} KiB at ${r.opened}`).join(', ')}`);
  const logged = (server.stderr.match(/ GET \/api\/v1\/(games\/[^/ ]+|lobby)\/events 200 /g) ?? []).length;
  console.log(`streams the server logged as answered 200: ${logged} (opened here ${opened + reopened})`);
  if (unanswered) console.log([...new Set(server.stderr.split('\n').filter((l) => !/ GET \/api/.test(l)).map((l) => l.replace(/\/api\/v1\/games\/[^/]+/, '/api/v1/games/ID')))].join('\n'));
  if (count !== 0 || reopened !== again.length || unanswered) process.exitCode = 1;
} finally {
  await stopServer(server);
}
