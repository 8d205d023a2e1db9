// Three and four players sharing one screen: the repetition warning, the
// board turned to the seat to move, chains entered hop by hop.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openGame, click, square, idle, status, newGame, pieceOn, holdEngine, releaseEngine } from './harness.mjs';
import { NO_ANIMATION, moveRows, newMultiGame, personsTurn } from './multi-harness.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

const PEOPLE = { r: 'person', b: 'person', y: 'person' };
const moveCount = async (page) => (await moveRows(page)).flatMap((row) => row.slice(1)).filter((cell) => cell.trim()).length;

// Each seat steps out and back: the start comes round every round of two
// moves a seat, and the last seat's step back is its third time.
const STEPS = { w: ['o4', 'o5'], r: ['b4', 'b5'], b: ['b13', 'b12'], y: ['o13', 'o12'] };

for (const players of [4, 3]) {
  test(`${players} players: a move that repeats the position a third time is marked and asked about, and draws`, async () => {
    const { page, errors } = await openGame(env, { storage: NO_ANIMATION });
    await newMultiGame(page, { players, seats: players === 4 ? PEOPLE : { r: 'person', b: 'person' } });
    const seats = Object.values(STEPS).slice(0, players);
    const round = [...seats, ...seats.map(([from, to]) => [to, from])];
    for (const [from, to] of [...round, ...round.slice(0, -1)]) {
      assert.equal(await page.isVisible('#warning'), false, `no warning before ${from}-${to}`);
      await click(page, from);
      await click(page, to);
    }
    const [to, from] = seats.at(-1);
    assert.equal(await page.isVisible('#warning'), true, 'the repetition warning');
    assert.match(await page.textContent('#warning'), /repeats a position for the third time/);
    await click(page, from);
    assert.equal(await page.locator(`.repeat-mark`).count(), 1, 'the drawing square is marked');
    await square(page, to).click();
    await page.waitForSelector('#confirm-dialog[open]');
    assert.match(await page.textContent('#confirm-text'), /repeats a position for the third time/);
    await page.click('#confirm-dialog [data-close]'); // cancelled: nothing is played
    await idle(page);
    assert.equal(await moveCount(page), 4 * players - 1);
    await square(page, to).click();
    await page.waitForSelector('#confirm-dialog[open]');
    await page.click('#confirm-yes');
    await page.waitForSelector('#end-dialog[open]');
    assert.equal(await page.textContent('#end-title'), 'Draw by threefold repetition');
    assert.equal(await status(page), 'Draw by threefold repetition');
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}

/** Is the board turned round (rank 1 at the top)? */
const turned = (page) => page.evaluate(() => {
  const top = (name) => document.querySelector(`[data-square="${name}"]`).getBoundingClientRect().top;
  return top('a1') < top('a16');
});

/** The file letters along the board's bottom edge, left to right. */
const bottomFiles = (page) => page.$$eval('#board .coords text', (texts) => texts.filter((t) => /^[a-p]$/.test(t.textContent)).sort((a, b) => a.getBoundingClientRect().left - b.getBoundingClientRect().left).map((t) => t.textContent).join(''));

/** Moves the keyboard's cursor to `target`, one arrow key at a time, the
 * arrows going as the board is drawn (turned: up is towards rank 1). */
async function cursorTo(page, target, isTurned) {
  await page.focus('#board');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowRight');
  const at = (await page.textContent('#cursor-announcer')).split(',')[0];
  const files = 'abcdefghijklmnop';
  const df = files.indexOf(target[0]) - files.indexOf(at[0]);
  const dr = Number(target.slice(1)) - Number(at.slice(1));
  const sign = isTurned ? -1 : 1;
  for (let i = 0; i < Math.abs(df); i++) await page.keyboard.press(df * sign > 0 ? 'ArrowRight' : 'ArrowLeft');
  for (let i = 0; i < Math.abs(dr); i++) await page.keyboard.press(dr * sign > 0 ? 'ArrowUp' : 'ArrowDown');
}

test('turning the board to whoever moves: off by default; on, each person\'s turn turns it, a computer\'s does not; keys and coordinates follow', async () => {
  const { page, errors } = await openGame(env, { storage: NO_ANIMATION });
  await page.click('#settings');
  assert.equal(await page.isChecked('#settings-form input[name="turnBoard"]'), false, 'off by default');
  await page.click('#settings-dialog [data-close]');
  await newMultiGame(page, { seats: { r: 'computer-1', b: 'person', y: 'computer-1' } });
  await click(page, 'o4');
  await click(page, 'o5');
  assert.ok(await personsTurn(page));
  assert.equal(await status(page), 'Black to move');
  assert.equal(await turned(page), false, 'off: White stays at the bottom');
  // Switched on during Black's turn: the board turns to Black at once.
  await page.click('#settings');
  await page.check('#settings-form input[name="turnBoard"]');
  await page.click('#settings-dialog [data-close]');
  assert.equal(await turned(page), true);
  await page.waitForFunction(() => document.getElementById('announcer').textContent === "The board turned: Black's camp at the bottom.");
  assert.equal(await bottomFiles(page), 'ponmlkjihgfedcba', 'the coordinates turn with it');
  // Black moves with the keyboard on the turned board: b13 to b12.
  await cursorTo(page, 'b13', true);
  assert.match(await page.textContent('#cursor-announcer'), /^b13, Black piece/);
  await page.keyboard.press('Enter');
  await idle(page);
  await page.keyboard.press('ArrowUp'); // up the screen: towards rank 1 on the turned board
  assert.match(await page.textContent('#cursor-announcer'), /^b12, empty/);
  // Yellow's turn, the computer's: its reply held, the board must stay as
  // it was for Black, then turn back to White (a person) once it has moved.
  await holdEngine(page);
  await page.keyboard.press('Enter');
  const thinking = 'The computer is thinking…';
  await page.waitForFunction((text) => document.getElementById('status-line').textContent === text, thinking);
  assert.equal(await turned(page), true, "Yellow's turn (the computer's) leaves Black at the bottom");
  await releaseEngine(page);
  assert.ok(await personsTurn(page));
  assert.equal(await turned(page), false, 'your turn: White at the bottom again');
  assert.equal(await bottomFiles(page), 'abcdefghijklmnop');
  const rows = await moveRows(page);
  assert.equal(rows[0][3], 'b13-b12');
  // Remembered, and off again at once.
  await page.reload();
  await page.waitForSelector('body[data-ready]');
  await page.click('#settings');
  assert.equal(await page.isChecked('#settings-form input[name="turnBoard"]'), true, 'remembered');
  await page.uncheck('#settings-form input[name="turnBoard"]');
  await page.click('#settings-dialog [data-close]');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('turning the board: two people at one screen too, Black\'s turn with Black at the bottom', async () => {
  const { page, errors } = await openGame(env, { storage: { 'halma.settings.v1': JSON.stringify({ animation: 'none', turnBoard: true }) } });
  await newGame(page, { mode: 'friends' });
  assert.equal(await turned(page), false);
  await click(page, 'n4');
  await click(page, 'm5');
  assert.equal(await turned(page), true, 'Black to move: Black at the bottom');
  await click(page, 'b13');
  await click(page, 'c12');
  assert.equal(await turned(page), false);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('chains hop by hop for four: each landing tapped in turn, the chain ending by itself or by Stop here', async () => {
  const { page, errors } = await openGame(env, { storage: NO_ANIMATION });
  await newMultiGame(page, { seats: PEOPLE });
  for (const [from, to] of Object.values(STEPS)) {
    await click(page, from);
    await click(page, to);
  }
  // White: p2 over o3 to n4, then over o5 to p6, where it can go no further.
  await click(page, 'p2');
  assert.equal(await page.locator('.marker.hop').count(), 1, 'one hop to take: n4');
  await click(page, 'n4');
  assert.match(await page.textContent('#message'), /^Chain p2-n4: hop on/);
  assert.equal(await page.isVisible('#stop-chain'), true);
  assert.equal(await pieceOn(page, 'n4'), 'w', 'the piece stands where the chain got to');
  assert.equal(await moveCount(page), 4, 'nothing played yet');
  await click(page, 'p6');
  assert.equal(await moveCount(page), 5);
  assert.equal((await moveRows(page))[1][1], 'p2-n4-p6');
  assert.equal(await pieceOn(page, 'p6'), 'w');
  // Red: b2 over b3 to b4, and there "Stop here", though it could hop on to b6.
  await click(page, 'b2');
  await click(page, 'b4');
  assert.equal(await page.locator('.marker.hop').count(), 1, 'b6 is a hop further');
  await page.click('#stop-chain');
  await idle(page);
  assert.equal((await moveRows(page))[1][2], 'b2-b4');
  assert.equal(await status(page), 'Black to move');
  // A tap on a square no hop reaches puts the piece down and says why.
  await click(page, 'b12');
  await click(page, 'b9');
  assert.equal(await moveCount(page), 6);
  assert.equal(await page.textContent('#message'), 'No step or chain of hops leads from b12 to b9.');
  assert.deepEqual(errors, []);
  await page.context().close();
});
