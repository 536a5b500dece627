import { describe, expect, it } from 'vitest';
import { clickMove, poll, useSite } from './harness.js';
import { allSee, createSeek, gameIdOf, status } from './online-ui.js';

/**
 * A server restart in the middle of an online game, with a server of its own: a restart that outlasts its test on a
 * loaded machine can no longer leave the next tests of a shared file without a server.
 */
const site = useSite({ server: true });
const newPage = site.newPage;

describe('online play across a server restart', () => {
  // Nothing is lost when the server restarts mid-game: the pages say they are reconnecting, come back by themselves
  // to the same game and the same seats, and play on, until a resignation.
  it('rides out a server restart in the middle of a game', async () => {
    const host = await newPage();
    const id = await createSeek(host, site.url, 'chinese-checkers', { clock: 'none', private: true });
    const guest = await newPage();
    await guest.goto(await host.getByTestId('invite-link').inputValue());
    await guest.getByTestId('language').selectOption('en');
    await guest.getByTestId('join').click();
    for (const p of [host, guest]) await p.waitForSelector('svg.board .piece');
    await clickMove(host);
    await allSee([host, guest], 1);
    await clickMove(guest);
    await allSee([host, guest], 2);
    expect(await host.getByTestId('reconnecting').count()).toBe(0);
    // the server stays down until both pages say they are reconnecting
    await site.restartServer(async () => {
      for (const p of [host, guest]) await p.getByTestId('reconnecting').waitFor({ timeout: 10_000 });
    });
    for (const p of [host, guest]) await poll(() => p.getByTestId('reconnecting').count(), 30_000).toBe(0);
    expect(gameIdOf(host)).toBe(id);
    await poll(() => status(host)).toBe('Your move (Red)');
    await clickMove(host);
    await allSee([host, guest], 3);
    await clickMove(guest);
    await allSee([host, guest], 4);
    // and it ends as any game may: Green resigns
    await guest.getByTestId('resign').click();
    await guest.getByTestId('resign-yes').click();
    await poll(() => status(host)).toBe('Game over: You win · resignation');
    await poll(() => status(guest)).toBe('Game over: You lose · resignation');
    for (const p of [host, guest]) await p.context().close();
  }, 180_000);
});
