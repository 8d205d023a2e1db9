// Accessibility checked by axe-core (its Playwright integration): no serious
// or critical violation on the main page, in each dialog (the new game's
// online part and "Play online" too) and on the rules page, in both themes.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import { setup, openGame, click, idle, importText, twoPlayers } from './harness.mjs';
import { nearWin } from '../lib/positions.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

/** The serious and critical violations on the page as it is now. */
async function violations(page, where) {
  const { violations: found } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

/** Opens a dialog, checks the page with it, closes it. */
async function withDialog(page, open, dialog, where) {
  await open();
  await page.waitForSelector(`#${dialog}[open]`);
  await page.waitForTimeout(150); // the dialog's entrance transition
  const found = await violations(page, where);
  await page.click(`#${dialog} [data-close]`);
  return found;
}

for (const colorScheme of ['light', 'dark']) {
  test(`${colorScheme} theme: no serious or critical axe violation on the page, its dialogs and the rules`, async () => {
    const { page, errors } = await openGame(env, { colorScheme });
    const found = [];
    await click(page, 'n4'); // a piece picked up: markers and a message
    found.push(...(await violations(page, 'main page')));
    await page.keyboard.press('Escape');
    found.push(...(await withDialog(page, () => page.click('#new-game'), 'new-game-dialog', 'new game')));
    const two = async () => {
      await page.click('#new-game');
      await twoPlayers(page);
    };
    found.push(...(await withDialog(page, two, 'new-game-dialog', 'new game of two')));
    const online = async () => {
      await two();
      await page.check('#new-game-form input[name="mode"][value="online"]');
    };
    found.push(...(await withDialog(page, online, 'new-game-dialog', 'new game online')));
    found.push(...(await withDialog(page, () => page.click('#online-games'), 'online-games-dialog', 'play online')));
    found.push(...(await withDialog(page, () => page.click('#settings'), 'settings-dialog', 'settings')));
    found.push(...(await withDialog(page, () => page.click('#import'), 'import-dialog', 'import')));
    found.push(...(await withDialog(page, () => page.click('#export'), 'export-dialog', 'export')));
    found.push(...(await withDialog(page, () => page.click('#resign'), 'confirm-dialog', 'confirm')));
    const { fen, last, hole } = nearWin();
    assert.equal(await importText(page, `[Variant "19"]\n[FEN "${fen}"]\n\n61. ${last}-${hole} 1-0\n`), null);
    found.push(...(await withDialog(page, () => Promise.resolve(), 'end-dialog', 'end')));
    await idle(page);
    await page.click('#rules-link');
    await page.waitForURL(/rules\/en\.html$/);
    found.push(...(await violations(page, 'rules page')));
    assert.deepEqual(found, []);
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}
