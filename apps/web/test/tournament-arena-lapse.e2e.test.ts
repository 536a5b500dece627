import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { poll, useSite } from './harness.js';
import { registerAs } from './online-ui.js';
import { ask, myId, readUntil } from './tournament-driver.js';

/**
 * An arena game whose first move never comes, as its players see the tournament page: the game reads "aborted"
 * (no 0 – 1), nobody scores, and the player who let it lapse is told they are paused and joins again with Join.
 */
const site = useSite({ server: true, authPerMinute: 1000, firstMoveMs: 1500 });

describe('an arena game nobody opens', () => {
  it('is shown aborted, scores nothing, and pauses who let it lapse until they join again', {
    timeout: 180_000,
  }, async () => {
    const stamp = Date.now().toString(36).slice(-5);
    const pages: Page[] = [];
    for (const who of ['ann', 'bo']) {
      const p = await site.newPage();
      await registerAs(p, site.url, `${who}${stamp}`, `an unusual passphrase of ${who}`);
      pages.push(p);
    }
    const made = await ask(pages[0]!, {
      type: 'tournament.create',
      name: 'Quiet arena',
      game: 'hive',
      options: {},
      clock: { kind: 'fischer', initialMs: 180_000, incrementMs: 2000 },
      format: { system: 'arena', durationMs: 60 * 60_000 },
      rated: true,
      private: false,
    });
    const tid = (made.tournament as { id: string }).id;
    for (const p of pages) expect((await ask(p, { type: 'tournament.join', tournamentId: tid })).type).toBe('ack');
    expect((await ask(pages[0]!, { type: 'tournament.start', tournamentId: tid })).type).toBe('ack');
    const v = await readUntil(site.url, tid, (t) => t.pairings.some((p) => p.state === 'finished'));
    const white = v.pairings[0]!.players[0]!;
    const page = (await myId(pages[0]!)) === white ? pages[0]! : pages[1]!;
    await page.goto(`${site.url}#/tournament/${tid}`);
    await page.getByTestId('language').selectOption('en');
    await poll(() => page.getByTestId('round-1').textContent()).toContain('aborted: no first move');
    expect(await page.getByTestId('round-1').textContent()).not.toMatch(/0 – 1|1 – 0/);
    for (const points of await page.getByTestId('standings').getByTestId('points').allTextContents())
      expect(points).toBe('0');
    await poll(() => page.getByTestId('tournament-paused').textContent()).toContain('You are paused');
    await page.getByTestId('tournament-join').click();
    await poll(() => page.getByTestId('tournament-paused').count()).toBe(0);
    await poll(() => page.getByTestId('standings').textContent()).not.toContain('paused');
    for (const p of pages) await p.context().close();
  });
});
