// The light/dark choice in Settings (System, Light, Dark): kept in the
// browser across a reload, the system's theme followed only on System, both
// themes passing axe's contrast checks whatever the system's, and the
// choice's words fitting the dialog on phones both ways up and a laptop.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import { setup, openGame, ready } from './harness.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

// The page's background in each theme (app.css, --bg).
const BACKGROUND = { light: 'rgb(239, 231, 216)', dark: 'rgb(21, 23, 28)' };
const background = (page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

async function choose(page, theme) {
  await page.click('#settings');
  await page.waitForSelector('#settings-dialog[open]');
  await page.check(`#settings-form input[name="theme"][value="${theme}"]`);
  await page.click('#settings-dialog [data-close]');
}

test('Settings: Dark on a light system, kept over a reload; System follows the system; Light on a dark system', async () => {
  const { page, errors } = await openGame(env, { colorScheme: 'light' });
  assert.equal(await background(page), BACKGROUND.light, 'the system\'s at first');
  assert.equal(await page.isChecked('#settings-form input[name="theme"][value="system"]'), true);
  await choose(page, 'dark');
  assert.equal(await background(page), BACKGROUND.dark);
  await page.reload();
  await ready(page);
  assert.equal(await background(page), BACKGROUND.dark, 'kept over a reload');
  await page.click('#settings');
  assert.equal(await page.isChecked('#settings-form input[name="theme"][value="dark"]'), true, 'the dialog shows the choice');
  await page.click('#settings-dialog [data-close]');
  await choose(page, 'system');
  assert.equal(await background(page), BACKGROUND.light);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForFunction((dark) => getComputedStyle(document.body).backgroundColor === dark, BACKGROUND.dark);
  await choose(page, 'light');
  assert.equal(await background(page), BACKGROUND.light, 'light on a dark system');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a stored theme the page does not know is taken as System', async () => {
  const { page, errors } = await openGame(env, { colorScheme: 'dark', storage: { 'halma.settings.v1': JSON.stringify({ theme: 'purple' }) } });
  assert.equal(await background(page), BACKGROUND.dark);
  await page.click('#settings');
  assert.equal(await page.isChecked('#settings-form input[name="theme"][value="system"]'), true);
  assert.deepEqual(errors, []);
  await page.context().close();
});

for (const [system, chosen] of [['light', 'dark'], ['dark', 'light']]) {
  test(`${chosen} chosen on a ${system} system: no serious or critical axe violation on the page and the settings`, async () => {
    const { page, errors } = await openGame(env, { colorScheme: system, storage: { 'halma.settings.v1': JSON.stringify({ theme: chosen }) } });
    assert.equal(await background(page), BACKGROUND[chosen]);
    const serious = async () => {
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      return violations.filter((v) => ['serious', 'critical'].includes(v.impact)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`);
    };
    assert.deepEqual(await serious(), []);
    await page.click('#settings');
    await page.waitForSelector('#settings-dialog[open]');
    assert.deepEqual(await serious(), [], 'the settings dialog');
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}

test('the theme\'s choices fit the settings dialog in every language, on phones both ways up and a laptop', async () => {
  for (const [width, height] of [[390, 844], [844, 390], [1280, 800]]) {
    const phone = width < 1000 ? { isMobile: true, hasTouch: true } : {};
    const { page, errors } = await openGame(env, { viewport: { width, height }, ...phone });
    for (const language of ['en', 'it', 'nb', 'cs']) {
      await page.selectOption('#language', language);
      await page.click('#settings');
      await page.waitForSelector('#settings-dialog[open]');
      const misfits = await page.evaluate(() => {
        const form = document.getElementById('settings-form');
        const inside = form.getBoundingClientRect();
        const out = [];
        if (form.scrollWidth > form.clientWidth) out.push(`the form scrolls sideways (${form.scrollWidth} > ${form.clientWidth})`);
        for (const label of form.querySelectorAll('input[name="theme"]')) {
          const choice = label.closest('label');
          const box = choice.getBoundingClientRect();
          if (!choice.textContent.trim()) out.push(`${label.value} has no words`);
          if (box.left < inside.left - 0.5 || box.right > inside.right + 0.5) out.push(`${choice.textContent.trim()} outside the form`);
        }
        return out;
      });
      assert.deepEqual(misfits, [], `${width}x${height} ${language}`);
      await page.click('#settings-dialog [data-close]');
    }
    assert.deepEqual(errors, []);
    await page.context().close();
  }
});
