import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { poll, useSite } from './harness.js';
import { gameIdOf, seatAll, sendChat } from './online-ui.js';

/**
 * A player hides the spectators' chat for themselves from the box above the game's chat: the spectators' lines
 * leave that player's page and no new one reaches it, while the other player and the spectator still read them; the
 * choice holds after a reload, and showing them again brings them back. A spectator sees no box.
 */
const site = useSite({ server: true });

const lines = (p: Page) => p.getByTestId('chat-lines').textContent();

describe("the spectators' chat", () => {
  it('can be hidden by a player, for that player only', async () => {
    const [host, guest] = (await seatAll(site.newPage, site.url, 'abalone', { clock: 'none' }, 2)) as [Page, Page];
    const fan = await site.newPage();
    await fan.goto(`${site.url}#/online/${gameIdOf(host)}`);
    await fan.getByTestId('language').selectOption('en');
    await poll(() => fan.getByTestId('chat-input').count()).toBe(1);
    expect(await fan.getByTestId('chat-spectators').count()).toBe(0);
    await sendChat(fan, 'what a move');
    for (const p of [host, guest]) await poll(() => lines(p)).toContain('what a move');

    await poll(() => host.getByTestId('chat-spectators').isChecked()).toBe(true);
    await host.getByTestId('chat-spectators').uncheck();
    await poll(() => lines(host)).not.toContain('what a move');
    await sendChat(fan, 'still here');
    await sendChat(guest, 'thanks');
    await poll(() => lines(host)).toContain('thanks');
    expect(await lines(host)).not.toContain('still here');
    for (const p of [guest, fan]) await poll(() => lines(p)).toContain('still here');
    // a reload keeps the choice
    await host.reload();
    await poll(() => lines(host)).toContain('thanks');
    expect(await host.getByTestId('chat-spectators').isChecked()).toBe(false);
    expect(await lines(host)).not.toContain('what a move');
    // shown again: the lines come back
    await host.getByTestId('chat-spectators').check();
    await poll(() => lines(host)).toContain('still here');
    expect(await lines(host)).toContain('what a move');
  }, 120_000);
});
