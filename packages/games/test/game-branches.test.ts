import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GAME_IDS } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';

/**
 * The generic code of every layer reads the registries and never branches on a game's name: a game is added by its
 * registry entries and its own modules (docs/ADDING-A-GAME.md). A game's own files and folders — named after it, or
 * after UHP, Hive's protocol — may name it as they please.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const GENERIC = [
  'packages/core/src',
  'packages/games/src',
  'packages/ai/src',
  'packages/protocol/src',
  'packages/tournament/src',
  'packages/server/src',
  'apps/cli/src',
  'apps/web/src',
];
const OWN = new RegExp(`(^|/)[^/]*(${[...GAME_IDS, 'uhp'].join('|')})[^/]*(/|$)`, 'i');

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return sources(file);
    return /\.(ts|tsx)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [file] : [];
  });

const ids = GAME_IDS.join('|');
const quoted = `['"\`](${ids})['"\`]`;
/** A comparison with a game's name, either way round, or a `case` of one. */
const BRANCH = new RegExp(`[!=]==?\\s*${quoted}|${quoted}\\s*[!=]==?|\\bcase\\s+${quoted}`);

describe('game-name branches', () => {
  const files = GENERIC.flatMap((dir) => sources(path.join(root, dir)))
    .map((file) => path.relative(root, file).split(path.sep).join('/'))
    .filter((file) => !OWN.test(file.replace(/^(packages|apps)\/[^/]+\//, '')));

  it('looks at the generic code of every layer', () => {
    expect(files.length).toBeGreaterThan(300);
    for (const file of ['packages/server/src/hub.ts', 'apps/web/src/games/registry.ts', 'apps/cli/src/main.ts'])
      expect(files).toContain(file);
    expect(files).not.toContain('apps/web/src/games/hive.ts');
  });

  it('knows a branch when it sees one', () => {
    for (const code of ["if (game === 'hive')", "id !== 'chinese-checkers'", "case 'junqi':", "'abalone' == g"])
      expect(BRANCH.test(code), code).toBe(true);
    for (const code of ["const FIRST: GameId = 'hive';", "'chinese-checkers': chineseCheckersAi,", "g === 'hived'"])
      expect(BRANCH.test(code), code).toBe(false);
  });

  it('finds none outside the games’ own modules', () => {
    const found = files.flatMap((file) =>
      readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (BRANCH.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
