// proxy-check.mjs: checks a reverse proxy in front of `halma serve`
// (docs/DEPLOY.md) the way a browser's page uses it.
//
//   node tools/proxy-check.mjs [--insecure] [--moves N] URL [STREAM_URL]
//
// Through URL (e.g. https://halma.example.org), as a page would (Origin and
// Host of that URL): GET /, creates a game, joins it, opens the game's event
// stream (through STREAM_URL if given: another proxy, or a server directly),
// then plays N moves (default 20), one each 200 ms, and times each from its
// POST to its event on the stream.  A proxy that buffers the stream shows
// as events that come late (seconds, or only with the next heartbeat) or
// not at all.  Prints the stream's headers that matter and the times; exits
// 1 if the stream's headers or an event are missing or late (over 5 s and
// 1 s), or the stream is compressed (it is then read through gunzip and
// timed all the same).
// --insecure accepts a self-signed certificate.  Needs build/halma (HALMA)
// for the moves.
import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';

import { legalMoves } from '../tests/online/online_http.mjs';

const argv = process.argv.slice(2);
let insecure = false;
let count = 20;
const urls = [];
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--insecure') insecure = true;
  else if (argv[i] === '--moves') count = Number(argv[++i]);
  else urls.push(new URL(argv[i]));
}
if (!urls.length) {
  console.error('usage: node tools/proxy-check.mjs [--insecure] [--moves N] URL [STREAM_URL]');
  process.exit(2);
}
const [base, streamBase = urls[0]] = urls;
const lib = (u) => (u.protocol === 'https:' ? https : http);
const agents = new Map();
const agentOf = (u) => {
  if (!agents.has(u.origin)) agents.set(u.origin, new (lib(u).Agent)({ keepAlive: true, rejectUnauthorized: !insecure }));
  return agents.get(u.origin);
};

// One request as the page sends it: {status, headers, body}.
function call(u, method, target, { body, token } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? '' : JSON.stringify(body);
    const headers = { Origin: u.origin, 'Sec-Fetch-Site': 'same-origin' };
    if (body !== undefined) Object.assign(headers, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) });
    if (token) headers.Authorization = `Bearer ${token}`;
    const req = lib(u).request(new URL(target, u), { method, headers, agent: agentOf(u) }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text, body: text.startsWith('{') ? JSON.parse(text) : null }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const fail = (why) => {
  console.log(`FAIL: ${why}`);
  process.exit(1);
};

const page = await call(base, 'GET', '/');
console.log(`GET / through ${base.origin}: ${page.status}`);
if (page.status !== 200) fail('the page');
const made = await call(base, 'POST', '/api/v1/games', { body: {} });
if (made.status !== 201) fail(`create: ${made.status} ${made.text} (403: the proxy does not pass the Host the browser used)`);
const joined = await call(base, 'POST', `/api/v1/games/${made.body.id}/join`, { body: { invite: made.body.invite } });
if (joined.status !== 200) fail(`join: ${joined.status} ${joined.text}`);
const tokens = { [made.body.seat]: made.body.token, [joined.body.seat]: joined.body.token };

// The stream, read as it comes: each move event's arrival time by ply.
const arrived = new Map();
let waiter = null;
const stream = await new Promise((resolve, reject) => {
  const req = lib(streamBase).request(new URL(`/api/v1/games/${made.body.id}/events`, streamBase), {
    headers: { Accept: 'text/event-stream', 'Accept-Encoding': 'gzip' }, rejectUnauthorized: !insecure,
  }, (res) => {
    // a compressed stream is read through gunzip, flushed as it comes, and timed all the same
    const body = res.headers['content-encoding'] === 'gzip' ? res.pipe(zlib.createGunzip({ flush: zlib.constants.Z_SYNC_FLUSH })) : res;
    let text = '';
    body.setEncoding('utf8');
    body.on('data', (d) => {
      const t = performance.now();
      text += d;
      for (const m of text.matchAll(/event: move\ndata: \{"ply":(\d+)/g)) if (!arrived.has(Number(m[1]))) arrived.set(Number(m[1]), t);
      text = text.slice(text.lastIndexOf('\n\n') + 2);
      if (waiter) waiter();
    });
    body.on('error', () => {});
    resolve({ req, res });
  });
  req.on('error', reject);
  req.end();
  setTimeout(() => reject(new Error('the stream\'s headers took over 5 s (a proxy buffering the stream?)')), 5000).unref();
}).catch((e) => fail(e.message));
const h = stream.res.headers;
console.log(`stream through ${streamBase.origin}: ${stream.res.statusCode}, content-type ${h['content-type']}, ` +
  `content-encoding ${h['content-encoding'] ?? 'none'}, transfer-encoding ${h['transfer-encoding'] ?? 'none'}`);
if (stream.res.statusCode !== 200) fail('the stream');

const moves = await legalMoves(count);
const times = [];
for (let ply = 0; ply < moves.length; ply++) {
  await new Promise((res) => setTimeout(res, 200)); // within the default 10 requests a second
  const sent = performance.now();
  const r = await call(base, 'POST', `/api/v1/games/${made.body.id}/moves`, { body: { ply, move: moves[ply] }, token: tokens[ply % 2 ? 'b' : 'w'] });
  if (r.status !== 200) fail(`move ${ply + 1}: ${r.status} ${r.text}`);
  const limit = sent + 5000;
  while (!arrived.has(ply + 1) && performance.now() < limit)
    await new Promise((res) => {
      waiter = res;
      setTimeout(res, 50);
    });
  if (!arrived.has(ply + 1)) fail(`move ${ply + 1}: no event within 5 s (buffered?)`);
  times.push(arrived.get(ply + 1) - sent);
}
stream.req.destroy();
for (const a of agents.values()) a.destroy();
const sorted = [...times].sort((a, b) => a - b);
console.log(`${times.length} moves: POST -> its event on the stream: median ${sorted[sorted.length >> 1].toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms`);
if (sorted[sorted.length - 1] > 1000) fail('an event took over 1 s');
if (h['content-encoding']) fail(`the stream is compressed (${h['content-encoding']}): turn compression off for text/event-stream`);
console.log('ok');
