import { chromium } from 'playwright-core';
import { startStaticServer } from '/work/wt/web/tests/e2e/static-server.mjs';
const server = await startStaticServer('/work/wt/web/build/web');
const port = server.address().port;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: process.env.SCHEME || 'light' });
const page = await ctx.newPage();
page.on('console', m => console.log('console', m.type(), m.text()));
page.on('pageerror', e => console.log('pageerror', e.message));
await page.goto(`http://127.0.0.1:${port}/`);
await page.waitForSelector('body[data-ready]', { timeout: 10000 }).catch(e => console.log('not ready'));
for (const a of (process.env.CLICKS||'').split(',').filter(Boolean)) { await page.click(`[data-square="${a}"]`); await page.waitForTimeout(600); }
await page.screenshot({ path: process.env.OUT || '/tmp/shot.png' });
console.log(await page.locator('#status-line').textContent(), '|', await page.locator('#message').textContent());
await browser.close(); server.close();
