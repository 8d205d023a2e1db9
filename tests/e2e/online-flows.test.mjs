// Online play's ordinary flows ask the server nothing that fails, and the
// page says what is true: a spent invite, a seat token the server refuses,
// a server gone, a browser offline, each in the page's own language.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { click, recordFrames, setup, startServer, status } from './harness.mjs';
import { CUT_STREAM, connected, createGame, device as openDevice, enter, onlineNote, waitMoves } from './online-harness.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

const device = (...args) => openDevice(env, ...args);
/** What failed, but for the streams a closing or reloading page cuts. */
const failures = ({ failed }) => failed.filter((line) => !line.endsWith('net::ERR_ABORTED'));

test('creating a game, joining it, a spent invite opened again, pings and moves: nothing the page asks fails', async () => {
  const white = await device();
  const link = await createGame(white.page);
  const black = await device(link);
  await connected(black.page);
  // A third device opens the friend's link after the friend: it watches.
  const third = await device(link);
  assert.equal(await onlineNote(third.page), 'Both seats of this game are taken: you are watching it.');
  await enter(white.page, 'o2-m4');
  await waitMoves(black.page, 1);
  await enter(black.page, 'b15-d13');
  await waitMoves(white.page, 2);
  await white.page.waitForTimeout(500); // a ping or two
  for (const device of [white, black, third]) assert.deepEqual(failures(device), []);
  for (const { context } of [white, black, third]) await context.close();
});

test('a seat token the server refuses: the page says so in its language and watches, taking no move', async () => {
  const white = await device();
  const link = await createGame(white.page);
  // The tampered token's refusal is the one error this test asks for.
  const black = await device(link, { locale: 'it-IT', storage: {}, expectErrors: [/status of 403/] });
  await connected(black.page);
  await black.page.evaluate(() => {
    const seats = JSON.parse(localStorage.getItem('halma.online.v1'));
    for (const seat of Object.values(seats)) seat.token = `x${seat.token.slice(1)}`;
    localStorage.setItem('halma.online.v1', JSON.stringify(seats));
  });
  await black.page.reload();
  await black.page.waitForSelector('body[data-ready]');
  // The note follows the server's refusal, which may come after the page is ready.
  await black.page.waitForFunction(() => document.getElementById('online-note').textContent !== '');
  assert.equal(await onlineNote(black.page), 'Questo dispositivo non ha più un posto in questa partita: la stai guardando.');
  await enter(white.page, 'o2-m4');
  await waitMoves(black.page, 1);
  await click(black.page, 'b15');
  assert.equal(await black.page.locator('.marker').count(), 0, 'no piece to pick up');
  assert.doesNotMatch(await black.page.locator('#message').textContent(), /server|token|forbidden/i, 'no English from the server');
  for (const { context } of [white, black]) await context.close();
});

test('the browser offline: the card says the connection is lost, and the move waits without a request', async () => {
  const white = await device('', { expectErrors: [CUT_STREAM] });
  const link = await createGame(white.page);
  const black = await device(link);
  await connected(white.page);
  await white.context.setOffline(true);
  await white.page.waitForSelector('#online-connection[data-state="offline"]');
  assert.equal(await white.page.locator('#online-connection').textContent(), 'Connection lost: reconnecting…');
  const asked = white.requests.length;
  await enter(white.page, 'o2-m4');
  assert.equal(await status(white.page), 'Sending your move…');
  await white.page.waitForTimeout(1500);
  assert.deepEqual(white.requests.slice(asked).filter((url) => url.includes('/moves')), [], 'nothing is sent into a dead network');
  await white.context.setOffline(false);
  await waitMoves(black.page, 1);
  await connected(white.page);
  for (const device of [white, black]) assert.deepEqual(failures(device), []);
  for (const { context } of [white, black]) await context.close();
});

test('the server gone: the opponent is no longer shown online, and the card says the connection is lost', async () => {
  const server = await startServer();
  const own = { browser: env.browser, server, consoleErrors: [] };
  const expectErrors = [/ERR_CONNECTION_REFUSED|ERR_INCOMPLETE_CHUNKED_ENCODING/]; // the server's going, provoked
  const white = await openDevice(own, '', { expectErrors });
  const link = await createGame(white.page);
  const black = await openDevice(own, link, { expectErrors });
  await white.page.waitForFunction(() => /online/.test(document.getElementById('player-top').textContent));
  await server.stop();
  await white.page.waitForSelector('#online-connection[data-state="offline"]', { timeout: 20000 });
  assert.doesNotMatch(await white.page.locator('#player-top').textContent(), /online/, 'presence unknown while the server is out of reach');
  assert.equal(await white.page.locator('#player-top .presence.here').count(), 0);
  assert.deepEqual(own.consoleErrors, []);
  for (const { context } of [white, black]) await context.close();
});

test('an online move is sent the moment it is made, while its piece travels; a stopped chain is not replayed first', async (t) => {
  const white = await device('', { storage: {} }); // the moves animated, as by default
  const link = await createGame(white.page, { clock: '5+3' });
  const black = await device(link, { storage: {} });
  await connected(white.page);
  await click(white.page, 'o2');
  await white.page.evaluate(() => {
    window.clickedAt = null;
    document.getElementById('board').addEventListener('pointerup', () => (window.clickedAt ??= performance.now()), { capture: true, once: true });
  });
  const recording = await recordFrames(white.page, () => document.getElementById('board').classList.contains('animating'));
  await white.page.locator('[data-square="m4"]').click();
  await waitMoves(black.page, 1);
  const frames = await recording.frames();
  const { clickedAt, sentAt } = await white.page.evaluate(() => ({
    clickedAt: window.clickedAt,
    sentAt: performance.getEntriesByType('resource').find((e) => e.name.endsWith('/moves'))?.startTime,
  }));
  const landed = frames.find((f, i) => i > 0 && frames[i - 1].value && !f.value)?.t;
  assert.ok(frames.some((f) => f.value), 'the move travels on the board');
  t.diagnostic(`sent ${Math.round(sentAt - clickedAt)} ms after the click, the piece landing ${Math.round(landed - clickedAt)} ms after it`);
  assert.ok(sentAt < landed, `sent before the piece landed (${Math.round(landed - sentAt)} ms before)`);

  // Black builds a chain hop by hop and stops it: it is sent as it stands.
  await enter(black.page, 'b15-d13');
  await waitMoves(white.page, 2);
  await enter(white.page, 'p2-n4-l4');
  await waitMoves(black.page, 3);
  await click(black.page, 'a13');
  await click(black.page, 'c13');
  assert.equal(await black.page.locator('#stop-chain').isVisible(), true, 'the chain could go on');
  const again = await recordFrames(black.page, () => document.getElementById('board').classList.contains('animating'));
  await black.page.click('#stop-chain');
  await waitMoves(white.page, 4);
  assert.equal((await again.frames()).filter((f) => f.value).length, 0, 'the chain is not played again');
  for (const { context } of [white, black]) await context.close();
});
