// load.mjs: a load client for online play (a benchmark, not a test).
//
//   node tests/online/load.mjs [GAMES] [MOVES] [STREAMS] [DB]
//
// Starts `halma serve` (HALMA, default build/halma) with its limits lifted,
// opens STREAMS event streams spread over the games (from many loopback
// addresses, as the server allows 64 connections per address), then plays
// GAMES games at once, MOVES moves each, every move sent as soon as the last
// is answered.  Prints moves a second, the latency of a move (sent to
// answered: its commit included) and of its event (answered to seen on every
// stream), and the server's memory.  DB: a file (default, in a temporary
// folder: each move is an fsync) or :memory:.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

import { api, legalMoves, newGame, startOnline, stopServer, tempDir } from './online_http.mjs';

const GAMES = Number(process.argv[2] ?? 20);
const MOVES = Number(process.argv[3] ?? 40);
const STREAMS = Number(process.argv[4] ?? 1000);
const DB = process.argv[5] ?? 'file';

const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};

// A minimal stream reader: counts the move events of each ply as they arrive.
function stream(port, id, address, onMove) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: address });
    let text = '';
    socket.on('connect', () => socket.write(`GET /api/v1/games/${id}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`));
    socket.on('data', (d) => {
      text += d.toString();
      if (!socket.ready && text.includes('\r\n\r\n')) {
        socket.ready = true;
        resolve(socket);
      }
      for (let m; (m = text.match(/event: move\ndata: \{"ply":(\d+)/)); ) {
        onMove(id, Number(m[1]));
        text = text.slice(m.index + m[0].length);
      }
      if (text.length > 65536) text = text.slice(-4096);
    });
    socket.on('error', reject);
  });
}

function rss(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)[1]) / 1024;
}

const dir = tempDir();
const db = DB === ':memory:' ? ':memory:' : path.join(dir, 'games.sqlite3');
const server = await startOnline([
  '--db', db, '--streams-per-address', '0', '--max-streams', String(Math.max(STREAMS, 10000)),
  '--requests-per-second', '0', '--games-per-hour', '0',
]);
const port = server.port;
try {
  const moves = await legalMoves(MOVES);
  const games = [];
  for (let i = 0; i < GAMES; i++) games.push(await newGame(port));
  const rssBefore = rss(server.child.pid);

  // Streams: 60 per loopback address (the server takes 64 per address).
  const answeredAt = new Map(); // `${id}/${ply}` -> time the move was answered
  const seen = new Map(); // same key -> streams that saw it
  const eventDelays = [];
  const perGame = new Map(games.map((g) => [g.id, 0]));
  const sockets = [];
  const t0 = Date.now();
  for (let i = 0; i < STREAMS; i++) {
    const game = games[i % GAMES];
    perGame.set(game.id, perGame.get(game.id) + 1);
    const address = `127.0.${2 + Math.floor(i / 60 / 250)}.${1 + (Math.floor(i / 60) % 250)}`;
    sockets.push(
      await stream(port, game.id, address, (id, ply) => {
        const key = `${id}/${ply}`;
        const n = (seen.get(key) ?? 0) + 1;
        seen.set(key, n);
        if (n === perGame.get(id) && answeredAt.has(key)) eventDelays.push(Date.now() - answeredAt.get(key));
      }),
    );
  }
  const openMs = Date.now() - t0;
  const rssStreams = rss(server.child.pid);

  const latencies = [];
  const start = Date.now();
  await Promise.all(
    games.map(async (game) => {
      for (let ply = 0; ply < moves.length; ply++) {
        const sent = Date.now();
        const r = await api(port, 'POST', `/api/v1/games/${game.id}/moves`, {
          body: { ply, move: moves[ply] },
          token: ply % 2 ? game.b : game.w,
        });
        if (r.status !== 200) throw new Error(`move ${ply + 1}: ${r.status} ${r.text}`);
        answeredAt.set(`${game.id}/${ply + 1}`, Date.now());
        latencies.push(Date.now() - sent);
      }
    }),
  );
  const seconds = (Date.now() - start) / 1000;
  await new Promise((r) => setTimeout(r, 500));
  const total = GAMES * moves.length;
  const delivered = [...seen.values()].reduce((a, b) => a + b, 0);
  console.log(`store: ${DB === ':memory:' ? 'memory' : 'file (WAL, synchronous=FULL)'}`);
  console.log(`streams: ${STREAMS} open in ${openMs} ms; server RSS ${rssBefore.toFixed(1)} MiB -> ${rssStreams.toFixed(1)} MiB`);
  console.log(`moves: ${total} in ${seconds.toFixed(2)} s by ${GAMES} games at once: ${(total / seconds).toFixed(0)} moves/s`);
  console.log(`move latency (sent to answered): p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms`);
  console.log(`events: ${delivered} of ${total * STREAMS / GAMES} delivered; last stream's delay after the answer: p50 ${percentile(eventDelays, 50)} ms, p99 ${percentile(eventDelays, 99)} ms`);
  for (const s of sockets) s.destroy();
} finally {
  await stopServer(server);
  fs.rmSync(dir, { recursive: true, force: true });
}
