// The computer's capacity on the page (docs/WEB.md, "Online play"): a
// server whose computer already plays as many games as it can answer in
// time refuses a new game with a computer seat (503 with Retry-After), and
// the new-game dialog says so in the page's words, staying open with
// nothing made.  The server here has one search thread and 0.1 s of wait,
// so that one game against level 10 fills it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setup } from './harness.mjs';
import { device as openDevice } from './online-harness.mjs';

let env;
before(async () => (env = await setup({ serverArgs: ['--computer-threads', '1', '--computer-wait-ms', '100'] })));
after(async () => env?.close());

test('a game with a computer seat past the capacity: the dialog says the computer is busy, and stays open', async () => {
  const filler = await fetch(new URL('/api/v1/games', env.server.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ computer: { b: 10 } }),
  });
  assert.equal(filler.status, 201, await filler.text());

  const { page } = await openDevice(env, '', { expectErrors: [/status of 503/] });
  await page.click('#new-game');
  await page.waitForSelector('#new-game-dialog[open]');
  await page.check('#new-game-form input[name="players"][value="4"]');
  await page.check('#new-game-form input[name="where"][value="online"]');
  for (const [side, value] of Object.entries({ w: 'you', r: 'computer-1', b: 'person', y: 'person' })) await page.selectOption(`#seat-${side}`, value);
  await page.click('#new-game-form button[type="submit"]');
  await page.waitForSelector('#online-error:not([hidden])');
  assert.equal(
    await page.locator('#online-error').textContent(),
    "The server's computer is playing as many games as it can answer in time: nothing was made. Try again in a minute, or play people.",
  );
  assert.ok(await page.locator('#new-game-dialog').evaluate((d) => d.open), 'the dialog stays open');
  assert.equal(await page.evaluate(() => location.hash), '', 'no game opened');
});
