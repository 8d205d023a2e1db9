// A page that stays put: nothing above or beside the board changes its
// height during a game (the Layout Instability API's sum reads 0.000), no
// word runs out of its button in any language at any size, the status card
// keeps its size, and the small screens show what they must.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { setup, openGame, click, idle, importText, layoutShift, newGame, twoPlayers, watchShifts, winNearWin } from './harness.mjs';
import { camp, fen, moved } from '../lib/positions.mjs';
import { connected, createGame, device as openDevice, enter, waitMoves } from './online-harness.mjs';
import { newMultiGame, personsTurn, playHint } from './multi-harness.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

// White on h8, Black on h9 and h11: the chain h8-h10-h12 is open.
const CHAIN = fen({ w: moved(camp('w'), 'p1', 'h8'), b: moved(moved(camp('b'), 'a16', 'h9'), 'b16', 'h11') });

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

test('390x844: a game against the computer moves nothing on the page (layout shift 0.000)', async (t) => {
  const { page, errors } = await openGame(env, PHONE);
  await watchShifts(page);
  for (const [from, to] of [['n4', 'm5'], ['o5', 'n6'], ['m3', 'm4'], ['p5', 'o5']]) {
    await page.locator(`[data-square="${from}"]`).tap();
    await idle(page);
    await page.locator(`[data-square="${to}"]`).tap();
    await page.waitForFunction(() => document.body.classList.contains('thinking'));
    await idle(page);
  }
  const shift = await layoutShift(page);
  t.diagnostic(`layout shift ${shift.total.toFixed(3)}`);
  assert.equal(shift.total.toFixed(3), '0.000', `moved: ${shift.moved.join(', ')}`);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('390x844: an online game with clocks moves nothing on either phone (layout shift 0.000)', async (t) => {
  const white = await openDevice(env, '', { viewport: PHONE.viewport, phone: true });
  const link = await createGame(white.page, { clock: '5+3' });
  const black = await openDevice(env, link, { viewport: PHONE.viewport, phone: true });
  await Promise.all([connected(white.page), connected(black.page)]);
  await white.page.waitForFunction(() => document.getElementById('online-invite').hidden);
  await Promise.all([watchShifts(white.page), watchShifts(black.page)]);
  const moves = ['o2-m4', 'b15-d13', 'p2-n4-l4', 'b16-d14-d12'];
  for (let i = 0; i < moves.length; i++) {
    const [mover, other] = i % 2 === 0 ? [white, black] : [black, white];
    await enter(mover.page, moves[i]);
    await waitMoves(other.page, i + 1);
    await waitMoves(mover.page, i + 1);
  }
  await white.page.waitForTimeout(1200); // the clocks tick
  for (const [name, { page }] of [['White', white], ['Black', black]]) {
    const shift = await layoutShift(page);
    t.diagnostic(`${name}'s phone: layout shift ${shift.total.toFixed(3)}`);
    assert.equal(shift.total.toFixed(3), '0.000', `${name}'s phone moved: ${shift.moved.join(', ')}`);
  }
  for (const { context } of [white, black]) await context.close();
});

/** Every visible button, label and badge whose words run out of it, and
 * every two visible buttons that overlap: [] when all fit. */
function misfits(page, where) {
  return page.evaluate((where) => {
    const visible = (n) => n.getClientRects().length > 0 && getComputedStyle(n).visibility !== 'hidden' && !n.closest('[hidden], dialog:not([open])');
    // With a dialog open, the dialog alone is in view.
    const scope = document.querySelector('dialog[open]') ?? document;
    const nodes = [...scope.querySelectorAll('button, .button, label, legend, .turn-badge, .presence, .clock, .player-name, .status-line')].filter(visible);
    const name = (n) => `${n.id ? `#${n.id}` : n.className || n.tagName} "${n.textContent.trim().slice(0, 30)}"`;
    const found = [];
    for (const n of nodes) {
      if (n.classList.contains('player-name') || n.classList.contains('status-line')) {
        // these may give way with an ellipsis, but never the whole of a short text
        if (n.scrollWidth > n.clientWidth + 1 && n.textContent.length < 24) found.push(`${where}: ${name(n)} is cut`);
        continue;
      }
      if (n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 2) found.push(`${where}: ${name(n)} overflows (${n.scrollWidth}x${n.scrollHeight} in ${n.clientWidth}x${n.clientHeight})`);
    }
    // A dialog taller than the window scrolls under its sticky buttons: what
    // is under them then is not in view (in a dialog that does not scroll,
    // nothing can be).
    const scrolls = scope !== document && scope.scrollHeight > scope.clientHeight + 1;
    const footers = scrolls ? [...scope.querySelectorAll('.actions.end')].map((f) => f.getBoundingClientRect()) : [];
    const underFooter = (n) => {
      const r = n.getBoundingClientRect();
      return !n.closest('.actions.end') && footers.some((f) => r.bottom > f.top && r.top < f.bottom);
    };
    const buttons = nodes.filter((n) => n.matches('button, .button') && !underFooter(n));
    for (let i = 0; i < buttons.length; i++) {
      for (let j = i + 1; j < buttons.length; j++) {
        const a = buttons[i].getBoundingClientRect();
        const b = buttons[j].getBoundingClientRect();
        const overlap = Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
        if (overlap && !buttons[i].contains(buttons[j]) && !buttons[j].contains(buttons[i])) found.push(`${where}: ${name(buttons[i])} overlaps ${name(buttons[j])}`);
      }
    }
    return found;
  }, where);
}

test('every button, label and badge fits its words, in every language, at 390x844, 844x390 and 1280x800: the page, the dialogs, the online card, Play online, the end', async () => {
  const found = [];
  for (const locale of ['en-US', 'it-IT', 'nb-NO', 'cs-CZ']) {
    for (const [width, height] of [[390, 844], [844, 390], [1280, 800]]) {
      const phone = width < 1000 ? { isMobile: true, hasTouch: true } : {};
      const { page, errors } = await openGame(env, { viewport: { width, height }, locale, ...phone });
      const where = `${locale} ${width}x${height}`;
      found.push(...(await misfits(page, where)));
      await page.click('#new-game');
      found.push(...(await misfits(page, `${where} new game`)));
      await twoPlayers(page);
      found.push(...(await misfits(page, `${where} new game of two`)));
      await page.check('#new-game-form input[name="mode"][value="online"]');
      found.push(...(await misfits(page, `${where} new game online`)));
      await page.click('#new-game-dialog [data-close]');
      for (const [opener, dialog] of [['#settings', 'settings'], ['#import', 'import'], ['#export', 'export']]) {
        await page.click(opener);
        found.push(...(await misfits(page, `${where} ${dialog}`)));
        await page.click(`#${dialog}-dialog [data-close]`);
      }
      // The online card with its link to send (a game posted in the lobby,
      // and its correspondence clock), "Play online" with it in Your games
      // and the lobby, then the end of a game.
      await createGame(page, { post: true, clock: 'days', name: 'Alice' });
      found.push(...(await misfits(page, `${where} online`)));
      await page.click('#online-games');
      await page.waitForSelector('#your-games .your-game');
      found.push(...(await misfits(page, `${where} play online`)));
      await page.click('#online-games-dialog [data-close]');
      await winNearWin(page);
      found.push(...(await misfits(page, `${where} end`)));
      await page.click('#end-dialog [data-close]');
      assert.deepEqual(errors, []);
      await page.context().close();
    }
  }
  assert.deepEqual(found, []);
});

const texts = (code) => JSON.parse(readFileSync(new URL(`../../web/i18n/${code}.json`, import.meta.url)));
const statusHeight = (page) => page.evaluate(() => document.querySelector('.card.status').getBoundingClientRect().height);

test('1280x800: the status card keeps its size when the repetition warning shows and when a chain opens', async () => {
  const { page, errors } = await openGame(env);
  await newGame(page, { mode: 'friends' });
  const height = await statusHeight(page);
  const cycle = [['n4', 'm5'], ['b13', 'c12'], ['m5', 'n4'], ['c12', 'b13']];
  for (const [from, to] of [...cycle, ...cycle.slice(0, 3)]) {
    await click(page, from);
    await click(page, to);
  }
  assert.equal(await page.locator('#warning').isVisible(), true, 'the repetition warning');
  assert.equal(await statusHeight(page), height, 'with the warning');
  assert.equal(await importText(page, CHAIN), null);
  await click(page, 'h8');
  await click(page, 'h10');
  assert.equal(await page.locator('#stop-chain').isVisible(), true);
  assert.equal(await statusHeight(page), height, 'with "Stop here"');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the status line shows the whole result in every language, and a message follows a change of language', async () => {
  for (const code of ['en', 'it', 'nb', 'cs']) {
    const { page, errors } = await openGame(env, { locale: code });
    await newGame(page, { level: 3 });
    await page.click('#resign');
    await page.click('#confirm-yes');
    await page.waitForSelector('#end-dialog[open]');
    await page.click('#end-dialog [data-close]');
    const line = await page.evaluate(() => {
      const node = document.getElementById('status-line');
      return { text: node.textContent, cut: node.scrollHeight > node.clientHeight + 1 || node.scrollWidth > node.clientWidth + 1 };
    });
    assert.equal(line.text, texts(code)['result.computerWins'].replace('{level}', '3'));
    assert.equal(line.cut, false, `${code}: "${line.text}" is cut`);
    assert.deepEqual(errors, []);
    await page.context().close();
  }
  const { page, errors } = await openGame(env);
  assert.equal(await page.locator('#message').textContent(), texts('en')['message.start']);
  await page.selectOption('#language', 'it');
  await page.waitForFunction(() => document.documentElement.lang === 'it');
  assert.equal(await page.locator('#message').textContent(), texts('it')['message.start']);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('844x390: the page fits the window, and the new-game dialog shows Start without scrolling, online too', async () => {
  const { page, errors } = await openGame(env, { viewport: { width: 844, height: 390 }, isMobile: true, hasTouch: true });
  assert.equal(await page.evaluate(() => document.documentElement.scrollHeight), 390, 'no taller than the window');
  await page.click('#new-game');
  const start = () => page.evaluate(() => {
    const dialog = document.getElementById('new-game-dialog');
    const box = dialog.querySelector('button[type="submit"]').getBoundingClientRect();
    const frame = dialog.getBoundingClientRect();
    return { scrolled: dialog.scrollTop, inView: box.top >= frame.top && box.bottom <= frame.bottom && box.bottom <= innerHeight };
  });
  assert.deepEqual(await start(), { scrolled: 0, inView: true }, 'four players');
  await twoPlayers(page);
  assert.deepEqual(await start(), { scrolled: 0, inView: true }, 'two players');
  // Online: the colour, the clocks, the name and "Post it in the lobby".
  await page.check('#new-game-form input[name="mode"][value="online"]');
  assert.deepEqual(await start(), { scrolled: 0, inView: true }, 'online');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('390x844: the header shows the game\'s icon, in every language', async () => {
  for (const locale of ['en-US', 'it-IT', 'nb-NO', 'cs-CZ']) {
    const { page, errors } = await openGame(env, { ...PHONE, locale });
    const icon = await page.evaluate(() => {
      const box = document.querySelector('.brand img').getBoundingClientRect();
      return box.width > 0 && box.left >= 0 && box.right <= innerWidth;
    });
    assert.equal(icon, true, locale);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390, `${locale}: nothing beyond the window`);
    assert.deepEqual(errors, []);
    await page.context().close();
  }
});

test('390x844: a four-player game against three computers moves nothing on the page (layout shift 0.000)', async (t) => {
  const { page, errors } = await openGame(env, PHONE);
  await newMultiGame(page, { seats: { r: 'computer-1', b: 'computer-1', y: 'computer-1' } });
  await watchShifts(page);
  for (let round = 0; round < 3; round++) {
    assert.ok(await personsTurn(page));
    await playHint(page);
  }
  assert.ok(await personsTurn(page));
  const shift = await layoutShift(page);
  t.diagnostic(`layout shift ${shift.total.toFixed(3)}`);
  assert.equal(shift.total.toFixed(3), '0.000', `moved: ${shift.moved.join(', ')}`);
  assert.deepEqual(errors, []);
  await page.context().close();
});
