// The four seats' pieces told apart by everyone, people with red-green
// colour blindness too: each seat's piece colour, as the page computes it,
// seen through a simulation of protanopia and deuteranopia (Machado,
// Oliveira and Fernandes 2009, severity 1, on linear RGB), stays far from
// every other seat's in CIELAB, in both themes.  And the axe-core check of
// the new dialog and the four-colour board.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import { setup, openGame } from './harness.mjs';
import { NO_ANIMATION, newMultiGame } from './multi-harness.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

const SIMULATIONS = {
  normal: [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
  protanopia: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
  deuteranopia: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.01182, 0.04294, 0.968881]],
};

// A difference of 2.3 in CIELAB (CIE76) is about the smallest one sees side
// by side; pieces told apart at a glance across the board, each a small
// disc, need many times that: 20 is the margin asked of every pair, in
// every simulation (the colours chosen keep 38 or more).
const LEAST_DISTANCE = 20;

const toLinear = (c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

function lab([r, g, b]) {
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (v) => (v > 0.008856 ? Math.cbrt(v) : 7.787 * v + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** "rgb(208, 57, 43)" seen through a simulation, in CIELAB. */
function seen(css, matrix) {
  const rgb = css.match(/\d+(\.\d+)?/g).slice(0, 3).map((v) => toLinear(Number(v) / 255));
  const simulated = matrix.map((row) => Math.min(1, Math.max(0, row.reduce((sum, m, i) => sum + m * rgb[i], 0))));
  return lab(simulated);
}

const distance = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** Each seat's piece colour as drawn: the body of its gradient, and the
 * gradient each of its pieces on the board is filled with. */
const pieceColours = (page) =>
  page.evaluate(() =>
    Object.fromEntries(['w', 'r', 'b', 'y'].map((side) => {
      const body = getComputedStyle(document.querySelector(`#piece-${side} .stop-2`)).stopColor;
      const fills = new Set([...document.querySelectorAll(`circle.piece-${side}`)].map((c) => getComputedStyle(c).fill));
      return [side, { body, fills: [...fills], count: document.querySelectorAll(`circle.piece-${side}`).length }];
    })),
  );

for (const colorScheme of ['light', 'dark']) {
  test(`${colorScheme} theme: the four seats' pieces stay apart with protanopia and deuteranopia`, async (t) => {
    const { page, errors } = await openGame(env, { colorScheme, storage: NO_ANIMATION });
    await newMultiGame(page, { seats: { r: 'computer-1', b: 'computer-1', y: 'computer-1' } });
    const colours = await pieceColours(page);
    const found = [];
    for (const [side, { fills, count }] of Object.entries(colours)) {
      assert.equal(count, 13, `${side}: 13 pieces on the board`);
      assert.deepEqual(fills, [`url("#piece-${side}")`], `${side}'s pieces are filled with its own colour`);
    }
    for (const [name, matrix] of Object.entries(SIMULATIONS)) {
      const sides = Object.keys(colours);
      for (let i = 0; i < sides.length; i++) {
        for (let j = i + 1; j < sides.length; j++) {
          const d = distance(seen(colours[sides[i]].body, matrix), seen(colours[sides[j]].body, matrix));
          found.push(d);
          assert.ok(d >= LEAST_DISTANCE, `${name}: ${sides[i]} and ${sides[j]} only ${d.toFixed(1)} apart`);
        }
      }
    }
    assert.equal(found.length, 18);
    t.diagnostic(`closest pair: normal ${Math.min(...found.slice(0, 6)).toFixed(1)}, protanopia ${Math.min(...found.slice(6, 12)).toFixed(1)}, deuteranopia ${Math.min(...found.slice(12)).toFixed(1)}`);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  test(`${colorScheme} theme: no serious or critical axe violation on the seats' dialog and the four-colour board`, async () => {
    const { page, errors } = await openGame(env, { colorScheme, storage: NO_ANIMATION });
    const check = async (where) => {
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3)}`);
    };
    await page.click('#new-game');
    await page.check('#new-game-form input[name="players"][value="4"]');
    await page.waitForTimeout(150); // the dialog's entrance transition
    const found = await check('the dialog with four players');
    await page.click('#new-game-dialog [data-close]');
    await newMultiGame(page, { seats: { r: 'computer-1', b: 'person', y: 'computer-1' } });
    await page.click('[data-square="o4"]'); // a piece picked up: markers and a message
    found.push(...(await check('the four-colour board')));
    assert.deepEqual(found, []);
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}
