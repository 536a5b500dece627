import type { Cue } from './sound.js';

/** One note of a cue: its pitch (Hz), when it starts and how long it sounds (seconds), its waveform and loudness. */
export interface Note {
  readonly hz: number;
  readonly at: number;
  readonly len: number;
  readonly wave: OscillatorType;
  readonly gain: number;
}

/**
 * The cues as short synthesised notes (Web Audio: no sound files to fetch). Each cue starts on its own pitch, so
 * a listener — or a test — tells them apart by their first note: a soft tick for a move, a lower double knock for a
 * capture, a rising chord for the end, two high beeps (the second lower) for low time. No later note of a cue
 * repeats any cue's first pitch.
 */
export const TONES: Readonly<Record<Cue, readonly Note[]>> = {
  move: [{ hz: 660, at: 0, len: 0.06, wave: 'triangle', gain: 0.22 }],
  capture: [
    { hz: 440, at: 0, len: 0.07, wave: 'square', gain: 0.12 },
    { hz: 330, at: 0.07, len: 0.09, wave: 'square', gain: 0.12 },
  ],
  end: [
    { hz: 523.25, at: 0, len: 0.16, wave: 'sine', gain: 0.25 },
    { hz: 659.25, at: 0.12, len: 0.16, wave: 'sine', gain: 0.25 },
    { hz: 783.99, at: 0.24, len: 0.3, wave: 'sine', gain: 0.25 },
  ],
  lowTime: [
    { hz: 987.77, at: 0, len: 0.08, wave: 'sine', gain: 0.2 },
    { hz: 880, at: 0.16, len: 0.08, wave: 'sine', gain: 0.2 },
  ],
};

let context: AudioContext | undefined;

/** Plays a cue's notes now; silently nothing where the browser has no Web Audio. */
export const play = (c: Cue): void => {
  if (typeof AudioContext === 'undefined') return;
  context ??= new AudioContext();
  const ctx = context;
  // a context made before the page was touched starts suspended; any later gesture lets it resume
  if (ctx.state === 'suspended') void ctx.resume();
  const t0 = ctx.currentTime + 0.01;
  for (const n of TONES[c]) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = n.wave;
    osc.frequency.value = n.hz;
    // a quick rise and an exponential fall: a click-free note
    gain.gain.setValueAtTime(0.0001, t0 + n.at);
    gain.gain.exponentialRampToValueAtTime(n.gain, t0 + n.at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + n.at + n.len);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t0 + n.at);
    osc.stop(t0 + n.at + n.len + 0.02);
  }
};
