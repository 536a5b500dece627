import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clickMove, moveCount, poll, useSite } from './harness.js';
import {
  allSee,
  createSeek,
  createWithAi,
  gameIdOf,
  junqiAnyMove,
  resign,
  seatAll,
  seatAllOf,
  status,
} from './online-ui.js';
import { SkippableClock } from './skippable-clock.js';

/**
 * Online games whose seats leave, tried as players would (several browsers at once, each its own guest, through the
 * real server): a seat that runs out of time, resigns (even while the armies deploy) or closes its page leaves the
 * others a game that goes on, and the end tells each seat its place.
 */
/** The server's clock runs in real time; a test skips what is left of a wait once the pages have shown it running. */
const clock = new SkippableClock();
const site = useSite({ server: true, clock });
const newPage = site.newPage;

describe('more seats leaving', () => {
  // Yellow makes its first move, then never another: its 15 seconds run out (skipped over on the server's clock
  // rather than waited out), and Blue and Red play on. (A seat that never made its first move would abort the game
  // instead: the first-move rule, first-move.e2e.test.ts.)
  it('goes on in three-player Chinese Checkers after a seat runs out of time', async () => {
    const [red, yellow, blue] = (await seatAllOf(site, 'chinese-checkers', { players: '3' }, 3, {
      minutes: '0.25',
      increment: '10',
    })) as [Page, Page, Page];
    const all = [red, yellow, blue];
    for (const p of all) await p.waitForSelector('svg.board .piece');
    for (const [i, p] of [red, yellow, blue, red].entries()) {
      await clickMove(p);
      await allSee(all, i + 1);
    }
    // Yellow's clock runs
    await poll(() => status(yellow)).toBe('Your move (Yellow)');
    clock.skip(15_000);
    await poll(() => status(blue)).toBe('Your move (Blue)');
    await poll(() => status(yellow)).toBe('You are out of this game and can keep watching · Blue to move');
    await clickMove(blue);
    await allSee(all, 5);
    await clickMove(red);
    await allSee(all, 6);
    await poll(() => status(blue)).toBe('Your move (Blue)');
    for (const p of all) await p.context().close();
  }, 120_000);

  // four players: two leave one after the other, the last two play on
  it('goes on in four-player Chinese Checkers after two seats resign', async () => {
    const pages = await seatAllOf(site, 'chinese-checkers', { players: '4' }, 4);
    for (const p of pages) await p.waitForSelector('svg.board .piece');
    const [first, second, third, fourth] = pages as [Page, Page, Page, Page];
    await clickMove(first);
    await allSee(pages, 1);
    await resign(second);
    await clickMove(third);
    await allSee(pages, 2);
    await resign(fourth);
    await poll(() => first.locator('svg.board .piece.movable').count()).toBeGreaterThan(0);
    await clickMove(first);
    await allSee(pages, 3);
    await clickMove(third);
    await allSee(pages, 4);
    for (const p of pages) await p.context().close();
  }, 180_000);
});

describe('four-player Junqi online after a seat leaves', () => {
  // 2v2: Red's partner (Green, a person) resigns; the AI holds Yellow and Blue; Red plays on for both
  it('goes on in 2v2 after a partner resigns', async () => {
    const red = await createWithAi(site, 'junqi', { players: '4', mode: 'open' }, [0, 2]);
    await red.getByTestId('waiting').waitFor();
    const green = await newPage();
    await green.goto(`${site.url}#/online/${gameIdOf(red)}`);
    await green.getByTestId('language').selectOption('en');
    await green.getByTestId('sit-2').click();
    for (const p of [red, green]) {
      await p.getByTestId('jq-preset-classic').click();
      await p.getByTestId('jq-confirm').click();
    }
    await poll(() => status(red), 60_000).toBe('Your move (Red)');
    await resign(green);
    await poll(() => status(green)).toMatch(/^You are out of this game and can keep watching · /);
    await poll(() => red.getByTestId('player-2').textContent()).toContain('out of the game');
    await junqiAnyMove(red, 0);
    // the AI's Yellow and Blue move, Green is skipped, and it is Red's turn again
    await poll(() => status(red), 60_000).toBe('Your move (Red)');
    await junqiAnyMove(red, 0);
    for (const p of [red, green]) await p.context().close();
  }, 180_000);
});

