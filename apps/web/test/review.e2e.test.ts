import { AbaloneGame, parseAbaloneOptions } from '@qiyuan/abalone';
import { PRESETS } from '@qiyuan/junqi';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { abaloneLineMove, ccMove, hiveMove, moveCount, newHive, poll, QUEEN_SURROUND, useSite } from './harness.js';
import { ABALONE_SIX, CC_RACE } from './lines.js';
import { allSee, createSeek, status } from './online-ui.js';
import { latinWords } from './ui.js';

/**
 * Computer review in the replay (issue #22), in Chromium against the real server: a finished online game of each of
 * the four games, played through the boards by two players, is reviewed at a spectator's request; the graph of the
 * evaluation appears, a click on it goes to that move, every reviewed move carries its class in the move list, each
 * player has a summary, and Junqi 暗棋 says the review saw every hidden piece.
 */
const site = useSite({ server: true });

// Junqi 暗棋 deployments and a forced line (the same fixture as the online test): Red's 司令 runs down the railway
// to Blue's flag on b12 while Blue shuffles a piece; the flag falls on ply 15.
const OPEN_ROAD = '78951/6+7+1/B5+61/4+4+2/B3322/M3MFM';
const RED = `98711/${PRESETS.forward.split('/').slice(1).join('/')}`;
const RED_RUN = ['a6-a7', 'a7-a8', 'a8-a9', 'a9-a10', 'a10-a11', 'a11-b11', 'b11-b12'];
const BLUE_WAIT = ['c8-d8', 'd8-c8', 'c8-d8', 'd8-c8', 'c8-d8', 'd8-c8'];

/** Two players in a private game without a clock: the creator in the first seat, the other joined by the link. */
const pair = async (game: string, options: Record<string, string>, before?: (p: Page) => Promise<void>) => {
  const first = await site.newPage();
  const second = await site.newPage();
  if (before) for (const p of [first, second]) await before(p);
  const id = await createSeek(first, site.url, game, { options, clock: 'none', private: true });
  await second.goto(await first.getByTestId('invite-link').inputValue());
  await second.getByTestId('language').selectOption('en');
  await second.getByTestId('join').click();
  return { id, pages: [first, second] as const };
};

const resign = async (page: Page, other: Page) => {
  await page.getByTestId('resign').click();
  await page.getByTestId('resign-yes').click();
  await poll(() => status(other)).toMatch(/^Game over/);
};

/**
 * A spectator opens the replay, asks for the review and waits for it; then clicks the graph near its left and right
 * edges and sees the board go to the first and the last reviewed move. Returns the spectator's page.
 */
const reviewAsSpectator = async (id: string, plies: number): Promise<Page> => {
  const page = await site.newPage();
  await page.goto(site.url);
  await page.getByTestId('language').selectOption('en');
  await page.goto(`${site.url}#/replay/${encodeURIComponent(id)}`);
  await poll(() => page.getByTestId('replay-ply').textContent(), 60_000).toBe(`0 / ${plies}`);
  await page.getByTestId('request-review').click();
  const graph = page.getByTestId('review-graph');
  await graph.locator('.u-over').waitFor({ timeout: 120_000 });
  await poll(() => graph.getAttribute('data-ready'), 30_000).toBe('true');
  const reviewed = ((await graph.getAttribute('data-plies')) ?? '').split(' ').map(Number);
  expect(reviewed.length).toBeGreaterThan(1);
  // every reviewed move is marked in the move list with its class
  expect(await page.locator('[data-testid=move-list] .review-mark').count()).toBe(reviewed.length);
  const box = (await graph.locator('.u-over').boundingBox())!;
  const clickAt = async (fraction: number) => {
    await page.mouse.move(box.x + box.width * fraction, box.y + box.height / 2, { steps: 3 });
    await page.mouse.click(box.x + box.width * fraction, box.y + box.height / 2);
  };
  await clickAt(0.99);
  await poll(() => page.getByTestId('replay-ply').textContent()).toBe(`${reviewed.at(-1)} / ${plies}`);
  // the graph marks where the board is
  await poll(() => graph.getAttribute('data-current')).toBe(String(reviewed.at(-1)));
  await clickAt(0.01);
  await poll(() => page.getByTestId('replay-ply').textContent()).toBe(`${reviewed[0]} / ${plies}`);
  // the move the board went to is the current one in the list
  await poll(() => page.locator('[data-testid=move-list] button[aria-current=step]').count()).toBe(1);
  // a summary row per player, its counts those of the marks
  const summary = page.getByTestId('review-summary');
  expect(await summary.locator('tbody tr').count()).toBe(2);
  const marked = async (c: string) => page.locator(`[data-testid=move-list] .review-mark[data-class=${c}]`).count();
  let counted = 0;
  for (const c of ['inaccuracy', 'mistake', 'blunder']) {
    const cells = await summary.locator(`td[data-class=${c}]`).allTextContents();
    const sum = cells.reduce((s, x) => s + Number(x), 0);
    expect(sum).toBe(await marked(c));
    counted += sum;
  }
  // each judged move names the move the computer preferred
  expect(await page.locator('[data-testid=move-list] .review-best-move').count()).toBe(counted);
  return page;
};

