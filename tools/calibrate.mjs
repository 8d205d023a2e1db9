// calibrate.mjs: what the engine's root score says about the game's result.
//
//   node tools/calibrate.mjs [--plot PREFIX] FAMILY=LOG [FAMILY=LOG ...]
//
// Reads `halma match --log` files (their scores1/scores2 fields: each built-in
// engine's root score before each of its moves, for the side that moved) and
// prints, for each family of opponents (the name before `=`; several logs may
// share one), how often the engine won the positions it scored in each band,
// the share of games won after the engine once scored +1000 or more, and a
// logistic fit P(win) = 1 / (1 + exp(-(score - c) / k)) by maximum likelihood
// (draws count half; positions of one game are not independent, so the fit
// describes, it does not test).  With --plot, writes PREFIX.dat and PREFIX.gp and runs
// gnuplot to draw PREFIX.png.
import { readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { basename, dirname } from 'node:path';

const FINISH_BOUND = 28800; // scores beyond are wins, losses or finish estimates (eval.h)
const BANDS = [-Infinity, -2000, -1000, -500, -200, 0, 200, 500, 1000, 2000, Infinity];
const BIG_LEAD = 1000;

/** The engine's sides in one log line: [{side, result, scores: [[turn, score]]}]. */
function parseGame(line) {
  const result = /result "([^"]+)"/.exec(line)?.[1];
  if (!result) return [];
  const winner = result.startsWith('White wins') ? 'w' : result.startsWith('Black wins') ? 'b' : null;
  const sides = [];
  for (const field of line.split(' moves ')[0].split(/ (?=scores[12] )/).slice(1)) {
    const scores = field.trim().split(' ').slice(1).map((pair) => pair.split(':').map(Number));
    if (!scores.length) continue;
    const side = scores[0][0] % 2 === 0 ? 'w' : 'b';
    const outcome = winner === null ? 0.5 : winner === side ? 1 : 0;
    sides.push({ side, outcome, scores });
  }
  return sides;
}

function bandOf(score) {
  for (let i = 0; i + 1 < BANDS.length; i++) if (score < BANDS[i + 1]) return i;
  return BANDS.length - 2;
}

function bandName(i) {
  const lo = BANDS[i], hi = BANDS[i + 1];
  if (lo === -Infinity) return `< ${hi}`;
  if (hi === Infinity) return `>= ${lo}`;
  return `${lo} to ${hi}`;
}

/** The centre c and scale k of P(win) = 1 / (1 + exp(-(score - c) / k)) that make the
 * outcomes likeliest (a grid search: two parameters, a few thousand points). */
function fitLogistic(points) {
  const likelihood = (c, k) => {
    let ll = 0;
    for (const [s, y] of points) {
      const p = Math.min(1 - 1e-9, Math.max(1e-9, 1 / (1 + Math.exp(-(s - c) / k))));
      ll += y * Math.log(p) + (1 - y) * Math.log(1 - p);
    }
    return ll;
  };
  let best = { c: 0, k: 300, ll: likelihood(0, 300) };
  // a coarse grid, then ever finer steps around the best point
  for (let c = -6000; c <= 2000; c += 250)
    for (let k = 50; k <= 4000; k *= 1.25) {
      const ll = likelihood(c, k);
      if (ll > best.ll) best = { c, k, ll };
    }
  for (let step = 125, ratio = 1.12; step >= 4; step /= 2, ratio = Math.sqrt(ratio))
    for (const dc of [-step, 0, step])
      for (const r of [1 / ratio, 1, ratio]) {
        const c = best.c + dc, k = best.k * r, ll = likelihood(c, k);
        if (ll > best.ll) best = { c, k, ll };
      }
  return { c: Math.round(best.c), k: best.k };
}

const logistic = (fit, s) => 1 / (1 + Math.exp(-(s - fit.c) / fit.k));

