// settings.js: the person's settings: how moves are animated (the system's
// reduced motion and the speed chosen) and whether sounds play; remembered
// on the device (storage.js).

import { saveSetting } from './storage.js';
import { Sounds } from './sounds.js';

/** Animation speeds the person can choose: how long a move takes against
 * the normal speed (none: the piece is simply there). */
export const ANIMATION_SPEEDS = Object.freeze({ slow: 1.6, normal: 1, fast: 0.5, none: 0 });

export class Settings {
  /** preferences: {animation, sound} (storage.js, loadPreferences). */
  constructor(preferences = {}, reducedMotion = () => false) {
    this.preferences = { animation: 'normal', sound: false, notify: false, turnBoard: false, theme: 'system', confirmMove: false, houseRule: false, ...preferences };
    this.reducedMotion = reducedMotion;
    this.sound = new Sounds(this.preferences.sound);
  }

  /** How moves are animated, as BoardView.animate takes it. */
  motion() {
    return { reduced: this.reducedMotion(), speed: ANIMATION_SPEEDS[this.preferences.animation] ?? 1 };
  }

  /** Sets and remembers a preference (the animation speed, the sound, the
   * theme...). */
  set(name, value) {
    this.preferences[name] = value;
    if (name === 'sound') this.sound.setEnabled(value);
    saveSetting(name, value);
    // The head's theme.js colours the page by the stored choice.
    if (name === 'theme' && typeof dispatchEvent === 'function') dispatchEvent(new Event('halma-theme'));
  }
}
