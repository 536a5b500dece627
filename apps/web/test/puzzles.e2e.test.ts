import { readFileSync } from 'node:fs';
import { abalonePuzzleFile, type HivePuzzle, hivePuzzleFile, type PuzzleSet } from '@qiyuan/ai/puzzles';
import { parseGameString } from '@qiyuan/hive';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { puzzlesEn } from '../src/i18n/puzzles.js';
import { puzzlesZhCN } from '../src/i18n/puzzles-zh-CN.js';
import { puzzlesZhTW } from '../src/i18n/puzzles-zh-TW.js';
import { hiveMove, moveCount, poll, useSite } from './harness.js';
import { registerAs } from './online-ui.js';
import { latinWords, pageWords } from './ui.js';

/**
 * The puzzles page (issue #22) on the real server: a registered player opens it from the header on the daily puzzle,
 * chooses the theme "win in two" and solves the next Hive puzzle move by move (the opponent's reply comes by itself), sees "Solved!" and the rating rise, then fails the
 * next puzzle with a wrong first move, sees it called wrong, the rating fall, and the solution. The test knows each
 * puzzle's answer from the committed set, by the id the page shows.
 */
const site = useSite({ server: true, authPerMinute: 1000 });
const set = JSON.parse(readFileSync(hivePuzzleFile, 'utf8')) as PuzzleSet;

const shownPuzzle = async (page: Page): Promise<HivePuzzle> => {
  const id = await page.getByTestId('puzzle').getAttribute('data-puzzle');
  const p = set.puzzles.find((x) => x.id === id);
  if (!p) throw new Error(`the page shows ${id}, not in the set`);
  return p;
};

const myRating = async (page: Page): Promise<number> =>
  Number(/(\d+)/.exec((await page.getByTestId('puzzle-my-rating').textContent()) ?? '')?.[1]);

describe('puzzles', () => {
  it('opens on the daily puzzle; solves a win in two, fails the next puzzle, and the rating follows', {
    timeout: 240_000,
  }, async () => {
    const page = await site.newPage();
    const stamp = Date.now().toString(36).slice(-5);
    const name = `pz${stamp}`;
    await registerAs(page, site.url, name, 'a long and unusual passphrase 3');
    await page.getByRole('link', { name: 'Puzzles' }).click();
    await page.getByTestId('puzzle').waitFor();
    await poll(() => page.getByTestId('puzzle-my-rating').textContent()).toBe('Your puzzle rating: 1500');

    // the page opens on the daily puzzle
    const today = new Date().toISOString().slice(0, 10);
    await poll(() => page.getByTestId('puzzle-heading').textContent()).toMatch(
      new RegExp(`^Hive puzzle of the day, ${today} · .* · rated \\d+$`),
    );
    const first = await shownPuzzle(page);

    // a win in two of the theme chosen, solved: each of the solver's moves, and the reply the page plays by itself
    // choosing a theme opens its next puzzle
    await page.getByTestId('puzzle-theme').selectOption('mateIn2');
    await poll(() => page.getByTestId('puzzle').getAttribute('data-puzzle')).not.toBe(first.id);
    const solved = await shownPuzzle(page);
    expect(solved.moves).toBe(2);
    const game = parseGameString(solved.position);
    if (!game.ok) throw new Error(game.error.reason);
    for (let i = 0; i < solved.solution.length; i += 2) {
      await hiveMove(page, game.value, solved.solution[i]!);
      if (i + 1 < solved.solution.length) {
        await poll(() => page.getByTestId('puzzle-feedback').textContent()).toBe('Right! Keep going.');
        await poll(() => moveCount(page)).toBe(i + 2);
        const reply = game.value.legalMoves().find((m) => game.value.moveToString(m) === solved.solution[i + 1]);
        expect(game.value.play(reply!).ok).toBe(true);
      }
    }
    await poll(() => page.getByTestId('puzzle-feedback').textContent()).toBe('Solved!');
    await poll(() => page.getByTestId('puzzle-change').textContent()).toMatch(/^Your rating: 1500 → \d+$/);
    await poll(() => myRating(page)).toBeGreaterThan(1500);
    const afterSolve = await myRating(page);

    // the next puzzle, failed with a legal move that is not the answer
    await page.getByTestId('puzzle-next').click();
    await poll(() => page.getByTestId('puzzle').getAttribute('data-puzzle')).not.toBe(solved.id);
    const next = await shownPuzzle(page);
    const g2 = parseGameString(next.position);
    if (!g2.ok) throw new Error(g2.error.reason);
    const right = g2.value.parseMove(next.solution[0]!);
    const wrong = g2.value
      .legalMoves()
      .map((m) => g2.value.moveToString(m))
      .find((m) => m !== 'pass' && right.ok && m !== g2.value.moveToString(right.value))!;
    await hiveMove(page, g2.value, wrong);
    await poll(() => page.getByTestId('puzzle-feedback').textContent()).toBe(
      'Not the move: that does not force the win.',
    );
    await poll(() => myRating(page)).toBeLessThan(afterSolve);
    await page.getByTestId('puzzle-show-solution').click();
    await poll(() => page.getByTestId('puzzle-solution').textContent()).toContain(next.solution[0]!);

    // the page in Chinese speaks Chinese (moves are written in the game's notation; the name and the language menu's
    // English are the only Latin words)
    await page.getByTestId('language').selectOption('zh-CN');
    await page.getByTestId('puzzle').waitFor();
    await poll(() => page.getByTestId('puzzle-my-rating').textContent()).toMatch(/^你的谜题等级分：\d+$/);
    expect(latinWords(await pageWords(page), [...latinWords(name), 'English'])).toEqual([]);
  });
});

