// The house rule against spoiling (RULES-HOUSE.md, nospoil) on the page: a
// game won by Parlett's win, told in the end dialog and to screen readers;
// the new-game dialog's choice reaching the rules for each kind of game here
// (a move home refused under it, played without it), kept as the last
// choice, shown beside the moves, kept over a reload and in the record.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { click, idle, importText, message, openGame, pieceOn, ready, setup, twoPlayers } from './harness.mjs';
import { parlettNear } from '../lib/positions.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

const PARLETT = "White wins: the goal is full, one of its squares White's.";
const REFUSED = /Under the rule against spoiling a piece that has left home cannot come back: o4 is in its home camp/;

/** A new game of two through the dialog, with the house rule or without. */
async function newTwo(page, { mode, houseRule }) {
  await page.click('#new-game');
  await twoPlayers(page);
  await page.check(`#new-game-form input[name="mode"][value="${mode}"]`);
  if (mode === 'computer') await page.fill('#level', '1');
  await page.setChecked('#house-rule', houseRule);
  await page.click('#new-game-form button[type="submit"]');
  await idle(page);
}

/** White's o4 steps out to n5, Black answers (the computer, or b13-c12 at
 * one screen), and n5 tries to go back home to o4: true when it went. */
async function tryHome(page, { mode }) {
  await click(page, 'o4');
  await click(page, 'n5');
  if (mode === 'friends') {
    await click(page, 'b13');
    await click(page, 'c12');
  }
  await idle(page);
  await click(page, 'n5');
  await click(page, 'o4');
  return (await pieceOn(page, 'o4')) === 'w';
}

test('a game won by Parlett\'s win: the end dialog and the screen reader say how', async () => {
  const { page, errors } = await openGame(env);
  const { fen, last, hole } = parlettNear();
  // A record under the house rule sets it (RECORD.md's Rules header).
  assert.equal(await importText(page, `[Variant "19"]\n[Rules "nospoil"]\n[FEN "${fen}"]\n\n*\n`), null);
  assert.equal(await page.isVisible('#rules-line'), true, 'the game says it plays the house rule');
  await click(page, last);
  await click(page, hole);
  await page.waitForSelector('#end-dialog[open]');
  assert.equal(await page.textContent('#end-title'), 'You win!');
  assert.equal(await page.textContent('#end-text'), PARLETT);
  await page.waitForFunction(() => document.getElementById('announcer').textContent !== '');
  assert.equal(await page.textContent('#announcer'), `You win! ${PARLETT}`);
  await page.click('#end-export');
  assert.match(await page.inputValue('#export-text'), /\[Rules "nospoil"\]/);
  await page.click('#export-dialog [data-close]');

  // The same move under the seeds' rules wins nothing: Black's stayers hold the goal.
  assert.equal(await importText(page, `[Variant "19"]\n[FEN "${fen}"]\n\n*\n`), null);
  assert.equal(await page.isVisible('#rules-line'), false);
  await click(page, last);
  await click(page, hole);
  assert.equal(await page.isVisible('#end-dialog'), false);
  assert.deepEqual(errors, []);
  await page.context().close();
});

for (const mode of ['computer', 'friends']) {
  test(`${mode === 'computer' ? 'against the computer' : 'two at one screen'}: the dialog's choice reaches the rules, kept over a reload`, async () => {
    const { page, errors } = await openGame(env);
    await newTwo(page, { mode, houseRule: true });
    assert.equal(await page.isVisible('#rules-line'), true);
    assert.equal(await tryHome(page, { mode }), false, 'home refused under the house rule');
    assert.match(await message(page), REFUSED);
    await page.reload();
    await ready(page);
    assert.equal(await page.isVisible('#rules-line'), true, 'the saved game keeps its rules');
    await click(page, 'n5');
    await click(page, 'o4');
    assert.equal(await pieceOn(page, 'o4'), null, 'still refused after the reload');
    // The choice is the person's last: the dialog opens with it.
    await page.click('#new-game');
    assert.equal(await page.isChecked('#house-rule'), true);
    await page.click('#new-game-dialog [data-close]');
    await newTwo(page, { mode, houseRule: false });
    assert.equal(await page.isVisible('#rules-line'), false);
    assert.equal(await tryHome(page, { mode }), true, 'home allowed by the seeds\' rules');
    await page.click('#new-game');
    assert.equal(await page.isChecked('#house-rule'), false);
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}

test('three at one screen: the choice reaches the rules of three', async () => {
  const { page, errors } = await openGame(env);
  const play = async (from, to) => {
    await click(page, from);
    await click(page, to);
  };
  for (const houseRule of [true, false]) {
    await page.click('#new-game');
    await page.check('#new-game-form input[name="players"][value="3"]');
    for (const [side, value] of Object.entries({ w: 'you', r: 'person', b: 'person' })) await page.selectOption(`#seat-${side}`, value);
    await page.setChecked('#house-rule', houseRule);
    await page.click('#new-game-form button[type="submit"]');
    await idle(page);
    assert.equal(await page.isVisible('#rules-line'), houseRule);
    await play('n3', 'm4'); // White out of its camp
    await play('c3', 'd4'); // Red
    await play('c14', 'd13'); // Black
    await play('m4', 'n3'); // and White back home
    assert.equal(await pieceOn(page, 'n3'), houseRule ? null : 'w', houseRule ? 'refused under the house rule' : 'allowed without it');
  }
  assert.deepEqual(errors, []);
  await page.context().close();
});
