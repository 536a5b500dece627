import { describe, expect, it } from 'vitest';
import { chosenThreads, defaultEngineThreads, engineThreadChoices } from '../src/analysis/engine-threads.js';

/** The analysis engine's threads by device, as a table: cores, whether the page is isolated, default, choices. */
describe('the analysis engine’s threads for a device', () => {
  const table: readonly [cores: number | undefined, isolated: boolean, fallback: number, most: number][] = [
    // not cross-origin isolated: no shared memory, one thread whatever the cores
    [8, false, 1, 1],
    [undefined, false, 1, 1],
    // a browser that does not say its cores: one
    [undefined, true, 1, 1],
    // every core but one, which stays with the page; one on one or two cores
    [1, true, 1, 1],
    [2, true, 1, 2],
    [4, true, 3, 4],
    [8, true, 7, 8],
    // at most 8 by default, 16 to choose from
    [12, true, 8, 12],
    [32, true, 8, 16],
  ];
  for (const [cores, isolated, fallback, most] of table) {
    it(`${cores ?? 'unknown'} cores, ${isolated ? '' : 'not '}isolated: ${fallback} by default, 1 to ${most}`, () => {
      expect(defaultEngineThreads(cores, isolated)).toBe(fallback);
      expect(engineThreadChoices(cores, isolated)).toEqual(Array.from({ length: most }, (_, i) => i + 1));
    });
  }

  it('keeps a saved choice only while the device still offers it', () => {
    const choices = engineThreadChoices(4, true);
    expect(chosenThreads('2', choices, 3)).toBe(2);
    expect(chosenThreads('4', choices, 3)).toBe(4);
    expect(chosenThreads('6', choices, 3)).toBe(3);
    expect(chosenThreads('two', choices, 3)).toBe(3);
    expect(chosenThreads(null, choices, 3)).toBe(3);
    expect(chosenThreads('2', engineThreadChoices(4, false), 1)).toBe(1);
  });
});