/**
 * Asking for the solution before playing a move is giving up, not a wrong move: the page says so in each game and
 * in each language, and never tells the player that a move they did not play was wrong.
 */
const GIVE_UP_CASES = [
  ['hive', 'hive-', 'en', 'You gave up on this one: here is the solution.'],
  ['abalone', 'abalone-', 'zh-CN', '已放弃这道题，答案如下。'],
  ['chinese-checkers', 'cc-', 'zh-TW', '已放棄這道題，答案如下。'],
] as const;

describe('giving up on a puzzle', () => {
  it('says the player gave up, not that their move was wrong, and shows the solution and the next puzzle beside it', {
    timeout: 120_000,
  }, async () => {
    const page = await site.newPage(390, 844, true);
    for (const [game, prefix, language, said] of GIVE_UP_CASES) {
      await page.goto(`${site.url}#/puzzles/${game}`);
      await page.getByTestId('language').selectOption(language);
      await poll(async () => (await page.getByTestId('puzzle').getAttribute('data-puzzle')) ?? '').toMatch(
        new RegExp(`^${prefix}`),
      );
      await page.getByTestId('puzzle-show-solution').click();
      await page.getByTestId('puzzle-solution').waitFor();
      await poll(() => page.getByTestId('puzzle-feedback').textContent()).toBe(said);
      // no count of moves left under a solution played out
      expect(await page.getByTestId('puzzle-moves-left').count()).toBe(0);
      // the next puzzle is offered beside the verdict, not only in the bar screens above
      const shown = await page.getByTestId('puzzle').getAttribute('data-puzzle');
      await page.getByTestId('puzzle-next-after').click();
      await poll(() => page.getByTestId('puzzle').getAttribute('data-puzzle')).not.toBe(shown);
      await poll(() => page.getByTestId('puzzle-feedback').textContent()).toBe('');
      // and is shown from its heading, not from where the button was, screens below
      await poll(() =>
        page.getByTestId('puzzle-heading').evaluate((h) => {
          const r = h.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= window.innerHeight;
        }),
      ).toBe(true);
    }
  });
});

/**
 * A puzzle's heading says what it is — the game's puzzle (of the day, with the day), its themes, its rating — in
 * each language, and does not repeat the page's title "Puzzles" above it (it said "Puzzles" again for every puzzle
 * but the daily one). The themes are no longer repeated in the task line under it either.
 */
const sets: Record<string, PuzzleSet> = {
  hive: JSON.parse(readFileSync(hivePuzzleFile, 'utf8')) as PuzzleSet,
  abalone: JSON.parse(readFileSync(abalonePuzzleFile, 'utf8')) as PuzzleSet,
};

const HEADING_CASES = [
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
    for (const c of HEADING_CASES) {
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

/**
 * "Next puzzle" pressed without trying the puzzle shown goes on to new ones (it went back and forth between the
 * two puzzles nearest the player's rating), and choosing a theme opens a puzzle of that theme at once (the choice
 * did nothing until "Next puzzle" was pressed).
 */
const abaloneSet = JSON.parse(readFileSync(abalonePuzzleFile, 'utf8')) as PuzzleSet;

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
      expect(abaloneSet.puzzles.find((x) => x.id === id)?.themes).toContain(theme);
    }
  });
});