describe('who is gone', () => {
  // a player who leaves the page (or loses the connection) is shown so on the other pages at once, and back again
  it('shows the others when a player leaves the game page and when it returns', async () => {
    const [red, green] = (await seatAllOf(site, 'chinese-checkers', {}, 2, { minutes: '10', increment: '5' })) as [
      Page,
      Page,
    ];
    for (const p of [red, green]) await p.waitForSelector('svg.board .piece');
    const link = green.url();
    await poll(() => red.getByTestId('player-1').textContent()).toContain('Green');
    expect(await red.getByTestId('away-1').count()).toBe(0);
    await green.goto(site.url);
    await poll(() => red.getByTestId('away-1').textContent()).toContain('not connected, the clock runs on');
    await green.goto(link);
    await green.waitForSelector('svg.board .piece');
    await poll(() => red.getByTestId('away-1').count()).toBe(0);
    for (const p of [red, green]) await p.context().close();
  }, 120_000);
});

/**
 * The end of a game at a table of three: the seat that finished second is told its place, not "You lose" (a second
 * place is no loss at a table, and scores in a tournament), the winner is told it won.
 */
describe('the end of a three-player game', () => {
  it('tells each seat its place', { timeout: 180_000 }, async () => {
    const host = await site.newPage();
    const pages = await seatAll(
      site.newPage,
      site.url,
      'chinese-checkers',
      { options: { players: '3' }, clock: 'none' },
      3,
      host,
    );
    for (const p of pages) await p.waitForSelector('svg.board .piece');
    const [first, second, third] = pages as [Page, Page, Page];
    await clickMove(first);
    await allSee(pages, 1);
    // the second seat leaves first (third place), then the third seat (second place): the first seat wins
    await resign(second);
    await resign(third);
    await poll(() => status(first)).toContain('You win');
    await poll(() => status(third)).toContain('You finish in place 2 of 3');
    expect(await status(third)).not.toContain('You lose');
    await poll(() => status(second)).toContain('You finish in place 3 of 3');
    for (const p of pages) await p.context().close();
  });
});

/**
 * Four-player free-for-all Junqi online (ruling R13 before play): a player who resigns while the armies deploy is
 * out at once, nobody waits for their deployment, and the others deploy and play on.
 */
describe('Junqi free-for-all online, a resignation during the deployment', () => {
  it('leaves the others deploying and playing', async () => {
    // Red and Green are people; the AI holds Yellow and Blue and deploys at once
    const red = await site.newPage();
    await createSeek(red, site.url, 'junqi', {
      options: { players: '4', teams: 'ffa', mode: 'open' },
      clock: 'none',
      ai: [0, 2],
    });
    await red.getByTestId('waiting').waitFor();
    const green = await site.newPage();
    await green.goto(`${site.url}#/online/${gameIdOf(red)}`);
    await green.getByTestId('language').selectOption('en');
    await green.getByTestId('sit-2').click();
    await green.getByTestId('jq-preset-classic').waitFor();

    // Green resigns before deploying: out at once, told so, and waited for by nobody
    await resign(green);
    await poll(() => status(green)).toMatch(/^You are out of this game and can keep watching/);
    await poll(() => red.getByTestId('player-2').textContent()).toContain('out of the game');
    await poll(() => green.getByTestId('jq-waiting').textContent()).toBe('Waiting for Red to deploy.');

    // Red deploys and the game starts without Green's army; the AI's armies move and it is Red's turn again
    await red.getByTestId('jq-preset-classic').click();
    await red.getByTestId('jq-confirm').click();
    await poll(() => status(red), 60_000).toBe('Your move (Red)');
    await poll(() => red.locator('svg.jq-board .jq-tile[data-army="2"]').count()).toBe(0);
    const before = await moveCount(red);
    const points = await red
      .locator('svg.jq-board .jq-tile[data-army="0"]')
      .evaluateAll((tiles) => tiles.map((t) => t.getAttribute('data-point') ?? ''));
    for (const point of points) {
      await red.locator(`svg.jq-board .jq-pt[data-point="${point}"]`).click();
      if ((await red.locator('svg.jq-board .jq-dest').count()) === 0) continue;
      const to = await red.locator('svg.jq-board .jq-dest').first().getAttribute('data-point');
      await red.locator(`svg.jq-board .jq-pt[data-point="${to}"]`).click();
      break;
    }
    await poll(() => moveCount(red)).toBeGreaterThan(before);
    await poll(() => status(red), 60_000).toBe('Your move (Red)');
    for (const p of [red, green]) await p.context().close();
  }, 180_000);
});
