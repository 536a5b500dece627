import { settings } from './settings.js';

/** What the player hears: a move, a capture, the end of a game, and low time on their own clock. */
export const CUES = ['move', 'capture', 'end', 'lowTime'] as const;
export type Cue = (typeof CUES)[number];

let tones: Promise<typeof import('./sound-tones.js')> | undefined;

/**
 * Plays a cue when the player has sound on. The synthesiser is its own chunk, loaded with the first cue, so the
 * first load of a page carries only this switch.
 */
export const cue = (c: Cue): void => {
  if (!settings.get().sound) return;
  tones ??= import('./sound-tones.js');
  tones.then(
    (m) => m.play(c),
    () => {
      // offline before the chunk was cached: try again at the next cue
      tones = undefined;
    },
  );
};
