import { PUZZLE_GAMES as PUZZLE_REGISTRY } from '@qiyuan/ai/puzzle-games';
import { GAME_IDS } from '@qiyuan/core';
import { GAMES } from '@qiyuan/games';
import { describe, expect, it } from 'vitest';
import { engineFor, engines } from '../src/games.js';
import { compose } from '../src/notices.js';
import { PUZZLE_GAMES } from '../src/puzzle-judge.js';

/**
 * The server keeps no table of its own games: it plays the engines of the engine-level registry (@qiyuan/games),
 * names them in mails by its entries, and serves and judges the puzzles of the AI's puzzle registry. A game with
 * entries there is a game of the server.
 */
describe("the server's games are the registries'", () => {
  it.each(GAME_IDS)('%s: played by its registry engine, named in mails by its registry names', (id) => {
    expect(engines[id]).toBe(GAMES[id].definition);
    expect(engineFor(id)).toBe(GAMES[id].definition);
    const { subject, text } = compose('turn', id, 'g1', Date.UTC(2026, 10, 29, 12), 'https://qiyuan.example');
    const names = GAMES[id].names;
    expect(subject).toContain(`(${names.en})`);
    for (const name of [names['zh-CN'], names['zh-TW']]) expect(text).toContain(name);
    expect(text).toContain('https://qiyuan.example/#/online/g1');
  });

  it('judges the puzzles of exactly the games that have a puzzle entry', () => {
    const withPuzzles = GAME_IDS.filter((id) => PUZZLE_REGISTRY[id] !== undefined);
    expect(withPuzzles.length).toBeGreaterThan(0);
    expect(Object.keys(PUZZLE_GAMES).sort()).toEqual([...withPuzzles].sort());
    for (const id of withPuzzles) expect(PUZZLE_GAMES[id]).toBe(PUZZLE_REGISTRY[id]!.judge);
  });

  it('knows no engine and no name for a text that names no game', () => {
    for (const text of ['chess', '', 'toString', '__proto__']) expect(engineFor(text)).toBeUndefined();
    expect(compose('reminder', 'chess', 'g1', 0, undefined).subject).toContain('(chess)');
  });
});
