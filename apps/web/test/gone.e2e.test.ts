import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clickMove, poll, useSite } from './harness.js';
import { allSee, seatAll, status } from './online-ui.js';

/**
 * A player who leaves an online game, as the others live it in their browsers: they see at once who is gone and how
 * long the game still waits. In a game of two the one who stayed then claims victory; in a game of three the gone
 * seat is left out and the other two play on. The server waits ABSENCE_MS rather than bullet's 15 s (absence.test.ts
 * holds the rule's figures), so that each case takes seconds.
 */
const ABSENCE_MS = 8000;
const site = useSite({ server: true, absenceMs: ABSENCE_MS });

/** One minute a player, no increment: a bullet game. */
const BULLET = { minutes: '1', increment: '0' };

/** Creates a bullet Chinese Checkers game of `seats` players, each page of its own in its seat. */
const seatAllBullet = async (seats: number): Promise<Page[]> => {
  const options: Record<string, string> = seats === 2 ? {} : { players: String(seats) };
  const pages = await seatAll(site.newPage, site.url, 'chinese-checkers', { options, clock: BULLET }, seats);
  for (const p of pages) await p.waitForSelector('svg.board .piece');
  return pages;
};

/** The seconds a countdown line shows, or undefined when it shows none. */
const secondsIn = (text: string | null): number | undefined => {
  const m = /in (\d+) s/.exec(text ?? '');
  return m ? Number(m[1]) : undefined;
};

describe('a player who leaves', () => {
  it('is shown gone with the time left, then the one who stayed claims victory', async () => {
    const [red, green] = (await seatAllBullet(2)) as [Page, Page];
    await clickMove(red);
    await allSee([red, green], 1);
    await clickMove(green);
    await allSee([red, green], 2);
    await green.context().close();
    // at once: gone, with a countdown, and no button to claim before the time
    await poll(() => red.getByTestId('away-1').count()).toBe(1);
    const line = red.getByTestId('gone-1');
    await poll(() => line.textContent()).toContain('Green left the game. You can claim victory in');
    const first = secondsIn(await line.textContent());
    expect(first).toBeGreaterThan(ABSENCE_MS / 1000 - 4);
    expect(first).toBeLessThanOrEqual(ABSENCE_MS / 1000);
    expect(await red.getByTestId('claim-win').count()).toBe(0);
    // it counts down
    await poll(() => line.textContent().then(secondsIn)).toBeLessThan(first!);
    // once the time is up: claim victory or call it a draw
    await red.getByTestId('claim-win').waitFor({ timeout: 30_000 });
    expect(await line.textContent()).toContain('You can claim victory or call it a draw.');
    expect(await red.getByTestId('claim-draw').count()).toBe(1);
    await red.getByTestId('claim-win').click();
    await red.getByTestId('ended').waitFor();
    await poll(() => status(red)).toContain('You win');
    expect(await red.getByTestId('gone').count()).toBe(0);
    await red.context().close();
  }, 120_000);

  it('in three-player Chinese Checkers is left out after the time, and the other two play on', async () => {
    const [red, yellow, blue] = (await seatAllBullet(3)) as [Page, Page, Page];
    const all = [red, yellow, blue];
    await clickMove(red);
    await allSee(all, 1);
    await clickMove(yellow);
    await allSee(all, 2);
    await clickMove(blue);
    await allSee(all, 3);
    await clickMove(red);
    await allSee(all, 4);
    // Yellow, to move, closes its page: Red and Blue see the countdown to its leaving
    await yellow.context().close();
    const stayed = [red, blue];
    for (const p of stayed) {
      await poll(() => p.getByTestId('gone-1').textContent()).toContain('Yellow left the game: out of it in');
    }
    expect(await status(blue)).not.toBe('Your move (Blue)');
    // after the allowance the server leaves Yellow out and Blue is to move
    await poll(() => status(blue), 40_000).toBe('Your move (Blue)');
    for (const p of stayed) await poll(() => p.getByTestId('player-1').textContent()).toContain('out of the game');
    expect(await red.getByTestId('gone').count()).toBe(0);
    await clickMove(blue);
    await allSee(stayed, 5);
    await poll(() => status(red)).toBe('Your move (Red)');
    await clickMove(red);
    await allSee(stayed, 6);
    await poll(() => status(blue)).toBe('Your move (Blue)');
    for (const p of stayed) await p.context().close();
  }, 150_000);
});
