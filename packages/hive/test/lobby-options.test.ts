import { notLobbyOption } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { hive } from '../src/definition.js';

/**
 * What a Hive game's creator may choose (docs/FAIRPLAY.md): the game type, reverse sides and rules, all public. A
 * position to start from is for local games and analysis; a seed is the server's. The table names exactly the
 * lobby's list.
 */
const TABLE: [key: string, value: unknown, offered: boolean][] = [
  ['variant', 'Base+MLP', true],
  ['gameType', 'Base+M', true],
  ['sides', 'advanced', true],
  ['tournamentOpening', false, true],
  ['repetition', false, true],
  ['pillbugDutchRule', true, true],
  ['players', 2, true],
  ['position', 'Base;NotStarted;White[1]', false],
  ['seed', '0123456789abcdef0123456789abcdef', false],
];

describe('the Hive lobby offers an allow-list of options', () => {
  it.each(TABLE)('%s (%j) offered: %s', (key, value, offered) => {
    expect(notLobbyOption(hive, { [key]: value })).toBe(offered ? undefined : key);
    expect(hive.parseOptions({ [key]: value }).ok).toBe(true);
  });

  it('offers exactly the options the table offers', () => {
    expect([...hive.lobbyOptions].sort()).toEqual(
      TABLE.filter((r) => r[2])
        .map((r) => r[0])
        .sort(),
    );
  });
});
