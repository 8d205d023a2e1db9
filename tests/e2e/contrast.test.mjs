// Contrast in both themes, computed from the page's own styles:
// text at least 4.5:1 against what is behind it (WCAG AA), pieces and the
// board's markers at least 3:1 against every colour a square can have.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openGame, click, idle, importText } from './harness.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

const RECORD = '[Variant "19"]\n\n1. n4-m5 b13-c12 2. o5-n6 c14-d13 3. p3-n5-l5 b12-c11 *\n';
/** A piece's outline counts as its edge only when it is this thick (in
 * tenths of a square), about 2.5 px on a 40 px square. */
const MIN_OUTLINE = 0.6;

/** Runs in the page: the colour helpers the checks below use. */
function helpers() {
  const parse = (text) => {
    const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(text);
    return m ? { r: +m[1], g: +m[2], b: +m[3], a: m[4] === undefined ? 1 : +m[4] } : null;
  };
  const over = (top, bottom, alpha = top.a) => ({
    r: top.r * alpha + bottom.r * (1 - alpha),
    g: top.g * alpha + bottom.g * (1 - alpha),
    b: top.b * alpha + bottom.b * (1 - alpha),
    a: 1,
  });
  const luminance = ({ r, g, b }) => {
    const f = (c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const ratio = (x, y) => {
    const [a, b] = [luminance(x), luminance(y)].sort((p, q) => q - p);
    return (a + 0.05) / (b + 0.05);
  };
  /** The opaque colour behind an HTML element. */
  const background = (node) => {
    const layers = [];
    for (let n = node; n; n = n.parentElement) {
      const colour = parse(getComputedStyle(n).backgroundColor);
      if (colour && colour.a > 0) layers.push(colour);
      if (colour && colour.a === 1) break;
    }
    return layers.reduceRight((below, top) => over(top, below), { r: 255, g: 255, b: 255, a: 1 });
  };
  return { parse, over, ratio, background };
}

async function textContrasts(page) {
  return page.evaluate(`(${helpers})`).then(() =>
    page.evaluate((source) => {
      const { parse, ratio, background, over } = eval(source)();
      const out = [];
      const selectors = ['#status-line', '#turn-counter', '#message', '.player-name', '.turn-badge', '.card h2', '.move', '.move[aria-current]', '.move-list th', '.button:not(:disabled)', '.fen span', 'label.language select'];
      for (const selector of selectors) {
        for (const node of document.querySelectorAll(selector)) {
          if (!node.getClientRects().length || !node.textContent.trim()) continue;
          const style = getComputedStyle(node);
          const bg = background(node);
          out.push({ what: `${selector} “${node.textContent.trim().slice(0, 20)}”`, ratio: ratio(over(parse(style.color), bg), bg) });
        }
      }
      const pageBg = background(document.body);
      for (const label of document.querySelectorAll('.coords text')) {
        out.push({ what: `coordinate ${label.textContent}`, ratio: ratio(parse(getComputedStyle(label).fill), pageBg) });
      }
      return out;
    }, `(${helpers})`),
  );
}

async function boardContrasts(page, minOutline) {
  return page.evaluate(
    ({ source, minOutline }) => {
      const { parse, ratio, over } = eval(source)();
      const squares = new Map();
      for (const rect of document.querySelectorAll('rect[data-square]')) {
        const fill = getComputedStyle(rect).fill;
        if (!squares.has(fill)) squares.set(fill, `${rect.className.baseVal} (${rect.dataset.square})`);
      }
      const out = [];
      // A piece: its body (the gradient's middle stop) or a thick enough outline.
      for (const side of ['w', 'b']) {
        const piece = document.querySelector(`.pieces .piece-${side}`);
        const style = getComputedStyle(piece);
        const stop = document.querySelectorAll(`#piece-${side} stop`)[1];
        const body = parse(getComputedStyle(stop).stopColor);
        const outline = parse(style.stroke);
        const width = parseFloat(style.strokeWidth);
        for (const [fill, name] of squares) {
          const square = parse(fill);
          const best = Math.max(ratio(body, square), width >= minOutline ? ratio(outline, square) : 0);
          out.push({ what: `${side} piece on ${name}`, ratio: best });
        }
      }
      // Markers, drawn paths, the selected piece's ring.
      const marks = [...document.querySelectorAll('.markers > *, .last-move > *, .hint > *, .piece.selected')];
      for (const mark of marks) {
        const style = getComputedStyle(mark);
        // A mark shows by its fill (through its opacity) or its outline.
        const paints = [];
        const fill = parse(style.fill);
        if (fill && !mark.classList.contains('piece')) paints.push([fill, Number(style.opacity) * Number(style.fillOpacity)]);
        const stroke = parse(style.stroke);
        if (stroke) paints.push([stroke, Number(style.opacity) * Number(style.strokeOpacity)]);
        for (const [fill, name] of squares) {
          const square = parse(fill);
          const best = Math.max(...paints.map(([colour, opacity]) => ratio(over(colour, square, opacity), square)));
          out.push({ what: `${mark.getAttribute('class')} on ${name}`, ratio: best });
        }
      }
      return { out, kinds: new Set(marks.map((m) => m.getAttribute('class'))).size };
    },
    { source: `(${helpers})`, minOutline },
  );
}

for (const colorScheme of ['light', 'dark']) {
  test(`${colorScheme} theme: text 4.5:1, pieces and markers 3:1`, async () => {
    const { page, errors } = await openGame(env, { colorScheme });
    assert.equal(await importText(page, RECORD), null);
    await idle(page);
    await page.click('#hint');
    await page.waitForSelector('.path-hint');
    await idle(page);
    await click(page, 'm3');
    const text = await textContrasts(page);
    const weakText = text.filter((c) => c.ratio < 4.5).map((c) => `${c.what}: ${c.ratio.toFixed(2)}`);
    assert.ok(text.length > 20, 'texts were measured');
    assert.deepEqual(weakText, [], 'text below 4.5:1');
    const { out: board, kinds } = await boardContrasts(page, MIN_OUTLINE);
    assert.ok(kinds >= 4, `markers of ${kinds} kinds were measured`);
    const weak = [...new Set(board.filter((c) => c.ratio < 3).map((c) => `${c.what}: ${c.ratio.toFixed(2)}`))];
    assert.deepEqual(weak, [], 'board contrast below 3:1');
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}
