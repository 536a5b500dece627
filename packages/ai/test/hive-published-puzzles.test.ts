import { readFileSync } from 'node:fs';
import { unwrap } from '@qiyuan/core';
import { parseGameString, UhpSession } from '@qiyuan/hive';
import { describe, expect, it } from 'vitest';
import { answer, hiveBestMove, requestFor, winDistance } from '../src/index.js';
import { forcesWin, winsWithin } from './hive-ply-prover.js';

/**
 * Published Hive puzzles (Mzinga's test positions, see the fixture's header): each is first checked by our own
 * exhaustive prover (the published move forces the win in exactly the row's plies, against every defence, and no
 * shorter win exists; that it is the only such move is proven by bench/prove-hive-puzzles.ts, too slow for here), then
 * the search at exact depth <plies> must play it and report the win's distance (and `bestmove depth <plies>` through
 * the UHP session must play it, for the short ones).
 */
const rows = readFileSync(new URL('./hive-published-puzzles.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => {
    const [kind, plies, source, gameString, move] = l.split('\t');
    return {
      kind: kind as 'win' | 'block',
      plies: Number(plies),
      source: source!,
      gameString: gameString!,
      move: move!,
    };
  });

describe('published Hive puzzles (Mzinga)', () => {
  it('the fixture holds wins in 1, 2, 3 and 5 plies, in Base and with expansions, and a block', () => {
    expect(new Set(rows.map((r) => `${r.kind}${r.plies}`))).toEqual(
      new Set(['win1', 'win2', 'win3', 'win5', 'block2']),
    );
    expect(rows.some((r) => r.gameString.startsWith('Base+'))).toBe(true);
  });

  for (const row of rows.filter((r) => r.kind === 'win')) {
    const head = row.gameString.split(';').slice(0, 3).join(';');
    it(`${head}: ${row.move} wins in ${row.plies} plies (${row.source})`, { timeout: 240_000 }, () => {
      const game = unwrap(parseGameString(row.gameString));
      const published = unwrap(game.parseMove(row.move));
      const expected = game.moveToString(published);
      const pos = game.position.clone();
      expect(forcesWin(pos, published, row.plies)).toBe(true);
      if (row.plies > 1) expect(winsWithin(pos, row.plies - 1)).toBe(false);

      if (row.plies <= 3) {
        // Through `qiyuan uhp`'s session too (the 5-ply searches run once, below: they take seconds each).
        const session = new UhpSession(hiveBestMove);
        expect(session.handle(`newgame ${row.gameString}`).at(-1)).toBe('ok');
        const reply = session.handle(`bestmove depth ${row.plies}`);
        expect(reply.at(-1)).toBe('ok');
        expect(game.moveToString(unwrap(game.parseMove(reply[0]!)))).toBe(expected);
      }
      const r = answer({ ...requestFor(game, game.position.side, 'master'), depth: row.plies });
      expect(r).toMatchObject({ ok: true, move: expected });
      if (r.ok) expect(winDistance(r.info.score ?? 0)).toBe(Math.ceil(row.plies / 2));
    });
  }

  for (const row of rows.filter((r) => r.kind === 'block')) {
    it(`${row.move} blocks the win in one (${row.source})`, () => {
      const game = unwrap(parseGameString(row.gameString));
      const pos = game.position.clone();
      const published = unwrap(game.parseMove(row.move));
      // The threat is real: passing the move to the opponent as it stands would let it win at once.
      const losing = [...pos.generateMoves()].filter((m) => {
        pos.makeMove(m);
        const lost = !pos.outcome() && winsWithin(pos, 1);
        pos.unmakeMove();
        return lost;
      });
      expect(losing.length * 2).toBeGreaterThan(game.legalMoves().length);
      pos.makeMove(published);
      expect(pos.outcome() === undefined && winsWithin(pos, 1)).toBe(false);
      pos.unmakeMove();
      const session = new UhpSession(hiveBestMove);
      session.handle(`newgame ${row.gameString}`);
      const reply = session.handle('bestmove depth 2');
      expect(reply.at(-1)).toBe('ok');
      const chosen = unwrap(game.parseMove(reply[0]!));
      pos.makeMove(chosen);
      expect(pos.outcome() === undefined && winsWithin(pos, 1)).toBe(false);
      pos.unmakeMove();
    });
  }
});
