import { readFileSync } from 'node:fs';
import { abalonePuzzleFile, type PuzzleSet } from '@qiyuan/ai/puzzles';
import { describe, expect, it } from 'vitest';
import { poll, useSite } from './harness.js';

/**
 * "Next puzzle" pressed without trying the puzzle shown goes on to new ones (it went back and forth between the
 * two puzzles nearest the player's rating), and choosing a theme opens a puzzle of that theme at once (the choice
 * did nothing until "Next puzzle" was pressed).
 */
const site = useSite({ server: true });
const set = JSON.parse(readFileSync(abalonePuzzleFile, 'utf8')) as PuzzleSet;

describe('the next puzzle', () => {
  it('skipping goes on to puzzles not shown yet, and a theme chosen opens one of its puzzles', {
    timeout: 120_000,
  }, async () => {
    const page = await site.newPage(390, 844, true);
    await page.goto(`${site.url}#/puzzles/abalone`);
    const shown = () => page.getByTestId('puzzle').getAttribute('data-puzzle');
    await poll(async () => (await shown()) ?? '').toMatch(/^abalone-/);
    const seen = [(await shown())!];
    for (let i = 0; i < 5; i++) {
      await page.getByTestId('puzzle-next').click();
      await poll(shown).not.toBe(seen.at(-1));
      seen.push((await shown())!);
    }
    expect(new Set(seen).size).toBe(seen.length);

    for (const theme of ['pushOut3', 'sumito3v2']) {
      const before = await shown();
      await page.getByTestId('puzzle-theme').selectOption(theme);
      await poll(shown).not.toBe(before);
      const id = await shown();
      expect(set.puzzles.find((x) => x.id === id)?.themes).toContain(theme);
    }
  });
});