describe('computer review in the replay', () => {
  it('Hive: a game to a surrounded Queen, reviewed, the graph clicked', async () => {
    const { id, pages } = await pair('hive', { variant: 'Base' });
    const engine = newHive('Base');
    for (const [i, m] of QUEEN_SURROUND.entries()) {
      await hiveMove(pages[i % 2]!, engine, m);
      await allSee(pages, i + 1);
    }
    await poll(() => status(pages[0])).toMatch(/^Game over/);
    const page = await reviewAsSpectator(id, QUEEN_SURROUND.length);
    // the last move is White's own tile in the last free cell beside its Queen: the game lost at once, a blunder
    expect(
      await page.locator('[data-testid=move-list] li').last().locator('.review-mark').getAttribute('data-class'),
    ).toBe('blunder');
    expect(await page.getByTestId('review-full-information').count()).toBe(0);
    for (const p of [...pages, page]) await p.context().close();
  }, 300_000);

  it('Abalone: six marbles pushed off from the Belgian Daisy, reviewed, the graph clicked', async () => {
    const { id, pages } = await pair('abalone', { start: 'belgian-daisy' });
    const opts = parseAbaloneOptions({ start: 'belgian-daisy' });
    if (!opts.ok) throw new Error(opts.error.reason);
    const engine = new AbaloneGame(opts.value);
    for (const [i, m] of ABALONE_SIX.entries()) {
      await abaloneLineMove(pages[i % 2]!, engine, m);
      await allSee(pages, i + 1);
    }
    await poll(() => status(pages[0])).toMatch(/^Game over/);
    const page = await reviewAsSpectator(id, ABALONE_SIX.length);
    // Black feeds its marbles to White's pushes: the computer finds mistakes or blunders in Black's moves
    const black = page.getByTestId('review-summary').locator('tbody tr[data-seat="0"]');
    const bad = await black.locator('td[data-class=mistake], td[data-class=blunder]').allTextContents();
    expect(bad.reduce((s, x) => s + Number(x), 0)).toBeGreaterThan(0);
    for (const p of [...pages, page]) await p.context().close();
  }, 300_000);

  it('Chinese Checkers: six moves and a resignation, reviewed, the graph clicked', async () => {
    const { id, pages } = await pair('chinese-checkers', { players: '2' });
    const line = CC_RACE.slice(0, 6);
    for (const [i, m] of line.entries()) {
      await ccMove(pages[i % 2]!, m);
      await allSee(pages, i + 1);
    }
    await resign(pages[1], pages[0]);
    const page = await reviewAsSpectator(id, line.length);
    for (const p of [...pages, page]) await p.context().close();
  }, 300_000);

  it('Junqi 暗棋: deployed in the editor, the flag captured, reviewed with full information and so labelled', async () => {
    const setups = { 'Railway run': RED, 'Open road': OPEN_ROAD };
    const { id, pages } = await pair('junqi', { players: '2', mode: 'hidden' }, async (p) => {
      await p.goto(site.url);
      await p.evaluate(
        (s) =>
          localStorage.setItem(
            'qiyuan.junqi.setups',
            JSON.stringify(Object.entries(s).map(([name, setup]) => ({ name, setup, saved: 1 }))),
          ),
        setups,
      );
    });
    const [red, blue] = pages;
    for (const [p, name] of [
      [red, 'Railway run'],
      [blue, 'Open road'],
    ] as const) {
      await p.getByTestId('jq-confirm').waitFor();
      await p.getByTestId('jq-saved').selectOption(name);
      await p.getByTestId('jq-load').click();
      await p.getByTestId('jq-confirm').click();
    }
    await allSee(pages, 2);
    const junqiMove = async (page: Page, move: string) => {
      const [from, to] = move.split('-') as [string, string];
      const before = await moveCount(page);
      await page.locator(`svg.jq-board .jq-pt[data-point="${from}"]`).click();
      await page.locator(`svg.jq-board .jq-dest[data-point="${to}"]`).waitFor({ state: 'attached' });
      await page.locator(`svg.jq-board .jq-pt[data-point="${to}"]`).click();
      await poll(() => moveCount(page)).toBe(before + 1);
    };
    for (const [i, m] of RED_RUN.entries()) {
      await junqiMove(red, m);
      await allSee(pages, 3 + 2 * i);
      const wait = BLUE_WAIT[i];
      if (!wait) break;
      await junqiMove(blue, wait);
      await allSee(pages, 4 + 2 * i);
    }
    await poll(() => status(red)).toBe('Game over: You win · flag captured');
    const page = await reviewAsSpectator(id, 15);
    await poll(() => page.getByTestId('review-full-information').textContent()).toContain(
      'Reviewed with full information after the game',
    );
    // the deployments are no moves to judge: the marks start with the first move on the board
    expect(await page.locator('[data-testid=move-list] li').nth(1).locator('.review-mark').count()).toBe(0);
    // the flag's capture is the best move there is
    expect(
      await page.locator('[data-testid=move-list] li').last().locator('.review-mark').getAttribute('data-class'),
    ).toBe('best');
    // in Chinese, the review speaks Chinese only: its section, the graph's axis, the marks' names
    for (const [language, label] of [
      ['zh-CN', '以全部信息进行'],
      ['zh-TW', '以全部資訊進行'],
    ] as const) {
      await page.getByTestId('language').selectOption(language);
      await poll(() => page.getByTestId('review-full-information').textContent()).toContain(label);
      const marks = await page.locator('.review-mark').evaluateAll((els) => els.map((e) => e.getAttribute('title')));
      expect(latinWords([await page.getByTestId('review').innerText(), ...marks].join('\n'))).toEqual([]);
    }
    for (const p of [...pages, page]) await p.context().close();
  }, 300_000);
});
