import { readFileSync } from 'node:fs';
import { parseAbaloneGame } from '@qiyuan/abalone';
import { abalonePuzzleFile, type HivePuzzle, hivePuzzleFile, type Puzzle, type PuzzleSet } from '@qiyuan/ai/puzzles';
import { unwrap } from '@qiyuan/core';
import { parseGameString } from '@qiyuan/hive';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { puzzlesEn } from '../src/i18n/puzzles.js';
import { puzzlesZhCN } from '../src/i18n/puzzles-zh-CN.js';
import { puzzlesZhTW } from '../src/i18n/puzzles-zh-TW.js';
import { abaloneLineMove, hiveMove, moveCount, poll, useSite } from './harness.js';
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

const shownAbalonePuzzle = async (page: Page): Promise<Puzzle> => {
  const id = await page.getByTestId('puzzle').getAttribute('data-puzzle');
  const p = abaloneSet.puzzles.find((x) => x.id === id);
  if (!p) throw new Error(`the page shows ${id}, not in the Abalone set`);
  return p;
};

/**
 * Abalone puzzles on the puzzles page (issue #22) on the real server: a registered player chooses Abalone, sees its
 * daily puzzle on the Abalone board, chooses "push off in two" and solves the next one by clicking marbles and
 * arrows (the defender's reply comes by itself), sees "Solved!" and the attempt counted in the rating; then the page
 * in Chinese. The test knows each puzzle's answer from the committed set, by the id the page shows.
 */
describe('Abalone puzzles', () => {
  it('chooses Abalone, solves a push-off in two by clicking the board, and the attempt is counted', {
    timeout: 240_000,
  }, async () => {
    const page = await site.newPage();
    const name = `ab${Date.now().toString(36).slice(-5)}`;
    await registerAs(page, site.url, name, 'a long and unusual passphrase 4');
    await page.goto(`${site.url}/#/puzzles`);
    await page.getByTestId('puzzle').waitFor();
    await page.getByTestId('puzzle-game').selectOption('abalone');
    await poll(() => page.url()).toMatch(/#\/puzzles\/abalone$/);
    await poll(async () => (await page.getByTestId('puzzle').getAttribute('data-puzzle')) ?? '').toMatch(/^abalone-/);
    const daily = await shownAbalonePuzzle(page);
    await poll(() => page.getByTestId('puzzle-intro').textContent()).toMatch(/forces an enemy marble off the board/);
    await page.locator('svg.board .ab-cell').first().waitFor();
    await poll(() => page.getByTestId('puzzle-my-rating').textContent()).toBe('Your puzzle rating: 1500');

    // choosing a theme opens its next puzzle
    await page.getByTestId('puzzle-theme').selectOption('pushOut2');
    await poll(() => page.getByTestId('puzzle').getAttribute('data-puzzle')).not.toBe(daily.id);
    const p = await shownAbalonePuzzle(page);
    expect(p.moves).toBe(2);
    const game = unwrap(parseAbaloneGame(p.position));
    const side = game.position.side === 0 ? 'Black' : 'White';
    await poll(() => page.getByTestId('puzzle-task').textContent()).toBe(`${side} to move and push a marble off in 2`);
    await poll(() => page.getByTestId('puzzle-heading').textContent()).toMatch(
      /^Abalone puzzle · (.* · )?Push off in two/,
    );
    await abaloneLineMove(page, game, p.solution[0]!);
    await poll(() => page.getByTestId('puzzle-feedback').textContent()).toBe('Right! Keep going.');
    await poll(() => moveCount(page)).toBe(2);
    unwrap(game.play(unwrap(game.parseMove(p.solution[1]!))));
    await abaloneLineMove(page, game, p.solution[2]!);
    await poll(() => page.getByTestId('puzzle-feedback').textContent()).toBe('Solved!');
    await poll(() => page.getByTestId('puzzle-change').textContent()).toMatch(/^Your rating: 1500 → \d+$/);
    await poll(async () =>
      Number(/(\d+)/.exec((await page.getByTestId('puzzle-my-rating').textContent()) ?? '')?.[1]),
    ).toBeGreaterThan(1500);

    // every theme has a name (no key shown), and the page in Chinese speaks Chinese (moves are in the game's notation)
    const themes = await page.getByTestId('puzzle-theme').locator('option').allTextContents();
    expect(themes.filter((x) => x.includes('puzzles.'))).toEqual([]);
    await page.getByTestId('language').selectOption('zh-CN');
    // the game chosen is in the link: the page redrawn in the new language stays on Abalone
    await poll(() => page.getByTestId('puzzle-task').textContent()).toMatch(/推出一颗子/);
    expect(latinWords(await pageWords(page), [...latinWords(name), 'English'])).toEqual([]);
  });
});

/**
 * The profile shows a player's puzzle rating per game to everyone, and their latest puzzle attempts to themselves:
 * a registered player gives up on a Hive puzzle (a rated failure), and their profile then shows a Hive puzzle rating
 * below the start and the attempt; a visitor sees the rating and no attempts.
 */
describe('puzzles on the profile', () => {
  it('shows the puzzle rating and, to the player alone, the latest attempts', { timeout: 120_000 }, async () => {
    const page = await site.newPage(1280, 900);
    const name = `solver${Date.now() % 100000}`;
    await registerAs(page, site.url, name, 'a long and unusual passphrase 7');
    // before any puzzle: no puzzle rating yet
    await poll(() => page.getByTestId('profile-puzzles').textContent()).toContain('No rated puzzles yet.');

    await page.goto(`${site.url}#/puzzles/hive`);
    await poll(async () => (await page.getByTestId('puzzle').getAttribute('data-puzzle')) ?? '').toMatch(/^hive-/);
    const puzzleId = (await page.getByTestId('puzzle').getAttribute('data-puzzle')) ?? '';
    await page.getByTestId('puzzle-show-solution').click();
    await page.getByTestId('puzzle-solution').waitFor();

    await page.goto(`${site.url}#/profile/${name}`);
    const row = page.getByTestId('puzzle-rating-hive');
    await row.waitFor();
    const rating = Number(/(\d+)/.exec((await row.locator('strong').textContent()) ?? '')?.[1]);
    expect(rating).toBeLessThan(1500);
    expect(await row.textContent()).toContain('Hive');
    const attempt = page.getByTestId(`profile-puzzle-${puzzleId}`);
    await attempt.waitFor();
    expect(await attempt.textContent()).toContain('Failed');

    // a visitor: the rating, not the attempts
    const visitor = await site.newPage(1280, 900);
    await visitor.goto(`${site.url}#/profile/${name}`);
    await visitor.getByTestId('language').selectOption('en');
    await poll(() => visitor.getByTestId('puzzle-rating-hive').locator('strong').textContent()).toBe(String(rating));
    expect(await visitor.getByTestId('profile-puzzle-attempts').count()).toBe(0);

    // in Chinese too
    await visitor.getByTestId('language').selectOption('zh-CN');
    await poll(() => visitor.getByTestId('profile-puzzles').locator('h2').textContent()).toBe('谜题');
  });
});