function summarize(family, games) {
  const counts = BANDS.slice(1).map(() => ({ positions: 0, points: 0 }));
  const points = [];
  let bigLeadGames = 0, bigLeadWins = 0, claims = 0;
  for (const g of games) {
    let led = false;
    for (const [, score] of g.scores) {
      if (Math.abs(score) >= FINISH_BOUND) { claims++; continue; }
      const band = counts[bandOf(score)];
      band.positions++;
      band.points += g.outcome;
      points.push([score, g.outcome]);
      if (score >= BIG_LEAD) led = true;
    }
    if (led) { bigLeadGames++; bigLeadWins += g.outcome === 1 ? 1 : 0; }
  }
  const mixed = points.some(([, y]) => y < 1) && points.some(([, y]) => y > 0);
  const fit = mixed ? fitLogistic(points) : null;
  console.log(`\n## ${family}: ${games.length} engine games, ${points.length} positions scored (${claims} in the win band)`);
  console.log(`games in which the engine once scored >= +${BIG_LEAD}: ${bigLeadGames}, won ${bigLeadWins}` +
    (bigLeadGames ? ` (${(100 * bigLeadWins / bigLeadGames).toFixed(1)}%)` : ''));
  console.log(fit ? `logistic fit: P(win) = 1 / (1 + exp(-(score ${fit.c < 0 ? '+' : '-'} ${Math.abs(fit.c)}) / ${fit.k.toFixed(0)}))`
    : 'no fit: every game had the same result');
  console.log('| score | positions | result (win = 1, draw = 1/2) | fit |');
  console.log('| --- | ---: | ---: | ---: |');
  const rows = [];
  counts.forEach((c, i) => {
    if (!c.positions) return;
    const mid = Number.isFinite(BANDS[i]) && Number.isFinite(BANDS[i + 1]) ? (BANDS[i] + BANDS[i + 1]) / 2
      : Number.isFinite(BANDS[i]) ? BANDS[i] + 500 : BANDS[i + 1] - 500;
    const share = c.points / c.positions;
    rows.push([mid, share, c.positions]);
    const fitted = fit ? logistic(fit, mid).toFixed(3) : '';
    console.log(`| ${bandName(i)} | ${c.positions} | ${share.toFixed(3)} | ${fitted} |`);
  });
  return { family, fit, rows };
}

function plot(prefix, fits) {
  // the script names its files without their folder, and gnuplot runs there
  const name = basename(prefix);
  const blocks = fits.map((f) => `# ${f.family}\n` + f.rows.map((r) => r.join(' ')).join('\n')).join('\n\n\n');
  writeFileSync(`${prefix}.dat`, blocks + '\n');
  const curves = fits.map((f, i) =>
    `'${name}.dat' index ${i} using 1:2 with linespoints title '${f.family}'` +
    (f.fit ? `, 1/(1+exp(-(x-(${f.fit.c}))/${f.fit.k.toFixed(0)})) with lines dashtype 2 notitle` : '')).join(', \\\n     ');
  writeFileSync(`${prefix}.gp`, [
    `set terminal png size 800,500`,
    `set output '${name}.png'`,
    `set title "The engine's root score and the game's result (halma match --log; dashed: logistic fits)"`,
    `set xlabel 'root score (hundredths of a move)'`, `set ylabel 'share of points won'`,
    `set xrange [-3000:3000]`, `set yrange [0:1]`, `set grid`, `set key bottom right`,
    `plot ${curves}`, ''].join('\n'));
  execFileSync('gnuplot', [`${name}.gp`], { stdio: 'inherit', cwd: dirname(prefix) });
}

const args = process.argv.slice(2);
let prefix = null;
if (args[0] === '--plot') { prefix = args[1]; args.splice(0, 2); }
const families = new Map();
for (const arg of args) {
  const [family, path] = arg.includes('=') ? arg.split('=') : [arg, arg];
  const games = families.get(family) ?? [];
  for (const line of readFileSync(path, 'utf8').split('\n')) games.push(...parseGame(line));
  families.set(family, games);
}
const fits = [...families].map(([family, games]) => summarize(family, games));
if (families.size > 1) summarize('all together', [...families.values()].flat());
if (prefix) plot(prefix, fits);
