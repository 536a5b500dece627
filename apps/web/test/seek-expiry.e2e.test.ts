import { describe, it } from 'vitest';
import { poll, useSite } from './harness.js';
import { createSeek } from './online-ui.js';

/** A seek whose creator left expires; the creator, back in the lobby, is told. */
const site = useSite({ server: true, seekExpiryMs: 1500 });

describe('an open game whose creator left', () => {
  it('leaves the lobby, and the lobby tells its creator on coming back', { timeout: 120_000 }, async () => {
    const host = await site.newPage();
    const seekId = await createSeek(host, site.url, 'chinese-checkers', { clock: 'none' });
    // the creator closes every page of the site: the same browser comes back later with its cookies
    const cookies = await host.context().storageState();
    await host.context().close();
    await poll(() => site.server!.hub.rooms.has(seekId), 30_000).toBe(false);
    const context = await site.browser.newContext({ storageState: cookies, locale: 'en-US' });
    const back = await context.newPage();
    await back.goto(site.url);
    await back.getByTestId('language').selectOption('en');
    await poll(() => back.getByTestId('seek-expired').textContent()).toBe(
      'Your open game was taken out of the lobby because you were away for a few minutes. Create it again when you are ready to play.',
    );
    await context.close();
  });
});
