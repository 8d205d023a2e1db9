// load_lobby.mjs: a load client for the lobby (a benchmark, not a test).
//
//   node tests/online/load_lobby.mjs [--games N] [--watchers W] [--seconds S]
//                                    [--accepts A] [--pages P] [--procs K] [--db file|:memory:|URI]
//
// Starts `halma serve` (HALMA, default build/halma) with its limits lifted,
// opens N games in the lobby (default 1000) and W lobby streams (default
// 5000), shared by K worker processes (default 2).  Then for S seconds
// (default 20): A times a second (default 5) a game of the lobby is taken
// by its second seat ({"seat": ...}, no invite: an accept) and a new open
// game is made in its place, so that the lobby keeps N games and every
// stream gets a `closed` and an `open` event each time; and P times a
// second (default 20) the lobby's page is read (GET /api/v1/lobby, a new
// connection each), as a page does when it opens.
//
// It measures what docs/ONLINE.md (Load) asks of the lobby: the page's
// answer (p50, p99, max) and its size, an accept's answer (its commit
// included), the time from an accept to its `closed` event on every lobby
// stream, and the server's CPU and RSS, with what the rest of the machine
// did meanwhile.  At the end it checks that the lobby holds N games and
// every stream got every `closed` event.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);

function options(argv) {
  const o = { games: 1000, watchers: 5000, seconds: 20, accepts: 5, pages: 20, procs: 2, db: 'file' };
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i].replace(/^--/, '').replace(/-(\w)/g, (_, c) => c.toUpperCase());
    if (!(name in o)) throw new Error(`unknown option ${argv[i]}`);
    o[name] = name === 'db' ? argv[i + 1] : Number(argv[i + 1]);
  }
  return o;
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);
const summary = (xs) => {
  const s = Float64Array.from(xs).sort();
  return `p50 ${percentile(s, 50).toFixed(1)} ms, p99 ${percentile(s, 99).toFixed(1)} ms, max ${(s.length ? s[s.length - 1] : NaN).toFixed(1)} ms (n ${s.length})`;
};
const now = () => performance.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// The loopback address of connection i of a kind (0: streams, 1: accepts and
// games, 2: pages) in process p: 50 connections an address.
function address(kind, p, i) {
  const k = Math.floor(i / 50);
  return `127.${10 + kind * 40 + p}.${1 + Math.floor(k / 250)}.${1 + (k % 250)}`;
}

