import { GAME_IDS, notLobbyOption } from '@qiyuan/core';
import { junqi } from '@qiyuan/junqi';
import { beforeAll, describe, expect, it } from 'vitest';
import { initialValues } from '../src/games/form.js';
import { tournamentOptions } from '../src/games/tournament-options.js';
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

describe('an online game is created only with options its lobby offers', () => {
  it.each(GAME_IDS)('%s: every field the online form shows is one the server takes from a creator', async (id) => {
    const mod = await loadGame(id);
    const online = mod.fields.filter((f) => !(f.kind === 'text' && f.localOnly));
    for (const f of online) expect(mod.definition.lobbyOptions, f.key).toContain(f.key);
    // and what the form sends, toggled away from each default, names none other
    const values = initialValues(online);
    for (const f of online) {
      const changed = {
        ...values,
        [f.key]: f.kind === 'toggle' ? (values[f.key] === 'on' ? 'off' : 'on') : values[f.key]!,
      };
      expect(notLobbyOption(mod.definition, wireOptions(mod, changed))).toBeUndefined();
    }
  });
});

describe('a tournament is created only with options its game’s lobby offers', () => {
  it.each(GAME_IDS)('%s: every choice of the tournament form', async (id) => {
    const mod = await loadGame(id);
    for (const players of ['2', '3', '4', '6'])
      for (const armies of ['two', 'pairs', 'ffa'] as const) {
        const options = tournamentOptions(id, players, armies);
        expect(notLobbyOption(mod.definition, options), JSON.stringify(options)).toBeUndefined();
      }
  });
});
