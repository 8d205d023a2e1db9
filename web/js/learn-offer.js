// learn-offer.js: the game's header offers the lessons lightly on a first
// visit: "Learn" ringed, with a title saying what it opens, until the Learn
// page has been opened once (it keeps its progress from then on).  The game
// itself starts at once as always.

import { has, t } from './i18n.js';
import { LEARN_KEY } from './learn-store.js';

function offerLessons() {
  const link = document.getElementById('learn-link');
  let known = true;
  try {
    known = localStorage.getItem(LEARN_KEY) !== null;
  } catch {
    // No storage: no offer either.
  }
  if (!link || known) return;
  link.classList.add('offer');
  // Filled in the page's language with the rest of its texts (i18n.js).
  link.dataset.i18nTitle = 'learn.offer';
  link.title = has('learn.offer') ? t('learn.offer') : 'New to Halma? Learn it in short lessons.';
}

offerLessons();
