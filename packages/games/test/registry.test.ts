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

  it.each(GAME_IDS)(
    '%s: its entry names it in each language of the site, and its engine says how records take tags',
    (id) => {
      const { names, definition } = GAMES[id];
      for (const name of [names.en, names['zh-CN'], names['zh-TW']]) expect(name.trim()).not.toBe('');
      // the English name is not the Chinese one (a copied line would leave a page in the wrong language)
      expect(names.en).not.toBe(names['zh-CN']);
      const { headers, seatTags } = definition.record;
      expect(typeof headers === 'function' || headers === 'lead' || headers === 'after-first-line').toBe(true);
      if (seatTags) expect(new Set(seatTags).size).toBe(2);
    },
  );

  it('names no game for other texts, inherited keys included', () => {
    for (const text of ['chess', '', 'toString', '__proto__', 'Hive']) {
      expect(gameEntry(text)).toBeUndefined();
      expect(engineFor(text)).toBeUndefined();
    }
    expect(engineFor('junqi')?.id).toBe('junqi');
  });
});
