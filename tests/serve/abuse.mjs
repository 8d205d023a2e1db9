// abuse.mjs PORT COUNT [CONCURRENCY]: sends COUNT abusive requests to
// `halma serve` on 127.0.0.1:PORT, CONCURRENCY at a time (default 16), then
// checks that it still serves index.html.  For tests/serve/load.sh, which
// watches the server's memory and runs it under Valgrind meanwhile.
//
// Each request is one of: oversized URL or headers, a traversal attempt, a
// malformed request line, binary noise, a refused method with a body, or a
// request abandoned halfway (the client closes the connection).
import net from 'node:net';

const [port, count, concurrency = 16] = process.argv.slice(2).map(Number);

const abuses = [
  () => `GET /${'a'.repeat(20000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
  () => `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20000)}\r\n\r\n`,
  () => `GET / HTTP/1.1\r\nHost: x\r\n${'X-A: 1\r\n'.repeat(2000)}\r\n`,
  () => 'GET /../../etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
  () => 'GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
  () => 'GET /escape.txt HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
  () => `GET /${'x/'.repeat(700)}y HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
  () => `GET /no-such-file-${Math.random()} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
  () => 'GET / HTTP/1.1 extra\r\nHost: x\r\n\r\n',
  () => 'garbage\r\n\r\n',
  () => 'GET / HTTP/9.9\r\nHost: x\r\n\r\n',
  () => 'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
  () => Buffer.from(Array.from({ length: 2048 }, () => (Math.random() * 256) | 0)),
  () => `POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n${'p'.repeat(5000)}`,
  () => 'DELETE /index.html HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
  () => ({ partial: 'GET /index.html HTTP/1.1\r\nHost: x\r\nX-Half: ' }),
];

// Sends one abuse; resolves when the server closed the connection or 300 ms
// passed (the client then closes it, as a vanishing client would).
function send(i) {
  return new Promise((resolve) => {
    const abuse = abuses[i % abuses.length]();
    const socket = net.connect(port, '127.0.0.1');
    const timer = setTimeout(() => socket.destroy(), abuse.partial ? 50 : 300);
    socket.on('connect', () => socket.write(abuse.partial ?? abuse));
    socket.on('data', () => {});
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

let next = 0;
async function worker() {
  while (next < count) await send(next++);
}
const start = Date.now();
await Promise.all(Array.from({ length: concurrency }, worker));

const ok = await new Promise((resolve) => {
  const socket = net.connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
  let data = '';
  socket.on('data', (d) => (data += d));
  socket.on('error', () => resolve(false));
  socket.on('close', () => resolve(data.startsWith('HTTP/1.1 200 ')));
});
console.log(`abuse: ${count} requests in ${Date.now() - start} ms; still serving: ${ok ? 'yes' : 'NO'}`);
process.exit(ok ? 0 : 1);
