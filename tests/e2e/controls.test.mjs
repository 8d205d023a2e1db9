// Undo and redo, the hint, two people on one device, the 13-piece game.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openGame, click, ready, pieceOn, pieces, moveList, message, status, idle, newGame, twoPlayers, winNearWin } from './harness.mjs';
import { camp } from '../lib/positions.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

test('undo takes back the move and the reply; redo brings both back', async () => {
  const { page, errors } = await openGame(env);
  await click(page, 'n4');
  await click(page, 'm5');
  const played = await moveList(page);
  const position = await pieces(page);
  assert.equal(played.length, 2);
  await page.click('#undo');
  await idle(page);
  assert.deepEqual(await moveList(page), []);
  assert.deepEqual(await pieces(page), { w: camp('w').sort(), b: camp('b').sort() });
  assert.equal(await page.locator('#undo').isDisabled(), true);
  await page.click('#redo');
  await idle(page);
  assert.deepEqual(await moveList(page), played, 'the same reply, not a new search');
  assert.deepEqual(await pieces(page), position);
  assert.equal(await page.locator('#redo').isDisabled(), true);
  await page.keyboard.press('Control+z');
  await idle(page);
  assert.deepEqual(await moveList(page), []);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a new move after undo forgets what redo could bring back', async () => {
  const { page } = await openGame(env);
  await click(page, 'n4');
  await click(page, 'm5');
  await page.click('#undo');
  await idle(page);
  await click(page, 'o4');
  await click(page, 'o6');
  assert.equal(await page.locator('#redo').isDisabled(), true);
  assert.equal((await moveList(page))[0], 'o4-o6');
  await page.context().close();
});

