import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { poll, useSite } from './harness.js';
import { seatAll, sendChat } from './online-ui.js';

/**
 * Team chat in a 2v2 Junqi game, as four players in four browsers: Red writes to its team, the partner opposite
 * (seat 2) reads it marked as a team line, the opponents never see it; a line to everyone reaches all four.
 */
const site = useSite({ server: true });

describe('team chat in 2v2 Junqi', () => {
  it('a team line reaches the partner only', async () => {
    const [red, east, partner, west] = (await seatAll(
      site.newPage,
      site.url,
      'junqi',
      { options: { players: '4' }, clock: 'none' },
      4,
    )) as [Page, Page, Page, Page];
    await red.getByTestId('chat-channel-team').check();
    await sendChat(red, 'push on the left');
    await poll(() => partner.getByTestId('chat-lines').textContent()).toContain('push on the left');
    await poll(() => partner.getByTestId('chat-team-mark').count()).toBe(1);
    await red.getByTestId('chat-channel-all').check();
    await sendChat(red, 'good luck all');
    for (const p of [red, east, partner, west]) {
      await poll(() => p.getByTestId('chat-lines').textContent()).toContain('good luck all');
    }
    for (const p of [east, west]) {
      expect(await p.getByTestId('chat-lines').textContent()).not.toContain('push on the left');
      expect(await p.getByTestId('chat-team-mark').count()).toBe(0);
    }
  }, 120_000);
});
