// The Learn page (web/learn.html): every lesson completed by its intended
// line (three stars, kept after a reload), a wrong move explained, a lesson
// played by keyboard, the list in four languages, a puzzle solved and one
// failed (the rating moves up, then down), "Learn" in the game's header on a
// phone, a landscape phone and a desktop, offered on a first visit, and axe
// on the lesson and puzzle views in both themes.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { idle, openGame, setup, square, watchConsole } from './harness.mjs';
import { LESSONS } from '../../web/js/learn-lessons.js';
import { parsePuzzles, puzzleOfTheDay } from '../../web/js/learn-puzzles.js';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

// The shipped puzzles, as the page reads them.
const SHIPPED = readFileSync(new URL('../../web/puzzles/puzzles.jsonl', import.meta.url), 'utf8');
const { puzzles } = parsePuzzles(SHIPPED);

async function openLearn(hash = 'lessons', options = {}) {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', serviceWorkers: 'block', ...options });
  const page = await context.newPage();
  const errors = watchConsole(env, page);
  await page.goto(`${env.server.url}learn.html#${hash}`);
  await page.waitForSelector('body[data-ready]');
  await idle(page);
  return { page, context, errors };
}

/** Enters a move as a person does: the piece, then each square of its
 * path (hop by hop), then "Stop here" if the chain could go on. */
async function enter(page, move, stop) {
  for (const name of move.split('-')) {
    await square(page, name).click();
    await idle(page);
  }
  if (await page.locator(`#${stop}`).isVisible()) {
    await page.click(`#${stop}`);
    await idle(page);
  }
}

const message = (page) => page.locator('#lesson-message').textContent();

test('every lesson is completed by its intended line with three stars, kept after a reload', async () => {
  const { page, context, errors } = await openLearn();
  for (const lesson of LESSONS) {
    await page.evaluate((id) => (location.hash = `lesson=${id}`), lesson.id);
    await page.waitForFunction((id) => document.getElementById('lesson-title').textContent && document.body.dataset.lessonState === 'playing' && location.hash === `#lesson=${id}`, lesson.id);
    for (const square of lesson.goal.squares ?? []) assert.equal(await page.locator(`[data-goal="${square}"]`).count(), 1, `${lesson.id}: ${square} marked`);
    for (const move of lesson.line) await enter(page, move, 'lesson-stop');
    await page.waitForSelector('body[data-lesson-state="done"]');
    assert.match(await message(page), /★★★/, lesson.id);
    assert.equal(await page.locator('#lesson-next').isVisible(), true);
  }
  await page.reload();
  await page.waitForSelector('body[data-ready]');
  await page.evaluate(() => (location.hash = 'lessons'));
  await page.waitForSelector('#lesson-list:not([hidden])');
  const stars = await page.$$eval('.lesson-stars', (nodes) => nodes.map((n) => n.dataset.stars));
  assert.deepEqual(stars, LESSONS.map(() => '3'));
  assert.match(await page.locator('#lessons-done').textContent(), new RegExp(`${LESSONS.length} of ${LESSONS.length}`));
  assert.deepEqual(errors, []);
  await context.close();
});

test('a chain stopped short is explained: the lesson\'s word and how many hops it could still go', async () => {
  const { page, context } = await openLearn('lesson=chain');
  await enter(page, 'j6-h8-f10', 'lesson-stop');
  const said = await message(page);
  assert.match(said, /You stopped after two hops/);
  assert.match(said, /could go one hop further/);
  assert.equal(await page.locator('body').getAttribute('data-lesson-state'), 'playing');
  // The goal-camp rule: a piece home refused a way out, in the lesson's words and the rules'.
  await page.evaluate(() => (location.hash = 'lesson=goalRule'));
  await page.waitForFunction(() => document.getElementById('lesson-title').textContent === 'The goal-camp rule');
  await enter(page, 'c14-d13', 'lesson-stop');
  assert.match(await message(page), /may move only within the goal camp.*must end its move inside it/);
  await context.close();
});

