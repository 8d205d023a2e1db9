// load.mjs: a load client for online play (a benchmark, not a test).
//
//   node tests/online/load.mjs [--games N] [--rate R] [--seconds S] [--idle N]
//                              [--procs P] [--db file|:memory:|URI] [--batch-max B]
//                              [--sockets K] [--servers N] [--pg-pid PID]
//
// Starts `halma serve` (HALMA, default build/halma) with its limits lifted,
// creates N games (default 1000), each with three event streams (white's,
// black's, a spectator's), and opens `--idle` more streams on games that do
// not move (to hold many streams at once).  Then for S seconds (default 20)
// every game moves at random intervals, R moves a second in all (default
// 500): each move POSTed (over kept-alive connections, K for each 40 games) as soon as the game's last move has reached the
// mover's stream and a random pause (uniform, mean N/R s) has passed.
//
// It measures what the targets of docs/ONLINE.md (Load) ask: moves
// acknowledged a second; the time from a move's POST to its event on the
// opponent's stream (p50, p99, max) and on all three streams; the POST's
// answer; the server's CPU and RSS; a plain page request (GET /, a new
// connection each, 20 a second) all along; and at the end, from the store
// (GET each game), that every acknowledged move is there once and nothing
// else is.
//
// The client itself is Node, on the same cores as the server: with --procs P
// the games are shared by P processes (the streams' parsing is the client's
// heaviest work), and each reports its own CPU, so that one can tell a busy
// client from a slow server.
//
// Connections come from many loopback addresses (127.x.y.z), since the
// server takes 64 from one address; give the process `ulimit -n` enough.
//
// Several servers on one shared store: `--db URI` (postgresql://...
// or pg:key=value..., passed as is to every server; its games are kept, not
// emptied) with `--servers N` starts N servers on it.  Game i is created on
// and moves on server i % N, its white's and black's streams are on server
// (i + 1) % N and its spectator's on its own: every move reaches the
// opponent's stream through the store's notices (LISTEN/NOTIFY), and the
// spectator's gives the same server's time beside it.  The figures are for
// all servers together (CPU and RSS each too), and the final check reads
// every game from every server.  With --pg-pid (the PostgreSQL postmaster's
// pid, the first line of its data folder's postmaster.pid) the database's CPU
// is reported too and not counted with the others'.  One server (the
// default) is unchanged.
//
// Computer seats: `--computer N` adds N games where the server plays some
// seats (`--computer-players 2|4`, `--computer-seats K` of them, at
// `--computer-level L`), beside the games above; their people move
// `--computer-rate` times a second in all (a legal move each, from a
// `halma engine` per worker), each once their stream shows it is their turn
// and a random pause has passed.  It measures those moves' answers, the
// time from the move before a computer's (its POST answered) to the
// computer's move on the stream (how far the computer's moves fall behind;
// the target: within its level's think time and 2 s), and at the end that
// every game's moves are there once, the computer's included.  The server
// keeps its computer's capacity (`--computer-wait-ms W`, default 1000 as
// the server's; 3600000 lifts it; `--computer-threads T`): the games it
// refuses (503) are counted, not played.
import { fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);

function options(argv) {
  const o = { games: 1000, rate: 500, seconds: 20, idle: 0, procs: 2, db: 'file', batchMax: 0, moves: 0, sockets: 20, servers: 1, pgPid: 0,
    computer: 0, computerRate: 250, computerLevel: 3, computerPlayers: 2, computerSeats: 1, computerWaitMs: 1000, computerThreads: 0 };
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i].replace(/^--/, '').replace(/-(\w)/g, (_, c) => c.toUpperCase());
    if (!(name in o)) throw new Error(`unknown option ${argv[i]}`);
    o[name] = name === 'db' ? argv[i + 1] : Number(argv[i + 1]);
  }
  return o;
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);
const sortNum = (xs) => Float64Array.from(xs).sort();
const summary = (xs) => {
  const s = sortNum(xs);
  return `p50 ${percentile(s, 50).toFixed(1)} ms, p99 ${percentile(s, 99).toFixed(1)} ms, max ${(s.length ? s[s.length - 1] : NaN).toFixed(1)} ms (n ${s.length})`;
};
const now = () => performance.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// The loopback address of connection i of a kind (0: streams, 1: moves, 2:
// setup, 3: page requests) in process p: 50 connections an address.
function address(kind, p, i) {
  const k = Math.floor(i / 50);
  return `127.${10 + kind * 40 + p}.${1 + Math.floor(k / 250)}.${1 + (k % 250)}`;
}

