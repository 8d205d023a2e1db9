// online_http.mjs: what the online tests need: JSON requests over raw
// sockets (so that bodies, headers and sizes are exactly what the test says),
// an event-stream reader, legal games from `halma engine`, and servers with
// their stores in temporary folders.
//
// HALMA_ONLINE_STORE chooses the store of the servers that startOnline()
// starts without a --db of their own:
//   sqlite (the default)  in memory (tests name their own SQLite files);
//   pg                    one server on a fresh PostgreSQL database;
//   pg2                   two servers on one fresh PostgreSQL database: the
//                         "port" then is a Router, and every request and
//                         stream goes to one server or the other (below).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import readline from 'node:readline';

import { FIXTURES, HALMA, exchange as rawExchange, startServer, stopServer } from '../serve/raw_http.mjs';
import { dropDatabases, freshDatabase } from './pg_store.mjs';

export { FIXTURES, HALMA, startServer, stopServer };

export const STORE = process.env.HALMA_ONLINE_STORE || 'sqlite';
if (!['sqlite', 'pg', 'pg2'].includes(STORE)) throw new Error(`HALMA_ONLINE_STORE=${STORE}: sqlite, pg or pg2`);
export const PG = STORE !== 'sqlite';

// A folder of its own for a test's store; removed by cleanup().
export function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'halma-online-'));
}

// The PostgreSQL database of this run (PG modes), made on first use.
let runDatabase = null;
function pgDatabase() {
  if (!runDatabase) runDatabase = freshDatabase(STORE);
  return runDatabase;
}

// Where a test that restarts its servers on the same store keeps it: a file
// in dir with SQLite, a fresh database with PostgreSQL (so that no other
// server of the run, sharing the run's database, does the restarted
// server's work, such as ending a game on time).
export function storeFor(dir, file = 'games.sqlite3') {
  return PG ? freshDatabase(`${STORE}_own`) : path.join(dir, file);
}

