import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGameString, parseUhpMove } from '../src/index.js';

/** Rows of `GameString<TAB>valid moves` from a published tournament game (see the file's header). */
const rows = readFileSync(new URL('./valid-moves.real-games.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line && !line.startsWith('#'))
  .map((line) => line.split('\t') as [string, string]);

describe('valid moves in positions from a published game', () => {
  // Every row: the listed moves, read through our notation parser (their reference tiles differ from
  // ours), are exactly our legal moves — none missing, none extra. Covers Mosquito on the hive,
  // Pillbug throws, Beetles climbing down and Ants round a crowded hive.
  it.each(rows.map(([game, moves], i) => [i + 1, game, moves] as const))('row %i', (_, game, moves) => {
    const g = parseGameString(game);
    expect(g.ok).toBe(true);
    if (!g.ok) return;
    const listed = moves.split(';').map((text) => {
      const m = parseUhpMove(g.value.position, text);
      expect(m.ok, text).toBe(true);
      return m.ok ? m.value : -1;
    });
    const ours = [...g.value.legalMoves()].sort((a, b) => a - b);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort((a, b) => a - b)).toEqual(ours);
  });
});
