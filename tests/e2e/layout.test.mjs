// The page's layout on the screens players use: a landscape
// phone keeps the panel beside the board, a wide screen gets a larger,
// centred board, and dialogs open at their top.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openGame, importText } from './harness.mjs';
import { NO_ANIMATION, newMultiGame, seatMisfits } from './multi-harness.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

const geometry = (page) =>
  page.evaluate(() => {
    const box = (selector) => document.querySelector(selector).getBoundingClientRect().toJSON();
    return {
      board: box('#board'),
      bottomBar: box('#player-bottom'),
      status: box('.card.status'),
      panel: box('.panel'),
      page: { width: innerWidth, height: innerHeight, scrollHeight: document.documentElement.scrollHeight },
    };
  });

test('a landscape phone: the panel beside the board, the status in view', async () => {
  const { page, errors } = await openGame(env, { viewport: { width: 844, height: 390 }, isMobile: true, hasTouch: true });
  const g = await geometry(page);
  assert.ok(g.panel.left >= g.board.right, `the panel (${g.panel.left}) is beside the board (${g.board.right})`);
  assert.ok(g.status.bottom <= g.page.height, `the status card ends at ${g.status.bottom}, in view`);
  assert.ok(g.board.height >= 280, `the board is ${g.board.height} px`);
  assert.ok(g.bottomBar.bottom <= g.page.height, `the whole board and both players' bars are in view (${g.bottomBar.bottom})`);
  assert.deepEqual(errors, []);
  await page.context().close();
});