test('the hint shows the engine\'s move on the board, and it can be played', async () => {
  const { page, errors } = await openGame(env);
  await page.click('#hint');
  await page.waitForSelector('.path-hint');
  await idle(page);
  const text = await message(page);
  const hinted = /Hint: ([a-p]\d+(?:-[a-p]\d+)+)/.exec(text)?.[1];
  assert.ok(hinted, text);
  const squares = hinted.split('-');
  await click(page, squares[0]);
  await click(page, squares[squares.length - 1]);
  await idle(page);
  const moves = await moveList(page);
  assert.equal(moves[0].split('-')[0], squares[0]);
  assert.equal(moves[0].split('-').at(-1), squares.at(-1));
  assert.equal(await page.locator('.path-hint').count(), 0, 'the hint goes once a move is played');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('two people on one device take turns, and the computer stays out', async () => {
  const { page, errors } = await openGame(env);
  await newGame(page, { mode: 'friends' });
  assert.equal(await status(page), 'White to move');
  await click(page, 'n4');
  await click(page, 'm5');
  assert.equal(await status(page), 'Black to move');
  await page.waitForTimeout(700);
  assert.deepEqual(await moveList(page), ['n4-m5'], 'no computer reply');
  await click(page, 'b13');
  await click(page, 'c12');
  assert.deepEqual(await moveList(page), ['n4-m5', 'b13-c12']);
  assert.equal(await pieceOn(page, 'c12'), 'b');
  await page.click('#undo');
  await idle(page);
  assert.deepEqual(await moveList(page), ['n4-m5'], 'undo takes back one move between people');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a 13-piece game', async () => {
  const { page, errors } = await openGame(env);
  await newGame(page, { variant: 13 });
  const start = await pieces(page);
  assert.equal(start.w.length, 13);
  assert.equal(start.b.length, 13);
  assert.deepEqual(start.w, camp('w', 13).sort());
  assert.equal(await page.locator('.sq.camp-w').count(), 13, 'the 13-piece camps are marked');
  await click(page, 'o3');
  await click(page, 'n4');
  await idle(page);
  assert.equal((await moveList(page)).length, 2);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a new game after the computer has played: its engine starts afresh, with no error', async () => {
  const { page, errors } = await openGame(env);
  const warnings = [];
  page.on('console', (line) => line.type() === 'warning' && warnings.push(line.text()));
  await click(page, 'n4');
  await click(page, 'm5');
  await idle(page);
  assert.equal((await moveList(page)).length, 2, 'the computer replied');
  await newGame(page, { variant: 13 });
  await click(page, 'o3');
  await click(page, 'n4');
  await idle(page);
  assert.equal((await moveList(page)).length, 2, 'the computer replied in the new game');
  assert.deepEqual(warnings, []);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('playing Black: the computer opens and the board turns round', async () => {
  const { page, errors } = await openGame(env);
  await newGame(page, { human: 'b' });
  await idle(page);
  assert.equal((await moveList(page)).length, 1, 'White (the computer) moved first');
  const a16 = await page.locator('[data-square="a16"]').boundingBox();
  const p1 = await page.locator('[data-square="p1"]').boundingBox();
  assert.ok(a16.y > p1.y, 'Black\'s camp is at the bottom');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a hint is seen at a glance: its squares are filled, not only ringed', async () => {
  const { page, errors } = await openGame(env);
  await page.click('#hint');
  await page.waitForSelector('.path-hint');
  await idle(page);
  const marks = await page.evaluate(() =>
    [...document.querySelectorAll('.hint .hint-square')].map((rect) => {
      const box = rect.getBBox();
      const style = getComputedStyle(rect);
      return { square: rect.dataset.on, size: Math.min(box.width, box.height), filled: style.fill !== 'none' && Number(style.fillOpacity) >= 0.25 };
    }),
  );
  const hinted = /Hint: ([a-p]\d+(?:-[a-p]\d+)+)/.exec(await message(page))[1].split('-');
  assert.deepEqual(marks.map((m) => m.square), [hinted[0], hinted.at(-1)], 'the origin and the destination');
  assert.ok(marks.every((m) => m.size >= 10 && m.filled), JSON.stringify(marks));
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the levels have names and say how they play and how long they think', async () => {
  const { page, errors } = await openGame(env);
  await page.click('#new-game');
  await twoPlayers(page);
  const shown = async (level) => {
    await page.fill('#level', String(level));
    return page.evaluate(() => ['level-name', 'level-about', 'level-detail'].map((id) => document.getElementById(id).textContent));
  };
  assert.deepEqual(await shown(1), ['Beginner', 'Misses long jumps and errs often.', 'Thinks up to 0.1 s, search depth 1.']);
  assert.deepEqual(await shown(5), ['Intermediate', 'Looks further ahead and seldom errs.', 'Thinks up to 0.15 s, search depth 4.']);
  assert.deepEqual(await shown(10), ['Strongest', 'Plays its best: hard to beat.', 'Thinks up to 1 s, as deep as it can.']);
  await page.click('#new-game-dialog [data-close]');
  await page.selectOption('#language', 'cs');
  await page.waitForFunction(() => document.documentElement.lang === 'cs');
  await page.click('#new-game');
  await twoPlayers(page);
  assert.deepEqual(await shown(1), ['Začátečník', 'Přehlíží dlouhé skoky a často chybuje.', 'Přemýšlí až 0,1 s, hloubka 1.']);
  assert.deepEqual(await shown(5), ['Středně pokročilý', 'Dívá se dál dopředu a chybuje zřídka.', 'Přemýšlí až 0,15 s, hloubka 4.']);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('resigning: against the computer it wins, two on one device the other side wins', async () => {
  const { page, errors } = await openGame(env);
  await click(page, 'n4');
  await click(page, 'm5');
  await page.click('#resign');
  await page.click('#confirm-yes');
  await page.waitForSelector('#end-dialog[open]');
  assert.equal(await page.locator('#end-title').textContent(), 'The computer (level 5) wins');
  assert.equal(await page.locator('#end-text').textContent(), 'White resigned.');
  await page.click('#end-dialog [data-close]');
  assert.equal(await page.locator('#resign').isDisabled(), true);
  assert.equal(await page.locator('#undo').isDisabled(), true, 'a resignation is final');
  await page.reload();
  await ready(page);
  assert.equal(await status(page), 'The computer (level 5) wins', 'kept over a reload');
  await newGame(page, { mode: 'friends' });
  await click(page, 'n4');
  await click(page, 'm5');
  await page.click('#resign');
  await page.click('#confirm-dialog [data-close]');
  assert.equal(await status(page), 'Black to move', 'cancelled: the game goes on');
  await page.click('#resign');
  await page.click('#confirm-yes');
  await page.waitForSelector('#end-dialog[open]');
  assert.equal(await page.locator('#end-title').textContent(), 'White wins!');
  assert.equal(await page.locator('#end-text').textContent(), 'Black resigned.');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the person\'s record per level, kept on the device, shown in the new-game dialog and clearable', async () => {
  const { page, errors } = await openGame(env);
  await winNearWin(page);
  await page.click('#end-new');
  await twoPlayers(page);
  assert.equal(await page.locator('#level-score').textContent(), 'Level 5: won 1 of 1');
  await page.click('#new-game-form button[type="submit"]');
  await idle(page);
  await page.click('#resign');
  await page.click('#confirm-yes');
  await page.waitForSelector('#end-dialog[open]');
  await page.click('#end-dialog [data-close]');
  await page.reload();
  await ready(page);
  await page.click('#new-game');
  assert.equal(await page.locator('#level-score').textContent(), 'Level 5: won 1 of 2', 'a loss counts, and the record is kept');
  await page.fill('#level', '3');
  assert.equal(await page.locator('#level-score').textContent(), 'Level 3: no games yet');
  await page.fill('#level', '5');
  await page.click('#clear-scores');
  await page.click('#confirm-yes');
  await page.waitForFunction(() => document.getElementById('level-score').textContent === 'Level 5: no games yet', null, { timeout: 3000 });
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the board can be flipped, and the player bars follow', async () => {
  const { page, errors } = await openGame(env);
  await newGame(page, { mode: 'friends' });
  const layout = () =>
    page.evaluate(() => ({
      a1: Number(document.querySelector('[data-square="a1"]').getAttribute('y')),
      a16: Number(document.querySelector('[data-square="a16"]').getAttribute('y')),
      top: document.querySelector('#player-top .player-name').textContent,
    }));
  let shown = await layout();
  assert.ok(shown.a1 > shown.a16, 'White at the bottom');
  assert.match(shown.top, /^Black/);
  await page.click('#flip');
  await idle(page);
  shown = await layout();
  assert.ok(shown.a1 < shown.a16, 'Black at the bottom');
  assert.match(shown.top, /^White/);
  await click(page, 'n4');
  await click(page, 'm5');
  assert.equal(await pieceOn(page, 'm5'), 'w', 'clicks still find their squares');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('animation speed (none included) and sound are chosen in the settings and remembered', async () => {
  const { page, context, errors } = await openGame(env);
  await context.addInitScript(() => {
    window.notesPlayed = 0;
    const create = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function () {
      window.notesPlayed++;
      return create.call(this);
    };
  });
  await page.reload();
  await ready(page);
  const watchAnimation = () =>
    page.evaluate(() => {
      window.animated = false;
      new MutationObserver(() => (window.animated ||= document.getElementById('board').classList.contains('animating'))).observe(document.getElementById('board'), { attributes: true });
    });
  await watchAnimation();
  await click(page, 'n4');
  await click(page, 'm5');
  assert.equal(await page.evaluate(() => window.animated), true, 'moves are animated by default');
  assert.equal(await page.evaluate(() => window.notesPlayed), 0, 'no sound until switched on');
  await page.click('#settings');
  await page.check('#settings-form input[name="animation"][value="none"]');
  await page.check('#settings-form input[name="sound"]');
  await page.click('#settings-dialog [data-close]');
  await page.reload();
  await ready(page);
  await watchAnimation();
  await click(page, 'o4');
  await click(page, 'o6');
  assert.equal(await page.evaluate(() => window.animated), false, 'no animation');
  assert.ok(await page.evaluate(() => window.notesPlayed) > 0, 'sounds play');
  await page.click('#settings');
  assert.equal(await page.isChecked('#settings-form input[name="animation"][value="none"]'), true);
  assert.equal(await page.isChecked('#settings-form input[name="sound"]'), true);
  assert.deepEqual(errors, []);
  await context.close();
});