// Runs fn({ dir, db }) on a store of its own (storeFor) in a folder of its
// own, removed however fn ends.
export async function withStore(fn, file) {
  const dir = tempDir();
  try {
    return await fn({ dir, db: storeFor(dir, file) });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// Drops this run's databases (every server stopped first); at exit otherwise.
export function dropStores() {
  dropDatabases();
  runDatabase = null;
}

// Every server started here is killed when the process exits, whatever happened.
const started = new Set();
process.prependListener('exit', () => {
  for (const s of started) if (!s.exited) s.child.kill('SIGKILL');
});

async function startOne(args) {
  const s = await startServer(args);
  started.add(s);
  s.exitPromise.then(() => started.delete(s));
  return s;
}

// Whether the server built knows an option (the load clients also run
// earlier builds, for comparison): the lobby's limit, the computer's capacity.
let serveHelp;
export function knowsOption(name) {
  serveHelp ??= spawnSync(HALMA, ['serve', '--help'], { encoding: 'utf8' }).stdout;
  return serveHelp.includes(name);
}

// Ids, tokens and invites: URL-safe base64.
export const BASE64URL = /^[A-Za-z0-9_-]+$/;

// The server that the tests of one file share, started by the file's before():
// {server, port, moves}, moves a legal game of 40 from the start.  Each file
// of node --test is a process of its own, so each has its own server and,
// with PostgreSQL, its own database (freshDatabase names it by the process).
export async function startShared() {
  const server = await startOnline();
  try {
    const moves = await legalMoves(40);
    if (moves.length !== 40) throw new Error(`a legal game of ${moves.length} moves, not 40`);
    return { server, port: server.port, moves };
  } catch (e) {
    await stopShared(server);
    throw e;
  }
}

// Stops the shared server (if it started) and drops the file's databases; the
// file's after().
export async function stopShared(server) {
  if (server) await stopServer(server);
  dropStores();
}

// `halma serve` with the page's fixtures and the given options; by default
// a store in memory (SQLite) or this run's database (PostgreSQL) and no
// limit of requests, games or open games (tests send many), and the
// computer's capacity as large as it goes (a file's computer games, left
// unfinished, would fill it: capacity.test.mjs tests it).  In pg2 mode, unless
// {servers: 1}, two servers on the same store, as one object: its port is a
// Router, stdout and stderr are both servers', child.kill() and
// exitPromise are both's (the first exit that is not 0 wins).
export async function startOnline(args = [], { servers = STORE === 'pg2' ? 2 : 1 } = {}) {
  const defaults = {
    '--db': PG ? pgDatabase() : ':memory:',
    '--requests-per-second': '0',
    '--games-per-hour': '0',
    ...(knowsOption('--open-games-per-address') ? { '--open-games-per-address': '0' } : {}), // a build before the lobby does not
    ...(knowsOption('--computer-wait-ms') ? { '--computer-wait-ms': '3600000' } : {}),
  };
  const extra = Object.entries(defaults).flatMap(([name, value]) => (args.includes(name) ? [] : [name, value]));
  const full = ['--root', FIXTURES, ...extra, ...args];
  if (servers === 1) return startOne(full);
  const pair = [];
  try {
    for (let i = 0; i < servers; i++) pair.push(await startOne(full));
  } catch (e) {
    for (const s of pair) s.child.kill('SIGKILL');
    throw e;
  }
  return serverGroup(pair);
}

export function serverGroup(servers) {
  const group = {
    servers,
    port: new Router(servers),
    get stdout() {
      return servers.map((s) => s.stdout).join('');
    },
    get stderr() {
      return servers.map((s) => s.stderr).join('');
    },
    get exited() {
      return servers.every((s) => s.exited) ? group.exitedAs : null;
    },
    child: {
      kill: (signal) => {
        for (const s of servers) if (!s.exited) s.child.kill(signal);
      },
    },
  };
  group.exitPromise = Promise.all(servers.map((s) => s.exitPromise)).then(
    (all) => (group.exitedAs = all.find((r) => r.code !== 0) ?? all[0]),
  );
  return group;
}

// Which server of a group answers.  Requests about a game alternate between
// the servers, writes and reads each in turn, per game; a new game (POST
// /api/v1/games) or any other request takes the next server in turn.  A
// stream of a game opens on the server that the game's next write will NOT
// go to, and its next one on the other (so a spectator is on both): every
// write after a stream is opened is answered by the other server at least
// once, and the Router counts the writes made while a stream of the same
// game was open on another server (routing.crossWrites) to prove it.
export const routing = { writes: 0, crossWrites: 0, streams: [] }; // every Router's
export class Router {
  constructor(servers) {
    this.servers = servers;
    this.turn = 0; // of requests about no game
    this.gameTurn = 0; // of games
    this.games = new Map();
  }

  // Each game starts on the next server in turn, so that the servers share
  // the first writes and streams of games alike.
  game(id) {
    if (!this.games.has(id)) this.games.set(id, { base: this.gameTurn++, writes: 0, reads: 0, streams: 0, open: new Map() });
    return this.games.get(id);
  }

  request(method, target) {
    const m = target.match(/^\/api\/v1\/games\/([^/?]+)/);
    if (!m) return this.servers[this.turn++ % this.servers.length].port;
    const g = this.game(m[1]);
    if (method === 'GET' || method === 'HEAD') return this.servers[(g.base + g.reads++) % this.servers.length].port;
    const i = (g.base + g.writes++) % this.servers.length;
    routing.writes++;
    if ([...g.open.values()].some((j) => j !== i)) routing.crossWrites++;
    return this.servers[i].port;
  }

  // {port, opened(), closed()} for a stream of game id.
  stream(id) {
    const g = this.game(id);
    const i = (g.base + g.writes + 1 + g.streams) % this.servers.length;
    const key = g.streams++;
    routing.streams[i] = (routing.streams[i] ?? 0) + 1;
    return {
      port: this.servers[i].port,
      index: i,
      opened: () => g.open.set(key, i),
      closed: () => g.open.delete(key),
    };
  }
}

// The port to connect to: port itself, or a Router's choice.
function portFor(port, method, target) {
  return port instanceof Router ? port.request(method, target) : port;
}

// The raw exchange of ../serve/raw_http.mjs, which also takes a Router (the
// request line of the bytes chooses the server).
export function exchange(bytes, options = {}) {
  const [, method = 'GET', target = '/'] = bytes.subarray(0, 512).toString('latin1').match(/^(\S+) (\S+)/) ?? [];
  return rawExchange(bytes, { ...options, port: portFor(options.port, method, target) });
}

// One request; resolves with {status, headers, body (parsed JSON or null), text}.
// body: an object (sent as JSON), a string or a Buffer (sent as is).
export async function api(port, method, target, { body, token, headers = {}, type = 'application/json' } = {}) {
  let payload = Buffer.alloc(0);
  if (body !== undefined) payload = Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  const lines = [`${method} ${target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
  if (body !== undefined) lines.push(`Content-Length: ${payload.length}`);
  if (body !== undefined && type) lines.push(`Content-Type: ${type}`);
  if (token) lines.push(`Authorization: Bearer ${token}`);
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  const head = Buffer.from(lines.join('\r\n') + '\r\n\r\n', 'latin1');
  const r = await rawExchange(Buffer.concat([head, payload]), { port: portFor(port, method, target) });
  const response = r.responses[0];
  if (!response) throw new Error(`no response to ${method} ${target}: ${r.data.toString('latin1')}`);
  const text = response.body.toString('utf8');
  let json = null;
  if (text) json = JSON.parse(text);
  return { status: response.status, headers: response.headers, body: json, text };
}

// A game created and joined: {id, w, b} with each seat's token.
export async function newGame(port, settings = {}) {
  const created = await api(port, 'POST', '/api/v1/games', { body: settings });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${created.text}`);
  const joined = await api(port, 'POST', `/api/v1/games/${created.body.id}/join`, { body: { invite: created.body.invite } });
  if (joined.status !== 200) throw new Error(`join: ${joined.status} ${joined.text}`);
  const tokens = { [created.body.seat]: created.body.token, [joined.body.seat]: joined.body.token };
  return { id: created.body.id, w: tokens.w, b: tokens.b, created: created.body };
}

export function move(port, game, seat, ply, text) {
  return api(port, 'POST', `/api/v1/games/${game.id}/moves`, { body: { ply, move: text }, token: game[seat] });
}

// An event stream: {events: [{id, event, data, at}], stored(), comments,
// raw, close(), end() (FIN), reset() (RST), next(pred, ms)}; at is performance.now() when the event was
// read; stored() the events with an id (not presence, not watchers); ended
// says the server closed the stream with its last chunk.  With a Router,
// stream.server is the index of the server that holds it.
export function openEvents(port, id, { lastEventId, target = `/api/v1/games/${id}/events` } = {}) {
  const route = port instanceof Router && id ? port.stream(id) : null;
  const to = route ? route.port : portFor(port, 'GET', target);
  return new Promise((resolve, reject) => {
    const socket = net.connect(to, '127.0.0.1');
    const stream = { events: [], comments: 0, raw: '', status: 0, headers: '', closed: false, ended: false, waiters: [] };
    if (route) {
      stream.server = route.index;
      route.opened();
    }
    let buffer = Buffer.alloc(0); // bytes: a chunk's size counts bytes, and a character may straddle two reads
    let body = Buffer.alloc(0); // the chunks' bytes not yet read as whole lines
    let headDone = false;
    const check = () => {
      for (const w of [...stream.waiters]) {
        const found = stream.events.find(w.pred);
        if (found) {
          stream.waiters.splice(stream.waiters.indexOf(w), 1);
          clearTimeout(w.timer);
          w.resolve(found);
        }
      }
    };
    const parseBlocks = () => {
      // chunked transfer: strip the chunk sizes as they come
      for (;;) {
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) break;
        const size = parseInt(buffer.subarray(0, eol).toString('latin1'), 16);
        if (Number.isNaN(size) || buffer.length < eol + 2 + size + 2) break;
        body = Buffer.concat([body, buffer.subarray(eol + 2, eol + 2 + size)]);
        buffer = buffer.subarray(eol + 2 + size + 2);
        if (size === 0) stream.ended = true;
      }
      // Whole events only: the text up to the last blank line is whole UTF-8.
      const last = body.lastIndexOf('\n\n');
      if (last >= 0) {
        stream.raw += body.subarray(0, last + 2).toString('utf8');
        body = body.subarray(last + 2);
      }
      let sep;
      while ((sep = stream.raw.indexOf('\n\n')) >= 0) {
        const block = stream.raw.slice(0, sep);
        stream.raw = stream.raw.slice(sep + 2);
        const ev = {};
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) stream.comments++;
          else if (line.startsWith('id: ')) ev.id = Number(line.slice(4));
          else if (line.startsWith('event: ')) ev.event = line.slice(7);
          else if (line.startsWith('data: ')) ev.data = JSON.parse(line.slice(6));
        }
        if (ev.event) stream.events.push({ ...ev, at: performance.now() });
      }
      check();
    };
    socket.on('connect', () => {
      const lines = [`GET ${target} HTTP/1.1`, 'Host: 127.0.0.1', 'Accept: text/event-stream'];
      if (lastEventId !== undefined) lines.push(`Last-Event-ID: ${lastEventId}`);
      socket.write(lines.join('\r\n') + '\r\n\r\n');
    });
    socket.on('data', (d) => {
      buffer = Buffer.concat([buffer, d]);
      if (!headDone) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        stream.headers = buffer.subarray(0, end).toString('latin1');
        stream.status = Number(stream.headers.split(' ')[1]);
        buffer = buffer.subarray(end + 4);
        headDone = true;
        resolve(stream);
        if (!/transfer-encoding: chunked/i.test(stream.headers)) {
          stream.raw = buffer.toString('utf8'); // an error's JSON body
          buffer = Buffer.alloc(0);
          return;
        }
      }
      parseBlocks();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      stream.closed = true;
      if (route) route.closed();
      if (!headDone) reject(new Error('stream closed before its headers'));
    });
    stream.close = () => socket.destroy();
    stream.end = () => socket.end(); // a clean close: FIN
    stream.reset = () => socket.resetAndDestroy(); // an abrupt one: RST
    // The stored events (with ids), without presence and watchers.
    stream.stored = () => stream.events.filter((e) => e.id !== undefined);
    // Resolves with the first event matching pred, or rejects after ms.
    stream.next = (pred, ms = 5000) =>
      new Promise((res, rej) => {
        const w = { pred, resolve: res };
        w.timer = setTimeout(() => {
          stream.waiters.splice(stream.waiters.indexOf(w), 1);
          rej(new Error(`no such event within ${ms} ms; got ${JSON.stringify(stream.events.map((e) => e.event))}`));
        }, ms);
        stream.waiters.push(w);
        check();
      });
  });
}