for (const [width, height, least] of [[1920, 1080, 900], [1280, 800, 620]]) {
  test(`${width}x${height}: a board of ${least} px or more, centred with the panel, nothing to scroll`, async () => {
    const { page, errors } = await openGame(env, { viewport: { width, height } });
    const g = await geometry(page);
    assert.ok(g.board.width >= least, `the board is ${g.board.width} px`);
    assert.ok(g.page.scrollHeight <= height, `the page is ${g.page.scrollHeight} px high`);
    const left = g.board.left;
    const right = width - g.panel.right;
    assert.ok(Math.abs(left - right) < 48, `centred: ${left} px left, ${right} px right`);
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}

test('the export dialog opens at the top of the record', async () => {
  const { page, errors } = await openGame(env);
  const record = '[Variant "19"]\n\n1. n4-m5 b13-c12 2. o5-n6 c14-d13 3. p3-n5-l5 b12-c11 4. l2-k3 a13-b12 *\n';
  assert.equal(await importText(page, record), null);
  await page.click('#export');
  await page.waitForSelector('#export-dialog[open]');
  const shown = await page.evaluate(() => {
    const text = document.getElementById('export-text');
    return { scrollTop: text.scrollTop, scrolls: text.scrollHeight > text.clientHeight, dialog: document.getElementById('export-dialog').scrollTop, first: text.value.split('\n')[0] };
  });
  assert.ok(shown.scrolls, 'the record is longer than its box');
  assert.equal(shown.scrollTop, 0, 'the header is in view');
  assert.equal(shown.dialog, 0);
  assert.equal(shown.first, '[Game "Halma"]');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the header fits on phones both ways up and a laptop, in every language: the language whole, Rules, Online and Settings each with a visible word; the turn badge\'s words centred', async () => {
  for (const [width, height] of [[390, 844], [844, 390], [1280, 800]]) {
    const phone = width < 1000 ? { isMobile: true, hasTouch: true } : {};
    const { page, errors } = await openGame(env, { viewport: { width, height }, ...phone });
    for (const language of ['en', 'it', 'nb', 'cs']) {
      await page.selectOption('#language', language);
      const misfits = await page.evaluate(() => {
        const out = [];
        if (document.documentElement.scrollWidth > innerWidth) out.push(`the page scrolls sideways (${document.documentElement.scrollWidth})`);
        for (const item of document.querySelectorAll('.topnav > *')) if (item.getBoundingClientRect().right > innerWidth) out.push(`${item.id || item.className} beyond the edge`);
        // The closed menu's words, measured in its font, with room for its arrow.
        const select = document.getElementById('language');
        const pen = document.createElement('canvas').getContext('2d');
        pen.font = getComputedStyle(select).font;
        const words = pen.measureText(select.selectedOptions[0].textContent).width;
        if (words > select.clientWidth - 28) out.push(`"${select.selectedOptions[0].textContent}" is ${Math.round(words)} px in a menu of ${select.clientWidth - 28}`);
        for (const id of ['rules-link', 'online-games', 'settings']) {
          const label = [...document.getElementById(id).querySelectorAll('span')].find((span) => span.getClientRects().length && span.getBoundingClientRect().width > 1);
          if (!label || !label.textContent.trim()) out.push(`#${id} has no visible word`);
          else if (label.scrollWidth > label.clientWidth + 0.5 || label.getBoundingClientRect().right > document.getElementById(id).getBoundingClientRect().right) out.push(`#${id}'s "${label.textContent}" cut`);
        }
        // The badge's letters (their ink, from the font's metrics) in the middle of its pill.
        const badge = document.querySelector('.player-bar.to-move .turn-badge');
        const range = document.createRange();
        range.selectNodeContents(badge);
        pen.font = getComputedStyle(badge).font;
        const ink = pen.measureText(badge.textContent);
        const baseline = range.getBoundingClientRect().top + ink.fontBoundingBoxAscent;
        const inkMiddle = baseline - (ink.actualBoundingBoxAscent - ink.actualBoundingBoxDescent) / 2;
        const pill = badge.getBoundingClientRect();
        const off = inkMiddle - (pill.top + pill.height / 2);
        if (Math.abs(off) > 1) out.push(`"${badge.textContent}" sits ${off.toFixed(1)} px off its pill's middle`);
        return out;
      });
      assert.deepEqual(misfits, [], `${width}x${height} ${language}`);
    }
    assert.deepEqual(errors, []);
    await page.context().close();
  }
});

test('three and four players: the seats\' labels and choices fit in every language, on phones and on a laptop', async () => {
  for (const [width, height] of [[390, 844], [844, 390], [1280, 800]]) {
    for (const locale of ['en-US', 'it-IT', 'nb-NO', 'cs-CZ']) {
      const phone = width < 1000 ? { isMobile: true, hasTouch: true } : {};
      const { page, errors } = await openGame(env, { viewport: { width, height }, locale, ...phone });
      await page.click('#new-game');
      await page.check('#new-game-form input[name="players"][value="4"]');
      const misfits = await page.evaluate(() => {
        const form = document.getElementById('new-game-form');
        const inside = form.getBoundingClientRect();
        const out = [];
        if (form.scrollWidth > form.clientWidth) out.push(`the form scrolls sideways (${form.scrollWidth} > ${form.clientWidth})`);
        const parts = [...form.querySelectorAll('.players-choice .choice, .seats-choice .choice, .seats-choice .quiet, .seat-row label, .seat-row select')];
        for (const part of parts) {
          const box = part.getBoundingClientRect();
          if (box.left < inside.left - 0.5 || box.right > inside.right + 0.5) out.push(`${part.textContent.trim().slice(0, 30)} outside the form`);
          if (part.scrollWidth > part.clientWidth + 1 && part.tagName !== 'SELECT') out.push(`${part.textContent.trim().slice(0, 30)} cut`);
        }
        // A seat's colour and its choice side by side or one over the other,
        // never overlapping, and every choice's words within the closed menu (its text
        // measured in its font, with room for the arrow).
        const pen = document.createElement('canvas').getContext('2d');
        for (const row of form.querySelectorAll('.seat-row:not([hidden])')) {
          const [label, select] = [row.querySelector('label'), row.querySelector('select')];
          const [l, m] = [label.getBoundingClientRect(), select.getBoundingClientRect()];
          if (l.right > m.left + 0.5 && l.bottom > m.top + 0.5) out.push(`${label.textContent.trim()}: the label runs into its choice`);
          pen.font = getComputedStyle(select).font;
          const room = select.clientWidth - 28;
          for (const option of select.options) {
            const width = pen.measureText(option.textContent).width;
            if (width > room) out.push(`"${option.textContent}" is ${Math.round(width)} px in a menu of ${room}`);
          }
        }
        return out;
      });
      assert.deepEqual(misfits, [], `${width}x${height} ${locale}`);
      await page.click('#new-game-dialog [data-close]');
      assert.deepEqual(errors, []);
      await page.context().close();
    }
  }
});

test('four at one screen on a phone both ways up: each seat\'s colour and player read whole in every language', async () => {
  const { page, errors } = await openGame(env, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, storage: NO_ANIMATION });
  await newMultiGame(page, { seats: { r: 'computer-10', b: 'person', y: 'computer-10' } });
  for (const [width, height] of [[390, 844], [844, 390]]) {
    await page.setViewportSize({ width, height });
    for (const language of ['en', 'it', 'nb', 'cs']) {
      await page.selectOption('#language', language);
      assert.deepEqual(await seatMisfits(page), [], `${width}x${height} ${language}`);
      const bottom = await page.$eval('#player-bottom', (bar) => bar.getBoundingClientRect().bottom);
      assert.ok(bottom <= height, `${width}x${height}: the lower bar in view (${bottom})`);
    }
  }
  assert.deepEqual(errors, []);
  await page.context().close();
});