test('a lesson by keyboard: the cursor, Enter to pick up and put down; the move is announced', async () => {
  const { page, context } = await openLearn('lesson=step');
  await page.focus('#board');
  await page.keyboard.press('Enter'); // the cursor starts on h8
  await idle(page);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  assert.match(await page.locator('#cursor-announcer').textContent(), /^g9, empty \(goal\)/);
  await page.keyboard.press('Enter');
  await page.waitForSelector('body[data-lesson-state="done"]');
  await page.waitForFunction(() => /h8-g9/.test(document.getElementById('announcer').textContent));
  assert.match(await page.locator('#announcer').textContent(), /3 of 3 stars/);
  await context.close();
});

test('the lesson list in all four languages', async () => {
  const { page, context } = await openLearn();
  const titles = { en: 'A step', it: 'Un passo', nb: 'Et steg', cs: 'Krok' };
  for (const [code, title] of Object.entries(titles)) {
    await page.selectOption('#language', code);
    await page.waitForFunction((t) => document.querySelector('.lesson-name')?.textContent === t, title);
    assert.equal(await page.locator('html').getAttribute('lang'), code);
  }
  await context.close();
});

test('a puzzle solved raises the rating, one failed lowers it; both kept after a reload', async () => {
  const { page, context, errors } = await openLearn('puzzles');
  await page.waitForSelector('body[data-puzzle-state="playing"]');
  const rating = () => page.locator('#puzzle-rating').textContent();
  assert.equal(await rating(), '1500?');
  const id = await page.evaluate(() => document.body.dataset.puzzle);
  const puzzle = puzzles.find((p) => p.id === id);
  const mine = puzzle.kind === 'win' ? puzzle.solution.filter((_, i) => i % 2 === 0) : puzzle.solution;
  for (const move of mine) await enter(page, move, 'puzzle-stop');
  await page.waitForSelector('body[data-puzzle-state="solved"]');
  const up = Number((await rating()).replace('?', ''));
  assert.ok(up > 1500, `the rating rose: ${up}`);
  assert.match(await page.locator('#puzzle-message').textContent(), /Solved!.*Rating 1500\? → /);

  // The next puzzle, failed: steps that are not the answer.
  await page.click('#puzzle-next');
  await page.waitForFunction((old) => document.body.dataset.puzzle !== old && document.body.dataset.puzzleState === 'playing', id);
  const failedId = await page.evaluate(() => document.body.dataset.puzzle);
  const failing = puzzles.find((p) => p.id === failedId);
  for (let i = 0; i <= failing.solution.length && (await page.evaluate(() => document.body.dataset.puzzleState)) === 'playing'; i++) await wrongMove(page, failing);
  await page.waitForSelector('body[data-puzzle-state="failed"]');
  const down = Number((await rating()).replace('?', ''));
  assert.ok(down < up, `the rating fell: ${up} -> ${down}`);
  await page.reload();
  await page.waitForSelector('body[data-ready]');
  assert.equal(Number((await rating()).replace('?', '')), down);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the puzzle of the day is the one the date picks, the same on every device', async () => {
  const { page, context } = await openLearn('puzzles');
  await page.waitForSelector('body[data-puzzle-state="playing"]');
  const day = await page.evaluate(() => new Date().toISOString().slice(0, 10));
  await page.click('#puzzle-daily');
  await page.waitForFunction((id) => document.body.dataset.puzzle === id, puzzleOfTheDay(puzzles, day).id);
  assert.match(await page.locator('#puzzle-about').textContent(), new RegExp(puzzleOfTheDay(puzzles, day).id));
  await context.close();
});

/** Plays a legal move that is not the puzzle's answer: the first piece of
 * the side to move, in board order, that has a step, takes it. */
async function wrongMove(page, puzzle) {
  const side = puzzle.fen.split(' ')[1];
  const solution = puzzle.solution[0];
  const own = await page.$$eval(`[data-square][data-piece="${side}"]`, (nodes) => nodes.map((n) => n.dataset.square));
  for (const from of own) {
    if (solution.startsWith(`${from}-`)) continue;
    await square(page, from).click();
    await idle(page);
    const steps = await page.$$eval('.markers .marker.target.step', (nodes) => nodes.length);
    if (!steps) {
      await square(page, from).click(); // puts it back
      await idle(page);
      continue;
    }
    const to = await page.evaluate(() => {
      const marker = document.querySelector('.markers .marker.target.step');
      const [x, y] = [Number(marker.getAttribute('cx')), Number(marker.getAttribute('cy'))];
      for (const rect of document.querySelectorAll('[data-square]')) {
        const [rx, ry] = [Number(rect.getAttribute('x')), Number(rect.getAttribute('y'))];
        if (x > rx && x < rx + 10 && y > ry && y < ry + 10) return rect.dataset.square;
      }
      return null;
    });
    await square(page, to).click();
    await idle(page);
    return;
  }
  throw new Error('no wrong step found');
}

