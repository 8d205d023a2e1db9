// learn-glicko.js: Glicko-2 (Mark Glickman, "Example of the Glicko-2 system",
// 2013), the puzzle rating kept in the browser.  A rating is {rating, rd,
// volatility} on the Glicko scale (1500, 350, 0.06 to start); a puzzle is an
// opponent with its rating and a fixed deviation.  Pure functions.

const SCALE = 173.7178;
const EPSILON = 0.000001;

/** The system constant: how much the volatility may change (0.3 to 1.2 in
 * the paper; 0.5 is its example's). */
export const TAU = 0.5;

export const NEW_RATING = Object.freeze({ rating: 1500, rd: 350, volatility: 0.06 });

const g = (phi) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const expected = (mu, muJ, phiJ) => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));

/** The new volatility (step 5 of the paper, the Illinois algorithm). */
function newVolatility(phi, sigma, delta, v, tau) {
  const a = Math.log(sigma * sigma);
  const f = (x) => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let A = a;
  let B;
  if (delta * delta > phi * phi + v) {
    B = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  while (Math.abs(B - A) > EPSILON) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  return Math.exp(A / 2);
}

/**
 * The rating after one rating period: games is [{rating, rd, score}] (score
 * 1 a win, 0 a loss, 0.5 a draw); no games only widens the deviation.
 */
export function rate(player, games, tau = TAU) {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.rd / SCALE;
  const sigma = player.volatility;
  if (!games.length) {
    return { rating: player.rating, rd: Math.sqrt(phi * phi + sigma * sigma) * SCALE, volatility: sigma };
  }
  let inverseV = 0;
  let sum = 0;
  for (const game of games) {
    const muJ = (game.rating - 1500) / SCALE;
    const phiJ = game.rd / SCALE;
    const e = expected(mu, muJ, phiJ);
    inverseV += g(phiJ) * g(phiJ) * e * (1 - e);
    sum += g(phiJ) * (game.score - e);
  }
  const v = 1 / inverseV;
  const sigmaNew = newVolatility(phi, sigma, v * sum, v, tau);
  const phiStar = Math.sqrt(phi * phi + sigmaNew * sigmaNew);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;
  return { rating: muNew * SCALE + 1500, rd: phiNew * SCALE, volatility: sigmaNew };
}

/** A rating as it reads: "1464" ("1464?" while the deviation is wide,
 * as lichess marks a provisional rating). */
export const ratingText = (player) => `${Math.round(player.rating)}${player.rd > 110 ? '?' : ''}`;

/** Is this a rating as the browser may have kept it (numbers in range)? */
export function validRating(value) {
  return (
    !!value &&
    Number.isFinite(value.rating) &&
    Number.isFinite(value.rd) &&
    Number.isFinite(value.volatility) &&
    value.rating > 0 &&
    value.rating < 4000 &&
    value.rd > 0 &&
    value.rd <= 350 &&
    value.volatility > 0 &&
    value.volatility < 1
  );
}
