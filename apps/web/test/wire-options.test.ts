import { junqi } from '@qiyuan/junqi';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGame } from '../src/games/types.js';
import { initI18n } from '../src/i18n/index.js';
import { wireOptions } from '../src/pages/game-options.js';

/**
 * The options an online game is created with are parsed by the server with the bare engine: what the form sends
 * must make the same game there as the page's own parser makes of the form.
 */
beforeAll(() => initI18n('en'));

describe('the options sent for an online game', () => {
  it('keep the four players of 三打一, which the bare engine does not assume', async () => {
    const mod = await loadGame('junqi');
    const form = { players: '4', mode: 'hidden', variant: 'landlord', bidding: 'points' };
    const sent = wireOptions(mod, form);
    const server = junqi.parseOptions(sent);
    expect(server.ok).toBe(true);
    const page = mod.definition.parseOptions(form);
    expect(server.ok && page.ok && { ...server.value, seed: 0 }).toEqual(page.ok && { ...page.value, seed: 0 });
  });
});
