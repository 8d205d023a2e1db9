// raw_http.mjs: what the server tests need to talk to `halma serve` over raw
// sockets (no HTTP client library, which would clean up the very requests
// the tests must send malformed), and to start and stop it.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO = path.resolve(here, '../..');
export const HALMA = path.resolve(REPO, process.env.HALMA ?? 'build/halma');
export const FIXTURES = path.join(here, 'fixtures');

// Starts `halma serve` on a free port (or with portArgs instead of
// --port 0), run through the command prefix if given (e.g. taskset);
// resolves once it prints its address.
export function startServer(args = [], { binary = HALMA, portArgs = ['--port', '0'], prefix = [] } = {}) {
  return new Promise((resolve, reject) => {
    const [command, ...rest] = [...prefix, binary, 'serve', ...portArgs, ...args];
    const child = spawn(command, rest, { stdio: ['ignore', 'pipe', 'pipe'] });
    const server = { child, stdout: '', stderr: '', port: 0, exited: null };
    server.exitPromise = new Promise((done) => child.on('exit', (code, signal) => done((server.exited = { code, signal }))));
    child.stderr.on('data', (d) => (server.stderr += d));
    child.stdout.on('data', (d) => {
      server.stdout += d;
      const m = server.stdout.match(/serving the game at http:\/\/127\.0\.0\.1:(\d+)\//);
      if (m && !server.port) {
        server.port = Number(m[1]);
        resolve(server);
      }
    });
    child.on('error', reject);
    server.exitPromise.then(({ code }) => {
      if (!server.port) reject(new Error(`halma serve exited (${code}) before serving:\n${server.stderr}`));
    });
  });
}

// Stops the server with a signal; resolves with how it exited.
export async function stopServer(server, signal = 'SIGTERM') {
  if (!server.exited) server.child.kill(signal);
  return server.exitPromise;
}

// Parses one response at the start of buf; null while incomplete.
// noBody: the request was HEAD (the headers may announce a length all the same).
function parseResponse(buf, noBody) {
  const end = buf.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const lines = buf.subarray(0, end).toString('latin1').split('\r\n');
  const [, status] = lines[0].match(/^HTTP\/1\.[01] (\d{3})/) ?? [];
  const headers = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = noBody || status === '304' ? 0 : Number(headers['content-length'] ?? 0);
  if (buf.length < end + 4 + length) return null;
  return {
    status: Number(status),
    statusLine: lines[0],
    headers,
    body: buf.subarray(end + 4, end + 4 + length),
    rest: buf.subarray(end + 4 + length),
  };
}

// Sends raw bytes on a new connection and collects everything the server
// sends until it closes the connection or `timeout` ms pass in silence.
// Resolves with {data, closed, timedOut, ms, responses}: responses are parsed
// from data (HEAD responses need {head: true}).
export function exchange(bytes, { port, timeout = 5000, head = false } = {}) {
  return new Promise((resolve) => {
    const start = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    const chunks = [];
    let closed = false;
    let timedOut = false;
    socket.setTimeout(timeout, () => {
      timedOut = true;
      socket.destroy();
    });
    socket.on('connect', () => socket.write(bytes));
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', () => {}); // a reset counts as closed
    socket.on('close', () => {
      closed = !timedOut;
      const data = Buffer.concat(chunks);
      const responses = [];
      for (let rest = data, r; rest.length && (r = parseResponse(rest, head)); rest = r.rest) responses.push(r);
      resolve({ data, closed, timedOut, ms: Date.now() - start, responses });
    });
  });
}

// One GET (or other method) with Connection: close; resolves with the parsed response.
export async function request(port, target, { method = 'GET', headers = {} } = {}) {
  const lines = [`${method} ${target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  const result = await exchange(Buffer.from(lines.join('\r\n') + '\r\n\r\n', 'latin1'), { port, head: method === 'HEAD' });
  const response = result.responses[0];
  if (!response) throw new Error(`no response to ${method} ${target}: ${JSON.stringify(result.data.toString('latin1'))}`);
  return { ...response, extra: response.rest, closed: result.closed };
}

// Opens a connection and leaves it open; resolves once connected.
export function openSocket(port) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });
}

// Resolves when the socket is closed by the server, with the ms it took; or
// with -1 after `limit` ms.
export function whenClosed(socket, limit) {
  return new Promise((resolve) => {
    const start = Date.now();
    const timer = setTimeout(() => resolve(-1), limit);
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - start);
    });
    socket.resume();
  });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Resolves true once check() holds, polling; false after `limit` ms.
export async function waitFor(check, limit = 2000) {
  for (const start = Date.now(); Date.now() - start < limit; await sleep(20)) if (check()) return true;
  return check();
}
