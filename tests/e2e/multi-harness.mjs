// multi-harness.mjs: what the browser tests of three and four players at
// one screen share: a new game through the dialog, and the person's move
// taken from the page's own hint (the engine's move, clicked square by square).

import { idle } from './harness.mjs';

/** The settings that switch animations off (the computers then follow one
 * another without a pause). */
export const NO_ANIMATION = { 'halma.settings.v1': JSON.stringify({ animation: 'none' }) };

/** Starts a game of `players` through the new-game dialog; seats: {w, r,
 * b, y} each 'you', 'person' or 'computer-N' (unnamed seats keep the
 * dialog's defaults). */
export async function newMultiGame(page, { players = 4, partners = false, seats = {} } = {}) {
  await page.click('#new-game');
  await page.waitForSelector('#new-game-dialog[open]');
  await page.check(`#new-game-form input[name="players"][value="${players}"]`);
  for (const [side, value] of Object.entries(seats)) await page.selectOption(`#seat-${side}`, value);
  if (partners) await page.check('#new-game-form input[name="partners"]');
  await page.click('#new-game-form button[type="submit"]');
  await idle(page);
}

/** Waits for a person's turn (Hint enabled) or the game's end; true for a turn. */
export async function personsTurn(page, timeout = 60000) {
  await page.waitForFunction(
    () => document.getElementById('end-dialog').open || (!document.getElementById('hint').disabled && !document.body.dataset.busy),
    null,
    { timeout },
  );
  return !(await page.evaluate(() => document.getElementById('end-dialog').open));
}

/** Plays the seat to move as the page's hint says, by clicking its squares
 * (or Pass, when the seat must pass). */
export async function playHint(page) {
  if (await page.isVisible('#pass')) {
    await page.click('#pass');
    return idle(page);
  }
  await page.click('#hint');
  await page.waitForSelector('.hint-square.hint-from', { timeout: 10000 });
  const [from, to] = await page.$$eval('.hint-square', (squares) => squares.map((s) => s.dataset.on));
  await page.click(`[data-square="${from}"]`);
  await idle(page);
  await page.click(`[data-square="${to}"]`);
  await settle(page);
  // A hop that could go on leaves the chain open (hop by hop): it stops there.
  if (await page.isVisible('#stop-chain')) {
    await page.click('#stop-chain');
    await settle(page);
  }
  return idle(page);
}

/** A move that would repeat the position a third time asks first: yes. */
async function settle(page) {
  await page.waitForFunction(() => document.getElementById('confirm-dialog').open || !document.body.dataset.busy);
  if (await page.isVisible('#confirm-dialog[open]')) await page.click('#confirm-yes');
}

/** The move list's rows as arrays of cells (number, then each seat's move). */
export const moveRows = (page) =>
  page.$$eval('#move-list tbody tr', (rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent)));

/** What of the player bars' seats does not fit: a name, a clock or a
 * presence cut (wider or taller than its box) or outside its seat. */
export const seatMisfits = (page) =>
  page.evaluate(() => {
    const out = [];
    for (const seat of document.querySelectorAll('.player-bar .seat')) {
      const box = seat.getBoundingClientRect();
      for (const part of seat.querySelectorAll('.player-name, .player-name > *, .clock, .presence')) {
        const r = part.getBoundingClientRect();
        if (!part.getClientRects().length) continue; // no box of its own
        const what = `"${part.textContent}" (${part.className})`;
        if (part.scrollWidth > part.clientWidth + 0.5 || part.scrollHeight > part.clientHeight + 0.5) out.push(`${what} cut: ${part.scrollWidth}x${part.scrollHeight} in ${part.clientWidth}x${part.clientHeight}`);
        if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) out.push(`${what} outside its seat`);
      }
    }
    return out;
  });

/** The same of two players' bars (a bar a seat), and the turn badge. */
export const barMisfits = (page) =>
  page.evaluate(() => {
    const out = [];
    for (const bar of document.querySelectorAll('.player-bar')) {
      const box = bar.getBoundingClientRect();
      for (const part of bar.querySelectorAll('.player-name, .player-name > *, .clock, .presence, .turn-badge')) {
        const r = part.getBoundingClientRect();
        if (!part.getClientRects().length) continue; // no box of its own
        const what = `"${part.textContent}" (${part.className})`;
        // The badge's box is trimmed to its capitals (text-box): its line overflows it by design.
        const tall = !part.matches('.turn-badge') && part.scrollHeight > part.clientHeight + 0.5;
        if (part.scrollWidth > part.clientWidth + 0.5 || tall) out.push(`${what} cut: ${part.scrollWidth}x${part.scrollHeight} in ${part.clientWidth}x${part.clientHeight}`);
        if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) out.push(`${what} outside its bar`);
      }
    }
    return out;
  });
