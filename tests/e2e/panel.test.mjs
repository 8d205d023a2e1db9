// The panel beside the board: it keeps its size while the
// computer thinks, the move list is a table whose moves break only at a hop,
// everything shown during review belongs to the position on the board, and
// a message lasts only as long as what it is about.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openGame, click, idle, importText, message, holdEngine, releaseEngine } from './harness.mjs';
import { camp, fen, moved } from '../lib/positions.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

const boxes = (page) =>
  page.evaluate(() => {
    const box = (selector) => {
      const { top, height } = document.querySelector(selector).getBoundingClientRect();
      return { top: Math.round(top), height: Math.round(height) };
    };
    const line = document.getElementById('status-line');
    return { status: box('.card.status'), statusRow: box('.status-row'), statusCut: line.scrollHeight > line.clientHeight + 1, moves: box('.card.moves') };
  });

test('the panel keeps its size while the computer thinks, and says so once', async () => {
  const { page, errors } = await openGame(env);
  await click(page, 'n4');
  const before = await boxes(page);
  await holdEngine(page);
  await square(page, 'm5').click();
  await page.waitForSelector('body.thinking');
  const thinking = await boxes(page);
  const said = await page.evaluate(() => [document.getElementById('status-line').textContent, document.getElementById('message').textContent]);
  await releaseEngine(page);
  await idle(page);
  const after = await boxes(page);
  assert.deepEqual(thinking.status, before.status, 'the status card while thinking');
  assert.deepEqual(after.status, before.status, 'the status card after the reply');
  assert.equal(thinking.moves.top, before.moves.top, 'the move list does not move');
  // The status has two lines of its own: what it says never moves the card, and is never cut.
  assert.deepEqual(thinking.statusRow, before.statusRow, 'the status keeps its room');
  assert.equal(thinking.statusCut, false, 'the status is whole');
  assert.ok(!said[1].includes('thinking'), `said once: ${said.join(' / ')}`);
  assert.deepEqual(errors, []);
  await page.context().close();
});

const square = (page, name) => page.locator(`[data-square="${name}"]`);

// White's piece on h2 hops up the h file over seven black pieces.
const LADDER = ['h3', 'h5', 'h7', 'h9', 'h11', 'h13', 'h15'];
const ladderFen = () => {
  let black = camp('b');
  ['a16', 'b16', 'c16', 'd16', 'e16', 'a15', 'b15'].forEach((from, i) => (black = moved(black, from, LADDER[i])));
  return fen({ w: moved(camp('w'), 'p1', 'h2'), b: black });
};

test('the move list is a table of numbers, White and Black; a long move wraps only at a hop', async () => {
  const { page, errors } = await openGame(env);
  const record = `[FEN "${ladderFen()}"]\n\n1. h2-h4-h6-h8-h10-h12-h14-h16 b12-b11 2. o4-o6 *\n`;
  assert.equal(await importText(page, record), null);
  const table = await page.evaluate(() => {
    const list = document.getElementById('move-list');
    const header = [...list.querySelectorAll('thead th')].map((th) => th.textContent.trim());
    const rows = [...list.querySelectorAll('tbody tr')].map((tr) => [...tr.cells].map((td) => td.textContent.trim()));
    const first = list.querySelector('button[data-ply="1"]');
    const reply = list.querySelector('button[data-ply="2"]');
    // Every square name on one line: no break inside "h10".
    const names = [...first.querySelectorAll('.sq-name')].map((node) => node.getClientRects().length);
    return { header, rows, names, sameRow: Math.abs(first.getBoundingClientRect().top - reply.getBoundingClientRect().top) < 2 };
  });
  assert.equal(table.header.length, 3, JSON.stringify(table.header));
  assert.deepEqual(table.rows[0], ['1', 'h2-h4-h6-h8-h10-h12-h14-h16', 'b12-b11']);
  assert.deepEqual(table.rows[1].slice(0, 2), ['2', 'o4-o6'], 'the computer replies in the same row');
  assert.equal(table.names.length, 8);
  assert.ok(table.names.every((n) => n === 1), `square names unbroken: ${table.names}`);
  assert.ok(table.sameRow, 'the reply stays beside the move');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('reviewing a move shows that position everywhere: turn, FEN, no hint', async () => {
  const { page, errors } = await openGame(env);
  await click(page, 'n4');
  await click(page, 'm5');
  await page.click('#hint');
  await page.waitForSelector('.path-hint');
  await idle(page);
  const hinted = await page.getAttribute('.hint-from', 'data-on');
  await page.click('#move-list button[data-ply="1"]');
  await idle(page);
  const shown = await page.evaluate((hinted) => ({
    turn: document.getElementById('turn-counter').textContent,
    fen: document.getElementById('fen').value,
    message: document.getElementById('message').textContent,
    // The analysis may already draw its best move for the reviewed
    // position (Black's, in the hint's colour): only White's hint is wrong here.
    hint: [...document.querySelectorAll('.hint-from')].filter((square) => square.dataset.on === hinted).length,
  }), hinted);
  const fenAfterOne = fen({ w: moved(camp('w'), 'n4', 'm5'), b: camp('b') }, 'b', 1);
  assert.match(shown.turn, /Turn 2 of 400/);
  assert.equal(shown.fen, fenAfterOne);
  assert.doesNotMatch(shown.message, /Hint/);
  assert.equal(shown.hint, 0);
  await page.click('#review-exit');
  await idle(page);
  assert.match(await page.locator('#turn-counter').textContent(), /Turn 3 of 400/);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a message lasts as long as what it is about', async () => {
  const { page, errors } = await openGame(env);
  await click(page, 'n4');
  await click(page, 'm5');
  await page.click('#move-list button[data-ply="1"]');
  await idle(page);
  await click(page, 'o5');
  assert.match(await message(page), /earlier position/);
  await page.click('#review-exit');
  await idle(page);
  assert.equal((await message(page)).trim(), '', 'back in the game, the review message goes');
  await click(page, 'o4');
  assert.match(await message(page), /o4 can go to/);
  await page.keyboard.press('Escape');
  await click(page, 'o4');
  await click(page, 'o4');
  assert.doesNotMatch(await message(page), /o4 can go to/, 'the piece put down, its message goes');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the bar of the side to move stands out, and says so beside the name', async () => {
  const { page, errors } = await openGame(env);
  const bars = () =>
    page.evaluate(() =>
      ['player-top', 'player-bottom'].map((id) => {
        const bar = document.getElementById(id);
        const style = getComputedStyle(bar);
        const name = bar.querySelector('.player-name')?.getBoundingClientRect();
        const badge = bar.querySelector('.turn-badge');
        const badgeBox = badge?.getBoundingClientRect();
        return {
          look: `${style.backgroundColor} ${style.borderTopColor} ${style.borderTopWidth}`,
          badge: badge?.textContent ?? null,
          gap: name && badgeBox ? badgeBox.left - name.right : null,
        };
      }),
    );
  let [top, bottom] = await bars();
  assert.equal(top.badge, null, 'Black is not to move');
  assert.equal(bottom.badge, 'To move');
  assert.ok(bottom.gap >= 0 && bottom.gap < 24, `the badge is next to the name (${bottom.gap} px)`);
  assert.notEqual(bottom.look, top.look, 'the bar looks different');
  await click(page, 'n4');
  await square(page, 'm5').click();
  await page.waitForSelector('body.thinking');
  [top, bottom] = await bars();
  assert.equal(top.badge, 'Thinking…');
  assert.equal(bottom.badge, null);
  await idle(page);
  assert.deepEqual(errors, []);
  await page.context().close();
});
