// online_http.mjs: what the online tests need: JSON requests over raw
// sockets (so that bodies, headers and sizes are exactly what the test says),
// an event-stream reader, legal games from `halma engine`, and servers with
// their stores in temporary folders.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

import { FIXTURES, HALMA, exchange, startServer, stopServer } from '../serve/raw_http.mjs';

export { FIXTURES, HALMA, exchange, startServer, stopServer };

// A folder of its own for a test's store; removed by cleanup().
export function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'halma-online-'));
}

// `halma serve` with the page's fixtures and the given options; by default
// a store in memory and no limit of requests or games (tests send many).
export function startOnline(args = []) {
  const defaults = { '--db': ':memory:', '--requests-per-second': '0', '--games-per-hour': '0' };
  const extra = Object.entries(defaults).flatMap(([name, value]) => (args.includes(name) ? [] : [name, value]));
  return startServer(['--root', FIXTURES, ...extra, ...args]);
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
  const r = await exchange(Buffer.concat([head, payload]), { port });
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

// An event stream: {events: [{id, event, data}], comments, raw, close(), next(pred, ms)}.
export function openEvents(port, id, { lastEventId } = {}) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const stream = { events: [], comments: 0, raw: '', status: 0, headers: '', closed: false, waiters: [] };
    let buffer = '';
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
      let out = '';
      for (;;) {
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) break;
        const size = parseInt(buffer.slice(0, eol), 16);
        if (Number.isNaN(size) || buffer.length < eol + 2 + size + 2) break;
        out += buffer.slice(eol + 2, eol + 2 + size);
        buffer = buffer.slice(eol + 2 + size + 2);
        if (size === 0) stream.ended = true;
      }
      stream.raw += out;
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
        if (ev.event) stream.events.push(ev);
      }
      check();
    };
    socket.on('connect', () => {
      const lines = [`GET /api/v1/games/${id}/events HTTP/1.1`, 'Host: 127.0.0.1', 'Accept: text/event-stream'];
      if (lastEventId !== undefined) lines.push(`Last-Event-ID: ${lastEventId}`);
      socket.write(lines.join('\r\n') + '\r\n\r\n');
    });
    socket.on('data', (d) => {
      buffer += d.toString('utf8');
      if (!headDone) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        stream.headers = buffer.slice(0, end);
        stream.status = Number(stream.headers.split(' ')[1]);
        buffer = buffer.slice(end + 4);
        headDone = true;
        resolve(stream);
        if (!/transfer-encoding: chunked/i.test(stream.headers)) {
          stream.raw = buffer; // an error's JSON body
          buffer = '';
          return;
        }
      }
      parseBlocks();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      stream.closed = true;
      if (!headDone) reject(new Error('stream closed before its headers'));
    });
    stream.close = () => socket.destroy();
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

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
