// The page on phones both ways up and a laptop (issue 40, items 10 and 11):
// a landscape phone's board as large as its height, the online card and
// every row of the end dialog within reach; the move list of three and four
// a chain a line, kept at its latest move on opening, reloading and each
// new move, but not while the player reads back.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openGame, importText, ready, idle } from './harness.mjs';
import { NO_ANIMATION } from './multi-harness.mjs';
import { FAST, device } from './online-harness.mjs';
import { createMultiGame, enterMulti, gameById, gameIdOf, legalMove, serverPly } from './online-multi-harness.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

const SIZES = [[390, 844], [844, 390], [1280, 800]];
const phone = (width) => (width < 1000 ? { isMobile: true, hasTouch: true } : {});

// Twelve rounds of four, many of them long chains (played by the rules in
// WebAssembly, the longest new move each turn).
const FOUR = '[Players "4"]\n\n1. m1-l1 a2-c4 a13-a12 m15-l14 2. o1-m1-k1 b1-d3-b5 a15-a13-a11 o13-m15-k13 3. k1-m1-m3 a1-a2 a11-a13-c13 o14-m14-k14-k12 4. o3-m1-k1 a2-b1 b16-d14-b12 l14-j12-l12-j14 5. k1-m1-o3-o5 a3-a2 c13-a13-c11 j14-l12-j12 6. n2-n4-p6 c1-a3-a5 a12-c12-c10 k13-k11-i13 7. o5-o3-o1-m1-k1 a5-a3-c1-e1 b12-d10-b10-d12 i13-k11-k13-i11 8. k1-m1-o1-o3 e1-c1-a3-c5 b15-d13-d11-b11-d9 i11-k13-k11 9. m3-m1-o1 c5-a3-c1-e3 b13-b15-d13-d11-b11 j12-l12-j10 10. o3-m3-m1-k1 e3-c1-a3-a5 d15-b15-d13-d11-b9 j10-l12-j12-l10 11. k1-m1-m3-o3-o5 a5-a3-a1 b11-d11-d13-b15-d15 k12-k10-m10 12. o5-o3-m3-m1 a1-a3-c5 d9-b11-d11-d13-b15-b13 k11-m9-m11-k9 *\n';

/** The move list as the player sees it: moves on more than one line, whether
 * it is scrolled to its end, and whether the latest move is in view (in
 * its list's box and in the window). */
const listView = (page) =>
  page.evaluate(() => {
    const scroller = document.getElementById('move-scroll');
    const buttons = [...document.querySelectorAll('#move-list button[data-ply]')];
    const wrapped = buttons.filter((b) => {
      const lines = new Set([...b.querySelectorAll('.sq-name')].map((s) => Math.round(s.getBoundingClientRect().top)));
      return lines.size > 1;
    }).map((b) => b.textContent);
    const last = buttons.at(-1).getBoundingClientRect();
    const box = scroller.getBoundingClientRect();
    return {
      wrapped,
      atEnd: scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1,
      scrollTop: scroller.scrollTop,
      scrolls: scroller.scrollHeight > scroller.clientHeight,
      latestInView: last.top >= box.top - 0.5 && last.bottom <= box.bottom + 0.5 && last.bottom <= innerHeight && last.top >= 0,
    };
  });

test('three and four: every chain of the move list on one line, the list at its latest move after an import and a reload, on phones both ways up and a laptop', async () => {
  for (const [width, height] of SIZES) {
    const { page, errors } = await openGame(env, { viewport: { width, height }, ...phone(width), storage: NO_ANIMATION });
    assert.equal(await importText(page, FOUR), null);
    let view = await listView(page);
    assert.deepEqual(view.wrapped, [], `${width}x${height}: chains over more than one line`);
    assert.ok(view.scrolls, `${width}x${height}: the list is longer than its box`);
    assert.ok(view.atEnd && view.latestInView, `${width}x${height}: at the latest move after the import (${JSON.stringify(view)})`);
    await page.reload();
    await ready(page);
    view = await listView(page);
    assert.ok(view.atEnd && view.latestInView, `${width}x${height}: at the latest move after a reload (${JSON.stringify(view)})`);
    assert.deepEqual(errors, []);
    await page.context().close();
  }
});

