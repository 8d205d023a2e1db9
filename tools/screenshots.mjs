#!/usr/bin/env node
// screenshots.mjs: the README's pictures of the web game (docs/screenshots/),
// taken in headless Chromium from a game imported mid-way: desktop (light and
// dark), phone, landscape phone and a wide screen.  Run after `make`.
import { setup, openGame, click, idle, importText } from '../tests/e2e/harness.mjs';

const OUT = new URL('../docs/screenshots/', import.meta.url).pathname;
// A few opening moves of both sides, so the board shows a game under way.
const RECORD = `[Variant "19"]
[White "You"]
[Black "Computer, level 5"]

1. n4-m5 b13-c12 2. o5-n6 c14-d13 3. p3-n5-l5 b12-c11 4. l2-k3 a13-b12
*
`;

async function shoot(env, name, options, { select = 'm3', dark = false } = {}) {
  const { page, context } = await openGame(env, { ...options, colorScheme: dark ? 'dark' : 'light' });
  const error = await importText(page, RECORD);
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
} finally {
  await env.close();
}