// One HTTP exchange on a new connection (Connection: close); {status, body, ms}.
function once(port, local, method, target, { body, token } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? '' : JSON.stringify(body);
    const lines = [`${method} ${target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
    if (body !== undefined) lines.push(`Content-Length: ${Buffer.byteLength(payload)}`, 'Content-Type: application/json');
    if (token) lines.push(`Authorization: Bearer ${token}`);
    const t0 = now();
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: local });
    const chunks = [];
    socket.on('connect', () => socket.write(lines.join('\r\n') + '\r\n\r\n' + payload));
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString();
      const status = Number(text.split(' ')[1]);
      const start = text.indexOf('\r\n\r\n');
      resolve({ status, text: text.slice(start + 4), ms: now() - t0 });
    });
  });
}

// An event stream read just enough: calls onMove(ply, t) for each move
// event (with withText, onMove(ply, t, move)).
function openStream(port, local, id, onMove, withText = false) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: local });
    let text = '';
    let ready = false;
    socket.setNoDelay(true);
    socket.on('connect', () => socket.write(`GET /api/v1/games/${id}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`));
    socket.on('data', (d) => {
      const t = now();
      text += d.toString('latin1');
      if (!ready) {
        const end = text.indexOf('\r\n\r\n');
        if (end < 0) return;
        if (!text.startsWith('HTTP/1.1 200')) return reject(new Error(`stream: ${text.slice(0, 200)}`));
        ready = true;
        text = text.slice(end + 4);
        resolve(socket);
      }
      let at;
      while ((at = text.indexOf('event: move\ndata: {"ply":')) >= 0) {
        const from = at + 25;
        const stop = text.indexOf(',', from);
        const close = withText ? text.indexOf('\n', from) : stop;
        if (stop < 0 || close < 0) break;
        if (withText) onMove(Number(text.slice(from, stop)), t, JSON.parse(text.slice(at + 18, close)).move);
        else onMove(Number(text.slice(from, stop)), t);
        text = text.slice(withText ? close : stop);
      }
      if (text.length > 8192) text = text.slice(-512);
    });
    socket.on('error', (e) => (ready ? null : reject(e)));
  });
}

// ---- a worker: its share of the games ---------------------------------------------

// The turn order of two, three and four players (seat letters).
const ORDER = { 2: ['w', 'b'], 3: ['w', 'r', 'b'], 4: ['w', 'r', 'b', 'y'] };

// A `halma engine` of the worker's own, asked for the legal moves of a position.
function legalOracle(players) {
  const engine = spawn(process.env.HALMA ?? 'build/halma', ['engine'], { stdio: ['pipe', 'pipe', 'ignore'] });
  const lines = readline.createInterface({ input: engine.stdout });
  const waiting = [];
  lines.on('line', (line) => line.startsWith('legal ') && waiting.shift()(line.split(' ').slice(2)));
  const kind = players === 2 ? '' : ` players ${players}`;
  return {
    legal: (list) =>
      new Promise((resolve) => {
        waiting.push(resolve);
        engine.stdin.write(`position${kind} startpos${list.length ? ' moves ' + list.join(' ') : ''}\nlegal\n`);
      }),
    close: () => engine.stdin.end('quit\n'),
  };
}

// The games with computer seats: their people move when their stream shows
// their turn; the computer's moves are timed from the move before them.
async function computerWorker({ ports, cgames, p, computerRate, seconds, computerPlayers, totalComputer }, start, end) {
  const oracle = legalOracle(computerPlayers);
  const order = ORDER[computerPlayers];
  const answers = [];
  const behind = [];
  const errors = [];
  const states = cgames.map((g) => ({ ...g, moves: [], turnAt: new Map(), waiters: [], acked: 0, computerMoves: 0, seen: new Set(), doubled: 0 }));
  const sockets = [];
  let n = 0;
  for (const g of states)
    sockets.push(await openStream(ports[g.watch], address(0, p, 20000 + n++), g.id, (ply, t, move) => {
      if (g.seen.has(ply)) g.doubled++;
      g.seen.add(ply);
      if (move !== undefined) g.moves[ply - 1] = move;
      const seat = order[(ply - 1) % order.length];
      if (!g.tokens[seat] && g.turnAt.has(ply)) {
        behind.push(t - g.turnAt.get(ply));
        g.computerMoves++;
      }
      for (const w of g.waiters.splice(0)) w();
    }, true));
  const meanPause = (totalComputer / computerRate) * 1000; // each game's people move computerRate / totalComputer times a second
  // At the end every game still waiting for a move is let go.
  const stop = setTimeout(() => { for (const g of states) for (const w of g.waiters.splice(0)) w(); }, Math.max(0, end - now()) + 10);
  await Promise.all(
    states.map(async (g) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: address(1, p, 20000 + Math.floor(states.indexOf(g) / 40) * 50) });
      for (;;) {
        // wait for a person's turn
        let ply = g.moves.length;
        while (g.tokens[order[ply % order.length]] === undefined) {
          await new Promise((r) => g.waiters.push(r));
          ply = g.moves.length;
          if (now() >= end) break;
        }
        await sleep(Math.random() * meanPause * 2);
        if (now() >= end) break;
        ply = g.moves.length;
        const seat = order[ply % order.length];
        if (!g.tokens[seat]) continue;
        const legal = await oracle.legal(g.moves.slice(0, ply));
        const mv = legal.length ? legal[Math.floor(Math.random() * legal.length)] : 'pass';
        const sent = now();
        const r = await postMove(ports[g.mover], agent, g.id, ply, mv, g.tokens[seat]).catch((e) => ({ status: 0, body: String(e) }));
        if (r.status !== 200) {
          if (r.status === 409 && /game_over/.test(r.body)) break;
          errors.push(`${g.id} move ${ply + 1}: ${r.status} ${r.body.slice(0, 120)}`);
          break;
        }
        answers.push(now() - sent);
        g.acked++;
        g.turnAt.set(ply + 2, now()); // the computer's turn, if the next seat is the computer's, began with this commit
        while (g.moves.length < ply + 1 && now() < end) await new Promise((r) => g.waiters.push(r));
      }
      agent.destroy();
    }),
  );
  clearTimeout(stop);
  await sleep(2500); // the last computer moves
  oracle.close();
  for (const s of sockets) s.destroy();
  return { answers, behind, errors, doubled: states.reduce((a, g) => a + g.doubled, 0),
    computerMoves: states.reduce((a, g) => a + g.computerMoves, 0), acked: states.reduce((a, g) => a + g.acked, 0),
    games: Object.fromEntries(states.map((g) => [g.id, g.moves.length])) };
}

function postMove(port, agent, id, ply, move, token) {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify({ ply, move });
    const req = http.request(
      { port, host: '127.0.0.1', method: 'POST', path: `/api/v1/games/${id}/moves`, agent,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload), Authorization: `Bearer ${token}` } },
      (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode, body }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function worker({ ports, games, idle, p, rate, seconds, moves, totalGames, sockets: perAgent, ...rest }) {
  // Keep-alive agents for the moves, 40 games each, sharing at most
  // `perAgent` connections (a move is in flight a few ms), from their own addresses.
  const agents = [];
  const agentOf = (i) => {
    const k = Math.floor(i / 40);
    agents[k] ??= new http.Agent({ keepAlive: true, maxSockets: perAgent, localAddress: address(1, p, k * 50) });
    return agents[k];
  };
  const post = (game, ply, move, token, agent) =>
    new Promise((resolve, reject) => {
      const payload = JSON.stringify({ ply, move });
      const req = http.request(
        { port: ports[game.mover], host: '127.0.0.1', method: 'POST', path: `/api/v1/games/${game.id}/moves`, agent,
          headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload), Authorization: `Bearer ${token}` } },
        (res) => {
          let body = '';
          res.on('data', (d) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode, body }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });

  // Streams: [white's, black's, spectator's] per game, then the idle ones;
  // the players' on the game's `watch` server, the spectator's on its `mover`.
  const state = games.map((g) => ({ ...g, acked: 0, sentAt: new Map(), seen: [0, 0, 0], waiters: [] }));
  const toOpponent = [];
  const toSpectator = [];
  const toAll = [];
  const sockets = [];
  let n = 0;
  const t0 = now();
  for (const g of state) {
    for (let k = 0; k < 3; k++) {
      const onMove = (ply, t) => {
        g.seen[k] = Math.max(g.seen[k], ply);
        const sent = g.sentAt.get(ply);
        if (sent !== undefined) {
          // ply 1 is white's move: its opponent is black, stream 1
          if (k === ply % 2) toOpponent.push(t - sent);
          if (k === 2) toSpectator.push(t - sent);
          if (Math.min(...g.seen) >= ply) toAll.push(t - sent);
        }
        for (const w of g.waiters.splice(0)) w();
      };
      sockets.push(await openStream(ports[k === 2 ? g.mover : g.watch], address(0, p, n++), g.id, onMove));
    }
  }
  for (const [i, id] of idle.entries()) sockets.push(await openStream(ports[i % ports.length], address(0, p, n++), id, () => {}));
  process.send({ opened: { streams: n, ms: now() - t0 } });
  await new Promise((r) => process.once('message', r)); // all processes ready: go

  const answers = [];
  const errors = [];
  const meanPause = (totalGames / rate) * 1000;
  const cpu0 = process.cpuUsage();
  const start = now();
  const end = start + seconds * 1000;
  const computerDone = rest.cgames?.length ? computerWorker({ ports, p, seconds, ...rest }, start, end) : Promise.resolve(null);
  // Every game has made its first move by then: the rate counted from there
  // on is the steady one (the first moves are spread over 2 N/R s).
  const steady = Math.min(end, start + 2 * meanPause);
  let steadyAcks = 0;
  await Promise.all(
    state.map(async (g, i) => {
      const agent = agentOf(i);
      let next = start + Math.random() * meanPause * 2;
      for (let ply = 0; ply < moves.length; ply++) {
        await sleep(next - now());
        if (now() >= end) break;
        const sent = now();
        next = sent + Math.random() * meanPause * 2; // the next move's moment, if its stream has this one by then
        g.sentAt.set(ply + 1, sent);
        // A kept-alive connection the server closed (idle past its timeout)
        // as the move went out: sent again, the same ply, as a page would.
        let r;
        for (let tries = 0; tries < 3 && !(r && r.status); tries++)
          r = await post(g, ply, moves[ply], ply % 2 ? g.b : g.w, agent).catch((e) => ({ status: 0, body: String(e) }));
        if (r.status !== 200) {
          errors.push(`${g.id} move ${ply + 1}: ${r.status} ${r.body}`);
          break;
        }
        answers.push(now() - sent);
        if (now() >= steady && now() < end) steadyAcks++;
        g.acked = ply + 1;
        // the next mover reacts once its own stream has the move, after a pause
        const mine = (ply + 1) % 2;
        while (g.seen[mine] < ply + 1) await new Promise((r) => g.waiters.push(r));
      }
    }),
  );
  const elapsed = (Math.min(now(), end) - start) / 1000;
  const computer = await computerDone;
  await sleep(300);
  for (const s of sockets) s.destroy();
  for (const a of agents) a.destroy();
  await new Promise((resolve) => process.send({
    done: { toOpponent, toSpectator, toAll, answers, errors, elapsed, steadyAcks, steadySeconds: (end - steady) / 1000, acked: Object.fromEntries(state.map((g) => [g.id, g.acked])),
      cpu: process.cpuUsage(cpu0), computer },
  }, resolve));
}

// ---- the main process: the server, the games, the page requests, the figures -------

function serverStat(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return { cpu: Number(stat[11]) + Number(stat[12]),
    rss: Number(status.match(/VmRSS:\s+(\d+)/)[1]) / 1024, hwm: Number(status.match(/VmHWM:\s+(\d+)/)[1]) / 1024 };
}
const TICKS = 100; // USER_HZ on Linux
// A PostgreSQL server's CPU (ticks): the postmaster's, its children's gone
// (reaped: cutime, cstime) and those of its children alive.
function pgCpu(pid) {
  const fields = (q) => fs.readFileSync(`/proc/${q}/stat`, 'utf8').split(') ')[1].split(' ').map(Number);
  const f = fields(pid);
  let ticks = f[11] + f[12] + f[13] + f[14];
  for (const q of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(q)) continue;
    try {
      const c = fields(q);
      if (c[1] === pid) ticks += c[11] + c[12];
    } catch {
      // gone meanwhile
    }
  }
  return ticks;
}
// The whole machine's busy time (jiffies, all cores), to tell what others used.
function machineBusy() {
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return f[0] + f[1] + f[2] + f[5] + f[6] + f[7]; // user nice system irq softirq steal
}

// What the games with computer seats did: their people's moves, how far the
// computer's fell behind, and every move once in the store.
// A level's think time (src/engine/levels.c), two players and three or four.
const thinkMs = (players, level) =>
  (players === 2 ? [0, 100, 100, 100, 100, 150, 200, 50, 100, 250, 1000] : [0, 100, 100, 100, 100, 100, 100, 100, 100, 100, 1000])[level];

async function computerReport(o, results, ports) {
  const parts = results.map((r) => r.computer).filter(Boolean);
  if (!parts.length) return [];
  const cat = (k) => parts.flatMap((r) => r[k]);
  const sum = (k) => parts.reduce((a, r) => a + r[k], 0);
  const behind = cat('behind');
  let mismatched = 0;
  let stored = 0;
  let k = 0;
  for (const part of parts)
    for (const [id, seen] of Object.entries(part.games))
      for (const q of ports) {
        const g = JSON.parse((await once(q, address(2, 1, k++ % 2000), 'GET', `/api/v1/games/${id}`)).text);
        stored += g.ply;
        if (g.ply < seen) mismatched++;
      }
  const late = behind.filter((x) => x > 2000).length;
  const bound = thinkMs(o.computerPlayers, o.computerLevel) + 2000;
  return [
    `computer games: ${o.computer} asked, ${o.computer - o.refused} made, ${o.refused} refused (503, the computer's capacity: --computer-wait-ms ${o.computerWaitMs}${o.computerThreads ? `, --computer-threads ${o.computerThreads}` : ''})`,
    `computer games: ${o.computer - (o.refused ?? 0)} of ${o.computerPlayers} players, ${o.computerSeats} computer seat${o.computerSeats > 1 ? 's' : ''} each at level ${o.computerLevel}; people's moves ${sum('acked')} (target ${o.computerRate}/s) answered: ${summary(cat('answers'))}; errors ${cat('errors').length}${cat('errors').length ? ' e.g. ' + cat('errors')[0] : ''}`,
    `computer moves: ${sum('computerMoves')}, from the move before to the computer's on the stream: ${summary(behind)}; over 2 s: ${late}; over the level's think time and 2 s (${bound} ms): ${behind.filter((x) => x > bound).length}; events seen twice: ${sum('doubled')}; games whose store holds fewer moves than their stream showed: ${mismatched} (${stored} moves stored)`,
  ];
}

async function main() {
  const o = options(process.argv.slice(2));
  const { knowsOption, legalMoves, startOnline, stopServer, tempDir } = await import('./online_http.mjs');
  const dir = tempDir();
  // A shared store (PostgreSQL) is named as given; SQLite is a fresh file.
  const shared = /^(postgres(ql)?:\/\/|pg:)/.test(o.db);
  if (o.servers > 1 && !shared) throw new Error('--servers N needs a shared store: --db postgresql://... or pg:...');
  const db = shared ? o.db : o.db === ':memory:' ? ':memory:' : path.join(dir, 'games.sqlite3');
  const streams = o.games * 3 + o.idle;
  const args = ['--db', db, '--streams-per-address', '0', '--max-streams', String(Math.max(streams, 10000)),
    '--requests-per-second', '0', '--games-per-hour', '0'];
  if (o.batchMax) args.push('--batch-max', String(o.batchMax));
  if (knowsOption('--computer-wait-ms')) args.push('--computer-wait-ms', String(o.computerWaitMs));
  if (o.computerThreads) args.push('--computer-threads', String(o.computerThreads));
  const serverStart = now();
  const servers = [];
  const children = [];
  try {
    for (let k = 0; k < Math.max(1, o.servers); k++) servers.push(await startOnline(args, { servers: 1 }));
    const ports = servers.map((s) => s.port);
    const pids = servers.map((s) => s.child.pid);
    const N = servers.length;
    // the servers' figures: each, and their sum (cpu) or each in a list (rss)
    const stats = () => pids.map(serverStat);
    const cpuOf = (xs) => xs.reduce((a, x) => a + x.cpu, 0);
    const each = (xs, f) => xs.map(f).join(' + ');
    const moves = await legalMoves(o.moves || Math.max(8, Math.ceil((o.seconds * o.rate) / o.games) + 4));
    // the games, 32 created at once
    const create = async (i) => {
      const local = address(2, 0, i % 2000);
      const mover = i % N;
      const c = await once(ports[mover], local, 'POST', '/api/v1/games', { body: {} });
      const made = JSON.parse(c.text);
      const j = await once(ports[mover], local, 'POST', `/api/v1/games/${made.id}/join`, { body: { invite: made.invite } });
      const joined = JSON.parse(j.text);
      const t = { [made.seat]: made.token, [joined.seat]: joined.token };
      return { id: made.id, w: t.w, b: t.b, mover, watch: (i + 1) % N };
    };
    const idleGames = Math.ceil(o.idle / 10);
    const all = [];
    for (let i = 0; i < o.games + idleGames; i += 32)
      all.push(...(await Promise.all(Array.from({ length: Math.min(32, o.games + idleGames - i) }, (_, k) => create(i + k)))));
    const games = all.slice(0, o.games);
    const idleIds = Array.from({ length: o.idle }, (_, i) => all[o.games + (i % idleGames)].id);
    // the games with computer seats: the computer's and the people's taking turns where they can
    // (four: Red and Yellow the computer's; two: Black), White always a person's
    const computerSeats = { 2: ['b'], 3: ['r', 'b'], 4: ['r', 'y', 'b'] }[o.computerPlayers].slice(0, o.computerSeats);
    const createComputer = async (i) => {
      const local = address(2, 1, i % 2000);
      const mover = i % N;
      const body = { players: o.computerPlayers, computer: Object.fromEntries(computerSeats.map((x) => [x, o.computerLevel])) };
      const r = await once(ports[mover], local, 'POST', '/api/v1/games', { body });
      if (r.status === 503 && /computer_busy/.test(r.text)) return null; // past the computer's capacity
      const c = JSON.parse(r.text);
      if (!c.id) throw new Error(`a game with computer seats: ${JSON.stringify(c)}`);
      const tokens = { [c.seat]: c.token };
      for (const [seat, invite] of Object.entries(c.invites)) {
        const j = JSON.parse((await once(ports[mover], local, 'POST', `/api/v1/games/${c.id}/join`, { body: { invite } })).text);
        tokens[seat] = j.token;
      }
      return { id: c.id, tokens, mover, watch: (i + 1) % N };
    };
    const cgames = [];
    for (let i = 0; i < o.computer; i += 32)
      cgames.push(...(await Promise.all(Array.from({ length: Math.min(32, o.computer - i) }, (_, k) => createComputer(i + k)))));
    o.refused = cgames.filter((g) => !g).length;
    cgames.splice(0, cgames.length, ...cgames.filter(Boolean));
    const rssStart = stats();

    // the page requests, all along
    const pages = { setup: [], play: [] };
    const slowPages = []; // when (since the server started) a page took over 50 ms
    let phase = 'setup';
    let probing = true;
    let probeCount = 0;
    const probe = (async () => {
      while (probing) {
        const r = await once(ports[probeCount % N], address(3, 0, probeCount++ % 5000), 'GET', '/');
        if (r.status !== 200) throw new Error(`page: ${r.status}`);
        pages[phase].push(r.ms);
        if (r.ms > 50) slowPages.push(`${((now() - serverStart) / 1000).toFixed(1)} s: ${r.ms.toFixed(0)} ms`);
        await sleep(50);
      }
    })();

    const procs = Math.max(1, Math.min(o.procs, o.games));
    const opened = [];
    const results = [];
    const readyAll = [];
    for (let p = 0; p < procs; p++) {
      const child = fork(here, ['--worker'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      children.push(child);
      readyAll.push(
        new Promise((resolve, reject) => {
          child.on('message', (m) => {
            if (m.opened) {
              opened.push(m.opened);
              resolve();
            } else if (m.done) results.push(m.done);
          });
          child.on('exit', (code) => (code ? (reject(new Error(`worker ${p} exited ${code}`)), console.log(`worker ${p} failed (exit ${code})`)) : null));
        }),
      );
      child.send({
        ports, p, rate: o.rate, seconds: o.seconds, moves, totalGames: o.games, sockets: o.sockets,
        games: games.filter((_, i) => i % procs === p), idle: idleIds.filter((_, i) => i % procs === p),
        cgames: cgames.filter((_, i) => i % procs === p), computerRate: o.computerRate, computerPlayers: o.computerPlayers,
        totalComputer: cgames.length,
      });
    }
    await Promise.all(readyAll);
    const held = pids.map((q) => Number(fs.readFileSync(`/proc/${q}/status`, 'utf8').match(/Threads:\s+(\d+)/)[1]));
    const afterStreams = stats();
    const loadBefore = os.loadavg();
    phase = 'play';
    const before = stats();
    const pgBefore = o.pgPid ? pgCpu(o.pgPid) : 0;
    const busyBefore = machineBusy();
    const mainCpu0 = process.cpuUsage();
    const t0 = now();
    const finished = Promise.all(children.map((c) => new Promise((r) => c.on('exit', r))));
    for (const c of children) c.send({ go: true });
    await finished;
    const wall = (now() - t0) / 1000;
    const after = stats();
    const pgUsed = o.pgPid ? ((pgCpu(o.pgPid) - pgBefore) / TICKS / wall) * 100 : 0;
    const machineCpu = ((machineBusy() - busyBefore) / TICKS / wall) * 100;
    probing = false;
    await probe;

    // lost or doubled: every game's moves, as stored, read from every server
    const acked = Object.assign({}, ...results.map((r) => r.acked));
    let lost = 0;
    let extra = 0;
    let checked = 0;
    for (const g of games)
      for (const q of ports) {
        const r = await once(q, address(2, 0, checked++ % 2000), 'GET', `/api/v1/games/${g.id}`);
        const stored = JSON.parse(r.text).moves ?? [];
        const want = acked[g.id];
        for (let i = 0; i < want; i++) if (stored[i] !== moves[i]) lost++;
        extra += Math.max(0, stored.length - want);
      }
    const cat = (k) => results.flatMap((r) => r[k]);
    const ackedTotal = Object.values(acked).reduce((a, b) => a + b, 0);
    const elapsed = Math.max(...results.map((r) => r.elapsed));
    const mainCpu = process.cpuUsage(mainCpu0);
    const clientCpu = [...results.map((r) => r.cpu), mainCpu].map((c) => ((c.user + c.system) / 1e6 / wall) * 100);
    const serverCpu = ((cpuOf(after) - cpuOf(before)) / TICKS / wall) * 100;
    const cpuEach = after.map((a, k) => ((a.cpu - before[k].cpu) / TICKS / wall) * 100);
    // a password in the URI or the key=value string is not printed
    const dbName = o.db === ':memory:' ? ':memory:' : shared ? o.db.replace(/(\/\/[^:@/]*:)[^@]*@/, '$1***@').replace(/(password\s*=\s*)\S+/, '$1***') : 'file (WAL, synchronous=FULL)';
    const out = [
      `${N > 1 ? `servers: ${N} x ` : 'server: '}${process.env.HALMA ?? 'build/halma'} --db ${dbName}${o.batchMax ? ` --batch-max ${o.batchMax}` : ''}; ${held.join(' + ')} threads`,
      `load average before the moves: ${loadBefore.map((x) => x.toFixed(2)).join(' ')}; after: ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`,
      `streams: ${opened.reduce((a, b) => a + b.streams, 0)} open (${o.games} games x 3 + ${o.idle} idle) in ${Math.max(...opened.map((x) => x.ms)).toFixed(0)} ms; server RSS ${each(rssStart, (x) => x.rss.toFixed(1))} -> ${each(afterStreams, (x) => x.rss.toFixed(1))} MiB`,
      `moves: ${ackedTotal} acknowledged in ${elapsed.toFixed(1)} s by ${o.games} games (target ${o.rate}/s): ${(ackedTotal / elapsed).toFixed(0)} moves/s, ${(results.reduce((a, r) => a + r.steadyAcks, 0) / results[0].steadySeconds).toFixed(0)} moves/s once every game has moved (the last ${results[0].steadySeconds.toFixed(0)} s); errors ${cat('errors').length}${cat('errors').length ? ' e.g. ' + cat('errors')[0] : ''}`,
      `POST -> its event on the opponent's stream${N > 1 ? ' (on the other server)' : ''}: ${summary(cat('toOpponent'))}`,
      ...(N > 1 ? [`POST -> its event on the spectator's stream (on the server it was POSTed to): ${summary(cat('toSpectator'))}`] : []),
      `POST -> its event on all 3 of its streams: ${summary(cat('toAll'))}`,
      `POST -> its answer (commit included): ${summary(cat('answers'))}`,
      `page GET / while the streams open: ${summary(pages.setup)}`,
      `page GET / during the moves: ${summary(pages.play)}`,
      `server CPU during the moves: ${N > 1 ? `${each(cpuEach, (c) => c.toFixed(0) + '%')} = ` : ''}${serverCpu.toFixed(0)}% of one core; RSS ${each(after, (a) => a.rss.toFixed(1))} MiB (peak ${each(after, (a) => a.hwm.toFixed(1))})`,
      ...(o.pgPid ? [`PostgreSQL CPU during the moves: ${pgUsed.toFixed(0)}% of one core (postmaster ${o.pgPid} and its children)`] : []),
      `client CPU: ${clientCpu.map((c) => c.toFixed(0) + '%').join(' + ')} of one core (${procs} workers + the main process); the machine: ${machineCpu.toFixed(0)}% of ${os.cpus().length * 100}%, of which others (not server, not client${o.pgPid ? ', not PostgreSQL' : ''}) ${Math.max(0, machineCpu - serverCpu - pgUsed - clientCpu.reduce((a, b) => a + b, 0)).toFixed(0)}%`,
      `page requests over 50 ms (seconds since the server started; heartbeats every 15 s): ${slowPages.slice(0, 12).join(', ') || 'none'}`,
      `store: ${ackedTotal} acknowledged moves checked${N > 1 ? ` on each of the ${N} servers` : ''}: ${lost} lost or wrong, ${extra} unacknowledged extra`,
      ...(await computerReport(o, results, ports)),
    ];
    console.log(out.join('\n'));
  } finally {
    for (const c of children) c.kill();
    for (const server of servers) {
      const stopped = await stopServer(server);
      const note = server.stderr.split('\n').filter((l) => /batches|error|panic/i.test(l) && !l.includes('"'));
      if (note.length) console.log(note.slice(-3).join('\n'));
      void stopped;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--worker') process.once('message', (m) => worker(m).then(() => process.exit(0), (e) => { console.error(e); process.exit(1); }));
else await main();
