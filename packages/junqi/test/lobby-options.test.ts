import { notLobbyOption } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { junqi } from '../src/definition.js';
import { PRESETS } from '../src/setup.js';

/**
 * What a Junqi game's creator may choose for every seat (docs/FAIRPLAY.md): each option the engine reads, with a
 * value it takes, and whether the lobby offers it. A deployment or a seed would let the creator fix or know another
 * army, so they are not offered; the table must name exactly the lobby's list.
 */
const TABLE: [key: string, value: unknown, offered: boolean][] = [
  ['players', 4, true],
  ['mode', 'open', true],
  ['teams', 'ffa', true],
  ['variant', 'standard', true],
  ['bidding', 'points', true],
  ['partnersSee', true, true],
  ['noCaptureLimit', 0, true],
  ['moveLimit', 0, true],
  ['chaseLimit', 0, true],
  ['timeoutLimit', 0, true],
  ['drawOffers', false, true],
  ['setup', 'classic', false],
  ['setup', 'random', false],
  ['setups', `${PRESETS.classic},${PRESETS.forward}`, false],
  ['seed', '0123456789abcdef0123456789abcdef', false],
  ['salt', '00', false],
];

describe('the Junqi lobby offers an allow-list of options', () => {
  it.each(TABLE)('%s (%j) offered: %s', (key, value, offered) => {
    expect(notLobbyOption(junqi, { [key]: value })).toBe(offered ? undefined : key);
    // every row is an option the engine reads (but the salt, which no engine reads), so the table covers its keys
    if (key !== 'salt')
      expect(junqi.parseOptions({ ...(key === 'teams' ? { players: 4 } : {}), [key]: value }).ok).toBe(true);
  });

  it('offers exactly the options the table offers', () => {
    expect([...junqi.lobbyOptions].sort()).toEqual([...new Set(TABLE.filter((r) => r[2]).map((r) => r[0]))].sort());
  });

  it('refuses any key it does not list, whatever its spelling', () => {
    for (const key of ['Setups', 'setups ', 'set-ups', 'army', '__proto__', 'constructor'])
      expect(notLobbyOption(junqi, { [key]: 1 })).toBe(key);
  });
});
