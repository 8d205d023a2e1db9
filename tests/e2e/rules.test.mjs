// The rules page in every language the page has: besides the game of two,
// the games of three and four (the corners, the turn order, partners, 200
// turns a player) and online play (clocks, draws needing every person, a
// resigned seat played on by the computer, abort), the place kept for the
// house rule, each colour called as the game calls it, and a phone's width
// read without scrolling sideways.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { setup, watchConsole } from './harness.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

const LANGUAGES = ['en', 'it', 'nb', 'cs'];
const words = (code) => JSON.parse(readFileSync(new URL(`../../web/i18n/${code}.json`, import.meta.url), 'utf8'));

for (const code of LANGUAGES) {
  test(`${code}: three and four players and online play, the house rule's place kept`, async () => {
    const context = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    watchConsole(env, page);
    const response = await page.goto(new URL(`rules/${code}.html`, env.server.url).href);
    assert.equal(response.status(), 200);
    assert.doesNotMatch(await page.locator('.intro').textContent(), /(for two|per due|for to|pro dva), (invented|inventato|oppfunnet|vynalezená)/, 'not a game for two only');

    // The games of three and four: every corner and where it goes, the turn
    // order in the game's colour names, partners, 200 turns a player.
    const multi = page.locator('section#three-and-four');
    const text = (await multi.textContent()).replace(/\s+/g, ' ');
    const said = words(code);
    for (const square of ['p1', 'a1', 'a16', 'p16']) assert.match(text, new RegExp(`\\(${square}\\)`), `${square}'s corner`);
    const colours = ['white', 'red', 'black', 'yellow'].map((side) => said[`side.${side}`].toLowerCase());
    for (const colour of colours) assert.ok(text.toLowerCase().includes(colour), `${colour} named as the game names it`);
    const order = await multi.locator('p', { hasText: /\(.*:.*\)/ }).first().textContent();
    const at = colours.map((colour) => order.toLowerCase().indexOf(colour));
    assert.ok(at.every((i, k) => i >= 0 && (k === 0 || i > at[k - 1])), `the turn order White, Red, Black, Yellow: ${order}`);
    assert.match(text, /\b200\b/);
    assert.match(text, /\b600\b/);
    assert.match(text, /\b800\b/);
    // Each for themselves, partners, the draw and the turns a player stand out.
    assert.ok((await multi.locator('p b').count()) >= 5);

    // Online play: clocks, draws, resigning, aborting, each a point of its own.
    const online = page.locator('section#online li');
    assert.equal(await online.count(), 4);
    assert.equal(await page.locator('section#online li > b:first-child').count(), 4, 'each point led by its word');
    const html = readFileSync(new URL(`../../web/rules/${code}.html`, import.meta.url), 'utf8');
    // The house rule's place: marked between the two, left unwritten.
    const house = html.indexOf('<!-- HOUSE RULE:');
    assert.ok(house > html.indexOf('id="three-and-four"') && house < html.indexOf('id="online"'), 'the house rule\'s place is marked');
    assert.equal(await page.locator('#house-rule').count(), 0, 'and not written');

    // Read on a phone without scrolling sideways.
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth));
    await context.close();
  });
}
