// learn-store.js: the Learn page's progress in localStorage: each lesson's
// best stars, the puzzle rating (Glicko-2) and the puzzles played.  What is
// read back is checked; anything damaged starts afresh.

import { NEW_RATING, validRating } from './learn-glicko.js';

export const LEARN_KEY = 'halma.learn.v1';
const MAX_PLAYED = 5000;

export function emptyProgress() {
  return { lessons: {}, rating: { ...NEW_RATING }, played: [] };
}

/** The progress as kept, cleaned: {lessons: {id: stars 1-3}, rating,
 * played: [puzzle ids]}. */
export function validProgress(data) {
  const progress = emptyProgress();
  if (!data || typeof data !== 'object') return progress;
  if (data.lessons && typeof data.lessons === 'object') {
    for (const [id, stars] of Object.entries(data.lessons)) {
      if (typeof id === 'string' && id.length <= 40 && [1, 2, 3].includes(stars)) progress.lessons[id] = stars;
    }
  }
  if (validRating(data.rating)) progress.rating = { rating: data.rating.rating, rd: data.rating.rd, volatility: data.rating.volatility };
  if (Array.isArray(data.played)) progress.played = data.played.filter((id) => typeof id === 'string' && id.length <= 64).slice(-MAX_PLAYED);
  return progress;
}

export function loadProgress() {
  try {
    return validProgress(JSON.parse(localStorage.getItem(LEARN_KEY) ?? 'null'));
  } catch {
    return emptyProgress();
  }
}

export function saveProgress(progress) {
  try {
    localStorage.setItem(LEARN_KEY, JSON.stringify(progress));
  } catch {
    // Storage full or disabled: the lessons go on, unsaved.
  }
}

/** A lesson's stars kept: the best of all tries. */
export function keepStars(progress, id, stars) {
  progress.lessons[id] = Math.max(progress.lessons[id] ?? 0, stars);
  return progress;
}

/** The game's header offers the lessons lightly on a first visit: "Learn"
 * ringed, with a title saying what it opens (translated with the page's
 * other texts), until the Learn page has been opened once. */
export function offerLessons(link = document.getElementById('learn-link')) {
  let known = true;
  try {
    known = localStorage.getItem(LEARN_KEY) !== null;
  } catch {
    // No storage: no offer either.
  }
  if (!link || known) return;
  link.classList.add('offer');
  link.dataset.i18nTitle = 'learn.offer';
  link.title = 'New to Halma? Learn it in short lessons.';
}
