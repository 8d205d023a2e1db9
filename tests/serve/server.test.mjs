// server.test.mjs: `halma serve` from the outside, over raw sockets: what it
// serves and with which headers, what it refuses, and that misbehaving
// clients (huge, malformed, slow) neither crash nor hang it.
//
// Run by `make serve-tests` (node --test).  HALMA names the binary.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import zlib from 'node:zlib';

import { FIXTURES, HALMA, exchange, openSocket, request, sleep, startServer, stopServer, waitFor, whenClosed } from './raw_http.mjs';

// Short limits so that the slow-client tests take seconds.
const TIMEOUT_SECONDS = 2;
let server;
let port;

before(async () => {
  server = await startServer(['--root', FIXTURES, '--timeout', String(TIMEOUT_SECONDS)]);
  port = server.port;
});

after(async () => {
  await stopServer(server, 'SIGKILL'); // only if a test failed before the shutdown test
});

const CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self'; " +
  "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; " +
  "form-action 'none'";

function assertSecurityHeaders(headers) {
  assert.equal(headers['content-security-policy'], CSP);
  assert.equal(headers['x-content-type-options'], 'nosniff');
  assert.equal(headers['x-frame-options'], 'DENY');
  assert.equal(headers['referrer-policy'], 'no-referrer');
  assert.equal(headers['cross-origin-opener-policy'], 'same-origin');
  assert.match(headers['permissions-policy'], /camera=\(\)/);
}

