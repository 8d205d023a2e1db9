// An online game calls its players when it needs them: a clock under ten
// seconds shows tenths and, for its own player, sounds once; a move made
// while the other's page is hidden marks its tab's title and, where the
// player allowed it, sends a notification.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setup } from './harness.mjs';
import { connected, createGame, device as openDevice, enter, waitMoves } from './online-harness.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

const device = (...args) => openDevice(env, ...args);
const settings = (values) => ({ 'halma.settings.v1': JSON.stringify({ animation: 'none', ...values }) });

/** Records the frequency of every note the page plays. */
const recordNotes = (context) =>
  context.addInitScript(() => {
    window.notes = [];
    const create = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function () {
      const oscillator = create.call(this);
      const frequency = oscillator.frequency;
      Object.defineProperty(frequency, 'value', { set: (hz) => window.notes.push(hz), get: () => 0, configurable: true });
      return oscillator;
    };
  });

test('under ten seconds a clock shows tenths, and its own player hears it once', async () => {
  const white = await device();
  const link = await createGame(white.page, { clock: 'custom', minutes: 0.25, increment: 0 });
  const black = await device(link, { storage: settings({ sound: true }) });
  await recordNotes(black.context);
  await black.page.reload();
  await black.page.waitForSelector('body[data-ready]');
  await connected(black.page);
  await enter(white.page, 'o2-m4');
  await waitMoves(black.page, 1);
  // Black's 15 s run down: tenths from 9.9 s on, on both pages.
  for (const { page } of [black, white]) await page.waitForFunction(() => /^0:0\d\.\d$/.test(document.getElementById('clock-b').textContent), null, { timeout: 12000 });
  await black.page.waitForTimeout(600);
  const low = (await black.page.evaluate(() => window.notes)).filter((hz) => hz === 988);
  assert.equal(low.length, 2, 'the low-time sound (two notes), once');
  await enter(black.page, 'b15-d13');
  await waitMoves(white.page, 2);
  for (const { context } of [white, black]) await context.close();
});

test('a move made while the other page is hidden marks its title and notifies its player, who allowed it', async () => {
  const white = await device();
  const link = await createGame(white.page);
  const black = await device(link, { storage: settings({ notify: true }) });
  await black.context.grantPermissions(['notifications']);
  await black.context.addInitScript(() => {
    window.notified = [];
    window.Notification = class extends EventTarget {
      static permission = 'granted';
      static requestPermission = async () => 'granted';
      constructor(title, options) {
        super();
        window.notified.push({ title, body: options?.body });
      }
      close() {}
    };
  });
  await black.page.reload();
  await black.page.waitForSelector('body[data-ready]');
  await connected(black.page);
  const hide = (hidden) =>
    black.page.evaluate((hidden) => {
      Object.defineProperty(document, 'visibilityState', { value: hidden ? 'hidden' : 'visible', configurable: true });
      Object.defineProperty(document, 'hidden', { value: hidden, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);
  await hide(true);
  await enter(white.page, 'o2-m4');
  await waitMoves(black.page, 1);
  assert.equal(await black.page.title(), '● Your turn · Halma');
  assert.deepEqual(await black.page.evaluate(() => window.notified), [{ title: 'Halma: your turn', body: 'Your friend played o2-m4.' }]);
  await hide(false);
  assert.equal(await black.page.title(), 'Your turn · Halma');
  for (const { context } of [white, black]) await context.close();
});
