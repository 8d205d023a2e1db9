// The rules page in every language the page has: besides the game of two,
// the games of three and four (the corners, the turn order, partners, 200
// turns a player) and online play (clocks, draws needing every person, a
// resigned seat played on by the computer, abort), the house rule against
// spoiling (its two clauses, an example, the new-game dialog's name for it)
// between the two, each colour called as the game calls it, and a phone's
// width read without scrolling sideways.
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
  test(`${code}: three and four players, the house rule and online play`, async () => {
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
    // The house rule: between the two, where its place was marked; its two
    // clauses each led by its word, an example on the board's squares, and
    // the choice by the name the new-game dialog gives it.
    const house = html.indexOf('<section id="house-rule">');
    assert.ok(house > html.indexOf('id="three-and-four"') && house < html.indexOf('id="online"'), 'the house rule between three and four and online play');
    assert.ok(!html.includes('<!-- HOUSE RULE:'), 'its place no longer marked');
    const rule = page.locator('section#house-rule');
    assert.equal(await rule.locator('li').count(), 2, 'two clauses');
    assert.equal(await rule.locator('li > b:first-child').count(), 2, 'each led by its word');
    const ruleText = (await rule.textContent()).replace(/\s+/g, ' ');
    assert.ok(ruleText.includes(said['newGame.houseRule']), `the dialog's choice named: ${said['newGame.houseRule']}`);
    for (const square of ['a16', 'l2', 'k3']) assert.match(ruleText, new RegExp(`\\b${square}\\b`), `the example's ${square}`);
    assert.ok(ruleText.includes(said['side.white'].toLowerCase()) || ruleText.includes(said['side.white']), 'White named as the game names it');

    // Read on a phone without scrolling sideways.
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth));
    await context.close();
  });
}
