#!/usr/bin/env node
// screenshots.mjs: the README's pictures of the web game (docs/screenshots/),
// taken in headless Chromium from a game imported mid-way: desktop (light and
// dark), phone, landscape phone and a wide screen; and a game of four (you as
// White against three computers) on a desktop, light and dark, and a phone.
// Run after `make`; `node tools/screenshots.mjs four-` takes only the
// pictures whose names start so.
import { setup, openGame, click, idle, importText } from '../tests/e2e/harness.mjs';

const OUT = new URL('../docs/screenshots/', import.meta.url).pathname;
// A few opening moves of both sides, so the board shows a game under way.
const RECORD = `[Variant "19"]
[White "You"]
[Black "Computer, level 5"]

1. n4-m5 b13-c12 2. o5-n6 c14-d13 3. p3-n5-l5 b12-c11 4. l2-k3 a13-b12
*
`;

// Seven rounds of four computers at level 6 (Halma's think, 100 ms a move).
const RECORD_FOUR = `[Players "4"]
[Partners "no"]

1. o2-m4 c3-d4 c14-d13 o15-m13
2. p2-n4-l4 a1-c3-e5 a16-c14-e12 o16-m14-m12
3. o1-m3-k5 a2-c4-e4-e6 b16-d14-d12-f12 p15-n13-l11
4. n1-l3-l5-j5 b1-d3-d5-f5 a15-c13-e13-e11 n16-l14-n12-l12-l10
5. m1-m3-m5 a4-c4-e4-g6 a13-c13-e13-g11 m13-m11-k11
6. p4-n4-l6-j4-j6 b3-b1-d3-d5-f7-h5 b14-b16-d14-d12-f10-h12 m15-o15-m13-m11-k9
7. n2-n4-l6 e5-g5-g7 d16-d14-d12-f10 p14-n12-l12-j10
*
`;

const ONLY = process.argv[2] ?? '';

async function shoot(env, name, options, { select = 'm3', dark = false, record = RECORD } = {}) {
  if (!name.startsWith(ONLY)) return;
  const { page, context } = await openGame(env, { ...options, colorScheme: dark ? 'dark' : 'light' });
  const error = await importText(page, record);
  if (error) throw new Error(`the record does not import: ${error}`);
  await page.evaluate(() => document.getElementById('message').replaceChildren());
  if (select) await click(page, select);
  await idle(page);
  // The import button took the focus back and scrolled the page (or, on a
  // landscape phone, the panel) to it.
  await page.evaluate(() => {
    document.activeElement?.blur();
    window.scrollTo(0, 0);
    document.querySelector('.panel').scrollTop = 0;
  });
  await page.screenshot({ path: `${OUT}${name}.png` });
  await context.close();
  console.log(`${OUT}${name}.png`);
}

const env = await setup();
try {
  await shoot(env, 'desktop', { viewport: { width: 1280, height: 800 } });
  await shoot(env, 'desktop-dark', { viewport: { width: 1280, height: 800 } }, { dark: true, select: 'l5' });
  await shoot(env, 'phone', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await shoot(env, 'phone-landscape', { viewport: { width: 844, height: 390 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await shoot(env, 'wide', { viewport: { width: 1920, height: 1080 } });
  const four = { record: RECORD_FOUR, select: 'm5' };
  await shoot(env, 'four-desktop', { viewport: { width: 1280, height: 800 } }, four);
  await shoot(env, 'four-desktop-dark', { viewport: { width: 1280, height: 800 } }, { ...four, dark: true });
  await shoot(env, 'four-phone', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }, four);
} finally {
  await env.close();
}