// What is served and how: run against the server with its cache and against
// one reading every file from disk (--no-cache), which share no code past
// static_open.
for (const mode of ['cache', 'no-cache']) describe(mode, () => {
  let port;
  let own;
  before(async () => {
    own = mode === 'cache' ? null : await startServer(['--root', FIXTURES, '--no-cache']);
    port = own ? own.port : server.port;
  });
  after(async () => own && stopServer(own));

  describe('serving files', () => {
    const types = {
      '/': 'text/html; charset=utf-8',
      '/index.html': 'text/html; charset=utf-8',
      '/js/main.js': 'text/javascript; charset=utf-8',
      '/js/engine.mjs': 'text/javascript; charset=utf-8',
      '/style.css': 'text/css; charset=utf-8',
      '/engine.wasm': 'application/wasm',
      '/manifest.webmanifest': 'application/manifest+json',
      '/icons/icon.svg': 'image/svg+xml',
      '/icons/icon.png': 'image/png',
      '/data.json': 'application/json',
      '/sw.js': 'text/javascript; charset=utf-8',
      '/blob.unknownext': 'application/octet-stream',
    };
    for (const [target, type] of Object.entries(types)) {
      test(`${target} is ${type}, with its bytes`, async () => {
        const r = await request(port, target);
        assert.equal(r.status, 200);
        assert.equal(r.headers['content-type'], type);
        const file = target === '/' ? 'index.html' : target.slice(1);
        assert.deepEqual(r.body, fs.readFileSync(path.join(FIXTURES, file)));
        assert.equal(r.extra.length, 0, 'nothing after the body');
      });
    }

    test('every kind of response carries the security headers', async () => {
      for (const [target, method] of [['/', 'GET'], ['/engine.wasm', 'GET'], ['/missing', 'GET'], ['/', 'POST'], ['/../x', 'GET']]) {
        const r = await request(port, target, { method });
        assertSecurityHeaders(r.headers);
      }
    });

    test('code is revalidated, images kept a day, hashed names for good', async () => {
      const cacheControl = async (target) => (await request(port, target)).headers['cache-control'];
      for (const target of ['/', '/sw.js', '/manifest.webmanifest', '/engine.wasm', '/js/main.js', '/js/engine.mjs', '/style.css', '/data.json'])
        assert.equal(await cacheControl(target), 'no-cache', target);
      assert.equal(await cacheControl('/icons/icon.svg'), 'public, max-age=86400');
      assert.equal(await cacheControl('/icons/icon.png'), 'public, max-age=86400');
      assert.equal(await cacheControl('/js/app.3f9a0c1d.js'), 'public, max-age=31536000, immutable');
    });

    test('a folder serves its index.html, after a redirect to its final /', async () => {
      const redirect = await request(port, '/sub?x=1');
      assert.equal(redirect.status, 301);
      assert.equal(redirect.headers.location, '/sub/');
      const page = await request(port, '/sub/');
      assert.equal(page.status, 200);
      assert.equal(page.body.toString(), 'sub\n');
    });

    test('no folder listing: a folder without index.html is 404', async () => {
      const r = await request(port, '/noindex/');
      assert.equal(r.status, 404);
      assert.doesNotMatch(r.body.toString(), /readme/);
    });

    test('missing files and dot files are 404', async () => {
      assert.equal((await request(port, '/nothing-here.js')).status, 404);
      assert.equal((await request(port, '/.secret')).status, 404);
      assert.equal((await request(port, '/%2esecret')).status, 404);
      assert.equal((await request(port, '/js/main.js/')).status, 404);
    });

    test('a symbolic link that stays inside the root is served', async () => {
      const r = await request(port, '/inside-link.html');
      assert.equal(r.status, 200);
      assert.deepEqual(r.body, fs.readFileSync(path.join(FIXTURES, 'index.html')));
    });

    test('the query string is ignored', async () => {
      assert.equal((await request(port, '/style.css?v=2')).status, 200);
    });

    test('HEAD has the headers of GET and no body', async () => {
      const get = await request(port, '/engine.wasm');
      const head = await request(port, '/engine.wasm', { method: 'HEAD' });
      assert.equal(head.status, 200);
      assert.equal(head.headers['content-length'], get.headers['content-length']);
      assert.equal(head.headers.etag, get.headers.etag);
      assert.equal(head.body.length + head.extra.length, 0, 'HEAD sent bytes after its headers');
    });

    test('two requests on one connection (keep-alive)', async () => {
      const twice = 'GET /style.css HTTP/1.1\r\nHost: x\r\n\r\nGET /data.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n';
      const r = await exchange(Buffer.from(twice), { port });
      assert.equal(r.responses.length, 2);
      assert.equal(r.responses[0].headers['content-type'], 'text/css; charset=utf-8');
      assert.equal(r.responses[1].headers['content-type'], 'application/json');
    });
  });

  describe('conditional requests', () => {
    test('ETag and Last-Modified come with every file', async () => {
      const r = await request(port, '/js/main.js');
      assert.match(r.headers.etag, /^"[0-9a-f]+-[0-9a-f]+\.[0-9a-f]+"$/);
      assert.match(r.headers['last-modified'], /^[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d GMT$/);
      const mtime = fs.statSync(path.join(FIXTURES, 'js/main.js')).mtime;
      assert.equal(Date.parse(r.headers['last-modified']), Math.floor(mtime.getTime() / 1000) * 1000);
    });

    test('If-None-Match with the current ETag: 304 without a body', async () => {
      const { headers } = await request(port, '/engine.wasm');
      for (const value of [headers.etag, `W/${headers.etag}`, `"other", ${headers.etag}`, '*']) {
        const r = await request(port, '/engine.wasm', { headers: { 'If-None-Match': value } });
        assert.equal(r.status, 304, value);
        assert.equal(r.headers.etag, headers.etag);
        assert.equal(r.headers['cache-control'], 'no-cache');
        assert.equal(r.extra.length, 0);
      }
    });

    test('If-None-Match with another ETag: 200', async () => {
      const r = await request(port, '/engine.wasm', { headers: { 'If-None-Match': '"0-0.0"' } });
      assert.equal(r.status, 200);
      assert.equal(r.body.length, 8);
    });

    test('If-Modified-Since: 304 when not modified since, 200 when modified', async () => {
      const { headers } = await request(port, '/style.css');
      const fresh = await request(port, '/style.css', { headers: { 'If-Modified-Since': headers['last-modified'] } });
      assert.equal(fresh.status, 304);
      const stale = await request(port, '/style.css', { headers: { 'If-Modified-Since': 'Thu, 01 Jan 1970 00:00:00 GMT' } });
      assert.equal(stale.status, 200);
      const garbage = await request(port, '/style.css', { headers: { 'If-Modified-Since': 'yesterday' } });
      assert.equal(garbage.status, 200);
    });

    test('If-None-Match wins over If-Modified-Since', async () => {
      const { headers } = await request(port, '/style.css');
      const r = await request(port, '/style.css', {
        headers: { 'If-None-Match': '"nope"', 'If-Modified-Since': headers['last-modified'] },
      });
      assert.equal(r.status, 200);
    });
  });
});

describe('a file changed while the server runs', () => {
  let root;
  let own;
  before(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'halma-serve-'));
    fs.writeFileSync(path.join(root, 'index.html'), 'first\n');
    fs.writeFileSync(path.join(root, 'app.js'), 'one\n');
    own = await startServer(['--root', root]);
  });
  after(async () => {
    await stopServer(own);
    fs.rmSync(root, { recursive: true, force: true });
  });

  test('is served anew within about a second, with a new ETag', async () => {
    const before = await request(own.port, '/app.js');
    assert.equal(before.body.toString(), 'one\n');
    fs.writeFileSync(path.join(root, 'app.js'), 'two, longer\n');
    await sleep(1100);
    const changed = await request(own.port, '/app.js');
    assert.equal(changed.body.toString(), 'two, longer\n');
    assert.notEqual(changed.headers.etag, before.headers.etag);
    const revalidated = await request(own.port, '/app.js', { headers: { 'If-None-Match': before.headers.etag } });
    assert.equal(revalidated.status, 200);
  });

  test('a deleted file is 404 within about a second', async () => {
    assert.equal((await request(own.port, '/')).status, 200);
    fs.rmSync(path.join(root, 'index.html'));
    await sleep(1100);
    assert.equal((await request(own.port, '/')).status, 404);
  });
});

