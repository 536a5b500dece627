import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { poll, useSite } from './harness.js';
import { gameIdOf, seatAll, sendChat } from './online-ui.js';

/** Chat in online games: a team's own line (2v2 Junqi, 三打一's farmers) and the spectators' line, on one real server. */
const site = useSite({ server: true });

/**
 * Team chat in a 2v2 Junqi game, as four players in four browsers: Red writes to its team, the partner opposite
 * (seat 2) reads it marked as a team line, the opponents never see it; a line to everyone reaches all four.
 */
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

/**
 * 三打一 online, four players in four browsers: the teams are decided by the bidding, so only after it do the pages
 * show who is the landlord and who the farmers are, and only then do the three farmers get a team chat among
 * themselves — which the landlord never reads.
 */
describe('三打一 online after the bidding', () => {
  it('labels the landlord and the farmers, and the farmers’ team chat never reaches the landlord', async () => {
    const [red, yellow, green, blue] = (await seatAll(
      site.newPage,
      site.url,
      'junqi',
      { options: { players: '4', variant: 'landlord' }, clock: 'none' },
      4,
    )) as [Page, Page, Page, Page];
    const all = [red, yellow, green, blue];
    // before the bidding nobody has a partner
    await red.getByTestId('jq-call-1').waitFor();
    for (const p of all) expect(await p.getByTestId('chat-channel-team').count()).toBe(0);
    // Red calls one army, Yellow two, Green and Blue pass: Yellow is the landlord
    await red.getByTestId('jq-call-1').click();
    await yellow.getByTestId('jq-call-2').click();
    await green.getByTestId('jq-call-pass').click();
    await blue.getByTestId('jq-call-pass').click();
    for (const p of all) {
      await poll(() => p.getByTestId('player-1').textContent()).toContain('landlord');
      for (const farmer of [0, 2, 3]) expect(await p.getByTestId(`player-${farmer}`).textContent()).toContain('farmer');
    }
    await poll(() => red.getByTestId('jq-banner').textContent()).toBe('You command Red (farmer).');
    // the farmers choose their team; the landlord, alone, has nobody to write to privately
    for (const p of [red, green, blue]) await p.getByTestId('chat-channel-team').waitFor();
    expect(await yellow.getByTestId('chat-channel-team').count()).toBe(0);
    await red.getByTestId('chat-channel-team').check();
    await sendChat(red, 'hold the left flank');
    for (const p of [green, blue]) {
      await poll(() => p.getByTestId('chat-lines').textContent()).toContain('hold the left flank');
      await poll(() => p.getByTestId('chat-team-mark').count()).toBe(1);
    }
    await green.getByTestId('chat-channel-team').check();
    await sendChat(green, 'agreed');
    await poll(() => blue.getByTestId('chat-lines').textContent()).toContain('agreed');
    await poll(() => red.getByTestId('chat-lines').textContent()).toContain('agreed');
    // a line to everyone reaches the landlord too, and is the only one it sees
    await blue.getByTestId('chat-channel-all').check();
    await sendChat(blue, 'good luck');
    await poll(() => yellow.getByTestId('chat-lines').textContent()).toContain('good luck');
    const landlordSees = await yellow.getByTestId('chat-lines').textContent();
    expect(landlordSees).not.toContain('hold the left flank');
    expect(landlordSees).not.toContain('agreed');
    expect(await yellow.getByTestId('chat-team-mark').count()).toBe(0);
    for (const p of all) await p.context().close();
  }, 150_000);
});

const lines = (p: Page) => p.getByTestId('chat-lines').textContent();

/**
 * A player hides the spectators' chat for themselves from the box above the game's chat: the spectators' lines
 * leave that player's page and no new one reaches it, while the other player and the spectator still read them; the
 * choice holds after a reload, and showing them again brings them back. A spectator sees no box.
 */
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
