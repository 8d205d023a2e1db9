// Glicko-2 (web/js/learn-glicko.js) against the published example of Mark
// Glickman's "Example of the Glicko-2 system" (2013): a 1500 player (RD 200,
// volatility 0.06, tau 0.5) beats a 1400 (RD 30) and loses to a 1550 (RD
// 100) and a 1700 (RD 300): 1464.06, RD 151.52, volatility 0.05999.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NEW_RATING, rate, ratingText, validRating } from '../../web/js/learn-glicko.js';

const near = (actual, expected, within, what) =>
  assert.ok(Math.abs(actual - expected) <= within, `${what}: ${actual} is not within ${within} of ${expected}`);

test('the paper\'s example: three games in one period', () => {
  const player = { rating: 1500, rd: 200, volatility: 0.06 };
  const games = [
    { rating: 1400, rd: 30, score: 1 },
    { rating: 1550, rd: 100, score: 0 },
    { rating: 1700, rd: 300, score: 0 },
  ];
  const after = rate(player, games, 0.5);
  near(after.rating, 1464.06, 0.01, 'rating');
  near(after.rd, 151.52, 0.01, 'deviation');
  near(after.volatility, 0.05999, 0.00001, 'volatility');
});

test('a period without games widens the deviation only (step 6 of the paper)', () => {
  const after = rate({ rating: 1500, rd: 200, volatility: 0.06 }, []);
  assert.equal(after.rating, 1500);
  near(after.rd, Math.sqrt((200 / 173.7178) ** 2 + 0.06 ** 2) * 173.7178, 1e-9, 'deviation');
});

test('a puzzle solved raises the rating, one failed lowers it, and each narrows the deviation', () => {
  const puzzle = { rating: 1500, rd: 75 };
  const won = rate(NEW_RATING, [{ ...puzzle, score: 1 }]);
  const lost = rate(NEW_RATING, [{ ...puzzle, score: 0 }]);
  assert.ok(won.rating > 1500 && lost.rating < 1500);
  near(won.rating - 1500, 1500 - lost.rating, 1e-6, 'symmetry');
  assert.ok(won.rd < 350 && lost.rd < 350);
});

test('ratings read as whole numbers, provisional ones marked; a damaged kept rating is refused', () => {
  assert.equal(ratingText(NEW_RATING), '1500?');
  assert.equal(ratingText({ rating: 1612.4, rd: 80, volatility: 0.06 }), '1612');
  assert.ok(validRating(NEW_RATING));
  for (const bad of [null, {}, { rating: 'x', rd: 1, volatility: 0.06 }, { rating: 1500, rd: 0, volatility: 0.06 }, { rating: 1500, rd: 350, volatility: 2 }]) {
    assert.equal(validRating(bad), false);
  }
});
