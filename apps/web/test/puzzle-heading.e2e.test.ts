import { readFileSync } from 'node:fs';
import { abalonePuzzleFile, hivePuzzleFile, type PuzzleSet } from '@qiyuan/ai/puzzles';
import { describe, expect, it } from 'vitest';
import { puzzlesEn } from '../src/i18n/puzzles.js';
import { puzzlesZhCN } from '../src/i18n/puzzles-zh-CN.js';
import { puzzlesZhTW } from '../src/i18n/puzzles-zh-TW.js';
import { poll, useSite } from './harness.js';

/**
 * A puzzle's heading says what it is — the game's puzzle (of the day, with the day), its themes, its rating — in
 * each language, and does not repeat the page's title "Puzzles" above it (it said "Puzzles" again for every puzzle
 * but the daily one). The themes are no longer repeated in the task line under it either.
 */
const site = useSite({ server: true });
const sets: Record<string, PuzzleSet> = {
  hive: JSON.parse(readFileSync(hivePuzzleFile, 'utf8')) as PuzzleSet,
  abalone: JSON.parse(readFileSync(abalonePuzzleFile, 'utf8')) as PuzzleSet,
};

const CASES = [
  {
    language: 'en',
    game: 'hive',
    words: puzzlesEn.puzzles,
    lead: 'Hive puzzle',
    daily: (day: string) => `Hive puzzle of the day, ${day}`,
    rated: (r: number) => `rated ${r}`,
    task: /^(White|Black) to move and win in \d$/,
  },
  {
    language: 'zh-CN',
    game: 'abalone',
    words: puzzlesZhCN.puzzles,
    lead: '角力棋谜题',
    daily: (day: string) => `角力棋每日谜题（${day}）`,
    rated: (r: number) => `等级分 ${r}`,
    task: /^(白方|黑方)走，\d 步内推出一颗子$/,
  },
  {
    language: 'zh-TW',
    game: 'hive',
    words: puzzlesZhTW.puzzles,
    lead: '昆蟲棋謎題',
    daily: (day: string) => `昆蟲棋每日謎題（${day}）`,
    rated: (r: number) => `等級分 ${r}`,
    task: /^(白方|黑方)走，\d 步內取勝$/,
  },
] as const;

describe('a puzzle’s heading', () => {
  it('names the game, the day of a daily puzzle, the themes and the rating, in three languages', {
    timeout: 180_000,
  }, async () => {
    const page = await site.newPage(390, 844, true);
    const today = new Date().toISOString().slice(0, 10);
    for (const c of CASES) {
      await page.goto(`${site.url}#/puzzles/${c.game}`);
      await page.getByTestId('language').selectOption(c.language);
      await poll(async () => (await page.getByTestId('puzzle').getAttribute('data-puzzle')) ?? '').toMatch(
        new RegExp(`^${c.game}-`),
      );
      const title = c.words.title;
      await poll(() => page.getByTestId('puzzles').locator('h1').textContent()).toBe(title);
      const expected = (lead: string) => async () => {
        const id = await page.getByTestId('puzzle').getAttribute('data-puzzle');
        const p = sets[c.game]!.puzzles.find((x) => x.id === id)!;
        const themes: Record<string, string> = c.words.themes;
        return [lead, ...p.themes.map((x) => themes[x]), c.rated(p.rating)].join(' · ');
      };
      const heading = () => page.getByTestId('puzzle-heading').textContent();
      await poll(heading).toBe(await expected(c.daily(today))());
      await poll(() => page.getByTestId('puzzle-task').textContent()).toMatch(c.task);

      const daily = await page.getByTestId('puzzle').getAttribute('data-puzzle');
      await page.getByTestId('puzzle-next').click();
      await poll(() => page.getByTestId('puzzle').getAttribute('data-puzzle')).not.toBe(daily);
      await poll(heading).toBe(await expected(c.lead)());
      expect((await heading())!.split(' · ')).not.toContain(title);
      await poll(() => page.getByTestId('puzzle-task').textContent()).toMatch(c.task);
    }
  });
});
