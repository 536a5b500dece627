import { GAME_IDS } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { engineFor, GAME_ENTRIES, GAMES, gameEntry } from '../src/index.js';

describe('the engine-level registry', () => {
  it('has one entry per game id, in core order', () => {
    expect(GAME_ENTRIES.map((e) => e.id)).toEqual([...GAME_IDS]);
    expect(Object.keys(GAMES).sort()).toEqual([...GAME_IDS].sort());
  });

  it.each(GAME_IDS)('%s: its entry holds the engine of that id, which starts a game of it', (id) => {
    const entry = GAMES[id];
    expect(entry.id).toBe(id);
    expect(entry.definition.id).toBe(id);
    const options = entry.definition.parseOptions({});
    expect(options.ok).toBe(true);
    if (!options.ok) return;
    const game = entry.definition.create(options.value);
    expect(game.ok && game.value.id).toBe(id);
  });

  it('names no game for other texts, inherited keys included', () => {
    for (const text of ['chess', '', 'toString', '__proto__', 'Hive']) {
      expect(gameEntry(text)).toBeUndefined();
      expect(engineFor(text)).toBeUndefined();
    }
    expect(engineFor('junqi')?.id).toBe('junqi');
  });
});
