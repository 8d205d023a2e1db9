// Three and four players sharing one screen: the repetition warning, the
// board turned to the seat to move, chains entered hop by hop.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openGame, click, square, idle, status } from './harness.mjs';
import { NO_ANIMATION, moveRows, newMultiGame } from './multi-harness.mjs';

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
