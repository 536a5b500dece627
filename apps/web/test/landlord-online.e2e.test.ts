import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { poll, useSite } from './harness.js';
import { seatAll, sendChat } from './online-ui.js';

/**
 * 三打一 online, four players in four browsers: the teams are decided by the bidding, so only after it do the pages
 * show who is the landlord and who the farmers are, and only then do the three farmers get a team chat among
 * themselves — which the landlord never reads.
 */
const site = useSite({ server: true });

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
