// A move lands once: a dropped piece or a stopped chain stays where the
// person put it (no snap back, no second journey), the message about the
// piece picked up goes with the move, the panel waits for a moving piece to
// land, and the computer starts on its reply as the person's move is made.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openGame, click, idle, importText, moveList, newGame, pieceOn, recordFrames, square, holdEngine, releaseEngine } from './harness.mjs';
import { camp, fen, moved } from '../lib/positions.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

// White on h8, Black on h9 and h11: the chain h8-h10-h12 is open.
const CHAIN = fen({ w: moved(camp('w'), 'p1', 'h8'), b: moved(moved(camp('b'), 'a16', 'h9'), 'b16', 'h11') });

/** What the board and the panel show in a frame, for the square `from`. */
const shown = (from) =>
  `() => ({
    animating: document.getElementById('board').classList.contains('animating'),
    atOrigin: !!document.querySelector('circle.piece[data-on="${from}"]:not(.lifted)'),
    message: document.getElementById('message').textContent,
    status: document.getElementById('status-line').textContent,
  })`;

async function dragWithoutWaiting(page, from, to) {
  const a = await square(page, from).boundingBox();
  const b = await square(page, to).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 8, a.y + a.height / 2 - 8, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
}

test('a dropped piece stays where it was dropped: it never goes back, never travels again, and the message about it goes', async () => {
  const { page, errors } = await openGame(env);
  await newGame(page, { mode: 'friends' });
  await dragWithoutWaiting(page, 'n4', 'm5');
  assert.match(await page.locator('#message').textContent(), /n4 can go to/);
  const recording = await recordFrames(page, shown('n4'));
  await page.mouse.up();
  await idle(page);
  await page.waitForTimeout(100);
  const frames = (await recording.frames()).map((f) => f.value);
  assert.equal(await pieceOn(page, 'm5'), 'w');
  assert.deepEqual(await moveList(page), ['n4-m5']);
  assert.equal(frames.filter((f) => f.animating).length, 0, 'no second journey');
  assert.equal(frames.filter((f) => f.atOrigin).length, 0, 'the piece never shows on n4 again');
  const stale = frames.filter((f) => /can go to/.test(f.message) && f.status === 'Black to move');
  assert.equal(stale.length, 0, 'no message about the piece once it is Black\'s turn');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a chain stopped with "Stop here" ends where its piece stands, without replaying its hops', async () => {
  const { page, errors } = await openGame(env);
  await newGame(page, { mode: 'friends' });
  assert.equal(await importText(page, CHAIN), null);
  await click(page, 'h8');
  await click(page, 'h10');
  assert.equal(await page.locator('#stop-chain').isVisible(), true);
  const recording = await recordFrames(page, shown('h8'));
  await page.click('#stop-chain');
  await idle(page);
  await page.waitForTimeout(100);
  const frames = (await recording.frames()).map((f) => f.value);
  assert.deepEqual(await moveList(page), ['h8-h10']);
  assert.equal(frames.filter((f) => f.animating).length, 0, 'the hops are not played again');
  assert.equal(frames.filter((f) => f.atOrigin).length, 0, 'the piece never shows on h8 again');
  assert.deepEqual(errors, []);
  await page.context().close();
});

const stepsOf = (...moves) => moves.map((move) => move.split('-'));