test('once opened, the lessons work offline too', async () => {
  const { page, context, errors } = await openGame(env);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.goto(`${env.server.url}learn.html#lessons`);
  await page.waitForSelector('body[data-ready]');
  await page.waitForFunction(async () => !!(await caches.match('js/learn-main.js')));
  await context.setOffline(true);
  await page.goto(`${env.server.url}learn.html#lesson=hop`);
  await page.waitForSelector('body[data-ready][data-lesson-state="playing"]');
  await enter(page, 'h8-f10', 'lesson-stop');
  await page.waitForSelector('body[data-lesson-state="done"]');
  await context.setOffline(false);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the puzzles, left out of the first visit, are kept once opened and play offline', async () => {
  const { page, context, errors } = await openGame(env);
  await page.evaluate(() => navigator.serviceWorker.ready);
  const kept = (file) => page.evaluate(async (f) => !!(await caches.match(f, { ignoreSearch: true })), file);
  assert.ok(await kept('js/game.js'), 'the game is kept on the first visit');
  assert.equal(await kept('puzzles/puzzles.jsonl'), false, 'the puzzles are not');
  assert.equal(await kept('learn.html'), false, 'nor the Learn page');
  await page.goto(`${env.server.url}learn.html#puzzles`);
  await page.waitForSelector('body[data-puzzle-state="playing"]');
  await page.waitForFunction(async () => !!(await caches.match('puzzles/puzzles.jsonl', { ignoreSearch: true })));
  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector('body[data-puzzle-state="playing"]');
  await context.setOffline(false);
  assert.deepEqual(errors, []);
  await context.close();
});

for (const [name, viewport] of [['phone', { width: 390, height: 844 }], ['landscape phone', { width: 844, height: 390 }], ['desktop', { width: 1280, height: 800 }]]) {
  test(`${name}: "Learn" is in the game's header with its word, offered on a first visit, and opens the lessons`, async () => {
    const mobile = name !== 'desktop';
    const { page, context } = await openGame(env, { viewport, isMobile: mobile, hasTouch: mobile, serviceWorkers: 'block' });
    const link = page.locator('#learn-link');
    assert.equal(await link.isVisible(), true);
    const word = link.locator('span');
    assert.equal(await word.textContent(), 'Learn');
    const box = await word.boundingBox();
    const scrollWidth = await word.evaluate((n) => n.scrollWidth - n.clientWidth);
    assert.ok(box.width > 10 && scrollWidth <= 0, 'the word is shown whole');
    assert.ok(box.x >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height, 'within the screen');
    assert.match(await link.getAttribute('class'), /offer/);
    assert.match(await link.getAttribute('title'), /Learn it in short lessons/);
    await link.click();
    await page.waitForSelector('body[data-ready][data-screen="lessons"]');
    assert.equal(await page.locator('.lesson-link').count(), LESSONS.length);
    await page.goBack();
    await page.waitForSelector('body[data-ready]');
    assert.doesNotMatch((await page.locator('#learn-link').getAttribute('class')) ?? '', /offer/, 'offered once');
    await context.close();
  });
}

for (const colorScheme of ['light', 'dark']) {
  test(`${colorScheme} theme: no serious or critical axe violation on the lessons, a lesson and the puzzles`, async () => {
    const { page, context } = await openLearn('lessons', { colorScheme });
    const found = [];
    for (const hash of ['lessons', 'lesson=chain', 'puzzles']) {
      await page.evaluate((h) => (location.hash = h), hash);
      await page.waitForFunction((h) => document.body.dataset.screen === (h.startsWith('lesson=') ? 'lesson' : h), hash);
      await idle(page);
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      found.push(...violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${hash}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`));
    }
    assert.deepEqual(found, []);
    await context.close();
  });
}