test('an online game of four on a landscape phone: the board as large as the height allows, the online card within reach, the list at the latest move on opening and on each move, and left where the player scrolled back to', async () => {
  const anna = await device(env, '', { viewport: { width: 844, height: 390 }, phone: true, storage: { ...FAST, 'halma.name.v1': 'Anna' } });
  const { page } = anna;
  await createMultiGame(page, { players: 4, seats: { w: 'you', r: 'computer-1', b: 'computer-1', y: 'computer-1' }, clock: '10+5' });
  const id = await gameIdOf(page);
  const geometry = await page.evaluate(() => {
    const board = document.getElementById('board').getBoundingClientRect();
    return { square: document.querySelector('[data-square="a1"]').getBoundingClientRect().width, board: board.toJSON(), page: document.documentElement.scrollHeight };
  });
  assert.ok(geometry.square >= 22, `squares of ${geometry.square} px`);
  assert.ok(geometry.board.top >= 0 && geometry.board.bottom <= 390 && geometry.board.right <= 844, `the whole board in view: ${JSON.stringify(geometry.board)}`);
  assert.ok(geometry.page <= 390, `the page does not scroll (${geometry.page} px)`);
  // The online card: scrolled to within the panel, all of it in the window and not under anything.
  const card = await page.evaluate(() => {
    const online = document.getElementById('online');
    online.scrollIntoView({ block: 'nearest' });
    const box = online.getBoundingClientRect();
    const title = document.getElementById('online-title').getBoundingClientRect();
    const hit = document.elementFromPoint(title.left + 4, title.top + title.height / 2);
    return { top: box.top, bottom: box.bottom, hit: online.contains(hit), scrollY };
  });
  assert.ok(card.top >= 0 && card.bottom <= 390 && card.hit && card.scrollY === 0, `the online card: ${JSON.stringify(card)}`);

  // Three rounds, then a reload: the list opens at its latest move.
  for (let ply = 0; ply < 12; ply += 4) {
    await page.waitForFunction((n) => document.querySelectorAll('#move-list button[data-ply]').length === n, ply, { timeout: 30000 });
    await idle(page);
    await enterMulti(page, await legalMove(await gameById(env, id), ply));
  }
  await serverPly(env, id, 12);
  await page.reload();
  await ready(page);
  await page.waitForFunction(() => document.querySelectorAll('#move-list button[data-ply]').length === 12, null, { timeout: 30000 });
  let view = await listView(page);
  assert.ok(view.scrolls && view.atEnd && view.latestInView, `at the latest move after a reload: ${JSON.stringify(view)}`);

  // Read back to the start: the next round leaves the list where it is.
  await page.evaluate(() => {
    document.getElementById('move-scroll').scrollTop = 0;
  });
  await page.waitForFunction(() => document.getElementById('move-scroll').scrollTop === 0);
  await idle(page);
  await enterMulti(page, await legalMove(await gameById(env, id), 12));
  await page.waitForFunction(() => document.querySelectorAll('#move-list button[data-ply]').length === 16, null, { timeout: 30000 });
  view = await listView(page);
  assert.equal(view.scrollTop, 0, 'left where the player scrolled back to');
  // Scrolled to the end again, the list follows the game again.
  await page.evaluate(() => {
    const scroller = document.getElementById('move-scroll');
    scroller.scrollTop = scroller.scrollHeight;
  });
  await idle(page);
  await enterMulti(page, await legalMove(await gameById(env, id), 16));
  await page.waitForFunction(() => document.querySelectorAll('#move-list button[data-ply]').length === 20, null, { timeout: 30000 });
  view = await listView(page);
  assert.ok(view.atEnd && view.latestInView, `following the game again: ${JSON.stringify(view)}`);
  assert.deepEqual(anna.errors, []);
  await anna.context.close();
});

test('the board\'s squares: at least 22 px on phones both ways up, 33 px on a laptop', async (t) => {
  for (const [width, height] of SIZES) {
    const { page, errors } = await openGame(env, { viewport: { width, height }, ...phone(width) });
    const square = await page.$eval('[data-square="a1"]', (s) => s.getBoundingClientRect().width);
    t.diagnostic(`${width}x${height}: squares of ${square.toFixed(1)} px`); // docs/MEASUREMENTS.md
    assert.ok(square >= (width > 1000 ? 33 : 22), `${width}x${height}: squares of ${square} px`);
    assert.deepEqual(errors, []);
    await page.context().close();
  }
});

test('the end of a game of four: every row of its summary in view at once, nothing over it, on phones both ways up and a laptop', async () => {
  const fen = 'wwww12/wwww12/www13/ww14/16/16/16/yyyyyyyyyyyyy3/rrrrrrrrrrrrr3/16/16/16/12b1bb/14bb/12bbbb/12bbbb b 90';
  for (const [width, height] of SIZES) {
    const { page, errors } = await openGame(env, { viewport: { width, height }, ...phone(width), storage: NO_ANIMATION });
    assert.equal(await importText(page, `[Players "4"]\n[Partners "yes"]\n[FEN "${fen}"]\n\n23... m4-n3 1-0-1-0\n`), null);
    await page.waitForSelector('#end-dialog[open]');
    const hidden = await page.evaluate(() => {
      const rows = [...document.querySelectorAll('#end-summary tbody tr')];
      rows.at(-1).scrollIntoView({ block: 'nearest' });
      return rows.filter((row) => {
        const box = row.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return box.top < 0 || box.bottom > innerHeight || !row.contains(hit);
      }).map((row) => row.cells[0].textContent);
    });
    assert.deepEqual(hidden, [], `${width}x${height}: rows out of view or covered`);
    assert.deepEqual(errors, []);
    await page.context().close();
  }
});