// One HTTP exchange on a new connection; {status, text, ms}.
function once(port, local, method, target, body) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? '' : JSON.stringify(body);
    const lines = [`${method} ${target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
    if (body !== undefined) lines.push(`Content-Length: ${Buffer.byteLength(payload)}`, 'Content-Type: application/json');
    const t0 = now();
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: local });
    const chunks = [];
    socket.on('connect', () => socket.write(lines.join('\r\n') + '\r\n\r\n' + payload));
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(text.slice(9, 12));
      const start = text.indexOf('\r\n\r\n');
      resolve({ status, text: text.slice(start + 4), ms: now() - t0 });
    });
  });
}

// ---- a worker: its share of the lobby streams ------------------------------------------

// A lobby stream, read just enough: the moment each `closed` event arrives, by game id.
function openLobbyStream(port, local, onClosed) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: local });
    let text = '';
    let ready = false;
    socket.on('connect', () => socket.write('GET /api/v1/lobby/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'));
    socket.on('data', (d) => {
      const t = now();
      text += d.toString('latin1');
      if (!ready) {
        const end = text.indexOf('\r\n\r\n');
        if (end < 0) return;
        if (!text.startsWith('HTTP/1.1 200')) return reject(new Error(`lobby stream: ${text.slice(0, 200)}`));
        ready = true;
        text = text.slice(end + 4);
        resolve(socket);
      }
      const mark = 'event: closed\ndata: {"id":"';
      let at;
      while ((at = text.indexOf(mark)) >= 0) {
        const from = at + mark.length;
        const stop = text.indexOf('"', from);
        if (stop < 0) break;
        onClosed(text.slice(from, stop), t);
        text = text.slice(stop);
      }
      if (text.length > 65536) text = text.slice(-2048);
    });
    socket.on('error', (e) => (ready ? null : reject(e)));
  });
}

async function worker({ port, p, streams }) {
  const arrivals = new Map(); // game id -> [ms, ...] of its closed event on each stream
  const sockets = [];
  const t0 = now();
  for (let i = 0; i < streams; i++)
    sockets.push(
      await openLobbyStream(port, address(0, p, i), (id, t) => {
        if (!arrivals.has(id)) arrivals.set(id, []);
        arrivals.get(id).push(t + performance.timeOrigin);
      }),
    );
  process.send({ opened: { streams, ms: now() - t0 } });
  await new Promise((r) => process.once('message', r)); // the accepts are over
  await sleep(1000);
  for (const s of sockets) s.destroy();
  const cpu = process.cpuUsage();
  await new Promise((resolve) => process.send({ done: { arrivals: Object.fromEntries(arrivals), cpu } }, resolve));
}

// ---- the main process: the server, the games, the accepts, the pages, the figures -------

function serverStat(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return { cpu: Number(stat[11]) + Number(stat[12]),
    rss: Number(status.match(/VmRSS:\s+(\d+)/)[1]) / 1024, hwm: Number(status.match(/VmHWM:\s+(\d+)/)[1]) / 1024 };
}
const TICKS = 100; // USER_HZ on Linux
function machineBusy() {
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return f[0] + f[1] + f[2] + f[5] + f[6] + f[7];
}

async function main() {
  const o = options(process.argv.slice(2));
  const { startOnline, stopServer, tempDir } = await import('./online_http.mjs');
  const dir = tempDir();
  const shared = /^(postgres(ql)?:\/\/|pg:)/.test(o.db);
  const db = shared ? o.db : o.db === ':memory:' ? ':memory:' : path.join(dir, 'games.sqlite3');
  // Limits lifted; creators never offline for the run (their games stay listed).
  const args = ['--db', db, '--streams-per-address', '0', '--max-streams', String(Math.max(o.watchers + 100, 10000)),
    '--requests-per-second', '0', '--games-per-hour', '0', '--open-games-per-address', '0', '--lobby-away-seconds', '86400'];
  const server = await startOnline(args, { servers: 1 });
  const children = [];
  try {
    const port = server.port;
    const pid = server.child.pid;
    let made = 0;
    const openOne = async () => {
      const r = await once(port, address(1, 0, made++ % 5000), 'POST', '/api/v1/games', { open: true, name: `Player ${made}` });
      if (r.status !== 201) throw new Error(`create: ${r.status} ${r.text}`);
      return JSON.parse(r.text).id;
    };
    const lobby = [];
    for (let i = 0; i < o.games; i += 32)
      lobby.push(...(await Promise.all(Array.from({ length: Math.min(32, o.games - i) }, openOne))));
    const rssGames = serverStat(pid);

    const procs = Math.max(1, o.procs);
    const opened = [];
    const results = [];
    const ready = [];
    for (let p = 0; p < procs; p++) {
      const child = fork(here, ['--worker'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      children.push(child);
      ready.push(new Promise((resolve, reject) => {
        child.on('message', (m) => {
          if (m.opened) {
            opened.push(m.opened);
            resolve();
          } else if (m.done) results.push(m.done);
        });
        child.on('exit', (code) => (code ? reject(new Error(`worker ${p} exited ${code}`)) : null));
      }));
      child.send({ port, p, streams: Math.floor(o.watchers / procs) + (p < o.watchers % procs ? 1 : 0) });
    }
    await Promise.all(ready);
    const rssStreams = serverStat(pid);

    const loadBefore = os.loadavg();
    const before = serverStat(pid);
    const busyBefore = machineBusy();
    const mainCpu0 = process.cpuUsage();
    const t0 = now();
    const end = t0 + o.seconds * 1000;
    const pages = [];
    let pageBytes = 0;
    let pageGames = 0;
    const accepts = [];
    const acceptedAt = new Map(); // game id -> epoch ms of the accept's POST
    const errors = [];
    const pagesLoop = (async () => {
      for (let k = 0; now() < end; k++) {
        const r = await once(port, address(2, 0, k % 5000), 'GET', '/api/v1/lobby');
        if (r.status !== 200) errors.push(`lobby: ${r.status}`);
        else {
          pages.push(r.ms);
          pageBytes = Buffer.byteLength(r.text);
          pageGames = JSON.parse(r.text).games.length;
        }
        await sleep(Math.max(0, t0 + ((k + 1) * 1000) / o.pages - now()));
      }
    })();
    const acceptsLoop = (async () => {
      for (let k = 0; now() < end; k++) {
        const id = lobby.splice(Math.floor(Math.random() * lobby.length), 1)[0];
        const sent = now();
        acceptedAt.set(id, sent + performance.timeOrigin);
        const r = await once(port, address(1, 1, k % 5000), 'POST', `/api/v1/games/${id}/join`, { seat: 'b', name: `Guest ${k}` });
        if (r.status !== 200) errors.push(`accept: ${r.status} ${r.text}`);
        else accepts.push(r.ms);
        lobby.push(await openOne());
        await sleep(Math.max(0, t0 + ((k + 1) * 1000) / o.accepts - now()));
      }
    })();
    await Promise.all([pagesLoop, acceptsLoop]);
    const wall = (now() - t0) / 1000;
    const after = serverStat(pid);
    const machineCpu = ((machineBusy() - busyBefore) / TICKS / wall) * 100;
    const finished = Promise.all(children.map((c) => new Promise((r) => c.on('exit', r))));
    for (const c of children) c.send({ over: true });
    await finished;

    const toStreams = [];
    let missing = 0;
    for (const [id, at] of acceptedAt) {
      let got = 0;
      for (const r of results) for (const t of r.arrivals[id] ?? []) {
        toStreams.push(t - at);
        got++;
      }
      missing += o.watchers - got;
    }
    const finalPage = JSON.parse((await once(port, address(2, 1, 0), 'GET', '/api/v1/lobby')).text);
    const mainCpu = process.cpuUsage(mainCpu0);
    const clientCpu = [...results.map((r) => r.cpu), mainCpu].map((c) => ((c.user + c.system) / 1e6 / wall) * 100);
    const serverCpu = ((after.cpu - before.cpu) / TICKS / wall) * 100;
    const threads = Number(fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/Threads:\s+(\d+)/)[1]);
    console.log([
      `server: ${process.env.HALMA ?? 'build/halma'} --db ${shared ? 'PostgreSQL' : o.db === ':memory:' ? ':memory:' : 'file (WAL, synchronous=FULL)'}; ${threads} threads`,
      `load average before: ${loadBefore.map((x) => x.toFixed(2)).join(' ')}; after: ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`,
      `lobby: ${o.games} open games (server RSS ${rssGames.rss.toFixed(1)} MiB), ${opened.reduce((a, b) => a + b.streams, 0)} lobby streams open in ${Math.max(...opened.map((x) => x.ms)).toFixed(0)} ms (RSS ${rssStreams.rss.toFixed(1)} MiB)`,
      `GET /api/v1/lobby (${pageGames} games, ${(pageBytes / 1024).toFixed(0)} KiB), ${o.pages} a second: ${summary(pages)}`,
      `accept (POST join {"seat"}, its commit included), ${o.accepts} a second, each followed by a new open game: ${summary(accepts)}`,
      `accept -> its closed event on every lobby stream: ${summary(toStreams)}; missing ${missing}`,
      `errors: ${errors.length}${errors.length ? ' e.g. ' + errors[0] : ''}; the lobby holds ${finalPage.games.length} on its page`,
      `server CPU during the run: ${serverCpu.toFixed(0)}% of one core; RSS ${after.rss.toFixed(1)} MiB (peak ${after.hwm.toFixed(1)})`,
      `client CPU: ${clientCpu.map((c) => c.toFixed(0) + '%').join(' + ')} of one core (${procs} workers + the main process); the machine: ${machineCpu.toFixed(0)}% of ${os.cpus().length * 100}%, of which others (not server, not client) ${Math.max(0, machineCpu - serverCpu - clientCpu.reduce((a, b) => a + b, 0)).toFixed(0)}%`,
    ].join('\n'));
  } finally {
    for (const c of children) c.kill();
    await stopServer(server);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--worker') process.once('message', (m) => worker(m).then(() => process.exit(0), (e) => { console.error(e); process.exit(1); }));
else await main();
