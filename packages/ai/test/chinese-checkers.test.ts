import { chineseCheckers, createGame, homePoints, parseOptions } from '@qiyuan/chinese-checkers';
import { unwrap } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { answer, requestFor } from '../src/index.js';

describe('Chinese Checkers AI', () => {
  it('races ten pieces home alone in close to the best known (36 moves at depth 3)', () => {
    // Only seat 0 has pieces; seat 1 passes every turn.
    const cells = new Map<number, number>(homePoints(0, 10).map((p) => [p, 0]));
    const game = unwrap(createGame(unwrap(parseOptions({})), { cells, side: 0 }));
    let own = 0;
    while (!game.outcome() && game.ply < 200) {
      const seat = (game.turn() as { seat: number }).seat;
      const r = answer({ ...requestFor(game, seat, 'master', { seed: 1 }), depth: 3 });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      if (seat === 0) own++;
      unwrap(game.play(unwrap(game.parseMove(r.move, seat)), seat));
    }
    expect(game.outcome()?.results[0]).toBe('win');
    expect(own).toBeLessThanOrEqual(36);
  });

  it('a fixed depth is exact: depth 4 reports depth 4', () => {
    const game = unwrap(chineseCheckers.create(unwrap(chineseCheckers.parseOptions({}))));
    const r = answer({ ...requestFor(game, 0, 'master'), depth: 4 });
    expect(r).toMatchObject({ ok: true, info: { depth: 4 } });
  });

  it.each([3, 4, 6])('plays legal moves with %i seats (paranoid search)', (players) => {
    const game = unwrap(chineseCheckers.create(unwrap(chineseCheckers.parseOptions({ players: String(players) }))));
    for (let i = 0; i < players * 2; i++) {
      const seat = (game.turn() as { seat: number }).seat;
      const r = answer({ ...requestFor(game, seat, 'club', { seed: i }), depth: 2 });
      expect(r.ok).toBe(true);
      if (r.ok) unwrap(game.play(unwrap(game.parseMove(r.move, seat)), seat));
    }
  });

  it('食棋: takes a capture when one is on offer', () => {
    const game = unwrap(chineseCheckers.create(unwrap(chineseCheckers.parseOptions({ variant: 'capture' }))));
    const r = answer({ ...requestFor(game, 0, 'club'), depth: 2 });
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.move).toContain('x');
  });
});
