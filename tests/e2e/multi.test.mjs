// Three and four players at one screen: the new-game dialog's seats, a
// whole four-player game against three computers, two people with two
// computers surviving a reload, the computers' pace, resigning a seat.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openGame, idle, importText, ready, status } from './harness.mjs';
import { NO_ANIMATION, moveRows, newMultiGame, personsTurn, playHint } from './multi-harness.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

const board = (page) => page.$$eval('[data-square][data-piece]', (nodes) => nodes.map((n) => `${n.dataset.square}${n.dataset.piece}`).sort());

test('the dialog opens on the game in play: two against the computer the first time, four after a game of four, two again after one of two', async () => {
  const { page, errors } = await openGame(env);
  const players = () => page.$eval('#new-game-form input[name="players"]:checked', (input) => input.value);
  const piecesOnBoard = () => page.$$eval('[data-square][data-piece]', (nodes) => nodes.length);
  await page.click('#new-game');
  assert.equal(await players(), '2', 'two the first time');
  assert.equal(await page.$eval('#new-game-form input[name="mode"]:checked', (input) => input.value), 'computer', 'against the computer');
  assert.equal(await page.isVisible('#seat-w'), false, 'two players: no seats');
  assert.equal(await page.isVisible('#level'), true);
  await page.check('#new-game-form input[name="players"][value="4"]');
  const shown = await page.evaluate(() => ({
    seats: ['w', 'r', 'b', 'y'].map((side) => document.getElementById(`seat-${side}`).value),
    partnersShown: !document.getElementById('partners-choice').hidden,
    twoPlayerChoices: [...document.querySelectorAll('#new-game-form .two-only')].some((part) => !part.hidden),
  }));
  assert.deepEqual(shown, { seats: ['you', 'computer-5', 'computer-5', 'computer-5'], partnersShown: true, twoPlayerChoices: false });
  await page.check('#new-game-form input[name="players"][value="3"]');
  assert.equal(await page.isVisible('#seat-y'), false, 'three players: no Yellow');
  assert.equal(await page.isVisible('#partners-choice'), false, 'partners are for four');
  await page.check('#new-game-form input[name="players"][value="2"]');
  for (const name of ['variant', 'mode']) assert.equal(await page.isVisible(`#new-game-form input[name="${name}"]`), true, `two players: the ${name} again`);
  await page.check('#new-game-form input[name="players"][value="4"]');
  await page.selectOption('#seat-r', 'computer-3');
  await page.click('#new-game-form button[type="submit"]');
  await idle(page);
  assert.equal(await piecesOnBoard(), 52, 'a game of four');
  await page.reload();
  await ready(page);
  await page.click('#new-game');
  assert.equal(await players(), '4', 'a game of four in play: four, after a reload too');
  const seats = await page.evaluate(() => ['w', 'r', 'b', 'y'].map((side) => document.getElementById(`seat-${side}`).value));
  assert.deepEqual(seats, ['you', 'computer-3', 'computer-5', 'computer-5'], 'the seats of the game in play');
  await page.check('#new-game-form input[name="players"][value="2"]');
  await page.click('#new-game-form button[type="submit"]');
  await idle(page);
  await page.click('#new-game');
  assert.equal(await players(), '2', 'a game of two in play: two');
  await page.click('#new-game-form button[type="submit"]');
  await idle(page);
  assert.equal(await piecesOnBoard(), 38, 'Start at once: a game of two again');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a whole four-player game at one screen, you against three computers at level 1', { timeout: 600000 }, async (t) => {
  const started = Date.now();
  const { page, errors } = await openGame(env, { storage: NO_ANIMATION });
  await newMultiGame(page, { seats: { r: 'computer-1', b: 'computer-1', y: 'computer-1' } });
  assert.equal(await status(page), 'Your turn (White)');
  assert.equal(await page.getAttribute('#turn-piece', 'class'), 'turn-piece piece-w');
  let turns = 0;
  while (await personsTurn(page)) {
    await playHint(page);
    turns++;
    if (turns === 1) {
      // The computers answer at once, one after another: a round on one row.
      await personsTurn(page);
      const [first] = await moveRows(page);
      assert.equal(first.length, 5, 'No., then White, Red, Black, Yellow');
      assert.equal(first[0], '1');
      assert.ok(first.slice(1).every((cell) => /^[a-p]\d+(-[a-p]\d+)+$/.test(cell)), JSON.stringify(first));
      assert.match(await page.textContent('#announcer'), /^Yellow: [a-p]\d+ to [a-p]\d+\.$|^Yellow jumps: /);
    }
  }
  const end = await page.evaluate(() => ({ title: document.getElementById('end-title').textContent, rows: document.querySelectorAll('#end-summary tbody tr').length }));
  assert.equal(end.rows, 4, 'the end names each seat');
  assert.match(end.title, /^(You win!|(Red|Black|Yellow) wins!|Draw.*)$/);
  assert.equal(end.title, await status(page), 'the status line says the result too');
  const rows = await moveRows(page);
  assert.ok(rows.length >= 20, `${rows.length} rounds`);
  // The game counts in your record at level 1 with four players, apart from two players'.
  const scores = JSON.parse(await page.evaluate(() => localStorage.getItem('halma.scoreboard.v1')));
  assert.deepEqual(Object.keys(scores), ['13x4/1']);
  assert.deepEqual(scores['13x4/1'], { played: 1, won: end.title === 'You win!' ? 1 : 0 });
  await page.click('#end-new');
  await page.check('#new-game-form input[name="players"][value="4"]');
  assert.equal(await page.textContent('#multi-score'), `Level 1: won ${scores['13x4/1'].won} of 1`);
  await page.check('#new-game-form input[name="players"][value="3"]');
  assert.equal(await page.textContent('#multi-score'), 'Level 1: no games yet', 'three players: a record of its own');
  await page.click('#new-game-dialog [data-close]');
  assert.ok(turns >= 20, `${turns} moves of yours`);
  t.diagnostic(`${end.title} after ${rows.length} rounds, ${turns} moves of yours, in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('two people and two computers at one screen: a few rounds, then a reload, the game is still there', { timeout: 300000 }, async () => {
  const { page, errors } = await openGame(env, { storage: NO_ANIMATION });
  await newMultiGame(page, { seats: { r: 'computer-1', b: 'person', y: 'computer-1' } });
  const names = await page.$$eval('#player-bottom .player-name, #player-top .player-name', (n) => n.map((x) => x.textContent).sort());
  assert.deepEqual(names, ['Black · Player 2', 'Red · Computer, level 1', 'White · You', 'Yellow · Computer, level 1']);
  for (let i = 0; i < 6; i++) {
    assert.ok(await personsTurn(page));
    // People take turns with the computers between them: White, then Black
    // (several people here: the seat's name, not "your turn").
    assert.equal(await status(page), i % 2 ? 'Black to move' : 'White to move');
    await playHint(page);
  }
  assert.ok(await personsTurn(page));
  const before = { rows: await moveRows(page), board: await board(page), status: await status(page) };
  assert.equal(before.rows.length, 3, 'three rounds, White to begin the fourth');
  await page.reload();
  await page.waitForSelector('body[data-ready]');
  await idle(page);
  assert.deepEqual({ rows: await moveRows(page), board: await board(page), status: await status(page) }, before);
  await playHint(page); // and the game goes on
  assert.ok(await personsTurn(page));
  assert.equal((await moveRows(page)).length, 4);
  assert.equal(await status(page), 'Black to move');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the computers take their turns one after another, each move paused and animated', async (t) => {
  const { page, errors } = await openGame(env);
  await newMultiGame(page, { seats: { r: 'computer-1', b: 'computer-1', y: 'computer-1' } });
  // Every move of the list timestamped as it appears, with whether a piece
  // was travelling on the board meanwhile.
  await page.evaluate(() => {
    window.seen = [];
    window.animated = false;
    new MutationObserver(() => (window.animated ||= !!document.querySelector('.board.animating'))).observe(document.getElementById('board'), { attributes: true });
    new MutationObserver(() => {
      const count = document.querySelectorAll('#move-list button[data-ply]').length;
      if (count > window.seen.length) window.seen.push(performance.now());
    }).observe(document.getElementById('move-list'), { childList: true, subtree: true });
  });
  await playHint(page);
  await personsTurn(page);
  const seen = await page.evaluate(() => window.seen);
  assert.equal(seen.length, 4);
  const gaps = seen.slice(1).map((t, i) => t - seen[i]);
  // 450 ms of pause, the search (100 ms at level 1) and the animation: each
  // computer's move stays on the board for a moment before the next one.
  assert.ok(gaps.every((gap) => gap >= 450), `gaps between the moves: ${gaps.map(Math.round)}`);
  t.diagnostic(`the computers' moves landed ${gaps.map(Math.round).join(', ')} ms apart`);
  assert.equal(await page.evaluate(() => window.animated), true, 'the moves travelled');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('you as Yellow: the board turns round, your corner at the bottom', async () => {
  const { page, errors } = await openGame(env, { storage: NO_ANIMATION });
  await newMultiGame(page, { seats: { w: 'computer-1', r: 'computer-1', b: 'computer-1', y: 'you' } });
  const y = (name) => page.getAttribute(`[data-square="${name}"]`, 'y').then(Number);
  assert.ok((await y('p16')) > (await y('a1')), 'p16 drawn below a1');
  assert.match(await page.textContent('#player-bottom'), /^Yellow · You/);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('resigning: you are out, the computer plays your seat on', async () => {
  const { page, errors } = await openGame(env, { storage: NO_ANIMATION });
  await newMultiGame(page, { players: 3, seats: { r: 'computer-1', b: 'computer-1' } });
  await page.click('#resign');
  await page.click('#confirm-yes');
  await page.waitForFunction(() => document.querySelectorAll('#move-list button[data-ply]').length >= 6, null, { timeout: 20000 });
  const bar = await page.textContent('#player-bottom');
  assert.match(bar, /White · Computer, level 1/);
  assert.equal(await page.isDisabled('#resign'), true, 'nobody left to resign');
  assert.equal(await page.evaluate(() => document.getElementById('end-dialog').open), false, 'the game goes on');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('partners at one screen: shown as such; resigning concedes for both, Red and Yellow win and the end shows their pieces, after a reload too', async () => {
  const { page, errors } = await openGame(env, { storage: NO_ANIMATION });
  await newMultiGame(page, { partners: true, seats: { r: 'computer-1', b: 'person', y: 'computer-1' } });
  assert.equal(await page.isVisible('#partners-line'), true, 'who plays with whom, during the game');
  assert.equal(await page.textContent('#partners-line'), 'Partners: White with Black, Red with Yellow');
  await page.click('#resign');
  assert.equal(await page.textContent('#confirm-text'), 'Resign this game? You and your partner lose.');
  await page.click('#confirm-yes');
  await page.waitForSelector('#end-dialog[open]');
  assert.equal(await page.textContent('#end-title'), 'Red and Yellow win!');
  assert.equal(await page.textContent('#end-text'), 'White resigned.');
  const art = () => page.$eval('#end-art', (art) => ['::before', '::after'].map((pseudo) => getComputedStyle(art, pseudo).backgroundImage));
  const colours = await page.evaluate(() => ['r', 'y'].map((side) => getComputedStyle(document.body).getPropertyValue(`--piece-${side}-2`).trim()));
  const rgb = (hex) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
  (await art()).forEach((background, i) => assert.ok(background.includes(rgb(colours[i])), `the ${['left', 'right'][i]} piece is ${['Red', 'Yellow'][i]}'s: ${background}`));
  await page.click('#end-dialog [data-close]');
  assert.equal(await status(page), 'Red and Yellow win!');
  await page.reload();
  await ready(page);
  assert.equal(await status(page), 'Red and Yellow win!', 'the concession is kept');
  assert.equal(await page.isDisabled('#resign'), true);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a person who resigns a seat of three keeps the others\' names: Player 2 is not renamed You', async () => {
  const { page, errors } = await openGame(env, { storage: NO_ANIMATION });
  await newMultiGame(page, { players: 3, seats: { r: 'person', b: 'computer-1' } });
  assert.match(await page.textContent('#player-bottom'), /Red · Player 2/);
  await page.click('#resign');
  await page.click('#confirm-yes');
  await page.waitForFunction(() => /White · Computer/.test(document.getElementById('player-bottom').textContent));
  assert.match(await page.textContent('#player-bottom'), /Red · Player 2/);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the seats in the turn order, named in every language', async () => {
  for (const [locale, red] of [['it-IT', 'Rosso'], ['nb-NO', 'Rød'], ['cs-CZ', 'Červený']]) {
    const { page, errors } = await openGame(env, { locale, storage: NO_ANIMATION });
    await newMultiGame(page, { seats: { r: 'computer-1', b: 'computer-1', y: 'computer-1' } });
    const heads = await page.$$eval('#move-list thead th', (cells) => cells.map((c) => c.textContent));
    assert.equal(heads.length, 5);
    assert.equal(heads[2], red, `${locale}: ${heads}`);
    assert.deepEqual(errors, []);
    await page.context().close();
  }
});

test('a game of four exported and imported back: the same moves, the same seats, and it plays on', async () => {
  const { page, errors } = await openGame(env, { storage: NO_ANIMATION });
  await newMultiGame(page, { seats: { r: 'computer-1', b: 'person', y: 'computer-1' } });
  for (let i = 0; i < 3; i++) {
    await personsTurn(page);
    await playHint(page);
  }
  await personsTurn(page);
  const before = { rows: await moveRows(page), board: await board(page) };
  await page.click('#export');
  const text = await page.inputValue('#export-text');
  await page.click('#export-dialog [data-close]');
  assert.match(text, /\[Players "4"\]\n\[Partners "no"\]\n\[White "You"\]\n\[Red "Computer, level 1"\]\n\[Black "Player 2"\]/);
  // A new game of the same seats, then the record: its moves replayed, the
  // seats this screen's (the record's names are words, not seats).
  await newMultiGame(page, { seats: { r: 'computer-1', b: 'person', y: 'computer-1' } });
  assert.equal((await moveRows(page)).length, 0);
  assert.equal(await importText(page, text), null);
  assert.deepEqual({ rows: await moveRows(page), board: await board(page) }, before);
  assert.equal(await status(page), 'Black to move');
  await playHint(page);
  assert.ok(await personsTurn(page));
  assert.equal(await status(page), 'White to move');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('partners win together: the end names the partnership', async () => {
  const { page, errors } = await openGame(env, { storage: NO_ANIMATION });
  const fen = 'wwww12/wwww12/www13/ww14/16/16/16/yyyyyyyyyyyyy3/rrrrrrrrrrrrr3/16/16/16/12b1bb/14bb/12bbbb/12bbbb b 90';
  assert.equal(await importText(page, `[Players "4"]\n[Partners "yes"]\n[FEN "${fen}"]\n\n23... m4-n3 1-0-1-0\n`), null);
  await page.waitForSelector('#end-dialog[open]');
  // You play White (an import's seats: you, and the computers at your level).
  assert.equal(await page.textContent('#end-title'), 'You and Black win!');
  assert.match(await page.textContent('#end-text'), /^White: all 13 pieces home in \d+ moves\. Black: all 13 pieces home in \d+ moves\.$/);
  const rows = await page.$$eval('#end-summary tbody th', (cells) => cells.map((c) => c.textContent.trim()));
  assert.deepEqual(rows, ['White · You', 'Red · Computer, level 5', 'Black · Computer, level 5', 'Yellow · Computer, level 5']);
  assert.equal(await page.getAttribute('#turn-piece', 'class'), 'turn-piece piece-w');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('undo takes back your move and the computers\' after it; the keyboard plays a move', async () => {
  const { page, errors } = await openGame(env, { storage: NO_ANIMATION });
  await newMultiGame(page, { players: 3, seats: { r: 'computer-1', b: 'computer-1' } });
  const start = await board(page);
  await page.focus('#board');
  // The cursor starts on h8: to o4 (seven right, four down), pick up, then n5.
  for (const key of [...Array(7).fill('ArrowRight'), ...Array(4).fill('ArrowDown'), 'Enter', 'ArrowLeft', 'ArrowUp', 'Enter']) await page.keyboard.press(key);
  assert.ok(await personsTurn(page));
  const rows = await moveRows(page);
  assert.deepEqual(rows[0].slice(0, 2), ['1', 'o4-n5']);
  assert.equal(rows[0].length, 4, 'No., White, Red, Black');
  await page.click('#undo');
  await idle(page);
  assert.deepEqual(await moveRows(page), []);
  assert.deepEqual(await board(page), start);
  assert.equal(await status(page), 'Your turn (White)');
  assert.deepEqual(errors, []);
  await page.context().close();
});
