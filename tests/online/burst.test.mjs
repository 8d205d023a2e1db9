// burst.test.mjs: a burst of event streams that reaches the server's HTTP
// thread all at once is answered, every one.  libmicrohttpd's epoll loop
// takes 128 events a call and, on a full 128, waited for more before
// handling any: with nothing more to come it slept until the connections'
// idle timeout (10 s) and then closed them unread (src/http/epoll_batches.h;
// docs/MEASUREMENTS.md, "Dropped streams by the ten thousand").
//
// One HTTP thread (the server pinned to one core by taskset), 128
// connections accepted and idle; the server stopped (SIGSTOP) while each
// sends its request, and let go: its one thread then finds exactly 128
// sockets ready at once, which the streams soak met by chance.  Run by
// `make online-tests` on SQLite only: the store plays no part.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import { test } from 'node:test';

import { FIXTURES, STORE, sleep, startServer, stopServer } from './online_http.mjs';

const ADDRESSES = 8; // 16 streams each: the per-address limit, kept
const PER_ADDRESS = 16; // 8 x 16 = 128, one epoll batch of libmicrohttpd's

// `halma serve` on one core, so that libmicrohttpd runs one thread.
const startPinned = (args) => startServer(args, { prefix: ['taskset', '-c', '0'] });

// The server's open sockets (the listening one and its connections).
function socketsOf(pid) {
  let n = 0;
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    try {
      if (fs.readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:')) n++;
    } catch {
      // closed while being read
    }
  }
  return n;
}

// A connection from a local address, and the status of its response once
// the head has come (0: closed unanswered).
function connectFrom(port, local) {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: local });
  let head = '';
  const status = new Promise((resolve) => {
    socket.on('data', (d) => {
      head += d.toString('latin1');
      if (head.includes('\r\n\r\n')) resolve(Number(head.split(' ')[1]));
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve(0));
  });
  const connected = new Promise((resolve) => socket.on('connect', resolve));
  return { socket, status, connected };
}

test('128 event streams read by one thread in one batch are all answered', { skip: STORE !== 'sqlite' }, async () => {
  const server = await startPinned(['--root', FIXTURES, '--db', ':memory:', '--requests-per-second', '0']);
  const pid = server.child.pid; // taskset runs halma in its own process
  const conns = [];
  try {
    const idle = socketsOf(pid);
    for (let a = 0; a < ADDRESSES; a++)
      for (let i = 0; i < PER_ADDRESS; i++) conns.push(connectFrom(server.port, `127.0.0.${a + 2}`));
    await Promise.all(conns.map((c) => c.connected));
    // Every connection accepted (and so watched by the thread) before the stop.
    while (socketsOf(pid) < idle + conns.length) await sleep(5);

    process.kill(pid, 'SIGSTOP');
    try {
      const request = 'GET /api/v1/lobby/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n';
      await Promise.all(conns.map((c) => new Promise((resolve) => c.socket.write(request, resolve))));
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    const statuses = await Promise.all(conns.map((c) => c.status));
    const answered = statuses.filter((s) => s === 200).length;
    assert.equal(answered, conns.length, `statuses: ${JSON.stringify(statuses)}`);
  } finally {
    for (const c of conns) c.socket.destroy();
    await stopServer(server);
  }
});
