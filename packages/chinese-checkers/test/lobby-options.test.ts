import { notLobbyOption } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { chineseCheckers } from '../src/definition.js';

/**
 * What a Chinese Checkers game's creator may choose (docs/FAIRPLAY.md): every rule, all public; only a seed is the
 * server's. The table names exactly the lobby's list.
 */
const TABLE: [key: string, value: unknown, offered: boolean][] = [
  ['players', 3, true],
  ['pieces', 15, true],
  ['jump', 'long', true],
  ['corners', 'closed', true],
  ['win', 'own', true],
  ['variant', 'race', true],
  ['maxPlies', 300, true],
  ['max-plies', 300, true],
  ['repetition', false, true],
  ['seed', 7, false],
];

describe('the Chinese Checkers lobby offers an allow-list of options', () => {
  it.each(TABLE)('%s (%j) offered: %s', (key, value, offered) => {
    expect(notLobbyOption(chineseCheckers, { [key]: value })).toBe(offered ? undefined : key);
    expect(chineseCheckers.parseOptions({ [key]: value }).ok).toBe(true);
  });

  it('offers exactly the options the table offers', () => {
    expect([...chineseCheckers.lobbyOptions].sort()).toEqual(
      TABLE.filter((r) => r[2])
        .map((r) => r[0])
        .sort(),
    );
  });
});
