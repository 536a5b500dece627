import { readFileSync } from 'node:fs';
import { unwrap } from '@qiyuan/core';
import { parseGameString, UhpSession } from '@qiyuan/hive';
import { describe, expect, it } from 'vitest';
import { answer, hiveBestMove, requestFor, winDistance } from '../src/index.js';
import { savingMoves, winningMoves, winsWithin } from './hive-solver.js';

/**
 * Hive tactics: forced wins in 1, 2 and 3 of one's own moves and "block the
 * opponent's win in one". Each row is first proven by the exhaustive prover
 * (the win is forced against every defence and is not shorter), then the
 * search must find a winning move with `bestmove depth 2k−1` and report the
 * win's distance. The positions are constructed (see the fixture's header):
 * the published puzzles we found are printed as board pictures.
 */
const rows = readFileSync(new URL('./hive-puzzles.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => {
    const [kind, k, source, gameString] = l.split('\t');
    return { kind: kind as 'win' | 'block', k: Number(k), source: source!, gameString: gameString! };
  });

describe('Hive puzzles', () => {
  it('the fixture holds wins in 1, 2 and 3 and blocks', () => {
    const kinds = new Set(rows.map((r) => `${r.kind}${r.k}`));
    expect([...kinds].sort()).toEqual(['block1', 'win1', 'win2', 'win3']);
  });

  for (const row of rows.filter((r) => r.kind === 'win')) {
    it(`win in ${row.k} (${row.source})`, { timeout: 240_000 }, () => {
      const game = unwrap(parseGameString(row.gameString));
      const pos = game.position.clone();
      // Forced (some move wins within k: the full list of winners, proven once, says so), and not shorter: the
      // puzzle's depth is exact.
      const winners = winningMoves(pos, row.k).map((m) => game.moveToString(m));
      expect(winners.length).toBeGreaterThan(0);
      if (row.k > 1) expect(winsWithin(pos, row.k - 1)).toBe(false);
      expect(winners.length).toBeLessThan(game.legalMoves().length);

      const depth = 2 * row.k - 1;
      const session = new UhpSession(hiveBestMove);
      expect(session.handle(`newgame ${row.gameString}`).at(-1)).toBe('ok');
      const reply = session.handle(`bestmove depth ${depth}`);
      expect(reply.at(-1)).toBe('ok');
      expect(winners).toContain(reply[0]);

      const seat = game.position.side;
      const r = answer({ ...requestFor(game, seat, 'master'), depth });
      expect(r.ok).toBe(true);
      if (r.ok) {
        expect(winners).toContain(r.move);
        expect(winDistance(r.info.score ?? 0)).toBe(row.k);
      }
    });
  }

  for (const row of rows.filter((r) => r.kind === 'block')) {
    it(`block the win in one (${row.source})`, () => {
      const game = unwrap(parseGameString(row.gameString));
      const pos = game.position.clone();
      expect(winsWithin(pos, 1)).toBe(false);
      const saving = savingMoves(pos).map((m) => game.moveToString(m));
      // A real threat: most moves lose at once, a few do not.
      expect(saving.length).toBeGreaterThan(0);
      expect(saving.length * 5).toBeLessThanOrEqual(game.legalMoves().length);
      const session = new UhpSession(hiveBestMove);
      session.handle(`newgame ${row.gameString}`);
      const reply = session.handle('bestmove depth 2');
      expect(reply.at(-1)).toBe('ok');
      expect(saving).toContain(reply[0]);
    });
  }
});