// The lobby's event stream, read as openEvents reads a game's; with a
// Router, on the next server in turn.
export function openLobby(port) {
  return openEvents(port, null, { target: '/api/v1/lobby/events' });
}

// Resolves with the lobby's games once pred(games) holds (a server hears of
// another's writes within milliseconds), or rejects after ms.
export async function lobbyUntil(port, pred, ms = 3000) {
  const start = performance.now();
  for (;;) {
    const r = await api(port, 'GET', '/api/v1/lobby');
    if (r.status === 200 && pred(r.body.games)) return r.body.games;
    if (performance.now() - start > ms) throw new Error(`the lobby never became as expected: ${r.status} ${r.text.slice(0, 300)}`);
    await sleep(50);
  }
}

// A legal game of n moves from the start, each the engine's choice at depth 1.
export async function legalMoves(n, variant = 19) {
  const engine = spawn(HALMA, ['engine'], { stdio: ['pipe', 'pipe', 'ignore'] });
  const lines = readline.createInterface({ input: engine.stdout });
  const waiting = [];
  lines.on('line', (line) => waiting.length && waiting[0](line));
  const ask = (command, until) =>
    new Promise((resolve) => {
      waiting.unshift((line) => {
        if (until(line)) {
          waiting.shift();
          resolve(line);
        }
      });
      engine.stdin.write(command + '\n');
    });
  const moves = [];
  for (let i = 0; i < n; i++) {
    engine.stdin.write(`position variant ${variant} startpos${moves.length ? ' moves ' + moves.join(' ') : ''}\n`);
    const best = await ask('go depth 1', (l) => l.startsWith('bestmove '));
    const m = best.slice('bestmove '.length);
    if (m === 'none') break;
    moves.push(m);
  }
  engine.stdin.end('quit\n');
  return moves;
}

// A legal game of n turns of three or four players (`legal` of `halma
// engine`), each the legal move at a place that moves on from turn to turn,
// so that the seats do not go back and forth into a repetition.
export async function legalMovesMulti(n, players, partners = false) {
  const engine = spawn(HALMA, ['engine'], { stdio: ['pipe', 'pipe', 'ignore'] });
  const lines = readline.createInterface({ input: engine.stdout });
  const waiting = [];
  lines.on('line', (line) => waiting.length && waiting.shift()(line));
  const ask = (command) =>
    new Promise((resolve) => {
      waiting.push(resolve);
      engine.stdin.write(command + '\n');
    });
  const moves = [];
  const kind = `players ${players}${partners ? ' partners' : ''}`;
  for (let i = 0; i < n; i++) {
    engine.stdin.write(`position ${kind} startpos${moves.length ? ' moves ' + moves.join(' ') : ''}\n`);
    const legal = (await ask('legal')).split(' ').slice(2);
    if (!legal.length) break;
    moves.push(legal[(i * 7 + 3) % legal.length]);
  }
  engine.stdin.end('quit\n');
  return moves;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