describe('precompressed files (name.gz beside name)', () => {
  let root;
  let own;
  const text = 'const page = "halma";\n'.repeat(200);
  before(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'halma-serve-'));
    fs.mkdirSync(path.join(root, 'js'));
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html>\n');
    fs.writeFileSync(path.join(root, 'js/app.js'), text);
    spawnSync('gzip', ['-9', '-k', '-n', path.join(root, 'js/app.js'), path.join(root, 'index.html')]);
    fs.writeFileSync(path.join(root, 'plain.js'), 'no twin\n');
    fs.writeFileSync(path.join(root, 'stale.js'), 'new text\n');
    fs.writeFileSync(path.join(root, 'stale.js.gz'), zlib.gzipSync('old text\n'));
    const past = new Date(Date.now() - 60000);
    fs.utimesSync(path.join(root, 'stale.js.gz'), past, past); // older than stale.js: never served
    own = await startServer(['--root', root]);
  });
  after(async () => {
    await stopServer(own);
    fs.rmSync(root, { recursive: true, force: true });
  });

  for (const mode of ['cached', 'again']) {
    test(`gzip to a client that takes it, with the file's own type and Vary (${mode})`, async () => {
      const r = await request(own.port, '/js/app.js', { headers: { 'Accept-Encoding': 'br, gzip;q=0.8' } });
      assert.equal(r.status, 200);
      assert.equal(r.headers['content-encoding'], 'gzip');
      assert.equal(r.headers['content-type'], 'text/javascript; charset=utf-8');
      assert.equal(r.headers.vary, 'Accept-Encoding');
      assert.equal(zlib.gunzipSync(r.body).toString(), text);
      assert.ok(r.body.length < text.length / 10);
      const folder = await request(own.port, '/', { headers: { 'Accept-Encoding': 'gzip' } });
      assert.equal(folder.headers['content-encoding'], 'gzip', 'a folder\'s index.html too');
      assert.equal(zlib.gunzipSync(folder.body).toString(), '<!doctype html>\n');
    });
  }

  test('the plain file otherwise: no Accept-Encoding, gzip;q=0, another coding', async () => {
    for (const headers of [{}, { 'Accept-Encoding': 'gzip;q=0, *' }, { 'Accept-Encoding': 'deflate, br' }, { 'Accept-Encoding': 'identity' }]) {
      const r = await request(own.port, '/js/app.js', { headers });
      assert.equal(r.headers['content-encoding'], undefined, JSON.stringify(headers));
      assert.equal(r.headers.vary, 'Accept-Encoding');
      assert.equal(r.body.toString(), text);
    }
    const any = await request(own.port, '/js/app.js', { headers: { 'Accept-Encoding': '*' } });
    assert.equal(any.headers['content-encoding'], 'gzip', '"*" takes gzip');
  });

  test('a file without a twin, or with a twin older than itself, is sent plain', async () => {
    const plain = await request(own.port, '/plain.js', { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body.toString(), 'no twin\n');
    const stale = await request(own.port, '/stale.js', { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(stale.headers['content-encoding'], undefined);
    assert.equal(stale.body.toString(), 'new text\n');
  });

  test('the two answers have different ETags, and each revalidates', async () => {
    const zipped = await request(own.port, '/js/app.js', { headers: { 'Accept-Encoding': 'gzip' } });
    const plain = await request(own.port, '/js/app.js');
    assert.notEqual(zipped.headers.etag, plain.headers.etag);
    const again = await request(own.port, '/js/app.js', { headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': zipped.headers.etag } });
    assert.equal(again.status, 304);
    assert.equal(again.headers['content-encoding'], 'gzip');
  });
});

describe('methods', () => {
  for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS', 'TRACE', 'PATCH', 'CONNECT', 'BREW']) {
    test(`${method} is 405 with Allow: GET, HEAD`, async () => {
      const r = await request(port, '/', { method });
      assert.equal(r.status, 405);
      assert.equal(r.headers.allow, 'GET, HEAD');
    });
  }

  test('a request body is not read: answered at once, connection closed', async () => {
    const r = await exchange(Buffer.from('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100000000\r\n\r\nabc'), { port });
    assert.equal(r.responses[0].status, 405);
    assert.ok(r.closed, 'the connection stays open for the body');
  });
});

describe('path traversal', () => {
  for (const mode of ['cache', 'no-cache']) describe(mode, () => {
  let port;
  let own;
  before(async () => {
    own = mode === 'cache' ? null : await startServer(['--root', FIXTURES, '--no-cache']);
    port = own ? own.port : server.port;
  });
  after(async () => own && stopServer(own));

  // [raw request target, expected status]: 400 for what is refused outright,
  // 403 for a link leading out of the root, 404 for harmless names.
  const attempts = [
    ['/../outside/secret.txt', 400],
    ['/../../../../../../etc/passwd', 400],
    ['/sub/../../outside/secret.txt', 400],
    ['/./../outside/secret.txt', 400],
    ['/%2e%2e/outside/secret.txt', 400],
    ['/%2E%2E/outside/secret.txt', 400],
    ['/.%2e/outside/secret.txt', 400],
    ['/%2e%2e%2foutside/secret.txt', 400],
    ['/..%2foutside/secret.txt', 400],
    ['/..%2Foutside/secret.txt', 400],
    ['/%252e%252e/outside/secret.txt', 404], // decoded once: a file named "%2e%2e"
    ['/%25252e%25252e/outside/secret.txt', 404],
    ['/..\\outside/secret.txt', 400],
    ['/..%5coutside/secret.txt', 400],
    ['/%5c..%5coutside/secret.txt', 400],
    ['/index.html%00.txt', 400],
    ['/%00', 400],
    ['/%', 400],
    ['/%zz', 400],
    ['/%c0%ae%c0%ae/outside/secret.txt', 404], // overlong UTF-8 is not decoded to '.'
    ['//etc/passwd', 404], // stays in the root: <root>/etc/passwd
    ['/etc/passwd', 404],
    ['http://127.0.0.1/../outside/secret.txt', 400],
    ['../outside/secret.txt', 400],
    ['/escape.txt', 403], // symbolic link to ../outside/secret.txt
    ['/escape-dir/secret.txt', 403], // symbolic link to ../outside
    ['/etc-passwd', 403], // symbolic link to /etc/passwd
    ['/escape-dir/', 403],
  ];
  for (const [target, status] of attempts) {
    test(`${target} -> ${status}`, async () => {
      const r = await exchange(Buffer.from(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`, 'latin1'), { port });
      assert.equal(r.responses[0]?.status, status, r.data.toString('latin1').split('\r\n')[0]);
      assert.doesNotMatch(r.data.toString('latin1'), /SECRET|root:/);
    });
  }
  });
});

describe('oversized and malformed requests', () => {
  test('a 20 KB URL: 414 and the connection closed', async () => {
    const r = await exchange(Buffer.from(`GET /${'a'.repeat(20000)} HTTP/1.1\r\nHost: x\r\n\r\n`), { port });
    assert.equal(r.responses[0]?.status, 414);
    assert.ok(r.closed);
  });

  test('a path longer than 1024 bytes that fits the buffer: 414', async () => {
    const r = await request(port, `/${'a/'.repeat(1500)}`);
    assert.equal(r.status, 414);
  });

  test('a 20 KB header: 431 and the connection closed', async () => {
    const r = await exchange(Buffer.from(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20000)}\r\n\r\n`), { port });
    assert.equal(r.responses[0]?.status, 431);
    assert.ok(r.closed);
  });

  test('3000 small headers: 431 and the connection closed', async () => {
    const r = await exchange(Buffer.from(`GET / HTTP/1.1\r\nHost: x\r\n${'X-A: 1\r\n'.repeat(3000)}\r\n`), { port });
    assert.equal(r.responses[0]?.status, 431);
    assert.ok(r.closed);
  });

  // Malformed request lines get a 400 (505 for an unknown version) or, for
  // some that libmicrohttpd gives up on outright, a closed connection; never
  // a page, never a connection left hanging.
  const malformed = {
    'an extra token': 'GET / HTTP/1.1 extra\r\nHost: x\r\n\r\n',
    'no version': 'GET /\r\n\r\n',
    'a bad version': 'GET / HTTP/1\r\nHost: x\r\n\r\n',
    'an unknown version': 'GET / HTTP/9.9\r\nHost: x\r\n\r\n',
    'a single word': 'garbage\r\n\r\n',
    'a method alone': 'GET\r\n\r\n',
    'a space in the target': 'GET /a b HTTP/1.1\r\nHost: x\r\n\r\n',
    'a control byte in the target': 'GET /a\x01b HTTP/1.1\r\nHost: x\r\n\r\n',
    'no Host in HTTP/1.1': 'GET / HTTP/1.1\r\n\r\n',
    'a header without a colon': 'GET / HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n',
    'a folded header': 'GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n',
    'a bad Content-Length': 'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
    'binary noise': Buffer.from(Array.from({ length: 1024 }, (_, i) => (i * 7) & 255)),
  };
  for (const [name, bytes] of Object.entries(malformed)) {
    test(`a request with ${name}: refused and closed`, async () => {
      const r = await exchange(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes, 'latin1'), { port, timeout: 3000 });
      assert.ok(r.closed, `left open: ${JSON.stringify(r.data.toString('latin1').slice(0, 80))}`);
      if (r.data.length) assert.match(r.data.toString('latin1'), /^HTTP\/1\.1 (400|505) /);
    });
  }
});

describe('slow and greedy clients', () => {
  // Each waits seconds for the server to act: run side by side.
  describe('slow clients are cut', { concurrency: true }, () => {
    test('a client that stops halfway through its headers is cut after the timeout', async () => {
      const socket = await openSocket(port);
      socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
      const ms = await whenClosed(socket, (TIMEOUT_SECONDS + 3) * 1000);
      assert.ok(ms >= 0, 'still open');
      assert.ok(ms >= (TIMEOUT_SECONDS - 1) * 1000, `cut too early: ${ms} ms`);
    });

    test('a slow loris, trickling a byte every 200 ms, is cut by the request deadline', async () => {
      const socket = await openSocket(port);
      const closed = whenClosed(socket, (TIMEOUT_SECONDS + 4) * 1000);
      let open = true;
      closed.then(() => (open = false));
      const request = 'GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ' + 'a'.repeat(200); // 40 s at this pace
      for (let i = 0; open && i < request.length; i++) {
        socket.write(request[i]);
        await sleep(200);
      }
      const ms = await closed;
      assert.ok(ms >= 0, 'the slow loris kept its connection');
      const logged = /took over 2 s to send its request; connection closed/;
      assert.ok(await waitFor(() => logged.test(server.stderr)), 'the watchdog did not say it cut the connection');
    });

    test('a request line starting with NUL, never answered, is closed after the timeout', async () => {
      const r = await exchange(Buffer.from('\0\x01\x02 garbage\r\n\r\n', 'latin1'), { port, timeout: (TIMEOUT_SECONDS + 2) * 1000 });
      assert.ok(r.closed);
      assert.equal(r.data.length, 0);
    });
  });

  test('a client address gets at most 64 connections; the rest are closed at once', async () => {
    const sockets = [];
    try {
      for (let i = 0; i < 64; i++) sockets.push(await openSocket(port));
      await sleep(100);
      const extra = await openSocket(port);
      const ms = await whenClosed(extra, 1000);
      assert.ok(ms >= 0, 'the 65th connection was accepted');
    } finally {
      for (const s of sockets) s.destroy();
    }
    // Served again once the server has seen those connections close.
    let status = 0;
    for (const start = Date.now(); status !== 200 && Date.now() - start < 3000; await sleep(50)) {
      status = (await exchange(Buffer.from('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'), { port })).responses[0]?.status;
    }
    assert.equal(status, 200);
  });

  test('behind a trusted proxy, its one address is not held to 64 connections', async () => {
    const proxied = await startServer(['--root', FIXTURES, '--trusted-proxy', '127.0.0.1']);
    const sockets = [];
    try {
      for (let i = 0; i < 80; i++) sockets.push(await openSocket(proxied.port));
      await sleep(100);
      const r = await exchange(Buffer.from('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'), { port: proxied.port });
      assert.equal(r.responses[0]?.status, 200, 'the 81st connection was served');
    } finally {
      for (const s of sockets) s.destroy();
      await stopServer(proxied);
    }
  });
});

describe('the access log', () => {
  test('one line per request: time, client, method, target, status, bytes, duration', async () => {
    await request(port, '/style.css?log-test');
    const line = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ 127\.0\.0\.1 GET \/style\.css\?log-test 200 34 \d+\.\dms$/m;
    assert.ok(await waitFor(() => line.test(server.stderr)), server.stderr.slice(-500));
  });

  test('control bytes in the target are escaped', async () => {
    await exchange(Buffer.from('GET /x\x1b[31m HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 'latin1'), { port });
    assert.ok(await waitFor(() => /GET \/x\\x1b\[31m 400/.test(server.stderr)), server.stderr.slice(-500));
    assert.doesNotMatch(server.stderr, /\x1b/);
  });
});

describe('after all that', () => {
  test('the server still serves', async () => {
    assert.equal(server.exited, null, 'the server died');
    const r = await request(port, '/');
    assert.equal(r.status, 200);
  });

  test('a second server on the same port says so and exits', () => {
    const r = spawnSync(HALMA, ['serve', '--port', String(port), '--root', FIXTURES], { encoding: 'utf8', timeout: 5000 });
    assert.equal(r.status, 1);
    assert.match(r.stderr, new RegExp(`port ${port} is already in use.*--port`));
  });

  test('SIGTERM stops it cleanly, exit status 0', async () => {
    const { code, signal } = await stopServer(server, 'SIGTERM');
    assert.equal(signal, null);
    assert.equal(code, 0);
    assert.match(server.stderr, /halma serve: stopping/);
  });
});

describe('starting', () => {
  test('SIGINT (Ctrl-C) also stops it with status 0', async () => {
    const s = await startServer(['--root', FIXTURES]);
    assert.equal((await request(s.port, '/')).status, 200);
    const { code } = await stopServer(s, 'SIGINT');
    assert.equal(code, 0);
  });

  test('without a web build next to the executable: an error that says to run make', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'halma-serve-'));
    try {
      fs.copyFileSync(HALMA, path.join(dir, 'halma'));
      fs.chmodSync(path.join(dir, 'halma'), 0o755);
      const r = spawnSync(path.join(dir, 'halma'), ['serve', '--port', '0'], { encoding: 'utf8', timeout: 5000 });
      assert.equal(r.status, 1);
      assert.match(r.stderr, /web page is not built.*run 'make'/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('the default root is web/ next to the executable', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'halma-serve-'));
    try {
      fs.copyFileSync(HALMA, path.join(dir, 'halma'));
      fs.chmodSync(path.join(dir, 'halma'), 0o755);
      fs.mkdirSync(path.join(dir, 'web'));
      fs.writeFileSync(path.join(dir, 'web', 'index.html'), 'default root\n');
      const s = await startServer([], { binary: path.join(dir, 'halma') });
      const r = await request(s.port, '/');
      await stopServer(s);
      assert.equal(r.body.toString(), 'default root\n');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('without --port, a taken 8080 makes it try the next ports', async () => {
    const blocker = net.createServer();
    await new Promise((resolve) => {
      blocker.once('error', resolve); // taken already: fine too
      blocker.listen(8080, '127.0.0.1', resolve);
    });
    try {
      const s = await startServer(['--root', FIXTURES], { portArgs: [] });
      await stopServer(s);
      assert.ok(s.port > 8080 && s.port < 8090, `serving on ${s.port}`);
      assert.match(s.stderr, new RegExp(`port 8080 is in use, using ${s.port}`));
    } finally {
      blocker.close();
    }
  });

  test('a missing --root folder is an error', () => {
    const r = spawnSync(HALMA, ['serve', '--port', '0', '--root', '/nonexistent/halma'], { encoding: 'utf8', timeout: 5000 });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /cannot serve \/nonexistent\/halma/);
  });

  test('--help describes the options', () => {
    const r = spawnSync(HALMA, ['serve', '--help'], { encoding: 'utf8' });
    assert.equal(r.status, 0);
    for (const option of ['--host', '--port', '--root', '--timeout']) assert.match(r.stdout, new RegExp(option));
  });

  test('bad options are usage errors', () => {
    for (const args of [['--port', '70000'], ['--port', 'x'], ['--timeout', '0'], ['--bogus']]) {
      const r = spawnSync(HALMA, ['serve', ...args], { encoding: 'utf8' });
      assert.equal(r.status, 2, args.join(' '));
    }
  });
});
