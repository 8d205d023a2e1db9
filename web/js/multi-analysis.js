// multi-analysis.js: the analysis card of a game of three or four: the
// moves each seat still needs (analysis.js, movesNeeded, from the pieces),
// who is ahead by them, the engine's best move or forced win, and a chart
// of each seat's moves needed over the game, a line a seat.

import { language, t } from './i18n.js';
import { sideName } from './texts.js';

const $ = (id) => document.getElementById(id);

/** The seats (or, as partners, the pairs) that race: [{sides, needed}],
 * a pair needing what its slower partner needs (both must be home). */
export function racers(needed, sides, partners) {
  if (!partners) return sides.map((side) => ({ sides: [side], needed: needed[side] }));
  return [['w', 'b'], ['r', 'y']].map((pair) => ({ sides: pair, needed: Math.max(...pair.map((side) => needed[side])) }));
}

/** Who needs the fewest moves and by how many fewer than the next: {sides,
 * by}, or null when the first two are level. */
export function leader(needed, sides, partners) {
  const [first, second] = racers(needed, sides, partners).sort((a, b) => a.needed - b.needed);
  const by = second.needed - first.needed;
  return by > 0 ? { sides: first.sides, by } : null;
}

/** The chart's line of each seat: {side: points}, x from 0 to `width` over
 * the positions, the moves needed upwards, from the fewest any seat needed
 * in the game at the bottom to the most at the top, so that the race shows
 * however far the game has got (a point's width of margin each side). */
export function seatLines(needs, sides, width, height, margin = 2) {
  const figures = needs.filter(Boolean).flatMap((needed) => sides.map((side) => needed[side]));
  const least = Math.min(...figures);
  const span = Math.max(1, Math.max(...figures) - least);
  const step = needs.length > 1 ? width / (needs.length - 1) : 0;
  const y = (moves) => height - margin - ((moves - least) / span) * (height - 2 * margin);
  return Object.fromEntries(sides.map((side) => [side, needs.flatMap((needed, k) => (needed ? [`${(k * step).toFixed(1)},${y(needed[side]).toFixed(1)}`] : [])).join(' ')]));
}

/** Seats in words: "White", "White and Black". */
const namesOf = (sides) => (sides.length === 1 ? sideName(sides[0]) : t('analysis.pair', { a: sideName(sides[0]), b: sideName(sides[1]) }));

/** The card's first line: the result, a forced win, or who is ahead. */
function judgementText({ current, needed, seats, partners }) {
  if (current?.final) return current.winners.length ? t('analysis.wonSeats', { side: namesOf(current.winners) }) : t('analysis.drawn');
  if (current?.winIn > 0) return t('analysis.winInSeats', { side: namesOf(partners ? pairOf(current.side) : [current.side]), turns: current.winIn });
  const ahead = leader(needed, seats, partners);
  if (!ahead) return t('analysis.even');
  return t('analysis.aheadSeats', { side: namesOf(ahead.sides), moves: new Intl.NumberFormat(language()).format(ahead.by) });
}

const pairOf = (side) => (side === 'w' || side === 'b' ? ['w', 'b'] : ['r', 'y']);

/** Fills the analysis card for three or four; `chart` is the chart's {width, height}. */
export function showMultiAnalysis(analysis, chart) {
  const { k, total, current, judged, needs, needed, seats } = analysis;
  const card = $('analysis');
  card.classList.add('seats');
  for (const line of card.querySelectorAll('.chart-seat')) line.setAttribute('points', ''); // Yellow's, with three
  $('analysis-judgement').textContent = judgementText(analysis);
  const progress = $('analysis-progress');
  progress.textContent = t('analysis.progress', { done: judged, total: total + 1 });
  progress.classList.toggle('done', judged > total);
  const list = seats.map((side) => t('analysis.neededSeat', { side: sideName(side), moves: needed[side] })).join(', ');
  $('analysis-needed').textContent = t('analysis.neededSeats', { list });
  const best = current?.best;
  $('analysis-best').textContent = best ? t('analysis.best', { move: best.join('-') }) : '';
  $('analysis-best').hidden = !best;
  const lines = seatLines(needs, seats, chart.width, chart.height);
  for (const side of seats) $(`analysis-seat-${side}`).setAttribute('points', lines[side]);
  const legend = $('analysis-legend');
  legend.replaceChildren(...seats.map((side) => Object.assign(document.createElement('span'), { className: `seat-${side}`, textContent: sideName(side) })));
  legend.hidden = false;
  const svg = $('analysis-chart');
  svg.dataset.i18nAriaLabel = 'analysis.chartSeats';
  svg.setAttribute('aria-label', t('analysis.chartSeats'));
  const x = total ? (k / total) * chart.width : 0;
  $('analysis-now').setAttribute('x1', x);
  $('analysis-now').setAttribute('x2', x);
}

/** Back to the two-player card. */
export function hideMultiAnalysis() {
  const card = $('analysis');
  if (!card.classList.contains('seats')) return;
  card.classList.remove('seats');
  $('analysis-legend').hidden = true;
  const svg = $('analysis-chart');
  svg.dataset.i18nAriaLabel = 'analysis.chart';
  svg.setAttribute('aria-label', t('analysis.chart'));
}