test('while a move travels the panel still shows the turn it belongs to; it changes once the piece lands', async () => {
  const { page, errors } = await openGame(env);
  await newGame(page, { mode: 'friends' });
  await click(page, 'n4');
  const recording = await recordFrames(page, () => ({
    animating: document.getElementById('board').classList.contains('animating'),
    status: document.getElementById('status-line').textContent,
    turn: document.getElementById('turn-counter').textContent,
  }));
  await click(page, 'm5');
  await page.waitForTimeout(100);
  const frames = (await recording.frames()).map((f) => f.value);
  const moving = frames.filter((f) => f.animating);
  assert.ok(moving.length > 0, 'the step is animated');
  for (const frame of moving) assert.deepEqual([frame.status, frame.turn], ['White to move', 'Turn 1 of 400']);
  assert.equal(await page.locator('#status-line').textContent(), 'Black to move');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('undo in the middle of a chain takes back the open chain, not the move before it', async () => {
  const { page, errors } = await openGame(env);
  await newGame(page, { mode: 'friends' });
  assert.equal(await importText(page, CHAIN), null);
  for (const [from, to] of stepsOf('n4-m5', 'c13-d12')) {
    await click(page, from);
    await click(page, to);
  }
  await click(page, 'h8');
  await click(page, 'h10');
  assert.equal(await pieceOn(page, 'h10'), 'w', 'the chain is open');
  await page.click('#undo');
  await idle(page);
  assert.deepEqual(await moveList(page), ['n4-m5', 'c13-d12'], 'the moves before stay');
  assert.equal(await pieceOn(page, 'h8'), 'w', 'the piece is back where the chain began');
  assert.equal(await pieceOn(page, 'h10'), null);
  assert.equal(await page.locator('#stop-chain').isVisible(), false);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a resignation at turn 7 ends the game at turn 7', async () => {
  const { page, errors } = await openGame(env);
  await newGame(page, { mode: 'friends' });
  for (const [from, to] of stepsOf('n4-m5', 'b12-c11', 'o5-n6', 'c13-d12', 'm3-m4', 'a12-a11')) {
    await click(page, from);
    await click(page, to);
  }
  assert.equal(await page.locator('#turn-counter').textContent(), 'Turn 7 of 400');
  await page.click('#resign');
  await page.click('#confirm-yes');
  await page.waitForSelector('#end-dialog[open]');
  assert.equal(await page.locator('#turn-counter').textContent(), 'Turn 7 of 400');
  assert.deepEqual(errors, []);
  await page.context().close();
});

/**
 * The person's move and the computer's reply, in the frames the page
 * draws: the search's reply is held (holdEngine) until the person's piece
 * has landed and the search has returned, so that what is seen does not
 * hang on how fast the engine is.
 * Returns the frames (`moving side|thinking`) and when the reply was let go.
 */
async function replyFrames(page, from, to) {
  await click(page, from);
  await holdEngine(page);
  const recording = await recordFrames(page, () => `${document.querySelector('.piece.moving')?.classList[1] ?? ''}|${document.body.classList.contains('thinking')}`);
  await square(page, to).click();
  await page.waitForFunction(() => window.recordedFrames.some((f) => f.value.startsWith('piece-w|')) && !document.querySelector('.piece.moving'));
  await page.waitForFunction(() => window.halmaTest.held.length > 0, null, { timeout: 20000 }); // the search has returned
  const releasedAt = await page.evaluate(() => performance.now());
  await releaseEngine(page);
  await page.waitForFunction(() => document.querySelectorAll('#move-list button[data-ply]').length % 2 === 0 && !document.body.classList.contains('thinking'), null, { timeout: 20000 });
  await idle(page);
  return { frames: await recording.frames(), releasedAt };
}

for (const level of [1, 10]) {
  test(`the computer at level ${level} thinks while the person's move travels, and its reply moves as soon as its search is done`, async (t) => {
    const { page, errors } = await openGame(env);
    await newGame(page, { level });
    for (const [from, to] of stepsOf('n4-m5', 'o5-n6')) {
      const { frames, releasedAt } = await replyFrames(page, from, to);
      assert.ok(frames.some((f) => f.value === 'piece-w|true'), `the computer thinks while the move travels: ${[...new Set(frames.map((f) => f.value))]}`);
      const replyStart = frames.find((f) => f.value.startsWith('piece-b|'))?.t;
      assert.ok(replyStart >= releasedAt, 'the reply moves once its search is done, not before');
      // How soon after is a figure of the machine's (docs/MEASUREMENTS.md), not a rule.
      t.diagnostic(`level ${level}: the reply started ${Math.round(replyStart - releasedAt)} ms after the held reply was let go`);
    }
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}
