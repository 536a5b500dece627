import { notLobbyOption } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { abalone } from '../src/definition.js';

/**
 * What an Abalone game's creator may choose (docs/FAIRPLAY.md): the start position by name and the rules. A position
 * set up by hand is for analysis and local games; a seed is the server's. The table names exactly the lobby's list.
 */
const TABLE: [key: string, value: unknown, offered: boolean][] = [
  ['start', 'belgian-daisy', true],
  ['variant', 'standard', true],
  ['repetition', true, true],
  ['maxPlies', 200, true],
  ['max-plies', 200, true],
  ['players', 2, true],
  ['setup', `${'b'.repeat(14)}${'.'.repeat(33)}${'w'.repeat(14)} b`, false],
  ['seed', 7, false],
];

describe('the Abalone lobby offers an allow-list of options', () => {
  it.each(TABLE)('%s (%j) offered: %s', (key, value, offered) => {
    expect(notLobbyOption(abalone, { [key]: value })).toBe(offered ? undefined : key);
    expect(abalone.parseOptions({ [key]: value }).ok).toBe(true);
  });

  it('offers exactly the options the table offers', () => {
    expect([...abalone.lobbyOptions].sort()).toEqual(
      TABLE.filter((r) => r[2])
        .map((r) => r[0])
        .sort(),
    );
  });
});
