// sounds.js: short sounds for a step, a hop, the end of the game and a
// clock running short, made
// with the Web Audio API (no files to download).  Off until the person
// switches them on; the audio context starts on that click, as browsers
// require.

/** Each sound: notes of [frequency Hz, start s, length s]. */
const SOUNDS = {
  step: [[540, 0, 0.07]],
  hop: [[620, 0, 0.06], [830, 0.06, 0.08]],
  end: [[523, 0, 0.14], [659, 0.12, 0.14], [784, 0.24, 0.3]],
  low: [[988, 0, 0.08], [988, 0.16, 0.08]],
};
const VOLUME = 0.12;

export class Sounds {
  constructor(enabled = false) {
    this.enabled = enabled;
    this.context = null;
  }

  setEnabled(enabled) {
    this.enabled = enabled;
    if (enabled) this.audio()?.resume();
  }

  /** The audio context, made on first use; null where there is none. */
  audio() {
    if (!this.context && typeof AudioContext === 'function') this.context = new AudioContext();
    return this.context;
  }

  play(kind) {
    const notes = SOUNDS[kind];
    const audio = this.enabled && notes ? this.audio() : null;
    if (!audio) return;
    const now = audio.currentTime;
    for (const [frequency, start, length] of notes) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = 'triangle';
      oscillator.frequency.value = frequency;
      // A quick attack and a decay, so no note clicks.
      gain.gain.setValueAtTime(0.0001, now + start);
      gain.gain.exponentialRampToValueAtTime(VOLUME, now + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(now + start);
      oscillator.stop(now + start + length + 0.02);
    }
  }
}
